import type { ServiceId } from '../services/wireTypes';
import { isServiceError, ServiceError, type ErrorCode } from '../errors/serviceError';
import { parseRetryAfter } from './backoff';
import { redactSecrets } from './redact';
import { baseUrlSetting, settingId } from '../config/settingsCatalog';
import { CUT_ADVICE } from '../errors/codeAdvice';
import { phrase, type Phrase } from '../errors/phrase';

export type ResponseHeaders = Record<string, string | string[] | undefined>;

export interface ExceptionContext {
  /** The request URL; credentials and query are stripped before it is echoed. */
  url: string;
  phase: 'connect' | 'headers' | 'body';
  /** Masked in any text of the error that is echoed (before it is cut). */
  secrets?: readonly string[];
}

/** Server text echoed into a message is cut here: enough to diagnose, short enough for a toast. */
const MAX_ECHO_CHARS = 300;

const RETRYABLE: ReadonlySet<ErrorCode> = new Set<ErrorCode>(['rate_limit_exceeded', 'server_error', 'network_error', 'timeout']);

/**
 * Codes a body may carry, mapped onto ours. Service A's table is the source; Service B shows no
 * codes, so the widely used chat-completions spellings (OpenAI-style `type`s) are accepted too.
 */
const BODY_CODES: Readonly<Record<string, ErrorCode>> = {
  invalid_api_key: 'invalid_api_key',
  authentication_error: 'invalid_api_key',
  rate_limit_exceeded: 'rate_limit_exceeded',
  rate_limit_error: 'rate_limit_exceeded',
  invalid_request: 'invalid_request',
  invalid_request_error: 'invalid_request',
  context_length_exceeded: 'context_length_exceeded',
  content_filter: 'content_filter',
  content_policy_violation: 'content_filter',
  server_error: 'server_error',
  internal_error: 'server_error',
  api_error: 'server_error',
  overloaded_error: 'server_error',
  model_not_found: 'model_not_found',
  insufficient_balance: 'insufficient_balance',
  insufficient_quota: 'insufficient_balance',
};

const checkBaseUrl = (service: ServiceId): Phrase => phrase('Check the base URL ({0})', settingId(baseUrlSetting(service)));

/** Maps a non-2xx response (body already read, bounded) to the error the user sees. */
export function errorFromResponse(
  service: ServiceId,
  status: number,
  bodyText: string,
  headers: ResponseHeaders,
  secrets: readonly string[] = [],
): ServiceError {
  const body = parseErrorBody(bodyText, secrets);
  const bodyCode = knownCode(body);
  let code: ErrorCode;
  let advice: Phrase | undefined;
  if (status === 401 || status === 403) {
    code = 'invalid_api_key';
  } else if (status === 402) {
    code = 'insufficient_balance';
  } else if (status === 429) {
    // A 429 can mean "out of quota" (widely used `insufficient_quota`), which no retry will fix.
    code = bodyCode === 'insufficient_balance' ? 'insufficient_balance' : 'rate_limit_exceeded';
  } else if (status === 404) {
    // A 404 naming a model is a retired/unknown model; any other 404 is almost always a wrong base URL.
    if (bodyCode === 'model_not_found' || /\bmodels?\b/i.test(body.message)) {
      code = 'model_not_found';
    } else {
      code = 'invalid_request';
      advice = checkBaseUrl(service);
    }
  } else if (status === 413) {
    // Payload too large: the only fix a user has is a smaller context.
    code = 'context_length_exceeded';
  } else if (status === 408 || status >= 500) {
    code = 'server_error';
  } else if (status >= 300 && status < 400) {
    // Redirects are not followed for POSTs; a redirect means the base URL is off (http vs https, path).
    code = 'invalid_request';
    advice = checkBaseUrl(service);
  } else if (status >= 200 && status < 300) {
    code = bodyCode ?? 'server_error';
  } else {
    // 400, 422 and other 4xx: trust a known body code; Service B shows none, so read the message too.
    code = bodyCode ?? (looksLikeContextOverflow(body.message) ? 'context_length_exceeded' : 'invalid_request');
  }
  return new ServiceError({
    service,
    code,
    status,
    message: composeMessage(service, `returned HTTP ${status} (${code})`, body.message, secrets),
    retryable: RETRYABLE.has(code),
    advice,
    retryAfterMs: retryAfterFrom(headers),
  });
}

/**
 * Maps an error object sent inside a 200 SSE stream (`data: {"error":{...}}`). There is no status to
 * go by, so the body's code decides; unknown codes count as a server failure.
 */
