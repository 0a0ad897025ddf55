// All configured MCP servers of this window: the user's (`tandem.mcp.servers`) and each workspace
// folder's `.vscode/mcp.json`. Nothing starts before the first chat that could use them; a workspace
// server starts only after the user trusted its exact definition (and never in Restricted Mode).
import * as path from 'node:path';
import * as vscode from 'vscode';
import {
  inputIds,
  parseEnvFile,
  parseMcpJson,
  parseUserServers,
  resolveVariables,
  type McpInputDefinition,
  type McpServerDefinition,
} from '../../core/mcp/mcpConfig';
import { definitionFingerprint, describeDefinition } from '../../core/mcp/mcpTrust';
import type { McpServerTools } from '../../core/mcp/mcpToolCatalog';
import { McpConnection, type McpState } from './mcpConnection';
import type { McpTrustStore } from './mcpTrustStore';
import type { McpUi } from './mcpUi';

export interface McpServersDeps {
  secrets: vscode.SecretStorage;
  trust: McpTrustStore;
  ui: () => McpUi;
  version: string;
  /** `tandem.mcp.servers` at the user level. */
  userServers: () => unknown;
  startTimeoutMs: () => number;
  restartBaseMs: number;
}

interface Configured {
  def: McpServerDefinition;
  fingerprint: string;
  folder?: vscode.WorkspaceFolder;
  inputs: McpInputDefinition[];
}

/** What the Services view shows of a server. */
export interface McpServerStatus {
  name: string;
  source: 'user' | 'workspace';
  state: McpState | 'needsTrust' | 'untrustedWorkspace';
  lastError?: string;
  tools: string[];
}

export class McpServers implements vscode.Disposable {
  private readonly connections = new Map<string, { fingerprint: string; connection: McpConnection }>();
  private readonly logs = new Map<string, vscode.LogOutputChannel>();
  private configured: Configured[] = [];
  private problems: string[] = [];
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;

  constructor(private readonly deps: McpServersDeps) {}

  /** Reads the user setting and every folder's `.vscode/mcp.json` (JSON with comments). */
  async readConfig(): Promise<void> {
    const user = parseUserServers(this.deps.userServers());
    const configured: Configured[] = user.servers.map((def) => ({
      def,
      fingerprint: definitionFingerprint(def),
      folder: vscode.workspace.workspaceFolders?.[0],
      inputs: [],
    }));
    const problems = [...user.problems];
    for (const folder of vscode.workspace.workspaceFolders ?? []) {
      const uri = vscode.Uri.joinPath(folder.uri, '.vscode', 'mcp.json');
      const bytes = await vscode.workspace.fs.readFile(uri).then(
        (b) => b,
        () => undefined,
      );
      if (!bytes) continue;
      const parsed = parseMcpJson(new TextDecoder().decode(bytes.subarray(0, 1024 * 1024)));
      problems.push(...parsed.problems.map((p) => `${folder.name}: ${p}`));
      for (const def of parsed.servers) {
        if (configured.some((c) => c.def.name === def.name)) {
          problems.push(`${folder.name}: MCP server "${def.name}" is also defined elsewhere; this one is ignored.`);
          continue;
        }
        configured.push({ def, fingerprint: definitionFingerprint(def), folder, inputs: parsed.inputs });
      }
    }
    this.configured = configured;
    this.problems = problems;
    // A server whose definition changed or disappeared stops now; the new one starts on the next chat.
    for (const [name, entry] of this.connections) {
      if (!configured.some((c) => c.def.name === name && c.fingerprint === entry.fingerprint)) {
        this.connections.delete(name);
        void entry.connection.dispose();
      }
    }
    this.changed.fire();
  }

  /** Whether any server is configured (a chat with none does not load or wait for anything). */
  get any(): boolean {
    return this.configured.length > 0;
  }

  /**
   * Before an answer: asks trust for workspace servers not yet answered, starts what may start, and
   * waits up to `waitMs` for them. Returns what the answer goes on without.
   */
  async ready(signal: AbortSignal, waitMs: number): Promise<string[]> {
    await this.readConfig();
    const notices = this.problems.map((p) => `MCP configuration: ${p}`);
    for (const c of this.configured) {
      if (signal.aborted) break;
      if (this.connections.has(c.def.name)) continue;
      if (c.def.source === 'workspace' && !(await this.mayStart(c))) continue;
      const resolved = await this.resolve(c);
      if (!resolved) {
        notices.push(`MCP server "${c.def.name}" is not started: an input it needs was not given.`);
        continue;
      }
      const connection = new McpConnection(resolved, this.log(c.def.name), {
        startTimeoutMs: this.deps.startTimeoutMs(),
        restartBaseMs: this.deps.restartBaseMs,
        version: this.deps.version,
      });
      connection.onDidChange(() => this.changed.fire());
      this.connections.set(c.def.name, { fingerprint: c.fingerprint, connection });
    }
    const pending = [...this.connections.values()].map((e) => e.connection).filter((c) => c.state !== 'ready');
    for (const c of pending) void c.start();
    if (pending.length > 0) {
      await vscode.window.withProgress({ location: vscode.ProgressLocation.Window, title: vscode.l10n.t('Starting MCP servers…') }, () =>
        settledWithin(
          pending.map((c) => c.start()),
          waitMs,
          signal,
        ),
      );
    }
    for (const { connection } of this.connections.values()) {
      if (connection.state === 'starting')
        notices.push(`MCP server "${connection.name}" is still starting; its tools are not offered in this answer.`);
      else if (connection.state === 'failed')
        notices.push(`MCP server "${connection.name}" failed: ${connection.lastError ?? 'unknown error'} Its tools are not offered.`);
    }
    return notices;
  }

