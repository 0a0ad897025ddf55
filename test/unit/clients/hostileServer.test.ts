import * as assert from 'node:assert/strict';
import { startSimulator, type Simulator } from '../../../sim/simulator';
import type { ServiceError } from '../../../src/core/serviceError';
import { until } from '../../until';
import { drain, simClients, type SimClients } from './simClients';

const question = { model: 'beta-v4-flash', thinking: false, messages: [{ role: 'user' as const, content: 'Explain closures in JavaScript. [[tokens=60]]' }] };

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
});
