import * as assert from 'node:assert/strict';
import { startSimulator, type Simulator } from '../../sim/simulator';
import { describeError } from '../../src/vscode/errors/errorNotice';
import { isServiceError } from '../../src/core/errors/serviceError';
import { activateTandem, type TandemApi, tandemConfig } from './tandemApi';

// scripts/test-vscode.mjs starts code-server with these, to prove the environment fallback.
const envKeyA = process.env.TANDEM_SERVICE_A_API_KEY!;

describe('keys, settings and the simulator', () => {
  let sim: Simulator;
  let api: TandemApi;
  const config = tandemConfig();

  before(async () => {
    assert.ok(envKeyA, 'the runner sets TANDEM_SERVICE_A_API_KEY');
    sim = await startSimulator({ keyA: envKeyA, keyB: 'stored-key-b' });
    api = await activateTandem();
    await config.set('serviceA.baseUrl', sim.urlA);
    await config.set('serviceB.baseUrl', `${sim.urlB}/`);
  });

  beforeEach(() => sim.reset());

  after(async () => {
    await api.secretKeys.delete('A');
    await api.secretKeys.delete('B');
    await config.reset('serviceA.baseUrl', 'serviceB.baseUrl', 'serviceA.authHeader');
    await sim.close();
  });

  it('sends the key stored in SecretStorage', async () => {
    await api.secretKeys.store('B', 'stored-key-b');
    const models = await api.clients.b.listModels();
    assert.deepEqual(models.map((m) => m.id).sort(), ['beta-v4-flash', 'beta-v4-pro']);
    assert.equal(sim.requests.length, 1);
    assert.equal(sim.requests[0].path, '/models');
    assert.equal(sim.requests[0].headers.authorization, 'Bearer stored-key-b');
  });

  it('falls back to the environment variable when no key is stored', async () => {
    await api.secretKeys.delete('A');
    const reply = await api.clients.a.chat({
      model: 'alpha-v2.5',
      thinking: false,
      maxCompletionTokens: 16,
      messages: [{ role: 'user', content: 'Say hi' }],
    });
    assert.ok(reply.choices[0].message.content);
    assert.equal(sim.requests[0].headers.authorization, `Bearer ${envKeyA}`);
    assert.equal(sim.requests[0].headers['api-key'], undefined);
  });

  it('sends the api-key header instead when the setting says so', async () => {
    await config.set('serviceA.authHeader', 'api-key');
    try {
      await api.clients.a.chat({ model: 'alpha-v2.5', thinking: false, messages: [{ role: 'user', content: 'Say hi' }] });
      assert.equal(sim.requests[0].headers['api-key'], envKeyA);
      assert.equal(sim.requests[0].headers.authorization, undefined);
    } finally {
      await config.reset('serviceA.authHeader');
    }
  });

  it("surfaces a wrong key as the contract's 401 with a clear message and the fix", async () => {
    await api.secretKeys.store('B', 'wrong-key');
    const error = await api.clients.b.balance().then(
      () => assert.fail('a wrong key must be rejected'),
      (e: unknown) => e,
    );
    assert.ok(isServiceError(error), String(error));
    assert.equal(error.status, 401);
    assert.equal(error.code, 'invalid_api_key');
    const message = describeError(error);
    assert.match(message, /^Service B: /);
    assert.match(message, /Set your Service B key/);
    assert.doesNotMatch(message, /wrong-key/, 'the key never appears in a message');
    assert.equal(sim.requests.length, 1, 'a 401 is not retried');
  });

  it('tells the user to set a base URL when none is configured', async () => {
    await config.reset('serviceB.baseUrl');
    try {
      const error = await api.clients.b.listModels().then(
        () => assert.fail('no base URL'),
        (e: unknown) => e,
      );
      assert.ok(isServiceError(error), String(error));
      assert.equal(error.code, 'missing_base_url');
      assert.match(describeError(error), /tandem\.serviceB\.baseUrl/);
      assert.equal(sim.requests.length, 0);
    } finally {
      await config.set('serviceB.baseUrl', sim.urlB);
    }
  });
});
