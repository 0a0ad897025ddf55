import assert from 'node:assert/strict';
import { request } from 'undici';
import { ServiceError } from '../../../../src/core/errors/serviceError';
import { sseJson } from '../../../../src/core/transport/sse';
import { startServer, tick, type LocalServer } from './localServer';

async function* pieces(...parts: Array<string | Uint8Array>): AsyncGenerator<string | Uint8Array> {
  for (const part of parts) {
    await tick();
    yield part;
  }
}

async function collect(
  body: AsyncIterable<string | Uint8Array | Buffer>,
  signal?: AbortSignal,
): Promise<{ values: unknown[]; error?: ServiceError }> {
  const values: unknown[] = [];
  try {
    for await (const value of sseJson(body, { service: 'A', signal })) values.push(value);
    return { values };
  } catch (err) {
    assert.ok(err instanceof ServiceError, `expected ServiceError, got ${String(err)}`);
    return { values, error: err };
  }
}

describe('sseJson', () => {
  it('yields each JSON data payload and stops at [DONE]', async () => {
    const { values, error } = await collect(pieces('data: {"n":1}\n\n', 'data: {"n":2}\n\ndata: [DONE]\n\n', 'data: {"n":3}\n\n'));
    assert.equal(error, undefined);
    assert.deepEqual(values, [{ n: 1 }, { n: 2 }]);
  });

  it('keeps multibyte UTF-8 split inside a character across chunks', async () => {
    const text = 'data: {"content":"héllo 世界 🎉"}\n\ndata: [DONE]\n\n';
    const bytes = Buffer.from(text, 'utf8');
    const oneByteChunks = [...bytes].map((b) => Uint8Array.of(b));
    const { values, error } = await collect(pieces(...oneByteChunks));
    assert.equal(error, undefined);
    assert.deepEqual(values, [{ content: 'héllo 世界 🎉' }]);
  });

  it('handles CRLF and lone CR line endings, even split between chunks', async () => {
    const { values } = await collect(pieces('data: {"a":1}\r', '\n\r\n', 'data: {"b":2}\r\rdata: [DONE]\r\n\r\n'));
    assert.deepEqual(values, [{ a: 1 }, { b: 2 }]);
  });

  it('ignores comments, keep-alives and empty data', async () => {
    const { values, error } = await collect(
      pieces(': keep-alive\n\n', 'data:\n\n', ': ping\n', '\ndata: {"x":true}\n\n', 'event: ping\ndata: \n\n', 'data: [DONE]\n\n'),
    );
    assert.equal(error, undefined);
    assert.deepEqual(values, [{ x: true }]);
  });

  it('throws the mapped error for an error object mid-stream, after yielding what came before', async () => {
    const { values, error } = await collect(
      pieces('data: {"n":1}\n\n', 'data: {"error":{"message":"unsafe","code":"content_filter"}}\n\ndata: {"n":2}\n\n'),
    );
    assert.deepEqual(values, [{ n: 1 }]);
    assert.equal(error?.code, 'content_filter');
  });

  it('throws invalid_response for a malformed JSON chunk', async () => {
    const { values, error } = await collect(pieces('data: {"n":1}\n\n', 'data: {"n":\n\n', 'data: [DONE]\n\n'));
    assert.deepEqual(values, [{ n: 1 }]);
    assert.equal(error?.code, 'invalid_response');
    assert.match(error?.message ?? '', /malformed chunk/);
  });

  it('throws stream_truncated when the body ends without [DONE], after yielding earlier events', async () => {
    const { values, error } = await collect(pieces('data: {"n":1}\n\n', 'data: {"n":2}\n\n', 'data: {"n":3'));
    assert.deepEqual(values, [{ n: 1 }, { n: 2 }]);
    assert.equal(error?.code, 'stream_truncated');
    assert.equal(error?.retryable, false);
    assert.equal(error?.hint, 'The answer was cut off; the partial text is kept. Retry to ask again.');
  });

  it('accepts a final [DONE] without the trailing blank line', async () => {
    const { values, error } = await collect(pieces('data: {"n":1}\n\n', 'data: [DONE]'));
    assert.equal(error, undefined);
    assert.deepEqual(values, [{ n: 1 }]);
  });

  it('explains a JSON error body sent instead of a stream', async () => {
    const { error } = await collect(pieces('{"error":{"message":"bad key","code":"invalid_api_key"}}'));
    assert.equal(error?.code, 'invalid_api_key');
    const html = await collect(pieces('<html><body>Welcome</body></html>'));
    assert.equal(html.error?.code, 'invalid_response');
  });

  it('rejects promptly with aborted when the signal fires while waiting for data', async () => {
    async function* stalls(): AsyncGenerator<string> {
      yield 'data: {"n":1}\n\n';
      await new Promise(() => undefined);
    }
    const controller = new AbortController();
    const values: unknown[] = [];
    let settled = false;
    // "Promptly" without a stopwatch: settled before the event loop's next turn after the abort.
    let settledInAbortTurn: boolean | undefined;
    const abortWhileWaiting = (): void => {
      controller.abort();
      setImmediate(() => (settledInAbortTurn = settled));
    };
    await assert.rejects(
      (async () => {
        for await (const value of sseJson(stalls(), { service: 'B', signal: controller.signal })) {
          values.push(value);
          setTimeout(abortWhileWaiting, 10);
        }
      })().finally(() => (settled = true)),
      (err: unknown) => err instanceof ServiceError && err.code === 'aborted',
    );
    assert.deepEqual(values, [{ n: 1 }]);
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(settledInAbortTurn, true, 'rejected in the same event-loop turn as the abort');
  });

  describe('a line that never ends', () => {
    const MiB = 1024 * 1024;
    /** `before`, then `n` one-MiB pieces of one line, counting how many pieces the reader asked for. */
    function endlessLine(before: string[], n: number): { body: AsyncGenerator<string>; pulled: () => number } {
      let pulled = 0;
      const piece = 'x'.repeat(MiB);
      async function* body(): AsyncGenerator<string> {
        yield* before;
        for (let i = 0; i < n; i++) {
          pulled++;
          yield piece;
        }
      }
      return { body: body(), pulled: () => pulled };
    }

    it('stops reading once more than 4 MiB arrived without a line break, keeping what came before', async () => {
      const { body, pulled } = endlessLine(['data: {"n":1}\n\ndata: "'], 64);
      const { values, error } = await collect(body);
      assert.deepEqual(values, [{ n: 1 }]);
      assert.equal(error?.code, 'invalid_response');
      assert.match(error?.message ?? '', /line longer than 4 MiB/);
      assert.match(error?.hint ?? '', /Retry/);
      assert.equal(pulled(), 4, 'the reader stopped at the piece that crossed 4 MiB (with the 7 characters before it)');
    });

    it('counts only since the last line break (CR too): megabytes of short lines pass, then the long one stops', async () => {
      const event = `data: {"s":"${'y'.repeat(1000)}"}\r\n\r\n`;
      const shortLines = Array.from({ length: 60 }, () => event.repeat(100)); // about 6 MB in all
      // 3 MiB, a lone CR, then 3 MiB more: no line is longer than 4 MiB.
      const half = 'z'.repeat(3 * MiB);
      const { body, pulled } = endlessLine([...shortLines, `: ${half}\r`, `: ${half}\n\n`, 'data: {"ok":true}\n\ndata: "'], 64);
      const { values, error } = await collect(body);
      assert.equal(values.length, 6_001);
      assert.deepEqual(values.at(-1), { ok: true });
      assert.equal(error?.code, 'invalid_response');
      assert.equal(pulled(), 4);
    });
  });

  it('stops once an event runs past 16 MiB of short data lines without its closing blank line', async () => {
    let pulled = 0;
    const line = `data: ${'w'.repeat(1017)}\n`; // 1 KiB, one event's line after another
    async function* body(): AsyncGenerator<string> {
      yield 'data: {"n":1}\n\n';
      for (let i = 0; i < 64; i++) {
        pulled++;
        yield line.repeat(1024);
      }
    }
    const { values, error } = await collect(body());
    assert.deepEqual(values, [{ n: 1 }]);
    assert.equal(error?.code, 'invalid_response');
    assert.match(error?.message ?? '', /more than 16 MiB without ending an event/);
    assert.equal(pulled, 17, 'the reader stopped at the MiB that crossed 16 MiB');
  });

  describe('over a real socket', () => {
    let server: LocalServer;
    afterEach(() => server?.close());

    it('decodes a body written one byte at a time', async () => {
      const text = 'data: {"content":"Grüße, 世界 🎉"}\r\n\r\n: keep-alive\r\n\r\ndata: {"content":"ok"}\r\n\r\ndata: [DONE]\r\n\r\n';
      server = await startServer(async (_req, res) => {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        for (const byte of Buffer.from(text, 'utf8')) {
          res.write(Uint8Array.of(byte));
          await tick();
        }
        res.end();
      });
      const res = await request(server.url);
      let chunks = 0;
      async function* counted(): AsyncGenerator<Buffer> {
        for await (const c of res.body) {
          chunks++;
          yield c as Buffer;
        }
      }
      const { values, error } = await collect(counted());
      assert.ok(chunks > 20, `expected many small network chunks, got ${chunks}`);
      assert.equal(error, undefined);
      assert.deepEqual(values, [{ content: 'Grüße, 世界 🎉' }, { content: 'ok' }]);
    });
  });
});
