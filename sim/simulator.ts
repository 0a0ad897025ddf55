// The simulator of Service A and Service B: two real HTTP servers on 127.0.0.1 that speak the
// contracts (seeds 000 and 001), with fault injection, pacing, request recording and control
// endpoints under /__sim/. All state lives in the Simulator instance.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { checkAuthA, checkAuthB } from './auth';
import { handleControl } from './control';
import { errorBody, SimHttpError, badRequest } from './errors';
import { FaultQueue, parseFaultHeader, type ActiveFault } from './faults';
import { headerRecord, readBody, sendJson } from './httpIo';
import { parseFimMode, type FimMode, type FimModeSpec } from './fimMode';
import { realClock, type SimClock } from './pacing';
import { PromptCache } from './promptCache';
import type { ForcedFinish, RequestContext } from './requestContext';
import { ROUTES_A, ROUTES_B, type RouteTable } from './routes';

export interface SimOptions {
  /** Accepted Service A key; default process.env.TANDEM_SERVICE_A_API_KEY ?? 'sim-key-a'. */
  keyA?: string;
  /** Accepted Service B key; default process.env.TANDEM_SERVICE_B_API_KEY ?? 'sim-key-b'. */
  keyB?: string;
  /** Default 0: any free port. */
  portA?: number;
  portB?: number;
  /** Time to first token; default 0. */
  ttftMs?: number;
  /** Streaming rate; default 0 = no pacing. */
  tokensPerSecond?: number;
  /** Service A context window (not shown in the contract; default 262144). */
  contextTokensA?: number;
  /** Service B context window (contract: 1M). */
  contextTokensB?: number;
  balance?: { currency: 'CNY' | 'USD'; total: string; granted: string; toppedUp: string };
  /** How FIM answers (fimMode.ts): 'ideal' (default) or a misbehaving 'realistic' model; `x-sim-fim` overrides it per request. */
  fim?: FimModeSpec;
  /** Time and waits for pacing and keep-alives; default the real clock (tests pass a fake one). */
  clock?: SimClock;
}

export interface RecordedRequest {
  service: 'A' | 'B';
  method: string;
  path: string;
  headers: Record<string, string>;
  body: unknown;
  status: number;
  aborted: boolean;
  /** ms on the simulator's clock (wall clock unless SimOptions.clock) when the first SSE `data:` event of the reply was written (benchmarks time from it). */
  firstDataAt?: number;
  /** Bytes of the reply body handed to the socket so far (shows where a hostile reply stopped). */
  bytesSent: number;
}

export interface FaultSpec {
  kind: '429' | '500' | 'reset' | 'malformed' | 'truncate' | 'search-error' | 'giant-line' | 'keepalive-forever';
  service?: 'A' | 'B';
  path?: string;
  /** How many matching requests it hits (default 1). */
  times?: number;
  /** For 429: the Retry-After header value in seconds. */
  retryAfterS?: number;
  /** For reset/malformed/truncate in streams: after N data chunks (default 2; 0 for giant-line, keepalive-forever). */
  afterChunks?: number;
  /** For giant-line: the length of the line that never ends, in MiB (default 8). */
  lineMiB?: number;
}

export interface Simulator {
  readonly urlA: string;
  readonly urlB: string;
  readonly keyA: string;
  readonly keyB: string;
  readonly requests: RecordedRequest[];
  readonly abortedCount: number;
  inject(fault: FaultSpec): void;
  configure(opts: Partial<Pick<SimOptions, 'ttftMs' | 'tokensPerSecond' | 'contextTokensA' | 'contextTokensB'>>): void;
  reset(): void;
  close(): Promise<void>;
}

export type TunableOptions = Required<Pick<SimOptions, 'ttftMs' | 'tokensPerSecond' | 'contextTokensA' | 'contextTokensB'>>;

const DEFAULT_CONTEXT_A = 262_144;
const DEFAULT_CONTEXT_B = 1_000_000;
const DEFAULT_BALANCE: NonNullable<SimOptions['balance']> = { currency: 'CNY', total: '110.00', granted: '10.00', toppedUp: '100.00' };
const FORCED_FINISH: readonly ForcedFinish[] = ['length', 'content_filter', 'repetition_truncation'];

function headerNumber(headers: Record<string, string>, name: string): number | undefined {
  const raw = headers[name];
  if (raw === undefined) return undefined;
  const n = Number(raw);
  if (raw.trim() === '' || !Number.isFinite(n) || n < 0) throw badRequest(`${name}: must be a non-negative number (got "${raw}")`);
  return n;
}

