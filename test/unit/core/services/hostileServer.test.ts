import * as assert from 'node:assert/strict';
import { startSimulator, type Simulator } from '../../../../sim/simulator';
import type { ServiceError } from '../../../../src/core/errors/serviceError';
import { REQUEST_POLICIES } from '../../../../src/core/transport/requestKinds';
import { until } from '../../../until';
import { FakeTimer } from '../transport/fakeTimer';
import { drain, simClients, type SimClients } from './simClients';

const question = {
  model: 'beta-v4-flash',
  thinking: false,
  messages: [{ role: 'user' as const, content: 'Explain closures in JavaScript. [[tokens=60]]' }],
};

describe('service clients against a hostile simulator', () => {
  let sim: Simulator;
  let clients: SimClients;

  before(async () => {
    sim = await startSimulator();
  });
  beforeEach(() => {
    sim.reset();
    clients = simClients(sim);
  });
  afterEach(() => clients.close());
  after(() => sim.close());

  it('a giant SSE line: stops at 4 MiB with a clear error, closes the socket, keeps what arrived', async () => {
    sim.inject({ kind: 'giant-line', service: 'B', lineMiB: 64, afterChunks: 2 });
    const { items, error } = await drain(clients.b.streamChat(question));
    assert.equal(items.length, 2, 'the chunks before the giant line were delivered');
    const failure = error as ServiceError;
    assert.equal(failure.code, 'invalid_response');
    assert.match(failure.message, /Service B sent a line longer than 4 MiB/);
    assert.ok(failure.hint, 'the user is told what to do');
    await until(() => sim.requests[0].aborted, 'the simulator to see the client close the socket', 5_000);
    // Whatever socket buffers held, the reader did not take in the 64 MiB the server offered.
    assert.ok(sim.requests[0].bytesSent < 32 * 1024 * 1024, `the server wrote ${sim.requests[0].bytesSent} bytes`);
    assert.equal(sim.requests.length, 1, 'not retried');
  });

  it('keepalive-forever: with a small injected deadline, the stream ends with the deadline error and the socket closes', async () => {
    const impatient = simClients(sim, { http: { policies: { chat: { firstTokenMs: 300 } } } });
    try {
      sim.inject({ kind: 'keepalive-forever', service: 'B' });
      const { items, error } = await drain(impatient.b.streamChat(question));
      assert.deepEqual(items, []);
      assert.equal((error as ServiceError).code, 'timeout');
      assert.equal((error as ServiceError).message, 'Service B sent no answer within 0.3 s');
      await until(() => sim.requests[0].aborted, 'the simulator to see the client leave', 5_000);
      assert.equal(sim.requests.length, 1, 'not retried');
    } finally {
      await impatient.close();
    }
  });

  it('keepalive-forever after some content: the first-token deadline is past, the total deadline ends it', async () => {
    const clock = new FakeTimer();
    const timed = simClients(sim, { http: { timer: clock.timer } });
    try {
      sim.inject({ kind: 'keepalive-forever', service: 'B', afterChunks: 2 });
      const items: unknown[] = [];
      const ended = drain(
        (async function* () {
          for await (const chunk of timed.b.streamChat(question)) yield items.push(chunk);
        })(),
      );
      await until(() => items.length === 2, 'the two chunks before the keep-alives', 5_000);
      clock.advance(REQUEST_POLICIES.chat.firstTokenMs);
      clock.advance(REQUEST_POLICIES.chat.totalMs);
      const { error } = await ended;
      assert.equal((error as ServiceError).message, 'Service B did not finish answering within 30 min');
      assert.equal(items.length, 2, 'what arrived stays delivered');
      await until(() => sim.requests[0].aborted, 'the simulator to see the client leave', 5_000);
    } finally {
      await timed.close();
    }
  });

  it('speech and the balance call have their own deadlines', async () => {
    const clock = new FakeTimer();
    // The balance reply's headers arrive at once; only its total deadline is under test here.
    const timed = simClients(sim, { http: { timer: clock.timer, policies: { account: { firstTokenMs: Infinity } } } });
    try {
      sim.inject({ kind: 'keepalive-forever', service: 'A' });
      const speech = drain(timed.a.streamSpeech({ model: 'alpha-v2.5-tts', text: 'Hello there.', format: 'pcm16' }));
      sim.inject({ kind: 'keepalive-forever', service: 'B', path: '/user/balance' });
      const balance = timed.b.balance().catch((err: unknown) => err);
      await until(() => sim.requests.length === 2, 'both requests to arrive', 5_000);
      clock.advance(REQUEST_POLICIES.speech.firstTokenMs);
      assert.equal(((await speech).error as ServiceError).message, 'Service A sent no answer within 60 s');
      clock.advance(REQUEST_POLICIES.account.totalMs - REQUEST_POLICIES.speech.firstTokenMs);
      assert.equal(((await balance) as ServiceError).message, 'Service B did not finish answering within 60 s');
    } finally {
      await timed.close();
    }
  });
});
