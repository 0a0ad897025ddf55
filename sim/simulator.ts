// The simulator of Service A and Service B: two real HTTP servers on 127.0.0.1 that speak the
// contracts (docs/contracts.md), with fault injection, pacing, request recording and control
// endpoints under /__sim/. All state lives in the Simulator instance.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { checkAuthA, checkAuthB } from './auth';
import { handleControl } from './control';
import { errorBody, SimHttpError, badRequest } from './errors';
import { FaultQueue, parseFaultHeader, type ActiveFault } from './faults';
import { headerRecord, readBody, sendJson } from './httpIo';
import { parseFimMode, type FimMode } from './fimMode';
import { parseEditMode, type EditMode } from './editMode';
import { realClock, type SimClock } from './pacing';
import { PromptCache } from './promptCache';
import type { ForcedFinish, RequestContext } from './requestContext';
import { ROUTES_A, ROUTES_B, type Handler, type RouteTable } from './routes';
import type { FaultSpec, RecordedRequest, SimOptions, Simulator, TunableOptions } from './types';

// The simulator's public types, for those who start one (tests, benchmarks, the e2e workbench).
export type { SimOptions, Simulator } from './types';

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

/** The abort wiring of one request (see watchAbort). */
interface AbortWatch {
  readonly signal: AbortSignal;
  /** Called before the server destroys the socket on purpose, so it is not counted as a client abort. */
  markServerReset(): void;
  /** Stops listening for the simulator's close once the request is done. */
  release(): void;
}

/** Wraps the reply's writeHead/write/end so the record follows what actually went out. */
function recordReply(res: ServerResponse, record: RecordedRequest, clock: SimClock): void {
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
  res.writeHead = ((...args: unknown[]) => {
    const out = writeHead(...args);
    record.status = res.statusCode;
    return out;
  }) as typeof res.writeHead;
  const write = res.write.bind(res) as (...args: unknown[]) => boolean;
  res.write = ((chunk: unknown, ...rest: unknown[]) => {
    if (record.firstDataAt === undefined && String(chunk).startsWith('data: ')) record.firstDataAt = clock.now();
    record.bytesSent += byteLength(chunk);
    return write(chunk, ...rest);
  }) as typeof res.write;
  const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
  res.end = ((...args: unknown[]) => {
    record.bytesSent += byteLength(args[0]);
    record.endedAt = clock.now();
    return end(...args);
  }) as typeof res.end;
}

/** The body as recorded: JSON when it parses, else its text (a malformed body is worth seeing too). */
function recordedBody(raw: Buffer): unknown {
  if (raw.length === 0) return undefined;
  try {
    return JSON.parse(raw.toString('utf8'));
  } catch {
    return raw.toString('utf8');
  }
}

/** The handler for this path and method, or the 404/405 the services answer. */
function route(routes: RouteTable, service: 'A' | 'B', method: string, path: string): Handler {
  const methods = routes[path];
  if (!methods) {
    const hint =
      service === 'B' && (path === '/anthropic' || path.startsWith('/anthropic/'))
        ? ' (the /anthropic compatibility path is not simulated)'
        : '';
    throw new SimHttpError(404, 'invalid_request', `Unknown path: ${method} ${path}${hint}`);
  }
  const handler = methods[method];
  if (!handler) {
    throw new SimHttpError(405, 'invalid_request', `Method ${method} is not allowed on ${path}; use ${Object.keys(methods).join(', ')}`, {
      allow: Object.keys(methods).join(', '),
    });
  }
  return handler;
}

/** `x-sim-finish` forces how the answer ends; anything but the listed reasons is a 400. */
function forcedFinish(headers: Record<string, string>): ForcedFinish | undefined {
  const finish = headers['x-sim-finish'];
  if (finish !== undefined && !FORCED_FINISH.includes(finish as ForcedFinish)) {
    throw badRequest(`x-sim-finish: must be one of ${FORCED_FINISH.join(', ')}`);
  }
  return finish as ForcedFinish | undefined;
}

/** A POST body: the contracts require Content-Type: application/json and a JSON body. */
function parseBody(headers: Record<string, string>, raw: Buffer): unknown {
  const type = headers['content-type'] ?? '';
  if (!/^application\/json\b/i.test(type)) throw badRequest(`Content-Type: must be application/json (got "${type}")`);
  if (raw.length === 0) throw badRequest('request body: required JSON object');
  return parseJsonBody(raw);
}

