// One MCP server, through the official SDK: starts it (stdio process, Streamable HTTP, or SSE for
// older servers), lists its tools, prompts and resources, follows tools/list_changed, calls tools with
// progress, cancellation and a deadline, and restarts it with backoff (at most MAX_RESTARTS times).
import * as vscode from 'vscode';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport, StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { useLinearReadBuffer } from './stdioReadBuffer';
import type { McpServerDefinition } from '../../core/mcp/mcpConfig';
import type { McpCallResult } from '../../core/mcp/mcpResult';
import type { McpToolInfo } from '../../core/mcp/mcpToolCatalog';
import { jsonSchemaValidator } from '../../core/mcp/jsonSchemaCheck';

export type McpState = 'stopped' | 'starting' | 'ready' | 'failed';

const MAX_RESTARTS = 3;
/** Most tools (and prompts, resources) read from one server: a server listing more is cut, not followed forever. */
const MAX_LISTED = 1000;
const MAX_PAGES = 50;

export interface McpPromptInfo {
  name: string;
  description?: string;
  arguments?: Array<{ name: string; description?: string; required?: boolean }>;
}

export interface McpResourceInfo {
  uri: string;
  name: string;
  description?: string;
  mimeType?: string;
}

export interface ConnectionOptions {
  /** How long initialize and the first lists may take before the start counts as failed. */
  startTimeoutMs: number;
  /** Backoff before restart n (1-based): base × 2^(n-1). */
  restartBaseMs: number;
  version: string;
}

export class McpConnection implements vscode.Disposable {
  state: McpState = 'stopped';
  lastError: string | undefined;
  tools: McpToolInfo[] = [];
  prompts: McpPromptInfo[] = [];
  resources: McpResourceInfo[] = [];
  private client: Client | undefined;
  private starting: Promise<void> | undefined;
  private restarts = 0;
  private restartTimer: ReturnType<typeof setTimeout> | undefined;
  private disposed = false;
  /** connect() is opening the transport; a close then is its failure, not the server stopping. */
  private opening = false;
  /** The transport's last complaint (a message too large…), named when the connection drops mid-call. */
  private transportError: string | undefined;
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;

  constructor(
    /** The definition with its variables filled in; never shown (it may hold typed secrets). */
    private readonly def: McpServerDefinition,
    readonly log: vscode.LogOutputChannel,
    private readonly options: ConnectionOptions,
  ) {}

  get name(): string {
    return this.def.name;
  }

  /** Starts the server unless it is starting or ready; resolves when it is ready or failed. */
  start(): Promise<void> {
    if (this.state === 'ready') return Promise.resolve();
    return (this.starting ??= this.connect().finally(() => (this.starting = undefined)));
  }

  /** The user's Restart: a fresh start with a fresh restart budget. */
  async restart(): Promise<void> {
    this.restarts = 0;
    clearTimeout(this.restartTimer);
    await this.close();
    await this.start();
  }

  private set(state: McpState, error?: string): void {
    this.state = state;
    if (error !== undefined) this.lastError = error;
    this.changed.fire();
  }

