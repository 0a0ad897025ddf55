import assert from 'node:assert/strict';
import { ServiceError } from '../../../../src/core/errors/serviceError';
import { errorFromException, errorFromResponse, errorFromStreamPayload } from '../../../../src/core/transport/errorMapping';

const json = (error: Record<string, unknown>) => JSON.stringify({ error });

/** A key placed so that the 300-character cut of echoed server text falls inside it. */
const KEY = 'sk-live-0123456789abcdefghijklmn';
const straddling = `${'a'.repeat(290)}${KEY} and more text after it`;

/** No 8-character piece of the key survives anywhere in the text. */
function assertNoKeyFragment(text: string): void {
  for (let i = 0; i + 8 <= KEY.length; i++) {
    assert.ok(!text.includes(KEY.slice(i, i + 8)), `"${KEY.slice(i, i + 8)}" of the key leaked into: …${text.slice(-60)}`);
  }
}

describe('errorFromResponse', () => {
  describe("Service A's contract table", () => {
    const table: Array<[number, string, string, boolean]> = [
      [401, 'invalid_api_key', 'invalid_api_key', false],
      [429, 'rate_limit_exceeded', 'rate_limit_exceeded', true],
      [400, 'invalid_request', 'invalid_request', false],
      [400, 'context_length_exceeded', 'context_length_exceeded', false],
      [400, 'content_filter', 'content_filter', false],
      [500, 'server_error', 'server_error', true],
      [404, 'model_not_found', 'model_not_found', false],
    ];
    for (const [status, bodyCode, expected, retryable] of table) {
      it(`${status} ${bodyCode} → ${expected}${retryable ? ' (retryable)' : ''}`, () => {
        const err = errorFromResponse('A', status, json({ message: 'boom', type: 'x', code: bodyCode }), {});
        assert.ok(err instanceof ServiceError);
        assert.equal(err.service, 'A');
        assert.equal(err.status, status);
        assert.equal(err.code, expected);
        assert.equal(err.retryable, retryable);
        assert.ok(err.hint.length > 0);
        assert.match(err.message, /boom/);
      });
    }
  });

  it('gives short actionable hints naming the service', () => {
    assert.equal(errorFromResponse('A', 401, '', {}).hint, 'Set your Service A key (Tandem: Set API Key…)');
    assert.equal(errorFromResponse('B', 403, '', {}).hint, 'Set your Service B key (Tandem: Set API Key…)');
    assert.equal(errorFromResponse('B', 429, '', {}).hint, 'Wait a moment; Tandem retries automatically');
    assert.equal(
      errorFromResponse('A', 400, json({ code: 'context_length_exceeded' }), {}).hint,
      'Start a new chat or shorten the context',
    );
    assert.equal(errorFromResponse('A', 400, json({ code: 'content_filter' }), {}).hint, 'Rephrase the request');
    assert.equal(errorFromResponse('B', 402, '', {}).hint, 'Top up your Service B balance');
  });

  it('reads {message, code} bodies and OpenAI-style types', () => {
    const flat = errorFromResponse('B', 400, JSON.stringify({ message: 'too long', code: 'context_length_exceeded' }), {});
    assert.equal(flat.code, 'context_length_exceeded');
    const typed = errorFromResponse('B', 400, json({ message: 'bad', type: 'invalid_request_error', code: null }), {});
    assert.equal(typed.code, 'invalid_request');
  });

  it("maps Service B's plain-text bodies by status and message", () => {
    const auth = errorFromResponse('B', 401, 'Authentication Fails (no such user)', {});
    assert.equal(auth.code, 'invalid_api_key');
    assert.match(auth.message, /Authentication Fails/);
    const ctx = errorFromResponse('B', 400, "This model's maximum context length is 1048576 tokens", {});
    assert.equal(ctx.code, 'context_length_exceeded');
    assert.equal(errorFromResponse('B', 422, 'Invalid parameters', {}).code, 'invalid_request');
  });

  it('echoes HTML bodies as their title, and long text truncated to ~300 chars', () => {
    const html = '<!DOCTYPE html><html><head><title>502 Bad Gateway</title></head><body><h1>nginx</h1></body></html>';
    const err = errorFromResponse('B', 502, html, {});
    assert.equal(err.code, 'server_error');
    assert.equal(err.retryable, true);
    assert.match(err.message, /502 Bad Gateway/);
    assert.doesNotMatch(err.message, /<|nginx/);
    const untitled = errorFromResponse('B', 503, `<html><body><p>Service ${'down '.repeat(200)}</p></body></html>`, {});
    assert.doesNotMatch(untitled.message, /<p>/);
    assert.ok(untitled.message.length < 400, `message length ${untitled.message.length}`);
    assert.ok(untitled.message.endsWith('…'));
  });

  it('402 → insufficient_balance, not retried', () => {
    const err = errorFromResponse('B', 402, JSON.stringify({ error: { message: 'Insufficient Balance' } }), {});
    assert.equal(err.code, 'insufficient_balance');
    assert.equal(err.retryable, false);
  });

  it('429 out of quota is not a rate limit', () => {
    const err = errorFromResponse('A', 429, json({ message: 'quota', code: 'insufficient_quota' }), {});
    assert.equal(err.code, 'insufficient_balance');
    assert.equal(err.retryable, false);
  });

  it('404 naming a model → model_not_found; any other 404 → invalid_request with a base URL hint', () => {
    assert.equal(errorFromResponse('A', 404, json({ message: 'The model alpha-v1 does not exist' }), {}).code, 'model_not_found');
    assert.equal(errorFromResponse('A', 404, json({ code: 'model_not_found', message: 'gone' }), {}).code, 'model_not_found');
    const path = errorFromResponse('B', 404, '404 page not found', {});
    assert.equal(path.code, 'invalid_request');
    assert.equal(path.hint, 'Check the base URL (tandem.serviceB.baseUrl)');
  });

  it('408 and 5xx → server_error, retryable', () => {
    for (const status of [408, 500, 502, 503, 504]) {
      const err = errorFromResponse('A', status, '', {});
      assert.equal(err.code, 'server_error', String(status));
      assert.equal(err.retryable, true);
    }
  });

  it('carries Retry-After (seconds, date, or retry-after-ms)', () => {
    assert.equal(errorFromResponse('A', 429, '', { 'retry-after': '2' }).retryAfterMs, 2_000);
    assert.equal(errorFromResponse('A', 429, '', { 'Retry-After': ['7'] }).retryAfterMs, 7_000);
    assert.equal(errorFromResponse('A', 429, '', { 'retry-after-ms': '250', 'retry-after': '9' }).retryAfterMs, 250);
    // A date is relative to now: hold the clock still so the answer is exact.
    const realNow = Date.now;
    Date.now = () => Date.parse('2026-01-01T00:00:00Z');
    try {
      assert.equal(errorFromResponse('A', 503, '', { 'retry-after': 'Thu, 01 Jan 2026 00:00:10 GMT' }).retryAfterMs, 10_000);
    } finally {
      Date.now = realNow;
    }
    assert.equal(errorFromResponse('A', 429, '', {}).retryAfterMs, undefined);
  });

  it('redacts secrets the server echoes back', () => {
    const body = json({ message: 'Incorrect API key provided: sk-live-123456. Header was Bearer sk-live-123456' });
    const err = errorFromResponse('A', 401, body, {}, ['sk-live-123456']);
    assert.doesNotMatch(err.message, /sk-live-123456/);
    const patternOnly = errorFromResponse('A', 401, 'got api-key: abc987', {});
    assert.doesNotMatch(patternOnly.message, /abc987/);
  });

  it('masks a key before cutting the echoed text, so no fragment of a key straddling the cut survives', () => {
    for (const body of [
      json({ message: straddling }),
      straddling,
      `<html><body><p>${straddling}</p></body></html>`,
      JSON.stringify({ detail: straddling }),
    ]) {
      const err = errorFromResponse('B', 400, body, {}, [KEY]);
      assert.ok(err.message.endsWith('…'), 'the echoed text was cut');
      assertNoKeyFragment(err.message);
    }
  });
});

