// The chat's tools with MCP added: the built-in host's definitions plus the ready servers' tools, and
// calls of an `mcp_*` name sent to its server. Loads the MCP runtime only when a server is configured,
// on the first answer. Every MCP call asks on a card (server, tool, the server's description, the exact
// arguments) unless the user allowed that tool in this workspace, or trusts that server's readOnlyHint.
import * as vscode from 'vscode';
import type { PreparedTool, RunContext, ToolHost } from '../../core/chat/toolHost';
import { buildMcpCatalog, toolKey, type McpCatalog, type McpRoute } from '../../core/mcp/mcpToolCatalog';
import { mcpResultText } from '../../core/mcp/mcpResult';
import { withoutStrictNulls } from '../../core/mcp/mcpSchema';
import type { FunctionTool } from '../../core/services/wireTypes';
import { tandemSetting, userValue } from '../config/settings';
import { loadMcp } from './loadMcp';
import type { McpServers } from './mcpServers';
import { McpTrustStore } from './mcpTrustStore';
import { realMcpUi, type McpUi } from './mcpUi';
import { McpWorkspaceApprovals } from './mcpWorkspaceApprovals';
import { disabledMcp, type McpViewSource } from './mcpViewSource';

/** The first answer waits this long for servers to start, then goes on without the ones not ready. */
const MCP_START_WAIT_MS = 5000;

export interface McpHostOptions {
  /** How long initialize and the first lists may take (tests shorten it). */
  startTimeoutMs?: number;
  restartBaseMs?: number;
}

export class McpToolHost implements ToolHost, McpViewSource, vscode.Disposable {
  /** The questions asked; tests replace them through the ExtensionMode.Test API. */
  ui: McpUi = realMcpUi();
  readonly approvals: McpWorkspaceApprovals;
  private readonly trust: McpTrustStore;
  private servers: McpServers | undefined;
  private loading: Promise<McpServers> | undefined;
  private catalog: McpCatalog | undefined;
  private service: 'A' | 'B' = 'B';
  private disposed = false;
  private readonly serversChanged = new vscode.EventEmitter<void>();
  /** The servers' states changed (the Services view listens). */
  readonly onDidChange = this.serversChanged.event;

  constructor(
    private readonly builtIn: ToolHost,
    private readonly context: vscode.ExtensionContext,
    readonly options: McpHostOptions = {},
  ) {
    this.approvals = new McpWorkspaceApprovals(context.workspaceState);
    this.trust = new McpTrustStore(context.workspaceState);
  }

  /** The servers, loading the MCP runtime on first use. */
  runtime(): Promise<McpServers> {
    return (this.loading ??= loadMcp().then((mcp) => {
      const servers = new mcp.McpServers({
        secrets: this.context.secrets,
        trust: this.trust,
        ui: () => this.ui,
        version: String((this.context.extension?.packageJSON as { version?: string } | undefined)?.version ?? '0'),
        userServers: () => userValue('mcp.servers'),
        startTimeoutMs: () => this.options.startTimeoutMs ?? 30_000,
        restartBaseMs: this.options.restartBaseMs ?? 1000,
      });
      servers.onDidChange(() => this.serversChanged.fire());
      if (this.disposed) void servers.dispose();
      this.servers = servers;
      return servers;
    }));
  }

  /** Any server configured: the user setting, or a `.vscode/mcp.json` in a folder. Cheap, so a chat without MCP loads nothing. */
  private async configured(): Promise<boolean> {
    const user = userValue('mcp.servers');
    if (user && typeof user === 'object' && Object.keys(user).length > 0) return true;
    for (const folder of vscode.workspace.workspaceFolders ?? []) {
      const found = await vscode.workspace.fs.stat(vscode.Uri.joinPath(folder.uri, '.vscode', 'mcp.json')).then(
        () => true,
        () => false,
      );
      if (found) return true;
    }
    return this.servers !== undefined;
  }

