import * as vscode from 'vscode';
import { keyWithEnvFallback, rememberingKeys } from './core/keys';
import { registerApiKeyCommands } from './vscode/apiKeyCommands';
import { registerCheckConnectionCommand } from './vscode/checkConnectionCommand';
import { showFirstRunNotice } from './vscode/firstRun';
import { SecretKeys } from './vscode/secretKeys';
import { ServiceClients } from './vscode/serviceClients';
import { watchRetiredModelSettings } from './vscode/settingsMigration';
import { SetupView } from './vscode/setupView';
import { registerMenuCommand, TandemStatusBar } from './vscode/statusBar';

/** Composition root: build the objects, register them, nothing else. */
export function activate(context: vscode.ExtensionContext) {
  const log = vscode.window.createOutputChannel('Tandem', { log: true });
  const secretKeys = new SecretKeys(context.secrets);
  const keys = rememberingKeys(keyWithEnvFallback(secretKeys, process.env));
  const clients = new ServiceClients(keys, log, keys.known);
  const setupView = new SetupView(secretKeys, context.secrets);

  context.subscriptions.push(
    log,
    clients,
    setupView,
    vscode.window.registerTreeDataProvider('tandem.setup', setupView),
    new TandemStatusBar(setupView),
    registerMenuCommand(),
    ...registerApiKeyCommands(secretKeys),
    registerCheckConnectionCommand(clients),
    vscode.commands.registerCommand('tandem.showLog', () => log.show()),
    watchRetiredModelSettings(),
  );
  void showFirstRunNotice(context.globalState, setupView);
  // __tandemLoadStart is set by the esbuild banner when the bundle starts loading.
  const loadStart = (globalThis as { __tandemLoadStart?: number }).__tandemLoadStart ?? performance.now();
  const activationMs = performance.now() - loadStart;
  log.info(`Tandem activated in ${activationMs.toFixed(1)} ms`);
  // Returned to other extensions, our extension-host tests and bench/activation.
  return { clients, secretKeys, activationMs };
}

export function deactivate() {}