/** An error as the services send it; a reply already under way can only be cut. */
function respondWithError(res: ServerResponse, err: unknown): void {
  if (res.headersSent || res.destroyed) {
    res.destroy();
  } else if (err instanceof SimHttpError) {
    sendJson(res, err.status, errorBody(err.code, err.message), err.headers);
  } else {
    sendJson(res, 500, errorBody('server_error', `simulator error: ${err instanceof Error ? err.message : String(err)}`));
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
  /** When each connection was opened, by socket, so a request can say whether it waited for a dial. */
  private readonly openedAt = new WeakMap<Socket, number>();
  private readonly serials = new WeakMap<Socket, number>();
  private opened = 0;
  private readonly initial: TunableOptions;
  private tunable: TunableOptions;
  private readonly balance: NonNullable<SimOptions['balance']>;
  private readonly fimMode: FimMode;
  private readonly editMode: EditMode;
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
    this.editMode = parseEditMode(options.edit ?? 'fenced');
    this.clock = options.clock ?? realClock;
    this.serverA = this.makeServer('A', ROUTES_A);
    this.serverB = this.makeServer('B', ROUTES_B);
  }

  get abortedCount(): number {
    return this.aborted;
  }

  get connectionsOpened(): number {
    return this.opened;
  }

  get connectionsOpen(): number {
    return this.sockets.size;
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
    this.opened = 0;
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
      this.opened += 1;
      this.openedAt.set(socket, this.clock.now());
      this.serials.set(socket, this.opened);
      this.sockets.add(socket);
      socket.once('close', () => this.sockets.delete(socket));
    });
    return server;
  }

  /** One request to a service: the control endpoints aside, each step below may end it with an HTTP error. */
  private async handle(service: 'A' | 'B', routes: RouteTable, req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    const method = (req.method ?? 'GET').toUpperCase();
    if (path.startsWith('/__sim/')) {
      await handleControl(this, req, res, path, method);
      return;
    }
    const headers = headerRecord(req);
    const record = this.record(
      {
        service,
        method,
        path,
        headers,
        body: undefined,
        status: 0,
        aborted: false,
        bytesSent: 0,
        receivedAt: this.clock.now(),
        connection: this.serials.get(req.socket),
        connectionOpenedAt: this.openedAt.get(req.socket),
      },
      res,
    );
    const abort = this.watchAbort(record, res);
    try {
      const raw = await readBody(req);
      record.body = recordedBody(raw);
      const handler = route(routes, service, method, path);
      this.authenticate(service, headers);
      const fault = this.applyFaultModes(service, path, headers);
      const finish = forcedFinish(headers);
      const body = method === 'POST' ? parseBody(headers, raw) : undefined;
      await handler(this.context({ service, method, path, headers, body, res }, fault, finish, abort));
    } catch (err) {
      respondWithError(res, err);
    } finally {
      abort.release();
      record.handled = true;
    }
  }

  /** Keeps the request in `requests`, with its reply's status and size updated as the reply is written. */
  private record(record: RecordedRequest, res: ServerResponse): RecordedRequest {
    this.requests.push(record);
    recordReply(res, record, this.clock);
    return record;
  }

  /**
   * The handler's signal: aborted when the reply closes or the simulator does. A reply closed before it
   * finished counts as a client abort, unless the simulator closed it (closing, or a reset fault).
   */
  private watchAbort(record: RecordedRequest, res: ServerResponse): AbortWatch {
    const controller = new AbortController();
    let serverReset = false;
    res.on('close', () => {
      if (!res.writableFinished && !serverReset && !this.closing) {
        record.aborted = true;
        this.aborted += 1;
      }
      controller.abort();
    });
    const onClose = (): void => controller.abort();
    this.closeController.signal.addEventListener('abort', onClose, { once: true });
    return {
      signal: controller.signal,
      markServerReset: () => {
        serverReset = true;
      },
      release: () => this.closeController.signal.removeEventListener('abort', onClose),
    };
  }

  private authenticate(service: 'A' | 'B', headers: Record<string, string>): void {
    if (service === 'A') checkAuthA(headers, this.keyA);
    else checkAuthB(headers, this.keyB);
  }

  /**
   * This request's fault: its `x-sim-fault` header, else the first queued fault that matches. A 429 or
   * 500 answers here; the others (reset, malformed…) are returned for the handler to play mid-reply.
   */
  private applyFaultModes(service: 'A' | 'B', path: string, headers: Record<string, string>): ActiveFault | undefined {
    const headerFault = headers['x-sim-fault'] !== undefined ? parseFaultHeader(headers['x-sim-fault']) : undefined;
    const fault: ActiveFault | undefined =
      headerFault ?? this.faults.take(service, path, ['429', '500', 'reset', 'malformed', 'truncate', 'giant-line', 'keepalive-forever']);
    if (fault?.kind === '429') {
      throw new SimHttpError(429, 'rate_limit_exceeded', 'rate limit exceeded: too many requests, retry later', {
        'retry-after': String(fault.retryAfterS),
      });
    }
    if (fault?.kind === '500') throw new SimHttpError(500, 'server_error', 'internal server error (injected fault)');
    return fault;
  }

  /** What the handler gets: the request, its pacing (headers override the tunables) and this simulator's state. */
  private context(
    request: Pick<RequestContext, 'service' | 'method' | 'path' | 'headers' | 'body' | 'res'>,
    fault: ActiveFault | undefined,
    finish: ForcedFinish | undefined,
    abort: AbortWatch,
  ): RequestContext {
    const { service, path, headers } = request;
    return {
      ...request,
      signal: abort.signal,
      clock: this.clock,
      pacing: {
        ttftMs: headerNumber(headers, 'x-sim-ttft-ms') ?? this.tunable.ttftMs,
        tokensPerSecond: headerNumber(headers, 'x-sim-tps') ?? this.tunable.tokensPerSecond,
      },
      fault: fault && fault.kind !== 'search-error' ? fault : undefined,
      searchError: fault?.kind === 'search-error',
      forcedFinish: finish,
      contextTokensA: this.tunable.contextTokensA,
      contextTokensB: this.tunable.contextTokensB,
      balance: this.balance,
      promptCache: this.promptCache,
      fimMode: this.fimMode,
      editMode: this.editMode,
      serial: ++this.serial,
      takeFault: (kinds) => this.faults.take(service, path, kinds),
      markServerReset: abort.markServerReset,
    };
  }
}

/** Starts both servers on 127.0.0.1 and resolves once they listen. */
export async function startSimulator(options: SimOptions = {}): Promise<Simulator> {
  const sim = new SimulatorImpl(options);
  await sim.listen();
  return sim;
}
