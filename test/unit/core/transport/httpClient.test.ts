import assert from 'node:assert/strict';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ServiceError } from '../../../../src/core/errors/serviceError';
import { HttpClient, type HttpClientOptions, type RetryInfo } from '../../../../src/core/transport/httpClient';
import type { Logger } from '../../../../src/core/transport/logger';
import { closedPort, startServer, tick, type LocalServer } from './localServer';

const SECRET = 'sk-tandem-test-0123456789';

interface Harness {
  client: HttpClient;
  sleeps: number[];
  lines: string[];
}

function makeClient(overrides: Partial<HttpClientOptions> = {}): Harness {
  const sleeps: number[] = [];
  const lines: string[] = [];
  const record = (level: string) => (m: string) => lines.push(`${level} ${m}`);
  const logger: Logger = {
    trace: record('trace'),
    debug: record('debug'),
    info: record('info'),
    warn: record('warn'),
    error: record('error'),
  };
  const client = new HttpClient({
    service: 'A',
    logger,
    secrets: () => [SECRET],
    random: () => 0.5,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    ...overrides,
  });
  return { client, sleeps, lines };
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

async function rejection(promise: Promise<unknown>): Promise<ServiceError> {
  try {
    await promise;
  } catch (err) {
    assert.ok(err instanceof ServiceError, `expected ServiceError, got ${String(err)}`);
    return err;
  }
  assert.fail('expected a rejection');
}

async function drain(stream: AsyncGenerator<unknown>, seen: unknown[]): Promise<void> {
  for await (const event of stream) seen.push(event);
}

describe('HttpClient', () => {
  let server: LocalServer | undefined;
  let harness: Harness | undefined;
  afterEach(async () => {
    await harness?.client.close();
    await server?.close();
    server = undefined;
    harness = undefined;
  });

  describe('requestJson', () => {
    it('sends JSON and parses the JSON reply', async () => {
      let seen: { method?: string; type?: string; body?: string } = {};
      server = await startServer((req, res) => {
        let body = '';
        req.on('data', (c: Buffer) => (body += c.toString()));
        req.on('end', () => {
          seen = { method: req.method, type: req.headers['content-type'], body };
          sendJson(res, 200, { ok: true });
        });
      });
      harness = makeClient();
      const reply = await harness.client.requestJson<{ ok: boolean }>({
        method: 'POST',
        url: `${server.url}/v1/chat/completions`,
        body: { model: 'm' },
      });
      assert.deepEqual(reply, { ok: true });
      assert.deepEqual(seen, { method: 'POST', type: 'application/json', body: '{"model":"m"}' });
      assert.ok(
        harness.lines.some((l) => /^info POST \/v1\/chat\/completions 200 \d+ms$/.test(l)),
        harness.lines.join('\n'),
      );
    });

    it('honours Retry-After on 429, tells onRetry, then succeeds', async () => {
      server = await startServer((_req, res, n) => {
        if (n === 1) sendJson(res, 429, { error: { message: 'slow down', code: 'rate_limit_exceeded' } }, { 'retry-after': '2' });
        else sendJson(res, 200, { ok: n });
      });
      harness = makeClient();
      const retries: RetryInfo[] = [];
      const reply = await harness.client.requestJson({ method: 'GET', url: `${server.url}/models`, onRetry: (info) => retries.push(info) });
      assert.deepEqual(reply, { ok: 2 });
      assert.equal(server.requests.length, 2);
      assert.deepEqual(harness.sleeps, [2_000]);
      assert.equal(retries.length, 1);
      assert.equal(retries[0].attempt, 1);
      assert.equal(retries[0].delayMs, 2_000);
      assert.equal(retries[0].error.code, 'rate_limit_exceeded');
      assert.ok(
        harness.lines.some((l) => l === 'warn GET /models retry 1/3 in 2000ms after rate_limit_exceeded'),
        harness.lines.join('\n'),
      );
    });

    it('retries 500 twice with growing backoff, then succeeds', async () => {
      server = await startServer((_req, res, n) =>
        n <= 2 ? sendJson(res, 500, { error: { message: 'oops' } }) : sendJson(res, 200, { n }),
      );
      harness = makeClient({ baseDelayMs: 100, random: () => 0.999_999 });
      assert.deepEqual(await harness.client.requestJson({ method: 'GET', url: server.url }), { n: 3 });
      assert.equal(server.requests.length, 3);
      assert.deepEqual(harness.sleeps, [100, 200]);
    });

    it('gives up with the last error when retries are exhausted', async () => {
      server = await startServer((_req, res, n) => sendJson(res, 503, { error: { message: `down ${n}` } }));
      harness = makeClient({ maxRetries: 2 });
      const err = await rejection(harness.client.requestJson({ method: 'GET', url: server.url }));
      assert.equal(server.requests.length, 3);
      assert.equal(err.code, 'server_error');
      assert.equal(err.status, 503);
      assert.match(err.message, /down 3/);
    });

    it('does not retry 401', async () => {
      server = await startServer((_req, res) => sendJson(res, 401, { error: { message: 'bad key', code: 'invalid_api_key' } }));
      harness = makeClient();
      const err = await rejection(harness.client.requestJson({ method: 'GET', url: server.url }));
      assert.equal(server.requests.length, 1);
      assert.equal(err.code, 'invalid_api_key');
      assert.equal(err.hint, 'Set your Service A key (Tandem: Set API Key…)');
      assert.deepEqual(harness.sleeps, []);
    });

    it('surfaces a Retry-After longer than a minute instead of waiting', async () => {
      server = await startServer((_req, res) => sendJson(res, 429, { error: { message: 'daily quota' } }, { 'retry-after': '3600' }));
      harness = makeClient();
      const err = await rejection(harness.client.requestJson({ method: 'GET', url: server.url }));
      assert.equal(err.code, 'rate_limit_exceeded');
      assert.equal(err.retryAfterMs, 3_600_000);
      assert.equal(server.requests.length, 1);
    });

    it('maps connection refused to network_error with a base URL hint', async () => {
      const port = await closedPort();
      harness = makeClient({ service: 'B', maxRetries: 1 });
      const err = await rejection(harness.client.requestJson({ method: 'GET', url: `http://127.0.0.1:${port}/user/balance` }));
      assert.equal(err.code, 'network_error');
      assert.equal(err.retryable, true);
      assert.equal(err.hint, 'Check the base URL (tandem.serviceB.baseUrl) and that the service is reachable');
      assert.equal(harness.sleeps.length, 1);
      assert.ok(
        harness.lines.some((l) => l.startsWith('info GET /user/balance network_error')),
        harness.lines.join('\n'),
      );
    });

    it('rejects a 2xx body that is not JSON with invalid_response', async () => {
      server = await startServer((_req, res) => {
        res.writeHead(200, { 'content-type': 'text/html' });
        res.end('<html>login</html>');
      });
      harness = makeClient();
      const err = await rejection(harness.client.requestJson({ method: 'GET', url: server.url }));
      assert.equal(err.code, 'invalid_response');
      assert.equal(server.requests.length, 1);
    });

    it('aborting during a backoff sleep rejects promptly with aborted', async () => {
      server = await startServer((_req, res) => sendJson(res, 500, { error: { message: 'down' } }));
      // The real sleep: it must honour the signal.
      harness = makeClient({ sleep: undefined, baseDelayMs: 30_000, maxDelayMs: 30_000, random: () => 0.9 });
      const controller = new AbortController();
      let retrying!: () => void;
      const retried = new Promise<void>((resolve) => (retrying = resolve));
      const request = harness.client.requestJson({ method: 'GET', url: server.url, signal: controller.signal, onRetry: () => retrying() });
      let settled = false;
      void request.catch(() => undefined).finally(() => (settled = true));
      await retried;
      controller.abort();
      // "Promptly" without a stopwatch: the ≥ 27 s sleep is left within the abort's event-loop turn.
      await new Promise((resolve) => setImmediate(resolve));
      assert.equal(settled, true, 'rejected in the same event-loop turn as the abort');
      const err = await rejection(request);
      assert.equal(err.code, 'aborted');
      assert.equal(server.requests.length, 1);
    });

    it('maps a first-byte timeout to timeout', async () => {
      server = await startServer(() => undefined); // never answers
      harness = makeClient({ firstByteTimeoutMs: 100, maxRetries: 1 });
      const err = await rejection(harness.client.requestJson({ method: 'POST', url: `${server.url}/beta/completions`, body: {} }));
      assert.equal(err.code, 'timeout');
      assert.equal(err.retryable, true);
      assert.equal(server.requests.length, 2);
    });

    it('never logs a secret, wherever it appears', async () => {
      server = await startServer((req, res) =>
        sendJson(res, 401, { error: { message: `Invalid key ${String(req.headers.authorization)} (${String(req.url)})` } }),
      );
      harness = makeClient();
      const err = await rejection(
        harness.client.requestJson({
          method: 'POST',
          url: `${server.url}/v1/chat/completions?api_key=${SECRET}`,
          headers: { Authorization: `Bearer ${SECRET}`, 'api-key': SECRET },
          body: { key: SECRET },
        }),
      );
      assert.ok(harness.lines.length > 0);
      for (const line of harness.lines) assert.ok(!line.includes(SECRET), line);
      assert.ok(!err.message.includes(SECRET), err.message);
      assert.ok(
        harness.lines.every((l) => !l.includes('?')),
        'query strings are not logged',
      );
    });
    it('masks a key the server echoes cut short: a run holding its first 8 characters, and any sk- token', async () => {
      const stored = 'tdm_live_0123456789abcdefghijklmnop';
      server = await startServer((req, res) => {
        const given = String(req.headers.authorization).replace(/^Bearer /, '');
        sendJson(res, 401, {
          error: {
            message: `Incorrect API key provided: ${given.slice(0, 20)}... (also tried sk-live-0123456789abcdefghijkl...).`,
            code: 'invalid_api_key',
          },
        });
      });
      harness = makeClient({ secrets: () => [stored] });
      const err = await rejection(
        harness.client.requestJson({ method: 'GET', url: server.url, headers: { Authorization: `Bearer ${stored}` } }),
      );
      assert.equal(err.code, 'invalid_api_key');
      assert.match(err.message, /Incorrect API key provided: \[redacted\] \(also tried \[redacted\]\)/);
      for (const text of [err.message, ...harness.lines]) {
        assert.ok(!text.includes(stored.slice(0, 8)), text);
        assert.ok(!text.includes('sk-live-0123'), text);
      }
    });
  });

  describe('streamJson', () => {
    const sse = (res: ServerResponse, ...events: string[]): void => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      for (const e of events) res.write(`data: ${e}\n\n`);
    };

    it('streams events until [DONE]', async () => {
      let accept: string | undefined;
      server = await startServer((req, res) => {
        accept = req.headers.accept;
        sse(res, '{"n":1}', '{"n":2}', '[DONE]');
        res.end();
      });
      harness = makeClient();
      const seen: unknown[] = [];
      await drain(harness.client.streamJson({ method: 'POST', url: `${server.url}/chat/completions`, body: { stream: true } }), seen);
      assert.deepEqual(seen, [{ n: 1 }, { n: 2 }]);
      assert.equal(accept, 'text/event-stream');
    });

    it('keeps the connection for the next request after a finished stream', async () => {
      let ended = Promise.resolve();
      server = await startServer((_req, res) => {
        sse(res, '{"n":1}', '[DONE]');
        ended = new Promise((resolve) => res.on('finish', () => resolve()));
        // The response's final chunk can trail [DONE]; the socket must survive that gap.
        setTimeout(() => res.end(), 30);
      });
      let connections = 0;
      server.server.on('connection', () => connections++);
      harness = makeClient();
      for (let i = 0; i < 3; i++) {
        await drain(harness.client.streamJson({ method: 'POST', url: `${server.url}/beta/completions`, body: { stream: true } }), []);
        await ended; // the socket is idle again once the response is complete
        await tick(10);
      }
      assert.equal(connections, 1, 'one keep-alive socket served all three streams');
    });

    it('retries before the first event (429, then a reset before any data)', async () => {
      server = await startServer((req, res, n) => {
        if (n === 1) return sendJson(res, 429, { error: { message: 'busy' } }, { 'retry-after': '1' });
        if (n === 2) {
          res.writeHead(200, { 'content-type': 'text/event-stream' });
          res.flushHeaders();
          setTimeout(() => req.socket.destroy(), 10);
          return;
        }
        sse(res, '{"n":1}', '[DONE]');
        res.end();
      });
      harness = makeClient();
      const retries: RetryInfo[] = [];
      const seen: unknown[] = [];
      await drain(harness.client.streamJson({ method: 'POST', url: server.url, onRetry: (i) => retries.push(i) }), seen);
      assert.deepEqual(seen, [{ n: 1 }]);
      assert.equal(server.requests.length, 3);
      assert.deepEqual(
        retries.map((r) => [r.attempt, r.error.code]),
        [
          [1, 'rate_limit_exceeded'],
          [2, 'network_error'],
        ],
      );
      assert.equal(harness.sleeps[0], 1_000);
    });

    it('does not retry after the first event: the error propagates, the event was delivered', async () => {
      server = await startServer((req, res) => {
        sse(res, '{"n":1}');
        setTimeout(() => req.socket.destroy(), 20);
      });
      harness = makeClient();
      const seen: unknown[] = [];
      const err = await rejection(drain(harness.client.streamJson({ method: 'POST', url: server.url }), seen));
      assert.deepEqual(seen, [{ n: 1 }]);
      assert.equal(err.code, 'network_error');
      assert.equal(server.requests.length, 1);
      assert.deepEqual(harness.sleeps, []);
    });

    it('reports stream_truncated when the server ends without [DONE]', async () => {
      server = await startServer((_req, res) => {
        sse(res, '{"n":1}');
        res.end();
      });
      harness = makeClient();
      const seen: unknown[] = [];
      const err = await rejection(drain(harness.client.streamJson({ method: 'POST', url: server.url }), seen));
      assert.equal(err.code, 'stream_truncated');
      assert.deepEqual(seen, [{ n: 1 }]);
      assert.equal(server.requests.length, 1);
    });

    it('aborting mid-stream rejects with aborted and closes the socket', async () => {
      let closed!: () => void;
      const socketClosed = new Promise<void>((resolve) => (closed = resolve));
      server = await startServer((req: IncomingMessage, res) => {
        req.socket.on('close', () => closed());
        sse(res, '{"n":1}'); // then keeps the stream open
      });
      harness = makeClient();
      const controller = new AbortController();
      const seen: unknown[] = [];
      let settled = false;
      // "Promptly" without a stopwatch: settled before the event loop's next turn after the abort.
      let settledInAbortTurn: boolean | undefined;
      const abortWhileWaiting = (): void => {
        controller.abort();
        setImmediate(() => (settledInAbortTurn = settled));
      };
      const err = await rejection(
        (async () => {
          for await (const event of harness.client.streamJson({ method: 'POST', url: server.url, signal: controller.signal })) {
            seen.push(event);
            setTimeout(abortWhileWaiting, 10);
          }
        })().finally(() => (settled = true)),
      );
      assert.equal(err.code, 'aborted');
      assert.deepEqual(seen, [{ n: 1 }]);
      await new Promise((resolve) => setImmediate(resolve));
      assert.equal(settledInAbortTurn, true, 'rejected in the same event-loop turn as the abort');
      await socketClosed; // the server never ends the stream: only the client's close resolves this
    });

    it('closes the socket when the consumer stops reading early', async () => {
      let closed!: () => void;
      const socketClosed = new Promise<void>((resolve) => (closed = resolve));
      server = await startServer((req, res) => {
        req.socket.on('close', () => closed());
        sse(res, '{"n":1}', '{"n":2}');
      });
      harness = makeClient();
      for await (const event of harness.client.streamJson({ method: 'POST', url: server.url })) {
        assert.deepEqual(event, { n: 1 });
        break;
      }
      await socketClosed;
    });

    it('maps an error object in the stream', async () => {
      server = await startServer((_req, res) => {
        sse(res, '{"n":1}', '{"error":{"message":"too long","code":"context_length_exceeded"}}');
        res.end();
      });
      harness = makeClient();
      const seen: unknown[] = [];
      const err = await rejection(drain(harness.client.streamJson({ method: 'POST', url: server.url }), seen));
      assert.equal(err.code, 'context_length_exceeded');
      assert.deepEqual(seen, [{ n: 1 }]);
    });

    it('maps an idle gap longer than idleTimeoutMs to timeout', async () => {
      server = await startServer((_req, res) => sse(res, '{"n":1}'));
      harness = makeClient({ idleTimeoutMs: 100 });
      const seen: unknown[] = [];
      const err = await rejection(drain(harness.client.streamJson({ method: 'POST', url: server.url }), seen));
      assert.equal(err.code, 'timeout');
      assert.deepEqual(seen, [{ n: 1 }]);
    });
  });
});
