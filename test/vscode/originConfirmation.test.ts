import * as assert from 'node:assert/strict';
import { startSimulator, type Simulator } from '../../sim/simulator';
import { isServiceError } from '../../src/core/errors/serviceError';
import { describeError } from '../../src/vscode/errors/errorNotice';
import type { TandemUi } from '../../src/vscode/ui/tandemUi';
import { until } from '../until';
import { activateTandem, type TandemApi, tandemConfig } from './tandemApi';

const config = tandemConfig();
const storedKey = 'stored-key-b-for-origins';

// The user changes Service B's base URL to a server the stored key has never gone to. Each server is
// a simulator on its own port (its own origin) that records what reaches it. The dialog is answered
// through the test-only API, which records each question.
describe('origin confirmation: a stored key goes to a new server only once the user says so', () => {
  let home: Simulator;
  let declined: Simulator;
  let accepted: Simulator;
  let envOnly: Simulator;
  let api: TandemApi;
  let realUi: TandemUi;
  const questions: string[] = [];
  let answer: () => Promise<boolean>;
  const useBaseUrl = (sim: Simulator) => config.set('serviceB.baseUrl', sim.urlB);
  const question = (sim: Simulator) => `B ${new URL(sim.urlB).origin}`;
  const refusal = async (call: Promise<unknown>) => {
    const error = await call.then(
      () => assert.fail('the request must not be sent'),
      (e: unknown) => e,
    );
    assert.ok(isServiceError(error), String(error));
    return error;
  };

  before(async () => {
    [home, declined, accepted] = await Promise.all([1, 2, 3].map(() => startSimulator({ keyB: storedKey })));
    envOnly = await startSimulator({ keyB: process.env.TANDEM_SERVICE_B_API_KEY });
    api = await activateTandem();
    realUi = { ...api.ui };
    api.ui.confirmOrigin = (service, origin) => (questions.push(`${service} ${origin}`), answer());
    await useBaseUrl(home);
    await api.secretKeys.store('B', storedKey); // set for `home`: approved
  });

  after(async () => {
    Object.assign(api.ui, realUi);
    await api.secretKeys.delete('B');
    await config.reset('serviceB.baseUrl');
    await Promise.all([home, declined, accepted, envOnly].map((sim) => sim.close()));
  });

  it('Cancel: nothing reaches the new server, the error says what to do, and the answer is remembered', async () => {
    assert.equal((await api.clients.b.listModels()).length, 2, 'the server the key was set for is not asked about');
    assert.deepEqual(questions, []);

    await useBaseUrl(declined);
    answer = async () => false;
    const error = await refusal(api.clients.b.listModels());
    assert.equal(error.code, 'origin_not_approved');
    assert.deepEqual(questions, [question(declined)]);
    assert.equal(
      describeError(error),
      `Service B: Tandem did not send your Service B key to ${new URL(declined.urlB).origin}: you have not approved that address — ` +
        `If you trust ${new URL(declined.urlB).origin}, run Tandem: Set API Key… to send your key there; otherwise fix tandem.serviceB.baseUrl in your user settings`,
    );
    // Asked once: the next request (a completion on the next keystroke, say) fails the same way, silently.
    assert.equal((await refusal(api.clients.b.balance())).code, 'origin_not_approved');
    assert.deepEqual(questions, [question(declined)]);
    assert.deepEqual(declined.requests, [], 'no request reached the server');
  });

  it('Send: the request goes, concurrent requests share the one question, and the next request does not ask', async () => {
    await useBaseUrl(accepted);
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    answer = async () => (await released, true);
    const both = Promise.all([api.clients.b.listModels(), api.clients.b.balance()]);
    await until(() => questions.length === 2, 'the question', 10_000);
    assert.equal(accepted.requests.length, 0, 'nothing is sent while the question is open');
    release();
    await both;
    assert.deepEqual(questions.slice(1), [question(accepted)], 'one question for both requests');
    assert.deepEqual(accepted.requests.map((r) => [r.path, r.headers.authorization]).sort(), [
      ['/models', `Bearer ${storedKey}`],
      ['/user/balance', `Bearer ${storedKey}`],
    ]);
    await api.clients.b.listModels();
    assert.equal(questions.length, 2, 'remembered');
  });

  it('a key set again goes to the base URL configured then, answers for the old key are forgotten, and an environment key is never asked about', async () => {
    // The user sets the key while the once-declined server is configured: they typed it for that server.
    await useBaseUrl(declined);
    await api.secretKeys.store('B', storedKey);
    await api.clients.b.listModels();
    assert.equal(declined.requests.length, 1);
    assert.equal(questions.length, 2, 'no question for the server the key was set for');
    // The answer given for the old key does not carry over to the new one.
    await useBaseUrl(accepted);
    answer = async () => false;
    await refusal(api.clients.b.listModels());
    assert.deepEqual(questions.slice(2), [question(accepted)]);

    // No stored key: the environment key (set by whoever started VS Code) goes without a question.
    await api.secretKeys.delete('B');
    await useBaseUrl(envOnly);
    await api.clients.b.listModels();
    assert.equal(envOnly.requests[0].headers.authorization, `Bearer ${process.env.TANDEM_SERVICE_B_API_KEY}`);
    assert.equal(questions.length, 3);
  });
});
