import * as assert from 'node:assert/strict';
import { startSimulator, type Simulator } from '../../../../sim/simulator';
import type { ChatChunk } from '../../../../src/core/services/wireTypes';
import type { ServiceError } from '../../../../src/core/errors/serviceError';
import { StreamAccumulator } from '../../../../src/core/transport/streamAccumulator';
import { drain, simClients, type SimClients } from './simClients';
import { until } from '../../../until';

const question = {
  model: 'beta-v4-flash',
  thinking: false,
  messages: [{ role: 'user' as const, content: 'Explain closures in JavaScript. [[tokens=60]]' }],
};

function contentOf(chunks: ChatChunk[]): string {
  const acc = new StreamAccumulator();
  for (const chunk of chunks) acc.push(chunk);
  return acc.snapshot.content;
}

describe('service clients against the simulator: faults, retries and cancellation', () => {
  let sim: Simulator;
  let clients: SimClients;

  before(async () => {
    sim = await startSimulator({ keyA: 'secret-key-a', keyB: 'secret-key-b' });
  });
  beforeEach(() => {
    sim.reset();
    clients = simClients(sim);
  });
  afterEach(() => clients.close());
  after(() => sim.close());

  it('waits as Retry-After says on 429, then succeeds, telling the UI before each retry', async () => {
    sim.inject({ kind: '429', service: 'B', times: 2, retryAfterS: 1 });
    const retries: Array<{ attempt: number; delayMs: number; code: string }> = [];
    const { items, error } = await drain(
      clients.b.streamChat(question, { onRetry: ({ attempt, delayMs, error }) => retries.push({ attempt, delayMs, code: error.code }) }),
    );
    assert.equal(error, undefined);
    assert.ok(contentOf(items));
    assert.deepEqual(retries, [
      { attempt: 1, delayMs: 1000, code: 'rate_limit_exceeded' },
      { attempt: 2, delayMs: 1000, code: 'rate_limit_exceeded' },
    ]);
    assert.deepEqual(clients.sleeps, [1000, 1000]);
    assert.equal(sim.requests.length, 3);
  });

  it('backs off exponentially on 500 and gives up with a clear error after the last retry', async () => {
    sim.inject({ kind: '500', service: 'B', times: 10 });
    await assert.rejects(
      () => clients.b.listModels(),
      (error: ServiceError) => error.code === 'server_error' && error.status === 500 && error.retryable && Boolean(error.hint),
    );
    assert.equal(sim.requests.length, 4, 'one attempt and three retries');
    assert.equal(clients.sleeps.length, 3);
    assert.ok(clients.sleeps[2] > 0 && clients.sleeps[2] <= 20_000);
  });

  it('retries a stream whose connection dropped before any data, and then streams', async () => {
    sim.inject({ kind: 'reset', service: 'B', afterChunks: 0 });
    const { items, error } = await drain(clients.b.streamChat(question));
    assert.equal(error, undefined);
    assert.ok(contentOf(items).length > 0);
    assert.equal(sim.requests.length, 2);
  });

  it('keeps the partial answer when a stream is cut mid-way, and does not retry it', async () => {
    sim.inject({ kind: 'reset', service: 'B', afterChunks: 4 });
    const { items, error } = await drain(clients.b.streamChat(question));
    assert.ok(items.length >= 3, 'the chunks before the cut arrived');
    assert.ok(contentOf(items).length > 0, 'partial text kept');
    assert.equal((error as ServiceError).code, 'network_error');
    assert.equal(sim.requests.length, 1, 'no retry after data was delivered');
  });

  it('reports a stream that ended without [DONE] as truncated, keeping what arrived', async () => {
    sim.inject({ kind: 'truncate', service: 'A', afterChunks: 3 });
    const { items, error } = await drain(clients.a.streamChat({ model: 'alpha-v2.5', thinking: false, messages: question.messages }));
    assert.equal((error as ServiceError).code, 'stream_truncated');
    assert.ok(contentOf(items).length > 0);
  });

  it('reports a malformed chunk as an invalid response, keeping what arrived', async () => {
    sim.inject({ kind: 'malformed', service: 'B', afterChunks: 3 });
    const { items, error } = await drain(clients.b.streamChat(question));
    assert.equal((error as ServiceError).code, 'invalid_response');
    assert.ok(items.length >= 2);
  });

  it('closes the socket when the user stops a stream, and the service sees the abort', async () => {
    sim.configure({ tokensPerSecond: 40 });
    const abort = new AbortController();
    const received: ChatChunk[] = [];
    const { error } = await drain(
      (async function* () {
        for await (const chunk of clients.b.streamChat(question, { signal: abort.signal })) {
          received.push(chunk);
          if (received.length === 3) abort.abort();
          yield chunk;
        }
      })(),
    );
    assert.equal((error as ServiceError).code, 'aborted');
    await until(() => sim.abortedCount === 1, 'the simulator counted the aborted connection', 2_000);
    assert.equal(sim.requests[0].aborted, true);
  });

  it('does not retry a wrong key, and says which key to set', async () => {
    const wrong = simClients(sim, { keys: { A: 'not-the-key' } });
    try {
      await assert.rejects(
        () => wrong.a.chat({ model: 'alpha-v2.5', messages: [{ role: 'user', content: 'hi' }] }),
        (error: ServiceError) => error.status === 401 && error.code === 'invalid_api_key' && /Set your Service A key/.test(error.hint),
      );
      assert.equal(sim.requests.length, 1);
      assert.ok(wrong.logs.every((line) => !line.includes('not-the-key')));
    } finally {
      await wrong.close();
    }
  });

  it('says to set a key, without sending anything, when none is configured', async () => {
    const keyless = simClients(sim, { keys: { B: '' } });
    try {
      await assert.rejects(
        () => keyless.b.balance(),
        (error: ServiceError) => error.code === 'missing_key' && /Set your Service B key/.test(error.hint),
      );
      assert.equal(sim.requests.length, 0);
    } finally {
      await keyless.close();
    }
  });

  it('reports an unreachable base URL with a hint to check it', async () => {
    const closed = await startSimulator();
    const unreachable = simClients(closed);
    await closed.close();
    try {
      await assert.rejects(
        () => unreachable.b.listModels(),
        (error: ServiceError) => error.code === 'network_error' && /base URL/.test(error.hint),
      );
      assert.equal(unreachable.sleeps.length, 3, 'connection errors are retried with backoff first');
    } finally {
      await unreachable.close();
    }
  });

  it('logs method, path, status and time for every request, and never a key', async () => {
    await clients.a.chat({ model: 'alpha-v2.5', thinking: false, messages: [{ role: 'user', content: 'hi' }] });
    sim.inject({ kind: '429', service: 'B', retryAfterS: 1 });
    await clients.b.balance();
    const joined = clients.logs.join('\n');
    assert.match(joined, /POST \/v1\/chat\/completions 200 \d+ms/);
    assert.match(joined, /GET \/user\/balance 429/);
    assert.match(joined, /GET \/user\/balance 200 \d+ms/);
    assert.doesNotMatch(joined, /secret-key-[ab]/);
  });
});
