import * as vscode from 'vscode';
import type { ServiceId } from '../../core/services/wireTypes';
import { Disposable } from '../../core/lifecycle/disposable';
import { keyEnvVar } from '../../core/keys/keySource';
import { serviceSetup, type ServiceSetup } from '../../core/keys/setupState';
import type { SecretKeys } from '../keys/secretStorageKeys';
import { baseUrl } from '../config/settings';
import { COMMANDS } from '../../core/config/commandCatalog';

const keyLabel: Record<ServiceSetup['keyFrom'], (service: ServiceId) => string> = {
  'secret-storage': () => vscode.l10n.t('Secret Storage'),
  environment: (service) => vscode.l10n.t('environment ({0})', keyEnvVar[service]),
  none: () => vscode.l10n.t('not set'),
};

type Node = { setup: ServiceSetup; detail?: 'url' | 'key' };

/**
 * Context key: both services are ready. The view's `when` (package.json) hides it then, so the chat
 * gets the sidebar's height, and brings it back as soon as one needs setup. VS Code has no API to
 * collapse a view; a hidden view also stays out of the way after the user resized or reopened it.
 * Its actions stay in the status bar menu (Check Connection, Set API Key…).
 */
const SERVICES_READY_KEY = 'tandem.servicesReady';

/**
 * The "Services" view in the Tandem sidebar: for each service, whether it is ready, its base URL
 * and where its key comes from (never the key itself), with the command that fixes what is missing.
 */
export class SetupView extends Disposable implements vscode.TreeDataProvider<Node>, vscode.Disposable {
  private readonly changed = this._register(new vscode.EventEmitter<void>());
  readonly onDidChangeTreeData = this.changed.event;

  constructor(
    private readonly keys: SecretKeys,
    secrets: vscode.SecretStorage,
  ) {
    super();
    this._register(secrets.onDidChange(() => this.changed.fire()));
    this._register(vscode.workspace.onDidChangeConfiguration((event) => event.affectsConfiguration('tandem') && this.changed.fire()));
    this._register(this.changed.event(() => void this.publishReady()));
    void this.publishReady();
  }

  /** Sets the context key that shows or hides the view; resolves once it is set (tests wait for it). */
  async publishReady(): Promise<boolean> {
    const ready = (await this.setups()).every((s) => s.ready);
    await vscode.commands.executeCommand('setContext', SERVICES_READY_KEY, ready);
    return ready;
  }

  setups(): Promise<ServiceSetup[]> {
    return Promise.all((['A', 'B'] as const).map((service) => serviceSetup(service, baseUrl(service), this.keys, process.env)));
  }

  async getChildren(node?: Node): Promise<Node[]> {
    if (!node) return (await this.setups()).map((setup) => ({ setup }));
    return node.detail
      ? []
      : [
          { setup: node.setup, detail: 'url' },
          { setup: node.setup, detail: 'key' },
        ];
  }

  getTreeItem({ setup, detail }: Node): vscode.TreeItem {
    const { service } = setup;
    if (detail === 'url') {
      const item = new vscode.TreeItem(vscode.l10n.t('Base URL'));
      item.description = setup.baseUrl || vscode.l10n.t('not set');
      item.iconPath = new vscode.ThemeIcon(setup.baseUrl ? 'link' : 'warning');
      item.command = {
        command: 'workbench.action.openSettings',
        title: vscode.l10n.t('Open Settings'),
        arguments: [`tandem.service${service}.baseUrl`],
      };
      return item;
    }
    if (detail === 'key') {
      const item = new vscode.TreeItem(vscode.l10n.t('API key'));
      item.description = keyLabel[setup.keyFrom](service);
      item.iconPath = new vscode.ThemeIcon(setup.keyFrom === 'none' ? 'warning' : 'key');
      item.command = { command: COMMANDS.setApiKey, title: vscode.l10n.t('Set API Key…'), arguments: [service] };
      return item;
    }
    const item = new vscode.TreeItem(vscode.l10n.t('Service {0}', service), vscode.TreeItemCollapsibleState.Expanded);
    item.description = setup.ready ? vscode.l10n.t('ready') : vscode.l10n.t('needs setup');
    item.iconPath = new vscode.ThemeIcon(setup.ready ? 'pass' : 'warning');
    item.contextValue = 'tandem.service';
    return item;
  }
}
