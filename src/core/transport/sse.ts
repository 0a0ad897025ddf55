import { createParser } from 'eventsource-parser';
import type { ServiceId } from '../services/wireTypes';
import { ServiceError } from '../errors/serviceError';
import { abortedError, errorFromException, errorFromStreamPayload } from './errorMapping';
import { baseUrlSetting, settingId } from '../config/settingsCatalog';
import { CUT_ADVICE } from '../errors/codeAdvice';
import { phrase, type Phrase } from '../errors/phrase';

export interface SseJsonOptions {
  service: ServiceId;
  signal?: AbortSignal;
  /** Only echoed in error messages when the body itself fails (credentials and query stripped there). */
  url?: string;
  /** Redacted from any server text echoed into an error. */
  secrets?: readonly string[];
}

/** Raw text kept to explain a body that turned out not to be an event stream at all. */
const MAX_RAW_CHARS = 64 * 1024;
/**
 * eventsource-parser keeps an unfinished line in memory without limit. No event either contract
 * sends comes near this (a long answer streams as many small chunks), so a longer line is a broken
 * or hostile server, and reading stops.
 */
const MAX_LINE_CHARS = 4 * 1024 * 1024;
/**
 * The parser also joins the `data:` lines of one event until a blank line, again without limit: many
 * short lines that never end their event are cut off here. Counted in whole chunks (reset when a
 * chunk completes an event), so the bound is this plus one chunk.
 */
const MAX_EVENT_CHARS = 16 * 1024 * 1024;

type Item = { kind: 'value'; value: unknown } | { kind: 'error'; error: ServiceError };

/**
 * Yields the JSON payload of each SSE `data:` event until `data: [DONE]`. Everything yielded before
 * a failure stays delivered; the failure is then thrown as a ServiceError:
 * an error object in the stream → its mapped code; bad JSON or a line longer than 4 MiB →
 * `invalid_response`; the body ending without `[DONE]` → `stream_truncated`.
 */
export async function* sseJson(body: AsyncIterable<Uint8Array | Buffer | string>, opts: SseJsonOptions): AsyncGenerator<unknown> {
  const { service, signal } = opts;
  const secrets = opts.secrets ?? [];
  // One decoder for the whole body, in streaming mode, so a character split across chunks survives.
  const decoder = new TextDecoder('utf-8');
  const queue: Item[] = [];
  let done = false;
  let atEnd = false;
  let events = 0;
  let raw = '';
  /** Characters since the last line break: what the parser holds as an unfinished line. */
  let lineChars = 0;
  let eventChars = 0;
  let eventEnded = false;

  const onData = (data: string): void => {
    if (done) return;
    if (data.trim() === '[DONE]') {
      done = true;
      return;
    }
    if (data.trim() === '') return; // keep-alive events with an empty payload
    let value: unknown;
    try {
      value = JSON.parse(data);
    } catch (cause) {
      // A partial line at the very end is a truncation, which the end-of-body check reports.
      if (atEnd) return;
      queue.push({ kind: 'error', error: malformedChunk(service, cause) });
      done = true;
      return;
    }
    events++;
    if (isErrorPayload(value)) {
      queue.push({ kind: 'error', error: errorFromStreamPayload(service, value, secrets) });
      done = true;
      return;
    }
    queue.push({ kind: 'value', value });
  };
  // Comments (`: keep-alive`) and unknown fields are ignored; the parser handles CRLF and lone CR.
  const parser = createParser({
    onEvent: (event) => {
      eventEnded = true;
      onData(event.data);
    },
  });

  const feed = (text: string): void => {
    if (raw.length < MAX_RAW_CHARS) raw += text.slice(0, MAX_RAW_CHARS - raw.length);
    // Only the chunk is searched, never the buffer: the cost stays proportional to what arrives.
    const lastBreak = Math.max(text.lastIndexOf('\n'), text.lastIndexOf('\r'));
    lineChars = lastBreak < 0 ? lineChars + text.length : text.length - 1 - lastBreak;
    if (lineChars <= MAX_LINE_CHARS) {
      eventEnded = false;
      parser.feed(text);
      eventChars = eventEnded ? 0 : eventChars + text.length;
      if (eventChars > MAX_EVENT_CHARS && !done) {
        queue.push({ kind: 'error', error: eventTooLong(service) });
        done = true;
      }
      return;
    }
    // The complete lines before it still count; the error follows the events they carry.
    parser.feed(text.slice(0, lastBreak + 1));
    if (!done) queue.push({ kind: 'error', error: lineTooLong(service) });
    done = true;
  };

  const iterator = body[Symbol.asyncIterator]();
  let finished = false;
  try {
    while (!done) {
      let step: IteratorResult<Uint8Array | Buffer | string>;
      try {
        step = await nextOrAbort(iterator, signal);
      } catch (err) {
        if (signal?.aborted) throw abortedError(service, err);
        throw errorFromException(service, err, { url: opts.url ?? '(stream)', phase: 'body', secrets });
      }
      if (step.done) {
        finished = true;
        atEnd = true;
        feed(decoder.decode());
        // Dispatch an event the server did not close with a blank line (lenient: `data: [DONE]` at EOF).
        parser.feed('\n\n');
        break;
      }
      const chunk = step.value;
      feed(typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true }));
      while (queue.length > 0) {
        const item = queue.shift() as Item;
        if (item.kind === 'error') throw item.error;
        yield item.value;
        if (signal?.aborted) throw abortedError(service, signal.reason);
      }
    }
    while (queue.length > 0) {
      const item = queue.shift() as Item;
      if (item.kind === 'error') throw item.error;
      yield item.value;
    }
    if (!done) {
      throw events === 0 ? notAStream(service, raw, secrets) : truncated(service);
    }
  } finally {
    if (!finished) {
      // Stop reading: for a network body this destroys the socket instead of draining it.
      void Promise.resolve(iterator.return?.()).catch(() => undefined);
    }
  }
}

