import * as vscode from 'vscode';
import { COMMANDS } from '../core/commandCatalog';
import type { ServiceId } from '../core/chatTypes';
import type { ApiKeyStore } from './apiKeyStore';

const services: Array<vscode.QuickPickItem & { service: ServiceId }> = [
  { label: 'Service A', description: 'chat, web search, read aloud', service: 'A' },
  { label: 'Service B', description: 'inline completions, chat, balance', service: 'B' },
];

async function pickService(title: string, given?: unknown): Promise<ServiceId | undefined> {
  if (given === 'A' || given === 'B') return given;
  return (await vscode.window.showQuickPick(services, { title, placeHolder: 'Which service?' }))?.service;
}

/**
 * `tandem.setApiKey` / `tandem.clearApiKey`: the key goes to SecretStorage and nowhere else, and may be
 * sent to the base URL configured now (the one the user entered it for).
 */
export function registerApiKeyCommands(keys: ApiKeyStore): vscode.Disposable[] {
  return [
    vscode.commands.registerCommand(COMMANDS.setApiKey, async (given?: unknown) => {
      const service = await pickService('Tandem: Set API Key', given);
      if (!service) return;
      const key = await vscode.window.showInputBox({
        title: `Tandem: Service ${service} API key`,
        prompt: 'Stored in VS Code Secret Storage; never written to settings or logs.',
        password: true,
        ignoreFocusOut: true,
        validateInput: (value) => (value.trim() ? undefined : 'The key cannot be empty.'),
      });
      if (!key?.trim()) return;
      const origin = await keys.store(service, key.trim());
      vscode.window.showInformationMessage(
        origin
          ? `Tandem: Service ${service} key saved; it is sent to ${origin} (Tandem asks before sending it anywhere else).`
          : `Tandem: Service ${service} key saved. Tandem asks before sending it to the base URL you set.`,
      );
    }),
    vscode.commands.registerCommand(COMMANDS.clearApiKey, async (given?: unknown) => {
      const service = await pickService('Tandem: Clear API Key', given);
      if (!service) return;
      await keys.delete(service);
      vscode.window.showInformationMessage(`Tandem: Service ${service} key removed.`);
    }),
  ];
}
