import assert from 'node:assert/strict';
import { realClock } from '../../../sim/pacing';
import { startSimulator, type Simulator } from '../../../sim/simulator';
import { until } from '../../until';
import { FakeSimClock } from './fakeSimClock';
import { call, chatA, chatB, fimB, parseSse, USER } from './simHttp';

const bodyA = { model: 'alpha-v2.5', messages: [USER('hi')] };
const streamB = { model: 'beta-v4-flash', stream: true, messages: [USER('hi')] };

describe('sim: faults', () => {
  let sim: Simulator;
  before(async () => {
    sim = await startSimulator();
  });
  after(() => sim.close());
  afterEach(() => sim.reset());

  it('429 with Retry-After for `times` requests, then success', async () => {
    sim.inject({ kind: '429', times: 2, retryAfterS: 3 });
    for (let i = 0; i < 2; i++) {
      const res = await chatA(sim, bodyA);
      assert.equal(res.status, 429);
      assert.equal(res.headers.get('retry-after'), '3');
      assert.equal(res.json.error.code, 'rate_limit_exceeded');
    }
    assert.equal((await chatA(sim, bodyA)).status, 200);
  });

  it('faults match by service and path', async () => {
    sim.inject({ kind: '500', service: 'B', path: '/beta/completions' });
    assert.equal((await chatA(sim, bodyA)).status, 200);
    assert.equal((await chatB(sim, { model: 'beta-v4-flash', messages: [USER('hi')] })).status, 200);
    const res = await fimB(sim, { model: 'beta-v4-pro', prompt: 'x' });
    assert.equal(res.status, 500);
    assert.equal(res.json.error.code, 'server_error');
    assert.equal((await fimB(sim, { model: 'beta-v4-pro', prompt: 'x' })).status, 200);
  });

  it('reset mid-stream: the connection drops after N chunks', async () => {
    sim.inject({ kind: 'reset', afterChunks: 3 });
    const res = await fetch(`${sim.urlB}/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${sim.keyB}`, 'content-type': 'application/json' },
      body: JSON.stringify(streamB),
    });
    assert.equal(res.status, 200);
    let text = '';
    await assert.rejects(async () => {
      for await (const part of res.body as unknown as AsyncIterable<Uint8Array>) text += Buffer.from(part).toString();
    });
    assert.equal(parseSse(text).chunks.length, 3);
    assert.equal(sim.abortedCount, 0, 'a server reset is not a client abort');
  });

  it('reset on a non-stream request drops the connection without a response', async () => {
    await assert.rejects(chatA(sim, bodyA, { 'x-sim-fault': 'reset' }));
  });

  it('malformed: one broken data line mid-stream', async () => {
    const res = await chatB(sim, streamB, { 'x-sim-fault': 'malformed;after=1' });
    const sse = parseSse(res.text);
    assert.equal(sse.data.length, sse.chunks.length + 2, 'one payload is not JSON (plus [DONE])');
    assert.throws(() => JSON.parse(sse.data[1]));
    const nonStream = await chatA(sim, bodyA, { 'x-sim-fault': 'malformed' });
    assert.equal(nonStream.status, 200);
    assert.equal(nonStream.json, undefined, 'non-stream body is not JSON');
  });

  it('truncate: the stream ends cleanly without finish_reason, usage or [DONE]', async () => {
    sim.inject({ kind: 'truncate', afterChunks: 1 });
    const res = await chatB(sim, streamB);
    const sse = parseSse(res.text);
    assert.equal(sse.chunks.length, 1);
    assert.equal(sse.done, false);
    assert.equal(sse.chunks[0].choices[0].finish_reason, null);
  });

  it('x-sim-fault header: 429 with retry-after, 500, and bad values', async () => {
    const limited = await chatA(sim, bodyA, { 'x-sim-fault': '429;retry-after=2' });
    assert.equal(limited.status, 429);
    assert.equal(limited.headers.get('retry-after'), '2');
    assert.equal((await chatB(sim, streamB, { 'x-sim-fault': '500' })).status, 500);
    assert.equal((await chatA(sim, bodyA, { 'x-sim-fault': 'explode' })).status, 400);
    assert.equal((await chatA(sim, bodyA, { 'x-sim-fault': 'reset;after=x' })).status, 400);
  });

  it('faults posted to /__sim/faults on either server are shared', async () => {
    const posted = await call(`${sim.urlB}/__sim/faults`, { body: { kind: '429', service: 'A', retryAfterS: 1 } });
    assert.equal(posted.status, 200);
    assert.equal((await chatA(sim, bodyA)).status, 429);
    assert.equal((await call(`${sim.urlA}/__sim/faults`, { body: { kind: 'boom' } })).status, 400);
  });
});

