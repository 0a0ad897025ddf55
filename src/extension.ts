import * as vscode from 'vscode';
import { keyWithEnvFallback, rememberingKeys } from './core/keys';
import { registerApiKeyCommands } from './vscode/apiKeyCommands';
import { registerCheckConnectionCommand } from './vscode/checkConnectionCommand';
import { SecretKeys } from './vscode/secretKeys';
import { ServiceClients } from './vscode/serviceClients';
import { migrateRetiredModelSettings } from './vscode/settingsMigration';

/** Composition root: build the objects, register them, nothing else. */
export function activate(context: vscode.ExtensionContext) {
  const log = vscode.window.createOutputChannel('Tandem', { log: true });
  const secretKeys = new SecretKeys(context.secrets);
  const keys = rememberingKeys(keyWithEnvFallback(secretKeys, process.env));
  const clients = new ServiceClients(keys, log, keys.known);

  context.subscriptions.push(
    log,
    clients,
    ...registerApiKeyCommands(secretKeys),
    registerCheckConnectionCommand(clients),
    vscode.commands.registerCommand('tandem.showLog', () => log.show()),
  );
  void migrateRetiredModelSettings();
  return { clients };
}

export function deactivate() {}
