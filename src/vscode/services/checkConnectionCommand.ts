import * as vscode from 'vscode';
import { COMMANDS } from '../../core/config/commandCatalog';
import { checkConnections } from '../../core/services/connectionCheck';
import type { ServiceClients } from './serviceClients';
import { signalFromToken } from '../lifecycle/cancellation';
import { showServiceError } from '../errors/errorNotice';
import type { UsageSink } from '../../core/spend/spendTypes';

/** `tandem.checkConnection`: one click tells whether both services answer with the current setup. */
export function registerCheckConnectionCommand(clients: ServiceClients, sink?: UsageSink): vscode.Disposable {
  return vscode.commands.registerCommand(COMMANDS.checkConnection, () =>
    vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Tandem: checking both services…'), cancellable: true },
      async (_progress, token) => {
        const cancel = signalFromToken(token);
        try {
          const results = await checkConnections(clients.a, clients.b, { signal: cancel.signal }, sink);
          // One notification for both services: a failure leads, with the button that fixes it.
          const reachable: string[] = [];
          const failures: unknown[] = [];
          for (const service of ['A', 'B'] as const) {
            const result = results[service];
            if (result.ok) reachable.push(vscode.l10n.t('Service {0} {1}.', service, result.summary));
            else failures.push(result.error);
          }
          if (failures.length) void showServiceError(failures[0], 'connection', reachable.join(' ') || undefined);
          else vscode.window.showInformationMessage(vscode.l10n.t('Tandem: {0}', reachable.join(' ')));
          return results;
        } finally {
          cancel.dispose();
        }
      },
    ),
  );
}