export function errorFromStreamPayload(service: ServiceId, payload: unknown, secrets: readonly string[] = []): ServiceError {
  const body = errorBodyFromJson(payload, secrets);
  const embeddedStatus = statusFrom(payload);
  if (embeddedStatus !== undefined && knownCode(body) === undefined && embeddedStatus >= 300) {
    return errorFromResponse(service, embeddedStatus, JSON.stringify(payload), {}, secrets);
  }
  const code = knownCode(body) ?? 'server_error';
  return new ServiceError({
    service,
    code,
    status: 200,
    message: composeMessage(service, `sent an error mid-stream (${code})`, body.message, secrets),
    retryable: RETRYABLE.has(code),
    advice: code === 'server_error' ? CUT_ADVICE : undefined,
  });
}

/** The error for a caller-initiated cancel; never retried, nothing for the user to fix. */
export function abortedError(service: ServiceId, cause?: unknown): ServiceError {
  return new ServiceError({ service, code: 'aborted', message: `Service ${service} request was cancelled`, cause });
}

/** Maps a thrown undici/Node error (no HTTP status) to a ServiceError; a ServiceError passes through. */
export function errorFromException(service: ServiceId, err: unknown, context: ExceptionContext): ServiceError {
  // By name as well as class: a lazily loaded bundle (scripts/bundles.mjs) has its own copy of the class.
  if (isServiceError(err)) return err;
  const { code, name, message } = describeError(err);
  const secrets = context.secrets ?? [];
  const where = safeUrl(context.url, secrets);
  const make = (errorCode: ErrorCode, text: string, retryable: boolean, advice?: Phrase): ServiceError =>
    new ServiceError({
      service,
      code: errorCode,
      message: redactSecrets(`Service ${service}: ${text} (${code ?? name ?? 'error'})`, secrets),
      retryable,
      advice,
      cause: err,
    });

  const tunnelFailed = /proxy/i.test(message);
  if (name === 'AbortError' || code === 'ABORT_ERR' || (code === 'UND_ERR_ABORTED' && !tunnelFailed)) {
    return abortedError(service, err);
  }
  if (tunnelFailed && (code === 'UND_ERR_ABORTED' || /tunnel/i.test(message))) {
    return make('network_error', `the proxy refused to connect to ${where}`, false, phrase('Check the proxy setting (http.proxy)'));
  }
  if (code === 'UND_ERR_CONNECT_TIMEOUT' || code === 'ETIMEDOUT' || (name === 'TimeoutError' && context.phase === 'connect')) {
    return make(
      'timeout',
      `timed out connecting to ${where}`,
      true,
      phrase('Check your network, proxy (http.proxy) and base URL ({0}); Tandem retries automatically', settingId(baseUrlSetting(service))),
    );
  }
  if (code === 'UND_ERR_HEADERS_TIMEOUT' || (name === 'TimeoutError' && context.phase === 'headers')) {
    return make('timeout', `no response from ${where} in time`, true);
  }
  if (code === 'UND_ERR_BODY_TIMEOUT' || name === 'TimeoutError') {
    return make(
      'timeout',
      `${where} stopped sending data`,
      true,
      phrase('The service went quiet mid-answer; Tandem retries when nothing was received yet'),
    );
  }
  if (code !== undefined && TLS_CODE.test(code)) {
    return make(
      'network_error',
      `TLS certificate check failed for ${where}`,
      false,
      phrase('Check the base URL ({0}); behind a TLS-inspecting proxy see http.proxyStrictSSL', settingId(baseUrlSetting(service))),
    );
  }
  if (code !== undefined && NETWORK_CODES.has(code)) {
    const verb = context.phase === 'connect' ? 'could not connect to' : 'lost the connection to';
    return make('network_error', `${verb} ${where}`, true);
  }
  if (code === 'ERR_INVALID_URL' || code === 'UND_ERR_INVALID_ARG' || /invalid url/i.test(message)) {
    return make('invalid_request', `the URL ${where} is not valid`, false, checkBaseUrl(service));
  }
  // Unknown failures are not retried: repeating a bug only delays the message the user needs.
  return make('network_error', `request to ${where} failed: ${echo(message, secrets)}`, false);
}

const NETWORK_CODES: ReadonlySet<string> = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'ECONNRESET',
  'EAI_AGAIN',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENETDOWN',
  'ECONNABORTED',
  'EHOSTDOWN',
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
]);
const TLS_CODE = /^(CERT_|ERR_TLS_|UNABLE_TO_|SELF_SIGNED_|DEPTH_ZERO_|ERR_SSL_)/;

interface ErrorBody {
  message: string;
  code?: string;
  type?: string;
}