  async prepareAnswer(request: { service: 'A' | 'B'; strict: boolean; signal: AbortSignal }): Promise<{ notices: string[] }> {
    const own = (await this.builtIn.prepareAnswer?.(request)) ?? { notices: [] };
    this.service = request.service;
    if (!(await this.configured())) {
      this.catalog = undefined;
      return own;
    }
    const servers = await this.runtime();
    const notices = await servers.ready(request.signal, MCP_START_WAIT_MS);
    this.catalog = buildMcpCatalog({
      builtIns: this.builtIn.definitions(),
      servers: servers.toolLists(),
      maxTools: tandemSetting('mcp.maxTools'),
      strict: request.strict && request.service === 'B',
      disabled: disabledMcp(),
    });
    return { notices: [...own.notices, ...notices, ...this.catalog.notices] };
  }

  /** The servers for the composer's pickers, started as for a chat; undefined when none is configured. */
  async readyForComposer(): Promise<McpServers | undefined> {
    if (!(await this.configured())) return undefined;
    const servers = await this.runtime();
    await servers.ready(new AbortController().signal, MCP_START_WAIT_MS);
    return servers;
  }

  /** For the Services view: undefined until the first chat loaded the runtime. */
  statuses() {
    return this.servers?.statuses();
  }

  disabled(): ReadonlySet<string> {
    return disabledMcp();
  }

  definitions(): FunctionTool[] {
    return this.catalog?.tools ?? this.builtIn.definitions();
  }

  async prepare(call: { name: string; args: string }): Promise<PreparedTool> {
    const route = this.catalog?.routes.get(call.name);
    if (!route) return this.builtIn.prepare(call);
    let parsed: unknown;
    try {
      parsed = call.args.trim() === '' ? {} : JSON.parse(call.args);
    } catch {
      return { kind: 'refused', error: `The arguments of ${call.name} are not valid JSON.` };
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
      return { kind: 'refused', error: `The arguments of ${call.name} must be a JSON object.` };
    const args = (route.strict ? withoutStrictNulls(parsed, route.tool.inputSchema) : parsed) as Record<string, unknown>;
    return this.prepared(route, args);
  }

  private prepared(route: McpRoute, args: Record<string, unknown>): PreparedTool {
    const { server, tool } = route;
    const key = toolKey(server, tool.name);
    const description = (tool.description ?? '').slice(0, 4000);
    const argumentsText = JSON.stringify(args, null, 2);
    const trustedHint = tool.annotations?.readOnlyHint === true && trustsReadOnlyHints(server);
    return {
      kind: 'ready',
      mcp: { server, tool: tool.name, description, arguments: argumentsText },
      approval: {
        summary: `Call the tool "${tool.name}" of the MCP server "${server}"`,
        detail: `The arguments below are sent to the server exactly as shown. The description is the server's own text: it is data, not an instruction from Tandem.`,
        alwaysScope: key,
        workspaceTool: key,
      },
      ...(this.approvals.allowed(key) || trustedHint ? { rules: 'allow' as const } : {}),
      allowInWorkspace: () => void this.approvals.allow(key),
      run: (signal: AbortSignal, context?: RunContext) => this.run(route, args, signal, context),
    };
  }

  private async run(route: McpRoute, args: Record<string, unknown>, signal: AbortSignal, context?: RunContext): Promise<string> {
    const servers = await this.runtime();
    const connection = servers.connection(route.server);
    if (!connection) throw new Error(`MCP server "${route.server}" is not running.`);
    const result = await connection.callTool(route.tool.name, args, {
      signal,
      timeoutMs: tandemSetting('mcp.callTimeoutSeconds') * 1000,
      onProgress: context?.progress,
    });
    const shown = mcpResultText(result, this.service);
    context?.showParts?.(shown.parts);
    if (shown.isError) throw new Error(shown.text);
    return shown.text;
  }

  async dispose(): Promise<void> {
    this.disposed = true;
    this.serversChanged.dispose();
    await this.servers?.dispose();
  }
}

/** Whether the user said a server's `readOnlyHint` may skip the card (user settings only). */
function trustsReadOnlyHints(server: string): boolean {
  const listed = userValue('mcp.trustReadOnlyHints');
  return Array.isArray(listed) && listed.includes(server);
}
