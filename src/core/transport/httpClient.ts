import { setTimeout as delay } from 'node:timers/promises';
import type { Dispatcher } from 'undici';
import type { ServiceId } from '../services/wireTypes';
import { isServiceError, ServiceError } from '../errors/serviceError';
import { MAX_RETRY_AFTER_MS, retryDelayMs } from './backoff';
import { abortedError, errorFromException, errorFromResponse } from './errorMapping';
import { silentLogger, type Logger } from './logger';
import { redactSecrets } from './redact';
import { CallDeadline, carriesContent, realTimer, type Timer } from './callDeadline';
import { REQUEST_POLICIES, type RequestKind, type RequestPolicy } from './requestKinds';
import { sseJson } from './sse';
import { loadUndici } from './loadUndici';

export interface HttpClientOptions {
  service: ServiceId;
  /**
   * From createDispatcher. An instance belongs to the caller (close() leaves it open); a factory is
   * called on the first request and its dispatcher is closed by close(). Default: a plain undici
   * Agent with the timeouts below, created on first use.
   */
  dispatcher?: Dispatcher | (() => Dispatcher);
  /** Default 10_000. Only used for the default dispatcher; a passed-in one carries its own. */
  connectTimeoutMs?: number;
  /** Headers (first byte) timeout, default 60_000. */
  firstByteTimeoutMs?: number;
  /** Body/idle timeout between chunks, default 120_000. */
  idleTimeoutMs?: number;
  /** Retries after the first attempt, default 3 (none for kinds that are not retried). */
  maxRetries?: number;
  /** Overrides of the per-kind deadlines (REQUEST_POLICIES); tests pass small ones. */
  policies?: Partial<Record<RequestKind, Partial<RequestPolicy>>>;
  /** Injectable for tests: the timer the deadlines run on. */
  timer?: Timer;
  baseDelayMs?: number;
  maxDelayMs?: number;
  logger?: Logger;
  /** Values to redact from anything logged or echoed. */
  secrets?: () => readonly string[];
  /** Injectable for tests; must reject when the signal aborts. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  random?: () => number;
}

export interface RetryInfo {
  /** Number of the retry about to happen, 1-based (1 = the second attempt). */
  attempt: number;
  delayMs: number;
  error: ServiceError;
}

export interface HttpRequest {
  method: 'GET' | 'POST';
  url: string;
  headers?: Record<string, string>;
  /** JSON-encoded when present; sets Content-Type: application/json unless given. */
  body?: unknown;
  signal?: AbortSignal;
  /** Called before each backoff sleep, so a UI can show a countdown. */
  onRetry?: (info: RetryInfo) => void;
  /** Which deadlines and retry rule apply (REQUEST_POLICIES); default `chat`, the most lenient. */
  kind?: RequestKind;
}

/** One call in progress: the request with the deadline's signal, its deadline and its retry budget. */
interface Call {
  req: HttpRequest;
  deadline: CallDeadline;
  maxRetries: number;
}

/** Error bodies are only read this far: enough for a message, bounded against a hostile server. */
const MAX_ERROR_BODY_BYTES = 64 * 1024;
/** A non-stream JSON reply larger than this is not something either contract produces. */
const MAX_JSON_BODY_BYTES = 32 * 1024 * 1024;

const CONNECT_PHASE_CODES: ReadonlySet<string> = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENETDOWN',
  'UND_ERR_CONNECT_TIMEOUT',
]);

interface Opened {
  res: Dispatcher.ResponseData;
  start: number;
}

/**
 * JSON and SSE over undici with retries, timeouts, per-kind deadlines (requestKinds.ts), cancellation
 * and redacted one-line logging. Every failure rejects with a ServiceError; aborting the request's
 * signal, or a deadline passing, closes its socket.
 */
export class HttpClient {
  private readonly service: ServiceId;
  private readonly makeDispatcher: () => Dispatcher;
  private dispatcher: Dispatcher | undefined;
  private readonly ownsDispatcher: boolean;
  private readonly firstByteTimeoutMs: number;
  private readonly idleTimeoutMs: number;
  private readonly maxRetries: number;
  private readonly policies: HttpClientOptions['policies'];
  private readonly timer: Timer;
  private readonly baseDelayMs: number;
  private readonly maxDelayMs: number;
  private readonly logger: Logger;
  private readonly secrets: () => readonly string[];
  private readonly sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  private readonly random: () => number;

