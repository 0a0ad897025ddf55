import * as vscode from 'vscode';
import { checkConnections } from '../core/connectionCheck';
import type { ServiceClients } from './serviceClients';
import { showServiceError } from './errorNotice';

/** `tandem.checkConnection`: one click tells whether both services answer with the current setup. */
export function registerCheckConnectionCommand(clients: ServiceClients): vscode.Disposable {
  return vscode.commands.registerCommand('tandem.checkConnection', () =>
    vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Tandem: checking both services…'), cancellable: true },
      async (_progress, token) => {
        const abort = new AbortController();
        const cancel = token.onCancellationRequested(() => abort.abort());
        try {
          const results = await checkConnections(clients.a, clients.b, { signal: abort.signal });
          // One notification for both services: a failure leads, with the button that fixes it.
          const reachable: string[] = [];
          const failures: unknown[] = [];
          for (const service of ['A', 'B'] as const) {
            const result = results[service];
            if (result.ok) reachable.push(vscode.l10n.t('Service {0} {1}.', service, result.summary));
            else failures.push(result.error);
          }
          if (failures.length) void showServiceError(failures[0], reachable.join(' ') || undefined);
          else vscode.window.showInformationMessage(vscode.l10n.t('Tandem: {0}', reachable.join(' ')));
          return results;
        } finally {
          cancel.dispose();
        }
      },
    ),
  );
}