  private async connect(): Promise<void> {
    if (this.disposed) return;
    this.set('starting');
    this.log.info(`Starting (${this.def.transport.type})`);
    const client = new Client(
      { name: 'Tandem', version: this.options.version },
      {
        capabilities: {},
        // Checks structuredContent against a tool's outputSchema; the SDK's default (ajv) is not bundled.
        jsonSchemaValidator,
        listChanged: {
          tools: {
            onChanged: (error, tools) => {
              if (error) return this.log.warn(`tools/list after list_changed failed: ${error.message}`);
              if (tools && this.client === client) {
                this.tools = tools.slice(0, MAX_LISTED) as McpToolInfo[];
                this.log.info(`Tool list changed: ${this.tools.length} tools`);
                this.changed.fire();
              }
            },
          },
        },
      },
    );
    this.client = client;
    client.onerror = (error) => {
      // The first complaint is the cause: once an oversized message is dropped, the rest of it reads as garbage.
      this.transportError ??= error.message.replace(
        /^ReadBuffer exceeded maximum size of (\d+) bytes$/,
        'it sent a message larger than $1 bytes',
      );
      this.log.warn(`Transport error: ${error.message}`);
    };
    client.onclose = () => {
      // While it opens, a failed attempt closes its transport (the Streamable HTTP one before the SSE
      // fallback): connect() decides about that, below.
      if (this.client !== client || this.disposed || this.opening) return;
      this.client = undefined;
      const wasReady = this.state === 'ready';
      this.log.warn('The server closed the connection');
      this.set('failed', wasReady ? 'The server stopped.' : this.lastError);
      this.scheduleRestart();
    };
    try {
      this.opening = true;
      await this.connectWithFallback(client).finally(() => (this.opening = false));
      const deadline = { timeout: this.options.startTimeoutMs };
      const caps = client.getServerCapabilities() ?? {};
      this.tools = caps.tools ? ((await this.listAll((cursor) => client.listTools({ cursor }, deadline), 'tools')) as McpToolInfo[]) : [];
      this.prompts = caps.prompts ? await this.listAll((cursor) => client.listPrompts({ cursor }, deadline), 'prompts') : [];
      this.resources = caps.resources ? await this.listAll((cursor) => client.listResources({ cursor }, deadline), 'resources') : [];
      if (this.client !== client) return;
      this.log.info(`Ready: ${this.tools.length} tools, ${this.prompts.length} prompts, ${this.resources.length} resources`);
      this.set('ready', '');
      this.lastError = undefined;
    } catch (error) {
      if (this.client !== client) return;
      this.client = undefined;
      const message = startError(error, this.options.startTimeoutMs);
      this.log.error(`Start failed: ${message}`);
      this.set('failed', message);
      await client.close().catch(() => undefined);
      this.scheduleRestart();
    }
  }

  private async connectWithFallback(client: Client): Promise<void> {
    const t = this.def.transport;
    const deadline = { timeout: this.options.startTimeoutMs };
    if (t.type === 'stdio') return client.connect(this.stdio(t), deadline);
    const requestInit = { headers: t.headers };
    if (t.type === 'sse') return client.connect(new SSEClientTransport(new URL(t.url), { requestInit }), deadline);
    try {
      await client.connect(new StreamableHTTPClientTransport(new URL(t.url), { requestInit }), deadline);
    } catch (error) {
      // Older servers speak the 2024-11-05 HTTP+SSE transport: they refuse the POST with a 4xx (the
      // SDK's error carries the status as its code; its message may hold only the server's error page).
      const status = error instanceof StreamableHTTPError ? error.code : undefined;
      if (![400, 404, 405].includes(status ?? 0) && !/\b(400|404|405)\b/.test(String((error as Error).message))) throw error;
      this.log.info('Streamable HTTP refused; trying the older SSE transport');
      await client.connect(new SSEClientTransport(new URL(t.url), { requestInit }), deadline);
    }
  }

  private stdio(t: Extract<McpServerDefinition['transport'], { type: 'stdio' }>): Transport {
    const transport = new StdioClientTransport({
      command: t.command,
      args: t.args,
      env: t.env,
      cwd: t.cwd,
      stderr: 'pipe',
    });
    useLinearReadBuffer(transport, (message) => this.log.warn(message));
    // The server's own log lines go to its output channel, never to the chat.
    transport.stderr?.on('data', (chunk: Buffer) => this.log.info(`[stderr] ${chunk.toString('utf8').trimEnd().slice(0, 4000)}`));
    return transport;
  }

  private async listAll<T>(page: (cursor: string | undefined) => Promise<Record<string, unknown>>, key: string): Promise<T[]> {
    const out: T[] = [];
    let cursor: string | undefined;
    for (let i = 0; i < MAX_PAGES && out.length < MAX_LISTED; i++) {
      const result = await page(cursor);
      out.push(...((result[key] as T[] | undefined) ?? []));
      cursor = typeof result.nextCursor === 'string' ? result.nextCursor : undefined;
      if (!cursor) break;
    }
    if (out.length > MAX_LISTED) this.log.warn(`The server lists more than ${MAX_LISTED} ${key}; the rest are ignored`);
    return out.slice(0, MAX_LISTED);
  }

