import * as vscode from 'vscode';
import type { ServiceId } from '../../core/services/wireTypes';
import { Disposable } from '../../core/lifecycle/disposable';
import { keyEnvVar } from '../../core/keys/keySource';
import { serviceSetup, type ServiceSetup } from '../../core/keys/setupState';
import type { SecretKeys } from '../keys/secretStorageKeys';
import { baseUrl } from '../config/settings';
import { COMMANDS } from '../../core/config/commandCatalog';
import type { McpServerStatus } from '../mcp/mcpServers';
import type { McpViewSource } from '../mcp/mcpViewSource';

const keyLabel: Record<ServiceSetup['keyFrom'], (service: ServiceId) => string> = {
  'secret-storage': () => vscode.l10n.t('Secret Storage'),
  environment: (service) => vscode.l10n.t('environment ({0})', keyEnvVar[service]),
  none: () => vscode.l10n.t('not set'),
};

type ServiceNode = { setup: ServiceSetup; detail?: 'url' | 'key' };
type McpNode = { mcp: 'root' } | { mcp: 'server'; status: McpServerStatus } | { mcp: 'tool'; server: string; tool: string };
type Node = ServiceNode | McpNode;

const mcpStateLabel: Record<McpServerStatus['state'], () => string> = {
  stopped: () => vscode.l10n.t('starts with the first chat'),
  starting: () => vscode.l10n.t('starting'),
  ready: () => vscode.l10n.t('ready'),
  failed: () => vscode.l10n.t('failed'),
  needsTrust: () => vscode.l10n.t('waits for your trust (asked at the first chat)'),
  untrustedWorkspace: () => vscode.l10n.t('off in Restricted Mode'),
};
const mcpStateIcon: Record<McpServerStatus['state'], string> = {
  stopped: 'circle-outline',
  starting: 'loading~spin',
  ready: 'pass',
  failed: 'error',
  needsTrust: 'shield',
  untrustedWorkspace: 'shield',
};

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
  private known: Promise<ServiceSetup[]> | undefined;

  constructor(
    private readonly keys: SecretKeys,
    secrets: vscode.SecretStorage,
  ) {
    super();
    // First, so the view, the status bar and the context key that listen after it read fresh setups.
    this._register(this.changed.event(() => (this.known = undefined)));
    this._register(secrets.onDidChange(() => this.changed.fire()));
    this._register(vscode.workspace.onDidChangeConfiguration((event) => event.affectsConfiguration('tandem') && this.changed.fire()));
    // The first publishReady() comes from activation's first look (extension.ts), once activate() has returned.
    this._register(this.changed.event(() => void this.publishReady()));
  }

  private mcp: McpViewSource | undefined;

  /** The MCP servers, listed under the services once the chat exists. */
  attachMcp(source: McpViewSource): vscode.Disposable {
    this.mcp = source;
    this.changed.fire();
    return source.onDidChange(() => this.changed.fire());
  }

  /** Sets the context key that shows or hides the view; resolves once it is set (tests wait for it). */
  async publishReady(): Promise<boolean> {
    // MCP servers keep the view showing: their state and switches live here.
    const ready = (await this.setups()).every((s) => s.ready) && !this.mcp?.statuses()?.length;
    await vscode.commands.executeCommand('setContext', SERVICES_READY_KEY, ready);
    return ready;
  }

  /** Both services' setups, read once until a key or a setting changes (the view, the status bar and the first-run notice share them). */
  setups(): Promise<ServiceSetup[]> {
    this.known ??= Promise.all(
      (['A', 'B'] as const).map((service) => serviceSetup(service, baseUrl(service), this.keys, process.env)),
    ).catch((error: unknown) => {
      this.known = undefined; // a failed read is not kept
      throw error;
    });
    return this.known;
  }

  async getChildren(node?: Node): Promise<Node[]> {
    if (!node) {
      const services: Node[] = (await this.setups()).map((setup) => ({ setup }));
      return this.mcp?.statuses()?.length ? [...services, { mcp: 'root' }] : services;
    }
    if ('mcp' in node) {
      if (node.mcp === 'root') return (this.mcp?.statuses() ?? []).map((status) => ({ mcp: 'server', status }));
      if (node.mcp === 'server') return node.status.tools.map((tool) => ({ mcp: 'tool', server: node.status.name, tool }));
      return [];
    }
    return node.detail
      ? []
      : [
          { setup: node.setup, detail: 'url' },
          { setup: node.setup, detail: 'key' },
        ];
  }

  getTreeItem(node: Node): vscode.TreeItem {
    if ('mcp' in node) return this.mcpItem(node);
    const { setup, detail } = node;
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

  private mcpItem(node: McpNode): vscode.TreeItem {
    const disabled = this.mcp?.disabled() ?? new Set<string>();
    if (node.mcp === 'root') {
      const item = new vscode.TreeItem(vscode.l10n.t('MCP servers'), vscode.TreeItemCollapsibleState.Expanded);
      item.iconPath = new vscode.ThemeIcon('plug');
      return item;
    }
    if (node.mcp === 'server') {
      const { status } = node;
      const off = disabled.has(status.name);
      const item = new vscode.TreeItem(
        status.name,
        status.tools.length > 0 ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.None,
      );
      item.description = [
        off ? vscode.l10n.t('off') : mcpStateLabel[status.state](),
        status.source === 'workspace' ? vscode.l10n.t('workspace') : vscode.l10n.t('user'),
      ].join(' · ');
      item.tooltip = status.lastError ? vscode.l10n.t('Last error: {0}', status.lastError) : undefined;
      item.iconPath = new vscode.ThemeIcon(off ? 'circle-slash' : mcpStateIcon[status.state]);
      item.contextValue = 'tandem.mcpServer';
      item.command = { command: COMMANDS.showMcpLog, title: vscode.l10n.t('Show Log'), arguments: [status.name] };
      return item;
    }
    const key = `${node.server}/${node.tool}`;
    const off = disabled.has(key);
    const item = new vscode.TreeItem(node.tool);
    item.description = off ? vscode.l10n.t('off') : vscode.l10n.t('on');
    item.iconPath = new vscode.ThemeIcon(off ? 'circle-slash' : 'check');
    item.command = { command: COMMANDS.toggleMcpTool, title: vscode.l10n.t('Switch on/off'), arguments: [key] };
    return item;
  }
}