function byteLength(chunk: unknown): number {
  if (typeof chunk === 'string') return Buffer.byteLength(chunk);
  return chunk instanceof Uint8Array ? chunk.length : 0;
}

function parseJsonBody(raw: Buffer): unknown {
  try {
    return JSON.parse(raw.toString('utf8'));
  } catch {
    throw badRequest('request body: not valid JSON');
  }
}

class SimulatorImpl implements Simulator {
  readonly requests: RecordedRequest[] = [];
  urlA = '';
  urlB = '';
  readonly keyA: string;
  readonly keyB: string;
  private aborted = 0;
  private serial = 0;
  private closing = false;
  private readonly closeController = new AbortController();
  private readonly faults = new FaultQueue();
  private readonly promptCache = new PromptCache();
  private readonly sockets = new Set<Socket>();
  private readonly initial: TunableOptions;
  private tunable: TunableOptions;
  private readonly balance: NonNullable<SimOptions['balance']>;
  private readonly fimMode: FimMode;
  private readonly clock: SimClock;
  private readonly serverA: Server;
  private readonly serverB: Server;

  constructor(private readonly options: SimOptions) {
    this.keyA = options.keyA ?? process.env.TANDEM_SERVICE_A_API_KEY ?? 'sim-key-a';
    this.keyB = options.keyB ?? process.env.TANDEM_SERVICE_B_API_KEY ?? 'sim-key-b';
    this.initial = {
      ttftMs: options.ttftMs ?? 0,
      tokensPerSecond: options.tokensPerSecond ?? 0,
      contextTokensA: options.contextTokensA ?? DEFAULT_CONTEXT_A,
      contextTokensB: options.contextTokensB ?? DEFAULT_CONTEXT_B,
    };
    this.tunable = { ...this.initial };
    this.balance = options.balance ?? DEFAULT_BALANCE;
    this.fimMode = parseFimMode(options.fim ?? 'ideal');
    this.clock = options.clock ?? realClock;
    this.serverA = this.makeServer('A', ROUTES_A);
    this.serverB = this.makeServer('B', ROUTES_B);
  }

  get abortedCount(): number {
    return this.aborted;
  }

  inject(fault: FaultSpec): void {
    this.faults.add(fault);
  }

  configure(opts: Partial<TunableOptions>): void {
    for (const key of ['ttftMs', 'tokensPerSecond', 'contextTokensA', 'contextTokensB'] as const) {
      const value = opts[key];
      if (value !== undefined) this.tunable[key] = value;
    }
  }

  reset(): void {
    this.requests.length = 0;
    this.aborted = 0;
    this.faults.clear();
    this.promptCache.clear();
    this.tunable = { ...this.initial };
  }

