import assert from 'node:assert/strict';
import type { Dispatcher } from 'undici';
import { startSimulator, type Simulator } from '../../../sim/simulator';
import { createDispatcher } from '../../../src/core/transport/proxy';
import { until } from '../../until';

const TIMEOUTS = { connectTimeoutMs: 5_000, headersTimeoutMs: 30_000, bodyTimeoutMs: 30_000 };

/** A completion request the simulator holds (its first token is far off) until the signal aborts it. */
function startCompletion(sim: Simulator, dispatcher: Dispatcher, signal: AbortSignal): Promise<unknown> {
  return dispatcher
    .request({
      origin: sim.urlB,
      path: '/beta/completions',
      method: 'POST',
      headers: { authorization: `Bearer ${sim.keyB}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'beta-v4-flash', prompt: 'function add(a, b) {\n', max_tokens: 8 }),
      signal,
    })
    .then(
      (res) => res.body.text(),
      (err: unknown) => err,
    );
}

describe('transport: a warm connection after a superseded request', () => {
  let sim: Simulator;
  let dispatcher: Dispatcher;
  beforeEach(async () => {
    sim = await startSimulator({ ttftMs: 60_000 });
    dispatcher = createDispatcher({ env: {}, ...TIMEOUTS });
  });
  afterEach(async () => {
    await dispatcher.destroy();
    await sim.close();
  });

  it('each request that follows an aborted one goes out on a connection opened before it started', async () => {
    const n = 8;
    let previous: AbortController | undefined;
    let pending: Promise<unknown> | undefined;
    for (let i = 0; i < n; i++) {
      // The spare for this request: dialed when the previous request needed a connection.
      if (i > 0) await until(() => sim.connectionsOpened >= i + 1, `spare connection ${i}`, 5_000);
      const openedBefore = sim.connectionsOpened;
      previous?.abort(new Error('superseded'));
      await pending;
      const controller = new AbortController();
      pending = startCompletion(sim, dispatcher, controller.signal);
      previous = controller;
      const req = await until(() => sim.requests[i], `request ${i} at the simulator`, 5_000);
      if (i > 0)
        assert.ok((req.connection ?? Infinity) <= openedBefore, `request ${i} waited for connection ${req.connection} to be dialed`);
    }
    previous?.abort(new Error('done'));
    await pending;
    // A connection per request (an aborted one closes its socket), one spare ready, and at most one more
    // dialed while undici's client replaced a closing socket: not a growing number of idle spares.
    assert.ok(sim.connectionsOpened <= n + 2, `${sim.connectionsOpened} connections for ${n} requests`);
  });

  it('closing the dispatcher closes its spare connection too', async () => {
    const controller = new AbortController();
    const pending = startCompletion(sim, dispatcher, controller.signal);
    await until(() => sim.requests[0], 'the request at the simulator', 5_000);
    controller.abort(new Error('superseded'));
    await pending;
    await until(() => sim.connectionsOpen === 1, 'only the spare left open', 5_000);
    await dispatcher.close();
    await until(() => sim.connectionsOpen === 0, 'every connection closed', 5_000);
  });
});