  private scheduleRestart(): void {
    if (this.disposed || this.restarts >= MAX_RESTARTS) {
      if (!this.disposed)
        this.log.error(`Not restarted: it failed ${this.restarts + 1} times. Use Restart in the Tandem view to try again.`);
      return;
    }
    const delay = this.options.restartBaseMs * 2 ** this.restarts;
    this.restarts++;
    this.log.info(`Restarting in ${delay} ms (attempt ${this.restarts} of ${MAX_RESTARTS})`);
    this.restartTimer = setTimeout(() => void this.start(), delay);
  }

  /** Calls a tool. Stop (the signal) sends MCP cancellation; progress goes to `onProgress`; `timeoutMs` is the deadline. */
  async callTool(
    tool: string,
    args: Record<string, unknown>,
    call: { signal: AbortSignal; timeoutMs: number; onProgress?: (message: string) => void },
  ): Promise<McpCallResult> {
    const client = this.client;
    if (!client || this.state !== 'ready')
      throw new Error(`MCP server "${this.name}" is not running (${this.state}${this.lastError ? `: ${this.lastError}` : ''}).`);
    const started = performance.now();
    this.transportError = undefined;
    try {
      const result = await client.callTool({ name: tool, arguments: args }, undefined, {
        signal: call.signal,
        timeout: call.timeoutMs,
        onprogress: (p) => call.onProgress?.(progressText(p)),
      });
      this.log.debug(`${tool}: ${(performance.now() - started).toFixed(1)} ms`);
      return result as McpCallResult;
    } catch (error) {
      if (call.signal.aborted) throw new Error('Stopped: the call was cancelled.');
      if (error instanceof McpError && error.code === ErrorCode.RequestTimeout)
        throw new Error(
          `MCP server "${this.name}" did not answer ${tool} within ${Math.round(call.timeoutMs / 1000)} s (tandem.mcp.callTimeoutSeconds); the call was cancelled.`,
        );
      if (error instanceof McpError && error.code === ErrorCode.ConnectionClosed)
        throw new Error(
          `MCP server "${this.name}" stopped during the call to ${tool}${this.transportError ? `: ${this.transportError}` : ''}. It is restarted; see its log for why it stopped.`,
        );
      throw error;
    }
  }

  async getPrompt(name: string, args: Record<string, string>, signal: AbortSignal) {
    if (!this.client) throw new Error(`MCP server "${this.name}" is not running.`);
    return this.client.getPrompt({ name, arguments: args }, { signal, timeout: this.options.startTimeoutMs });
  }

  async readResource(uri: string, signal: AbortSignal) {
    if (!this.client) throw new Error(`MCP server "${this.name}" is not running.`);
    return this.client.readResource({ uri }, { signal, timeout: this.options.startTimeoutMs });
  }

  private async close(): Promise<void> {
    const client = this.client;
    this.client = undefined;
    await client?.close().catch(() => undefined);
    this.set('stopped');
  }

  dispose(): Promise<void> {
    this.disposed = true;
    clearTimeout(this.restartTimer);
    const closing = this.close();
    this.changed.dispose();
    return closing;
  }
}

function progressText(p: { progress: number; total?: number; message?: string }): string {
  const amount = p.total ? `${p.progress} of ${p.total}` : String(p.progress);
  return p.message ? `${amount}: ${p.message.slice(0, 200)}` : amount;
}

function startError(error: unknown, timeoutMs: number): string {
  if (error instanceof McpError && error.code === ErrorCode.RequestTimeout)
    return `It did not answer initialize within ${Math.round(timeoutMs / 1000)} s.`;
  const message = error instanceof Error ? error.message : String(error);
  return message.slice(0, 500);
}