  constructor(options: HttpClientOptions) {
    this.service = options.service;
    this.firstByteTimeoutMs = options.firstByteTimeoutMs ?? 60_000;
    this.idleTimeoutMs = options.idleTimeoutMs ?? 120_000;
    this.maxRetries = Math.max(0, options.maxRetries ?? 3);
    this.policies = options.policies;
    this.timer = options.timer ?? realTimer;
    this.baseDelayMs = options.baseDelayMs ?? 500;
    this.maxDelayMs = options.maxDelayMs ?? 20_000;
    this.logger = options.logger ?? silentLogger;
    this.secrets = options.secrets ?? (() => []);
    this.sleep = options.sleep ?? ((ms, signal) => delay(ms, undefined, { signal }));
    this.random = options.random ?? Math.random;
    const given = options.dispatcher;
    this.ownsDispatcher = typeof given !== 'object';
    this.makeDispatcher =
      typeof given === 'object'
        ? () => given
        : (given ??
          (() =>
            new (loadUndici().Agent)({
              connect: { timeout: options.connectTimeoutMs ?? 10_000 },
              headersTimeout: this.firstByteTimeoutMs,
              bodyTimeout: this.idleTimeoutMs,
            })));
  }

  async requestJson<T>(req: HttpRequest): Promise<T> {
    const call = this.startCall(req);
    try {
      for (let retries = 0; ; retries++) {
        call.deadline.attemptStarted();
        try {
          return (await this.attemptJson(call)) as T;
        } catch (err) {
          call.deadline.firstTokenArrived(); // no first-token clock runs through a backoff wait
          await this.prepareRetry(call, this.asServiceError(call.req, err, 'body'), retries);
        }
      }
    } catch (err) {
      throw this.deadlineOr(call, err);
    } finally {
      call.deadline.dispose();
    }
  }

  /**
   * Opens an SSE stream. Retries (429, 5xx, connection errors, timeouts) happen only until the first
   * event has been received; after that, errors propagate and partial data stays with the caller.
   */
  async *streamJson(req: HttpRequest): AsyncGenerator<unknown> {
    const call = this.startCall(req);
    try {
      yield* this.streamAttempts(call);
    } catch (err) {
      throw this.deadlineOr(call, err);
    } finally {
      call.deadline.dispose();
    }
  }

  private async *streamAttempts(call: Call): AsyncGenerator<unknown> {
    const { req, deadline } = call;
    for (let retries = 0; ; retries++) {
      deadline.attemptStarted();
      let opened: Opened;
      try {
        opened = await this.open(req, 'text/event-stream');
      } catch (err) {
        deadline.firstTokenArrived();
        await this.prepareRetry(call, this.asServiceError(req, err, 'headers'), retries);
        continue;
      }
      const { res, start } = opened;
      this.logAttempt(req, String(res.statusCode), start);
      let received = 0;
      let finished = false;
      let failure: ServiceError;
      try {
        // destroyOnReturn false: stopping at [DONE] must not kill a socket that keep-alive can reuse (see finally).
        const body = res.body.iterator({ destroyOnReturn: false });
        const events = sseJson(
          { [Symbol.asyncIterator]: () => body },
          { service: this.service, signal: req.signal, url: req.url, secrets: this.safeSecrets() },
        );
        for await (const event of events) {
          received++;
          if (carriesContent(event)) deadline.firstTokenArrived();
          yield event;
        }
        finished = true;
        this.log('debug', `${req.method} ${pathOf(req.url)} stream done, ${received} events, ${Date.now() - start}ms`);
        return;
      } catch (err) {
        failure = this.asServiceError(req, err, 'body');
      } finally {
        // After [DONE], read the few bytes left so the keep-alive socket serves the next request (a
        // new TLS handshake per completion would cost more than the completion). Otherwise, also when
        // the consumer stops early, close the socket rather than leave it half-read.
        if (finished) res.body.dump({ limit: 64 * 1024, signal: AbortSignal.timeout(5_000) }).catch(() => res.body.destroy());
        else if (!res.body.destroyed) {
          // Nothing listens to the discarded body any more: its expected abort error must not go unhandled.
          res.body.on('error', () => undefined).destroy();
        }
      }
      this.log('warn', `${req.method} ${pathOf(req.url)} stream ${failure.code} after ${received} events, ${Date.now() - start}ms`);
      // Once something was delivered a retry would duplicate output; the caller keeps the partial reply.
      if (received > 0) throw failure;
      deadline.firstTokenArrived();
      await this.prepareRetry(call, failure, retries);
    }
  }

