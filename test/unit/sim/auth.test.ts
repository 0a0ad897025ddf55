import assert from 'node:assert/strict';
import { startSimulator, type Simulator } from '../../../sim/simulator';
import { call, USER } from './simHttp';

describe('sim: authentication', () => {
  let sim: Simulator;
  before(async () => {
    sim = await startSimulator({ keyA: 'test-a', keyB: 'test-b' });
  });
  after(() => sim.close());

  const bodyA = { model: 'alpha-v2.5', messages: [USER('hi')] };
  const bodyB = { model: 'beta-v4-flash', messages: [USER('hi')] };

  const casesA: Array<[string, Record<string, string>, number]> = [
    ['api-key header', { 'api-key': 'test-a' }, 200],
    ['bearer header', { authorization: 'Bearer test-a' }, 200],
    ['no key', {}, 401],
    ['wrong api-key', { 'api-key': 'nope' }, 401],
    ['wrong bearer', { authorization: 'Bearer nope' }, 401],
    ['both headers (even when both right)', { 'api-key': 'test-a', authorization: 'Bearer test-a' }, 401],
    ['non-bearer scheme', { authorization: 'Basic dGVzdC1h' }, 401],
  ];
  for (const [name, headers, status] of casesA) {
    it(`Service A: ${name} → ${status}`, async () => {
      const res = await call(`${sim.urlA}/v1/chat/completions`, { body: bodyA, headers });
      assert.equal(res.status, status, res.text);
      if (status === 401) {
        assert.equal(res.json.error.code, 'invalid_api_key');
        assert.equal(typeof res.json.error.message, 'string');
        assert.equal(typeof res.json.error.type, 'string');
      }
    });
  }

  const casesB: Array<[string, Record<string, string>, number]> = [
    ['bearer header', { authorization: 'Bearer test-b' }, 200],
    ['no key', {}, 401],
    ['wrong key', { authorization: 'Bearer test-a' }, 401],
    ['api-key header is not a Service B scheme', { 'api-key': 'test-b' }, 401],
  ];
  for (const [name, headers, status] of casesB) {
    it(`Service B: ${name} → ${status}`, async () => {
      const res = await call(`${sim.urlB}/chat/completions`, { body: bodyB, headers });
      assert.equal(res.status, status, res.text);
      if (status === 401) assert.equal(res.json.error.code, 'invalid_api_key');
    });
  }

  it('Service B GET endpoints need the key too', async () => {
    assert.equal((await call(`${sim.urlB}/models`)).status, 401);
    assert.equal((await call(`${sim.urlB}/user/balance`, { headers: { authorization: 'Bearer test-b' } })).status, 200);
  });

  it('keys default to the environment variables, then sim-key-a / sim-key-b', async () => {
    const saved = [process.env.TANDEM_SERVICE_A_API_KEY, process.env.TANDEM_SERVICE_B_API_KEY];
    process.env.TANDEM_SERVICE_A_API_KEY = 'from-env-a';
    delete process.env.TANDEM_SERVICE_B_API_KEY;
    const other = await startSimulator();
    try {
      assert.equal(other.keyA, 'from-env-a');
      assert.equal(other.keyB, 'sim-key-b');
    } finally {
      await other.close();
      if (saved[0] === undefined) delete process.env.TANDEM_SERVICE_A_API_KEY;
      else process.env.TANDEM_SERVICE_A_API_KEY = saved[0];
      if (saved[1] !== undefined) process.env.TANDEM_SERVICE_B_API_KEY = saved[1];
    }
  });
});