describe('errorFromStreamPayload', () => {
  it('uses the body code of a mid-stream error', () => {
    const err = errorFromStreamPayload('A', { error: { message: 'filtered', code: 'content_filter' } });
    assert.equal(err.code, 'content_filter');
    assert.equal(err.status, 200);
  });

  it('treats an unknown mid-stream error as a server failure, keeping partial output', () => {
    const err = errorFromStreamPayload('B', { error: { message: 'overloaded' } });
    assert.equal(err.code, 'server_error');
    assert.match(err.hint, /the partial text is kept/);
  });

  it('masks a key before cutting the echoed message', () => {
    assertNoKeyFragment(errorFromStreamPayload('A', { error: { message: straddling } }, [KEY]).message);
  });
});

describe('errorFromException', () => {
  const ctx = { url: 'http://user:pw@127.0.0.1:9/v1/chat/completions?key=abc', phase: 'connect' as const };
  const coded = (code: string, message = code) => Object.assign(new Error(message), { code });

  it('passes a ServiceError through unchanged', () => {
    const original = errorFromResponse('A', 500, '', {});
    assert.equal(errorFromException('A', original, ctx), original);
  });

  it('abort → aborted, not retryable', () => {
    for (const err of [
      new DOMException('This operation was aborted', 'AbortError'),
      coded('UND_ERR_ABORTED', 'Request aborted'),
      coded('ABORT_ERR'),
    ]) {
      const mapped = errorFromException('A', err, ctx);
      assert.equal(mapped.code, 'aborted');
      assert.equal(mapped.retryable, false);
    }
  });

  it('undici timeouts → timeout, retryable', () => {
    for (const code of ['UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']) {
      const mapped = errorFromException('B', coded(code), { ...ctx, phase: 'headers' });
      assert.equal(mapped.code, 'timeout', code);
      assert.equal(mapped.retryable, true);
    }
  });

  it('connection failures → network_error, retryable, with a base URL hint', () => {
    for (const code of ['ECONNREFUSED', 'ENOTFOUND', 'ECONNRESET', 'EAI_AGAIN', 'UND_ERR_SOCKET']) {
      const mapped = errorFromException('B', coded(code), ctx);
      assert.equal(mapped.code, 'network_error', code);
      assert.equal(mapped.retryable, true);
      assert.equal(mapped.hint, 'Check the base URL (tandem.serviceB.baseUrl) and that the service is reachable');
    }
  });

  it('finds the code inside fetch-style causes and AggregateError', () => {
    const wrapped = new TypeError('fetch failed', { cause: coded('ECONNREFUSED') });
    assert.equal(errorFromException('A', wrapped, ctx).code, 'network_error');
    const aggregate = new AggregateError([coded('ECONNREFUSED'), coded('ECONNREFUSED')], 'all failed');
    assert.equal(errorFromException('A', aggregate, ctx).retryable, true);
  });

  it('never echoes credentials or the query string of the URL', () => {
    const mapped = errorFromException('A', coded('ECONNREFUSED'), ctx);
    assert.match(mapped.message, /127\.0\.0\.1:9\/v1\/chat\/completions/);
    assert.doesNotMatch(mapped.message, /pw|key=abc/);
  });

  it('TLS failures and unknown errors are not retried', () => {
    assert.equal(errorFromException('A', coded('CERT_HAS_EXPIRED'), ctx).retryable, false);
    assert.equal(errorFromException('A', new Error('weird'), ctx).retryable, false);
  });

  it('masks a key in an unknown error before cutting its message', () => {
    const mapped = errorFromException('A', new Error(straddling), { ...ctx, secrets: [KEY] });
    assert.match(mapped.message, /… \(Error\)$/, 'the echoed text was cut');
    assertNoKeyFragment(mapped.message);
  });
});
