import * as vscode from 'vscode';
import { COMMANDS } from '../../core/config/commandCatalog';
import type { ServiceId } from '../../core/services/wireTypes';
import type { KeyWithOrigin } from './keyWithOrigin';

// A function, not a constant: the labels are translated when the picker opens.
const services = (): Array<vscode.QuickPickItem & { service: ServiceId }> => [
  { label: vscode.l10n.t('Service {0}', 'A'), description: vscode.l10n.t('chat, web search, read aloud'), service: 'A' },
  { label: vscode.l10n.t('Service {0}', 'B'), description: vscode.l10n.t('inline completions, chat, balance'), service: 'B' },
];

async function pickService(title: string, given?: unknown): Promise<ServiceId | undefined> {
  if (given === 'A' || given === 'B') return given;
  return (await vscode.window.showQuickPick(services(), { title, placeHolder: vscode.l10n.t('Which service?') }))?.service;
}

/**
 * `tandem.setApiKey` / `tandem.clearApiKey`: the key goes to SecretStorage and nowhere else, and may be
 * sent to the base URL configured now (the one the user entered it for).
 */
export function registerApiKeyCommands(keys: KeyWithOrigin): vscode.Disposable[] {
  return [
    vscode.commands.registerCommand(COMMANDS.setApiKey, async (given?: unknown) => {
      const service = await pickService(vscode.l10n.t('Tandem: Set API Key'), given);
      if (!service) return;
      const key = await vscode.window.showInputBox({
        title: vscode.l10n.t('Tandem: Service {0} API key', service),
        prompt: vscode.l10n.t('Stored in VS Code Secret Storage; never written to settings or logs.'),
        password: true,
        ignoreFocusOut: true,
        validateInput: (value) => (value.trim() ? undefined : vscode.l10n.t('The key cannot be empty.')),
      });
      if (!key?.trim()) return;
      const origin = await keys.store(service, key.trim());
      vscode.window.showInformationMessage(
        origin
          ? vscode.l10n.t(
              'Tandem: Service {0} key saved; it is sent to {1} (Tandem asks before sending it anywhere else).',
              service,
              origin,
            )
          : vscode.l10n.t('Tandem: Service {0} key saved. Tandem asks before sending it to the base URL you set.', service),
      );
    }),
    vscode.commands.registerCommand(COMMANDS.clearApiKey, async (given?: unknown) => {
      const service = await pickService(vscode.l10n.t('Tandem: Clear API Key'), given);
      if (!service) return;
      await keys.delete(service);
      vscode.window.showInformationMessage(vscode.l10n.t('Tandem: Service {0} key removed.', service));
    }),
  ];
}