  async listen(): Promise<void> {
    const listenOne = (server: Server, port: number): Promise<number> =>
      new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, '127.0.0.1', () => {
          server.off('error', reject);
          resolve((server.address() as AddressInfo).port);
        });
      });
    const portA = await listenOne(this.serverA, this.options.portA ?? 0);
    try {
      const portB = await listenOne(this.serverB, this.options.portB ?? 0);
      this.urlA = `http://127.0.0.1:${portA}`;
      this.urlB = `http://127.0.0.1:${portB}`;
    } catch (err) {
      await this.close();
      throw err;
    }
  }

  async close(): Promise<void> {
    if (this.closing) return;
    this.closing = true;
    this.closeController.abort();
    const closeOne = (server: Server): Promise<void> =>
      new Promise((resolve) => {
        if (!server.listening) return resolve();
        server.close(() => resolve());
        server.closeAllConnections();
      });
    const done = Promise.all([closeOne(this.serverA), closeOne(this.serverB)]);
    for (const socket of this.sockets) socket.destroy();
    await done;
  }

  private makeServer(service: 'A' | 'B', routes: RouteTable): Server {
    const server = createServer((req, res) => {
      void this.handle(service, routes, req, res);
    });
    server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.once('close', () => this.sockets.delete(socket));
    });
    return server;
  }

  private async handle(service: 'A' | 'B', routes: RouteTable, req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    const method = (req.method ?? 'GET').toUpperCase();
    if (path.startsWith('/__sim/')) {
      await handleControl(this, req, res, path, method);
      return;
    }
    const headers = headerRecord(req);
    const record: RecordedRequest = { service, method, path, headers, body: undefined, status: 0, aborted: false, bytesSent: 0 };
    this.requests.push(record);
    const controller = new AbortController();
    let serverReset = false;
    const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
    res.writeHead = ((...args: unknown[]) => {
      const out = writeHead(...args);
      record.status = res.statusCode;
      return out;
    }) as typeof res.writeHead;
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      if (record.firstDataAt === undefined && String(chunk).startsWith('data: ')) record.firstDataAt = this.clock.now();
      record.bytesSent += byteLength(chunk);
      return write(chunk, ...rest);
    }) as typeof res.write;
    const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
    res.end = ((...args: unknown[]) => {
      record.bytesSent += byteLength(args[0]);
      return end(...args);
    }) as typeof res.end;
    res.on('close', () => {
      if (!res.writableFinished && !serverReset && !this.closing) {
        record.aborted = true;
        this.aborted += 1;
      }
      controller.abort();
    });
    const onClose = (): void => controller.abort();
    this.closeController.signal.addEventListener('abort', onClose, { once: true });
    try {
      const raw = await readBody(req);
      if (raw.length > 0) {
        try {
          record.body = JSON.parse(raw.toString('utf8'));
        } catch {
          record.body = raw.toString('utf8');
        }
      }
      const route = routes[path];
      if (!route) {
        const hint = service === 'B' && (path === '/anthropic' || path.startsWith('/anthropic/')) ? ' (the /anthropic compatibility path is not simulated)' : '';
        throw new SimHttpError(404, 'invalid_request', `Unknown path: ${method} ${path}${hint}`);
      }
      const handler = route[method];
      if (!handler) {
        throw new SimHttpError(405, 'invalid_request', `Method ${method} is not allowed on ${path}; use ${Object.keys(route).join(', ')}`, {
          allow: Object.keys(route).join(', '),
        });
      }
      if (service === 'A') checkAuthA(headers, this.keyA);
      else checkAuthB(headers, this.keyB);

      const headerFault = headers['x-sim-fault'] !== undefined ? parseFaultHeader(headers['x-sim-fault']) : undefined;
      const fault: ActiveFault | undefined =
        headerFault ?? this.faults.take(service, path, ['429', '500', 'reset', 'malformed', 'truncate', 'giant-line', 'keepalive-forever']);
      if (fault?.kind === '429') {
        throw new SimHttpError(429, 'rate_limit_exceeded', 'rate limit exceeded: too many requests, retry later', {
          'retry-after': String(fault.retryAfterS),
        });
      }
      if (fault?.kind === '500') throw new SimHttpError(500, 'server_error', 'internal server error (injected fault)');

      const finish = headers['x-sim-finish'];
      if (finish !== undefined && !FORCED_FINISH.includes(finish as ForcedFinish)) {
        throw badRequest(`x-sim-finish: must be one of ${FORCED_FINISH.join(', ')}`);
      }
      let body: unknown;
      if (method === 'POST') {
        const type = headers['content-type'] ?? '';
        // The contracts require Content-Type: application/json on POST bodies.
        if (!/^application\/json\b/i.test(type)) throw badRequest(`Content-Type: must be application/json (got "${type}")`);
        if (raw.length === 0) throw badRequest('request body: required JSON object');
        body = parseJsonBody(raw);
      }
      const ctx: RequestContext = {
        service,
        method,
        path,
        headers,
        body,
        res,
        signal: controller.signal,
        clock: this.clock,
        pacing: {
          ttftMs: headerNumber(headers, 'x-sim-ttft-ms') ?? this.tunable.ttftMs,
          tokensPerSecond: headerNumber(headers, 'x-sim-tps') ?? this.tunable.tokensPerSecond,
        },
        fault: fault && fault.kind !== 'search-error' ? fault : undefined,
        searchError: fault?.kind === 'search-error',
        forcedFinish: finish as ForcedFinish | undefined,
        contextTokensA: this.tunable.contextTokensA,
        contextTokensB: this.tunable.contextTokensB,
        balance: this.balance,
        promptCache: this.promptCache,
        fimMode: this.fimMode,
        serial: ++this.serial,
        takeFault: (kinds) => this.faults.take(service, path, kinds),
        markServerReset: () => {
          serverReset = true;
        },
      };
      await handler(ctx);
    } catch (err) {
      if (res.headersSent || res.destroyed) {
        res.destroy();
      } else if (err instanceof SimHttpError) {
        sendJson(res, err.status, errorBody(err.code, err.message), err.headers);
      } else {
        sendJson(res, 500, errorBody('server_error', `simulator error: ${err instanceof Error ? err.message : String(err)}`));
      }
    } finally {
      this.closeController.signal.removeEventListener('abort', onClose);
    }
  }
}

/** Starts both servers on 127.0.0.1 and resolves once they listen. */
export async function startSimulator(options: SimOptions = {}): Promise<Simulator> {
  const sim = new SimulatorImpl(options);
  await sim.listen();
  return sim;
}
