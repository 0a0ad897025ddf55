import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import * as path from 'node:path';
import { startSimulator, type Simulator } from '../../../sim/simulator';
import { call, chatA, chatB, USER } from './simHttp';

describe('sim: recording and control endpoints', () => {
  let sim: Simulator;
  before(async () => {
    sim = await startSimulator();
  });
  after(() => sim.close());
  afterEach(() => sim.reset());

  it('records every service request in order with status, headers and body', async () => {
    await chatA(sim, { model: 'alpha-v2.5', messages: [USER('one')] }, { 'x-trace': 'first' });
    await chatB(sim, { model: 'beta-chat', messages: [USER('two')] });
    await call(`${sim.urlB}/nope`, { headers: { authorization: `Bearer ${sim.keyB}` } });
    await call(`${sim.urlA}/__sim/stats`);
    assert.equal(sim.requests.length, 3, '/__sim/ requests are not recorded');
    const [a, b, c] = sim.requests;
    assert.deepEqual([a.service, a.method, a.path, a.status, a.aborted], ['A', 'POST', '/v1/chat/completions', 200, false]);
    assert.equal(a.headers['x-trace'], 'first');
    assert.deepEqual((a.body as { messages: unknown[] }).messages, [USER('one')]);
    assert.deepEqual([b.service, b.status], ['B', 404]);
    assert.deepEqual([c.path, c.status, c.method], ['/nope', 404, 'GET']);
  });

  it('GET /__sim/requests and /__sim/stats on both servers', async () => {
    await chatB(sim, { model: 'beta-v4-flash', messages: [USER('x')] });
    for (const url of [sim.urlA, sim.urlB]) {
      const list = await call(`${url}/__sim/requests`);
      assert.equal(list.status, 200);
      assert.equal(list.json.length, 1);
      assert.equal(list.json[0].path, '/chat/completions');
      assert.deepEqual((await call(`${url}/__sim/stats`)).json, { aborted: 0, requests: 1 });
    }
  });

  it('POST /__sim/configure and /__sim/reset', async () => {
    assert.equal((await call(`${sim.urlA}/__sim/configure`, { body: { contextTokensB: 10 } })).status, 200);
    const tooLong = await chatB(sim, { model: 'beta-v4-flash', messages: [USER('this prompt is longer than ten tokens for sure, yes')] });
    assert.equal(tooLong.json.error.code, 'context_length_exceeded');
    assert.equal((await call(`${sim.urlB}/__sim/reset`, { method: 'POST' })).status, 200);
    assert.equal(sim.requests.length, 0);
    assert.equal(
      (await chatB(sim, { model: 'beta-v4-flash', messages: [USER('this prompt is longer than ten tokens for sure, yes')] })).status,
      200,
    );
    assert.equal((await call(`${sim.urlA}/__sim/configure`, { body: { ttftMs: -1 } })).status, 400);
    assert.equal((await call(`${sim.urlA}/__sim/requests`, { method: 'POST', body: {} })).status, 405);
    assert.equal((await call(`${sim.urlA}/__sim/whatever`)).status, 404);
  });

  it('binds to 127.0.0.1 and reports base URLs without /v1 or a trailing slash', () => {
    assert.match(sim.urlA, /^http:\/\/127\.0\.0\.1:\d+$/);
    assert.match(sim.urlB, /^http:\/\/127\.0\.0\.1:\d+$/);
  });
});

describe('sim: CLI (npm run sim)', () => {
  it('prints the two base-URL lines first, serves, and stops cleanly on SIGTERM', async function () {
    this.timeout(15000);
    const root = path.resolve(__dirname, '../../..');
    const child = spawn(process.execPath, ['--import', 'tsx', 'sim/main.ts', '--ttft-ms', '0', '--tps', '0'], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    // Waits for the two lines themselves (or the exit), however long a busy machine takes to start it.
    await new Promise<void>((resolve) => {
      child.stdout.on('data', (d: Buffer) => {
        out += d.toString();
        if (out.split('\n').length >= 3) resolve();
      });
      void exited.then(() => resolve());
    });
    const lines = out.split('\n');
    assert.match(lines[0], /^Service A base URL: http:\/\/127\.0\.0\.1:\d+ {2}\(key: .+\)$/);
    assert.match(lines[1], /^Service B base URL: http:\/\/127\.0\.0\.1:\d+ {2}\(key: .+\)$/);
    const urlB = /(http:\/\/\S+)/.exec(lines[1])![1];
    const keyB = /\(key: (.+)\)$/.exec(lines[1])![1];
    const models = await call(`${urlB}/models`, { headers: { authorization: `Bearer ${keyB}` } });
    assert.equal(models.status, 200);
    child.kill('SIGTERM');
    assert.equal(await exited, 0);
  });
});