  private startCall(req: HttpRequest): Call {
    const kind = req.kind ?? 'chat';
    const policy = { ...REQUEST_POLICIES[kind], ...this.policies?.[kind] };
    const deadline = new CallDeadline(this.service, policy, req.signal, this.timer);
    return { req: { ...req, signal: deadline.signal }, deadline, maxRetries: policy.retries ? this.maxRetries : 0 };
  }

  /** A passed deadline explains the abort it caused; anything else stays as it was. */
  private deadlineOr(call: Call, err: unknown): unknown {
    const expired = call.deadline.expired;
    if (!expired) return err;
    this.log('warn', `${call.req.method} ${pathOf(call.req.url)} gave up: ${expired.message}`);
    return expired;
  }

  /** Releases the sockets of a dispatcher this client created; a passed-in instance belongs to its creator. */
  async close(): Promise<void> {
    // destroy, not close: shutdown must not wait for a half-read stream.
    if (this.ownsDispatcher) await this.dispatcher?.destroy();
    this.dispatcher = undefined;
  }

  private async attemptJson({ req, deadline }: Call): Promise<unknown> {
    const { res, start } = await this.open(req, 'application/json');
    deadline.firstTokenArrived(); // for a JSON reply, the headers are the first sign of an answer
    let text: string;
    try {
      const read = await readBounded(res.body, MAX_JSON_BODY_BYTES);
      if (read.truncated) throw this.invalidResponse(`the reply was larger than ${MAX_JSON_BODY_BYTES} bytes`);
      text = read.text;
    } catch (err) {
      const error = this.asServiceError(req, err, 'body');
      this.logAttempt(req, `${res.statusCode} ${error.code}`, start);
      throw error;
    }
    this.logAttempt(req, String(res.statusCode), start);
    try {
      return JSON.parse(text);
    } catch (cause) {
      throw this.invalidResponse('the reply was not JSON', cause);
    }
  }

  /** One attempt up to a 2xx status line; anything else becomes the ServiceError it means. */
  private async open(req: HttpRequest, accept: string): Promise<Opened> {
    const start = Date.now();
    const headers: Record<string, string> = { ...req.headers };
    if (!hasHeader(headers, 'accept')) headers.accept = accept;
    let body: string | undefined;
    if (req.body !== undefined) {
      body = JSON.stringify(req.body);
      if (!hasHeader(headers, 'content-type')) headers['content-type'] = 'application/json';
    }

    let res: Dispatcher.ResponseData;
    try {
      this.dispatcher ??= this.makeDispatcher();
      const url = new URL(req.url);
      res = await this.dispatcher.request({
        origin: url.origin,
        path: url.pathname + url.search,
        method: req.method,
        headers,
        body,
        signal: req.signal,
        headersTimeout: this.firstByteTimeoutMs,
        bodyTimeout: this.idleTimeoutMs,
      });
    } catch (err) {
      const error = this.asServiceError(req, err, CONNECT_PHASE_CODES.has(codeOf(err)) ? 'connect' : 'headers');
      this.logAttempt(req, error.code, start);
      throw error;
    }

    if (res.statusCode >= 200 && res.statusCode < 300) return { res, start };

    let text = '';
    try {
      text = (await readBounded(res.body, MAX_ERROR_BODY_BYTES)).text;
    } catch (err) {
      if (req.signal?.aborted) throw abortedError(this.service, err);
      // The status alone still says what went wrong.
    }
    this.logAttempt(req, String(res.statusCode), start);
    throw errorFromResponse(this.service, res.statusCode, text, res.headers, this.safeSecrets());
  }