describe('sim: hostile server modes', () => {
  let sim: Simulator;
  before(async () => {
    sim = await startSimulator();
  });
  after(() => sim.close());
  afterEach(() => sim.reset());

  /** Reads a streamed body until `enough` says so; fails if the body ends first. */
  const readUntil = async (res: Response, enough: (text: string, bytes: number) => boolean): Promise<string> => {
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    let text = '';
    let bytes = 0;
    while (!enough(text, bytes)) {
      const { done, value } = await reader.read();
      if (done) assert.fail(`the body ended early (status ${res.status}): ${text.slice(0, 200)}`);
      bytes += value.length;
      if (bytes < 64 * 1024) text += Buffer.from(value).toString();
    }
    return text;
  };

  const post = (path: string, body: unknown, fault: string, signal?: AbortSignal) =>
    fetch(`${sim.urlB}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${sim.keyB}`, 'content-type': 'application/json', 'x-sim-fault': fault },
      body: JSON.stringify(body),
      signal,
    });

  it('giant-line: after N data chunks, one data line of `mib` MiB that never ends, then the body ends', async () => {
    const res = await post('/chat/completions', streamB, 'giant-line;mib=2;after=1');
    assert.equal(res.status, 200);
    const text = await res.text();
    const lastBreak = text.lastIndexOf('\n');
    const sse = parseSse(text.slice(0, lastBreak + 1));
    assert.equal(sse.chunks.length, 1, 'the chunks before it arrive whole');
    const line = text.slice(lastBreak + 1);
    assert.ok(line.startsWith('data: '), line.slice(0, 20));
    assert.equal(line.length, 'data: '.length + 2 * 1024 * 1024);
    assert.equal(sim.requests[0].bytesSent, Buffer.byteLength(text));
  });

  it('giant-line stops writing when the client goes away', async () => {
    const controller = new AbortController();
    const res = await post(
      '/beta/completions',
      { model: 'beta-v4-pro', prompt: 'x', stream: true },
      'giant-line;mib=512',
      controller.signal,
    );
    await readUntil(res, (_text, bytes) => bytes >= 1024 * 1024);
    controller.abort();
    await until(() => sim.requests[0].aborted, 'the simulator to see the client leave', 5_000);
    const sent = sim.requests[0].bytesSent;
    await until(() => sim.requests[0].handled, 'the simulator to be done with the request', 5_000);
    assert.equal(sim.requests[0].bytesSent, sent, 'nothing more is written');
    assert.ok(sent < 64 * 1024 * 1024, `sent ${sent} bytes of a 512 MiB line`);
  });

  it('keepalive-forever: headers, then only `: keep-alive` comments, until the client goes away', async () => {
    const controller = new AbortController();
    const res = await post('/chat/completions', streamB, 'keepalive-forever', controller.signal);
    assert.equal(res.status, 200);
    const text = await readUntil(res, (t) => (t.match(/: keep-alive\n\n/g) ?? []).length >= 3);
    assert.deepEqual(parseSse(text).data, [], 'never a data event');
    controller.abort();
    await until(() => sim.abortedCount === 1, 'the simulator to see the client leave', 5_000);
    assert.equal(sim.requests[0].aborted, true);
  });

  it('keepalive-forever;after=N sends N data chunks first; on a JSON call it holds the body open with whitespace', async () => {
    const controller = new AbortController();
    const res = await post('/chat/completions', streamB, 'keepalive-forever;after=2', controller.signal);
    const text = await readUntil(res, (t) => /}\n\n: keep-alive\n\n/.test(t));
    assert.equal(parseSse(text).chunks.length, 2);
    controller.abort();

    const json = new AbortController();
    const balance = await fetch(`${sim.urlB}/user/balance`, {
      headers: { authorization: `Bearer ${sim.keyB}`, 'x-sim-fault': 'keepalive-forever' },
      signal: json.signal,
    });
    assert.equal(balance.status, 200);
    assert.match(await readUntil(balance, (t) => t.length >= 2), /^\s+$/);
    json.abort();
    await until(() => sim.abortedCount === 2, 'the simulator to see both clients leave', 5_000);
  });

  it('hostile faults can be queued through /__sim/faults too', async () => {
    const posted = await call(`${sim.urlB}/__sim/faults`, { body: { kind: 'giant-line', service: 'B', lineMiB: 1 } });
    assert.equal(posted.status, 200);
    const res = await chatB(sim, streamB);
    assert.equal(res.text.length - res.text.lastIndexOf('\n') - 1, 'data: '.length + 1024 * 1024);
    assert.equal((await call(`${sim.urlB}/__sim/faults`, { body: { kind: 'giant-line', lineMiB: -1 } })).status, 400);
    assert.equal((await chatB(sim, streamB, { 'x-sim-fault': 'giant-line;mib=x' })).status, 400);
  });
});

