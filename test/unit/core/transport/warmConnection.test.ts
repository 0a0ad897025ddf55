import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer as createHttpsServer, type Server as HttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TLSSocket } from 'node:tls';
import type { Dispatcher } from 'undici';
import { startSimulator, type Simulator } from '../../../../sim/simulator';
import { createDispatcher } from '../../../../src/core/transport/proxy';
import { until } from '../../../until';

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

/** A throwaway self-signed certificate for 127.0.0.1, made by openssl for this run only. */
function testCertificate(): { key: Buffer; cert: Buffer } {
  const dir = mkdtempSync(join(tmpdir(), 'tandem-tls-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    return { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('transport: over HTTPS, no TLS handshake on the path of a request after an aborted one', () => {
  let server: HttpsServer;
  let url: string;
  const handshakes = new WeakMap<TLSSocket, number>();
  let count = 0;
  const arrivals: number[] = [];
  before(async function () {
    this.timeout(30_000);
    server = createHttpsServer(testCertificate(), (req) => {
      // Held until the client aborts: every request here is superseded.
      arrivals.push(handshakes.get(req.socket as TLSSocket) ?? -1);
    });
    server.on('secureConnection', (socket: TLSSocket) => handshakes.set(socket, ++count));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('each request that follows an aborted one goes out on a connection whose handshake was already done', async () => {
    const dispatcher = createDispatcher({ env: {}, rejectUnauthorized: false, ...TIMEOUTS });
    try {
      let previous: { controller: AbortController; pending: Promise<unknown> } | undefined;
      for (let i = 0; i < 6; i++) {
        if (i > 0) await until(() => count >= i + 1, `spare handshake ${i}`, 10_000);
        const doneBefore = count;
        previous?.controller.abort(new Error('superseded'));
        await previous?.pending;
        const controller = new AbortController();
        const pending = dispatcher
          .request({ origin: url, path: '/beta/completions', method: 'POST', body: '{}', signal: controller.signal })
          .then(
            (res) => res.body.text(),
            (err: unknown) => err,
          );
        previous = { controller, pending };
        const connection = await until(() => arrivals[i], `request ${i} at the server`, 10_000);
        if (i > 0) assert.ok(connection <= doneBefore, `request ${i} waited for handshake ${connection}`);
      }
      previous?.controller.abort(new Error('done'));
      await previous?.pending;
    } finally {
      await dispatcher.destroy();
    }
  });
});