  /** Throws unless `error` is worth another attempt; otherwise logs, tells the UI, and sleeps. */
  private async prepareRetry({ req, maxRetries }: Call, error: ServiceError, retriesSoFar: number): Promise<void> {
    if (req.signal?.aborted) throw error.code === 'aborted' ? error : abortedError(this.service, req.signal.reason);
    if (!error.retryable || retriesSoFar >= maxRetries) throw error;
    // A server asking for more than a minute means quota, not congestion: tell the user instead of waiting.
    if (error.retryAfterMs !== undefined && error.retryAfterMs > MAX_RETRY_AFTER_MS) throw error;
    const attempt = retriesSoFar + 1;
    const delayMs = retryDelayMs(attempt, {
      baseMs: this.baseDelayMs,
      maxMs: this.maxDelayMs,
      random: this.random,
      retryAfterMs: error.retryAfterMs,
    });
    this.log('warn', `${req.method} ${pathOf(req.url)} retry ${attempt}/${maxRetries} in ${delayMs}ms after ${error.code}`);
    try {
      req.onRetry?.({ attempt, delayMs, error });
    } catch (err) {
      // A UI callback failing must not turn into a request failure.
      this.log('debug', `onRetry callback threw: ${err instanceof Error ? err.message : String(err)}`);
    }
    try {
      await this.sleep(delayMs, req.signal);
    } catch (err) {
      throw abortedError(this.service, err);
    }
    if (req.signal?.aborted) throw abortedError(this.service, req.signal.reason);
  }

  private asServiceError(req: HttpRequest, err: unknown, phase: 'connect' | 'headers' | 'body'): ServiceError {
    // By name as well as class: a lazily loaded bundle (scripts/bundles.mjs) has its own copy of the class.
    if (isServiceError(err)) return err;
    // A custom abort reason (e.g. "superseded") would not look like an abort to the mapper.
    if (req.signal?.aborted) return abortedError(this.service, err);
    return errorFromException(this.service, err, { url: req.url, phase, secrets: this.safeSecrets() });
  }

  private invalidResponse(why: string, cause?: unknown): ServiceError {
    return new ServiceError({
      service: this.service,
      code: 'invalid_response',
      message: `Service ${this.service} sent an invalid response: ${why}`,
      cause,
    });
  }

  /** `POST /v1/chat/completions 200 123ms`: never headers, bodies, query strings or keys. */
  private logAttempt(req: HttpRequest, outcome: string, start: number): void {
    this.log('info', `${req.method} ${pathOf(req.url)} ${outcome} ${Date.now() - start}ms`);
  }

  private log(level: 'debug' | 'info' | 'warn', line: string): void {
    this.logger[level](redactSecrets(line, this.safeSecrets()));
  }

  private safeSecrets(): readonly string[] {
    try {
      return this.secrets();
    } catch {
      return [];
    }
  }
}

async function readBounded(body: Dispatcher.ResponseData['body'], limit: number): Promise<{ text: string; truncated: boolean }> {
  const chunks: Buffer[] = [];
  let size = 0;
  let truncated = false;
  for await (const chunk of body) {
    const buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
    if (size + buf.length > limit) {
      chunks.push(buf.subarray(0, limit - size));
      truncated = true;
      break; // leaving the loop destroys the body, which stops the download
    }
    chunks.push(buf);
    size += buf.length;
  }
  return { text: Buffer.concat(chunks).toString('utf8'), truncated };
}

function hasHeader(headers: Record<string, string>, name: string): boolean {
  return Object.keys(headers).some((key) => key.toLowerCase() === name);
}

function pathOf(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return '(invalid url)';
  }
}

function codeOf(err: unknown): string {
  const code = typeof err === 'object' && err !== null ? (err as { code?: unknown }).code : undefined;
  return typeof code === 'string' ? code : '';
}