describe('sim: pacing and aborts', () => {
  // Pacing is checked on a clock the test owns: what the simulator asked it for, never a stopwatch.
  const clock = new FakeSimClock();
  let sim: Simulator;
  before(async () => {
    sim = await startSimulator({ clock });
  });
  after(() => sim.close());
  afterEach(() => {
    sim.reset();
    clock.reset();
  });

  it('x-sim-ttft-ms delays the first chunk; x-sim-tps paces tokens', async () => {
    const res = await chatB(
      sim,
      { ...streamB, thinking: { type: 'disabled' }, messages: [USER('go [[tokens=20]]')] },
      { 'x-sim-ttft-ms': '150', 'x-sim-tps': '200' },
    );
    assert.equal(res.status, 200);
    assert.equal(sim.requests[0].firstDataAt, 150, 'the first chunk is written at the time to first token');
    // 150 ms to the first token, then one token every 5 ms (200 tokens/s); the closing chunk is due
    // once the 20th token's 5 ms have passed.
    assert.deepEqual(clock.sleeps, [150, ...Array<number>(20).fill(5)]);
    assert.equal(clock.time, 150 + 20 * 5);
  });

  it('configure() sets pacing for every request; reset() restores it', async () => {
    sim.configure({ ttftMs: 120 });
    await chatA(sim, bodyA);
    assert.deepEqual(clock.sleeps, [120]);
    sim.reset();
    clock.reset();
    await chatA(sim, bodyA);
    assert.equal(clock.time, 0, `no wait after reset(): sleeps ${JSON.stringify(clock.sleeps)}`);
  });

  it('the real clock ends a sleep as soon as its signal aborts', async () => {
    const controller = new AbortController();
    const hour = realClock.sleep(3_600_000, controller.signal);
    controller.abort();
    await hour; // resolves (mocha's timeout fails the test otherwise)
  });

  it('a client abort mid-stream stops generation, marks the request and counts it', async () => {
    clock.stopped = true; // the second token is never due: the abort always lands mid-stream
    const controller = new AbortController();
    const res = await fetch(`${sim.urlB}/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${sim.keyB}`, 'content-type': 'application/json', 'x-sim-tps': '50' },
      body: JSON.stringify({ ...streamB, messages: [USER('long [[tokens=1000]]')] }),
      signal: controller.signal,
    });
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    await reader.read();
    controller.abort();
    await assert.rejects(reader.read());
    await until(() => sim.abortedCount > 0, 'the simulator to see the client leave', 10_000);
    assert.equal(sim.abortedCount, 1);
    assert.equal(sim.requests[0].aborted, true);
    assert.equal(sim.requests[0].status, 200);
    await until(() => clock.pending === 0, 'the pending token wait to end with the request', 10_000);
    const stats = await call(`${sim.urlA}/__sim/stats`);
    assert.deepEqual(stats.json, { aborted: 1, requests: 1 });
  });

  it('close() ends open streams and leaves no timers', async () => {
    const stopped = new FakeSimClock();
    stopped.stopped = true;
    const other = await startSimulator({ tokensPerSecond: 1, clock: stopped });
    const pending = fetch(`${other.urlA}/v1/chat/completions`, {
      method: 'POST',
      headers: { 'api-key': other.keyA, 'content-type': 'application/json' },
      body: JSON.stringify({ ...bodyA, stream: true }),
    }).then((r) => r.text());
    await until(() => stopped.pending === 1, 'the stream to wait for its next token', 10_000);
    await other.close(); // resolves only once the open stream is gone (mocha's timeout fails it otherwise)
    assert.equal(stopped.pending, 0, 'every wait ended with close()');
    await pending.catch(() => undefined);
  });
});