  /** A workspace server: never in Restricted Mode; otherwise only after the user trusted this exact definition. */
  private async mayStart(c: Configured): Promise<boolean> {
    if (!vscode.workspace.isTrusted) return false;
    if (this.deps.trust.trusted(c.fingerprint)) return true;
    if (this.deps.trust.declinedThisWindow(c.fingerprint)) return false;
    const answer = await this.deps.ui().askTrust(c.def.name, c.folder?.name ?? '', describeDefinition(c.def));
    if (answer === 'trust') {
      await this.deps.trust.trust(c.fingerprint);
      return true;
    }
    this.deps.trust.decline(c.fingerprint);
    this.changed.fire();
    return false;
  }

  /** The definition with `${input:…}` (asked once, kept in SecretStorage), `${workspaceFolder}`, `${env:…}` and its envFile filled in. */
  private async resolve(c: Configured): Promise<McpServerDefinition | undefined> {
    const values = new Map<string, string>();
    for (const id of inputIds(c.def)) {
      const key = `tandem.mcp.input.${c.def.source}.${id}`;
      let value = await this.deps.secrets.get(key);
      if (value === undefined) {
        const input = c.inputs.find((i) => i.id === id) ?? { id, description: id, password: true };
        value = await this.deps.ui().askInput(c.def.name, input);
        if (value === undefined) return undefined;
        await this.deps.secrets.store(key, value);
      }
      values.set(id, value);
    }
    const folder = c.folder?.uri.fsPath;
    const resolved = resolveVariables(c.def, { inputs: values, workspaceFolder: folder, env: process.env });
    const t = resolved.transport;
    if (t.type === 'stdio') {
      if (!t.cwd && folder) t.cwd = folder;
      if (t.envFile) {
        const file = path.resolve(folder ?? '', t.envFile);
        const text = await vscode.workspace.fs.readFile(vscode.Uri.file(file)).then(
          (b) => new TextDecoder().decode(b.subarray(0, 256 * 1024)),
          () => '',
        );
        t.env = { ...parseEnvFile(text), ...t.env };
      }
    }
    return resolved;
  }

  private log(name: string): vscode.LogOutputChannel {
    let log = this.logs.get(name);
    if (!log) {
      log = vscode.window.createOutputChannel(`Tandem MCP: ${name}`, { log: true });
      this.logs.set(name, log);
    }
    return log;
  }

  /** Ready servers' tools, in configured order (the tool cap drops from the end). */
  toolLists(): McpServerTools[] {
    return this.configured.flatMap((c) => {
      const connection = this.connections.get(c.def.name)?.connection;
      return connection?.state === 'ready' ? [{ server: c.def.name, tools: connection.tools }] : [];
    });
  }

  connection(name: string): McpConnection | undefined {
    return this.connections.get(name)?.connection;
  }

  readyConnections(): McpConnection[] {
    return [...this.connections.values()].map((e) => e.connection).filter((c) => c.state === 'ready');
  }

  statuses(): McpServerStatus[] {
    return this.configured.map((c) => {
      const connection = this.connections.get(c.def.name)?.connection;
      const state: McpServerStatus['state'] = connection
        ? connection.state
        : c.def.source === 'workspace' && !vscode.workspace.isTrusted
          ? 'untrustedWorkspace'
          : c.def.source === 'workspace' && !this.deps.trust.trusted(c.fingerprint)
            ? 'needsTrust'
            : 'stopped';
      return {
        name: c.def.name,
        source: c.def.source,
        state,
        lastError: connection?.lastError,
        tools: connection?.tools.map((t) => t.name) ?? [],
      };
    });
  }

  showLog(name: string): void {
    this.log(name).show();
  }

  async dispose(): Promise<void> {
    const closing = [...this.connections.values()].map((e) => e.connection.dispose());
    this.connections.clear();
    await Promise.all(closing);
    for (const log of this.logs.values()) log.dispose();
    this.changed.dispose();
  }
}

/** Resolves when every promise settled, `ms` passed, or the signal aborted, whichever is first. */
function settledWithin(promises: Array<Promise<unknown>>, ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
    void Promise.allSettled(promises).then(done);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
  });
}
