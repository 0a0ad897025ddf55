import assert from 'node:assert/strict';
import type { ServiceId } from '../../../../src/core/services/wireTypes';
import { KeyOriginGate, originOfBaseUrl, type OriginAnswers } from '../../../../src/core/keys/keyOrigins';
import { isServiceError } from '../../../../src/core/errors/serviceError';
import { until } from '../../../until';

/** A gate over an in-memory store, with a prompt that answers what the test says and counts its questions. */
function gateWith(opts: { stored?: Partial<Record<ServiceId, string>>; env?: Record<string, string>; answer?: boolean }) {
  const saved: Partial<Record<ServiceId, OriginAnswers>> = {};
  const asked: string[] = [];
  let release: (() => void) | undefined;
  let hold = false;
  const gate = new KeyOriginGate({
    stored: { get: async (service) => opts.stored?.[service] },
    env: opts.env ?? {},
    answers: {
      read: async (service) => ({ ...saved[service] }),
      write: async (service, answers) => void (saved[service] = { ...answers }),
    },
    confirm: async (service, origin) => {
      asked.push(`${service} ${origin}`);
      if (hold) await new Promise<void>((resolve) => (release = resolve));
      return opts.answer ?? false;
    },
  });
  return { gate, saved, asked, holdPrompt: () => (hold = true), releasePrompt: () => release?.() };
}

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => assert.fail('the key must not be handed out'),
    (e: unknown) => e,
  );
  assert.ok(isServiceError(error), String(error));
  return error;
}

describe('KeyOriginGate: a stored key goes only where the user said it may', () => {
  it('asks before a stored key first goes to an origin, and remembers Send', async () => {
    const { gate, saved, asked } = gateWith({ stored: { B: 'sk-b' }, answer: true });
    assert.equal(await gate.get('B', 'https://b.example.com'), 'sk-b');
    assert.deepEqual(asked, ['B https://b.example.com']);
    assert.deepEqual(saved.B, { 'https://b.example.com': true });
    // Later requests (other paths of the same origin too) do not ask again.
    assert.equal(await gate.get('B', 'https://b.example.com/proxy'), 'sk-b');
    assert.equal(asked.length, 1);
  });

  it('Cancel refuses the key with a clear error, and is remembered (no question on every keystroke)', async () => {
    const { gate, saved, asked } = gateWith({ stored: { B: 'sk-b' }, answer: false });
    const error = await refusal(gate.get('B', 'https://evil.example:8443'));
    assert.equal(error.code, 'origin_not_approved');
    assert.equal(error.service, 'B');
    assert.equal(error.message, 'Tandem did not send your Service B key to https://evil.example:8443: you have not approved that address');
    assert.equal(
      error.hint,
      'If you trust https://evil.example:8443, run Tandem: Set API Key… to send your key there; otherwise fix tandem.serviceB.baseUrl in your user settings',
    );
    assert.doesNotMatch(`${error.message} ${error.hint}`, /sk-b/);
    assert.deepEqual(saved.B, { 'https://evil.example:8443': false });
    await refusal(gate.get('B', 'https://evil.example:8443'));
    assert.equal(asked.length, 1);
  });

  it('a new origin (host, port or scheme) asks again; each service has its own answers', async () => {
    const { gate, asked } = gateWith({ stored: { A: 'sk-a', B: 'sk-b' }, answer: true });
    await gate.get('B', 'https://b.example.com');
    await gate.get('B', 'https://b.example.com:444');
    await gate.get('B', 'http://127.0.0.1:8787');
    await gate.get('A', 'https://b.example.com');
    assert.deepEqual(asked, [
      'B https://b.example.com',
      'B https://b.example.com:444',
      'B http://127.0.0.1:8787',
      'A https://b.example.com',
    ]);
  });

  it('concurrent requests share one pending question', async () => {
    const { gate, asked, holdPrompt, releasePrompt } = gateWith({ stored: { B: 'sk-b' }, answer: true });
    holdPrompt();
    const calls = [
      gate.get('B', 'https://b.example.com'),
      gate.get('B', 'https://b.example.com/x'),
      gate.get('B', 'https://b.example.com'),
    ];
    await until(() => asked.length > 0, 'the question', 5_000);
    releasePrompt();
    assert.deepEqual(await Promise.all(calls), ['sk-b', 'sk-b', 'sk-b']);
    assert.equal(asked.length, 1);
  });

  it('environment keys are exempt: never asked about, whatever the origin', async () => {
    const { gate, asked } = gateWith({ env: { TANDEM_SERVICE_B_API_KEY: ' env-b ' } });
    assert.equal(await gate.get('B', 'https://anywhere.example'), 'env-b');
    assert.equal(await gate.get('A', 'https://anywhere.example'), undefined, 'no key at all: nothing to ask about');
    assert.deepEqual(asked, []);
  });

  it('a stored key still wins over the environment, and is still checked', async () => {
    const { gate, asked } = gateWith({ stored: { B: 'sk-b' }, env: { TANDEM_SERVICE_B_API_KEY: 'env-b' }, answer: false });
    await refusal(gate.get('B', 'https://b.example.com'));
    assert.equal(asked.length, 1);
  });

  it('setting a key approves the base URL it was entered for and forgets answers given for the old key', async () => {
    const { gate, saved, asked } = gateWith({ stored: { B: 'sk-b' }, answer: false });
    await refusal(gate.get('B', 'https://old.example'));
    assert.equal(await gate.keyEntered('B', 'https://b.example.com/beta'), 'https://b.example.com');
    assert.deepEqual(saved.B, { 'https://b.example.com': true });
    assert.equal(await gate.get('B', 'https://b.example.com'), 'sk-b');
    assert.equal(asked.length, 1, 'no question for the origin the key was entered for');
    // The answer given earlier was about the previous key: asked again.
    await refusal(gate.get('B', 'https://old.example'));
    assert.equal(asked.length, 2);
  });

  it('setting a key with no (or an unusable) base URL approves nothing; clearing it forgets every answer', async () => {
    const { gate, saved } = gateWith({ stored: { B: 'sk-b' }, answer: true });
    await gate.get('B', 'https://b.example.com');
    assert.equal(await gate.keyEntered('B', ''), undefined);
    assert.deepEqual(saved.B, {});
    await gate.keyEntered('B', 'http://remote.example');
    assert.deepEqual(saved.B, {});
    await gate.get('B', 'https://b.example.com');
    await gate.keyCleared('B');
    assert.deepEqual(saved.B, {});
  });
});

describe('originOfBaseUrl', () => {
  it('is the origin of the normalized base URL, or undefined when it cannot be used', () => {
    assert.equal(originOfBaseUrl('B', ' https://B.example.com/beta/ '), 'https://b.example.com');
    assert.equal(originOfBaseUrl('A', 'https://a.example.com:443/v1'), 'https://a.example.com');
    assert.equal(originOfBaseUrl('A', 'http://127.0.0.1:9/v1'), 'http://127.0.0.1:9');
    assert.equal(originOfBaseUrl('A', ''), undefined);
    assert.equal(originOfBaseUrl('A', 'not a url'), undefined);
    assert.equal(originOfBaseUrl('A', 'http://a.example.com'), undefined);
  });
});