function nextOrAbort<T>(iterator: AsyncIterator<T>, signal: AbortSignal | undefined): Promise<IteratorResult<T>> {
  if (!signal) return iterator.next();
  if (signal.aborted) return Promise.reject(signal.reason);
  // Race the read against the signal: a body that ignores aborts must still not hold the caller.
  return new Promise((resolve, reject) => {
    const onAbort = (): void => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    iterator.next().then(
      (result) => {
        signal.removeEventListener('abort', onAbort);
        resolve(result);
      },
      (err: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(err);
      },
    );
  });
}

function isErrorPayload(value: unknown): boolean {
  return typeof value === 'object' && value !== null && 'error' in value && (value as { error: unknown }).error != null;
}

function malformedChunk(service: ServiceId, cause: unknown): ServiceError {
  return new ServiceError({
    service,
    code: 'invalid_response',
    message: `Service ${service} stream had a malformed chunk (not JSON)`,
    advice: CUT_ADVICE,
    cause,
  });
}

/** A stream Tandem stopped reading: the text so far is kept, and a wrong base URL is a likely cause. */
function brokenStreamAdvice(service: ServiceId): Phrase {
  return phrase(
    'The answer stream was broken; the partial text is kept. Retry, and check that the base URL ({0}) points at Service {1}.',
    settingId(baseUrlSetting(service)),
    service,
  );
}

function lineTooLong(service: ServiceId): ServiceError {
  return new ServiceError({
    service,
    code: 'invalid_response',
    message: `Service ${service} sent a line longer than 4 MiB without a line break; Tandem stopped reading it`,
    advice: brokenStreamAdvice(service),
  });
}

function eventTooLong(service: ServiceId): ServiceError {
  return new ServiceError({
    service,
    code: 'invalid_response',
    message: `Service ${service} sent more than 16 MiB without ending an event; Tandem stopped reading it`,
    advice: brokenStreamAdvice(service),
  });
}

function truncated(service: ServiceId): ServiceError {
  return new ServiceError({
    service,
    code: 'stream_truncated',
    message: `Service ${service} stream ended before [DONE]`,
    retryable: false,
  });
}

/** No event at all: maybe a JSON error body sent with 200, maybe a wrong base URL serving a page. */
function notAStream(service: ServiceId, raw: string, secrets: readonly string[]): ServiceError {
  const text = raw.trim();
  if (text.startsWith('{')) {
    try {
      const json: unknown = JSON.parse(text);
      if (isErrorPayload(json)) return errorFromStreamPayload(service, json, secrets);
      return new ServiceError({
        service,
        code: 'invalid_response',
        message: `Service ${service} answered with JSON where an event stream was expected`,
      });
    } catch {
      // Cut-off JSON: fall through to truncation.
    }
  }
  if (text === '') return truncated(service);
  if (!/^(data|event|id|retry)?:/m.test(text)) {
    return new ServiceError({
      service,
      code: 'invalid_response',
      message: `Service ${service} answered with something other than an event stream`,
    });
  }
  return truncated(service);
}