/** Reads `{error:{message,type,code}}`, `{message, code}`, `{error: "text"}`, plain text or HTML. */
function parseErrorBody(text: string, secrets: readonly string[]): ErrorBody {
  const trimmed = text.trim();
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
    try {
      return errorBodyFromJson(JSON.parse(trimmed), secrets);
    } catch {
      // Not JSON after all: fall through and echo it as text.
    }
  }
  if (/^<|<html[\s>]|<body[\s>]/i.test(trimmed)) {
    const title = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(trimmed)?.[1];
    const visible = title ?? trimmed.replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ').replace(/<[^>]*>/g, ' ');
    return { message: echo(decodeEntities(visible), secrets) };
  }
  return { message: echo(trimmed, secrets) };
}

function errorBodyFromJson(json: unknown, secrets: readonly string[]): ErrorBody {
  if (!isRecord(json)) return { message: echo(typeof json === 'string' ? json : (JSON.stringify(json) ?? ''), secrets) };
  const inner = json.error;
  if (isRecord(inner)) {
    return { message: echo(textOf(inner.message) ?? '', secrets), code: textOf(inner.code), type: textOf(inner.type) };
  }
  const message = textOf(inner) ?? textOf(json.message) ?? textOf(json.detail) ?? '';
  return { message: echo(message, secrets), code: textOf(json.code), type: textOf(json.type) };
}

function knownCode(body: ErrorBody): ErrorCode | undefined {
  for (const candidate of [body.code, body.type]) {
    const mapped = candidate === undefined ? undefined : BODY_CODES[candidate.toLowerCase()];
    if (mapped) return mapped;
  }
  return undefined;
}

function looksLikeContextOverflow(message: string): boolean {
  return /context (length|window)|maximum context|too many tokens|prompt is too long/i.test(message);
}

function statusFrom(payload: unknown): number | undefined {
  if (!isRecord(payload)) return undefined;
  const source = isRecord(payload.error) ? payload.error : payload;
  const raw = source.status ?? source.status_code ?? source.code;
  return typeof raw === 'number' && Number.isInteger(raw) ? raw : undefined;
}

function retryAfterFrom(headers: ResponseHeaders): number | undefined {
  // `retry-after-ms` is a widely used, more precise variant; prefer it when both are present.
  const ms = headerValue(headers, 'retry-after-ms');
  if (ms !== undefined && /^\d+(\.\d+)?$/.test(ms.trim())) return Math.round(Number(ms));
  return parseRetryAfter(headerValue(headers, 'retry-after'), Date.now());
}

function headerValue(headers: ResponseHeaders, name: string): string | undefined {
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() === name) return Array.isArray(value) ? value[0] : value;
  }
  return undefined;
}

function composeMessage(service: ServiceId, what: string, echoed: string, secrets: readonly string[]): string {
  const tail = echoed ? `: ${echoed}` : '';
  return redactSecrets(`Service ${service} ${what}${tail}`, secrets);
}

function describeError(err: unknown): { code?: string; name?: string; message: string } {
  // Walk `cause` (fetch-style wrappers) and AggregateError (happy-eyeballs connects) to the first coded error.
  let current: unknown = err;
  for (let depth = 0; depth < 5 && isRecord(current); depth++) {
    if (typeof current.code === 'string') break;
    const errors = current.errors;
    const next = Array.isArray(errors) && errors.length > 0 ? errors[0] : current.cause;
    if (!isRecord(next)) break;
    current = next;
  }
  const top = isRecord(err) ? err : {};
  const found = isRecord(current) ? current : top;
  return {
    code: textOf(found.code) ?? textOf(top.code),
    name: textOf(top.name),
    message: textOf(found.message) ?? textOf(top.message) ?? String(err),
  };
}

function safeUrl(url: string, secrets: readonly string[]): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}${parsed.pathname}`;
  } catch {
    return echo(url, secrets, 80);
  }
}

/**
 * Text we did not write, made fit for a message: keys masked first, then cut. Cutting first would
 * leave the head of a key that straddles the cut, which no longer matches the key and so survives.
 */
function echo(text: string, secrets: readonly string[], max = MAX_ECHO_CHARS): string {
  return truncate(redactSecrets(text, secrets), max);
}

function truncate(text: string, max = MAX_ECHO_CHARS): string {
  const collapsed = text.replace(/\s+/g, ' ').trim();
  return collapsed.length > max ? `${collapsed.slice(0, max - 1)}…` : collapsed;
}

function decodeEntities(text: string): string {
  return text
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
}

function textOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  return undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
