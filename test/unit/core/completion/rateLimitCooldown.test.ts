import * as assert from 'node:assert/strict';
import { startSimulator, type Simulator } from '../../../../sim/simulator';
import { CompletionEngine, type CompletionOutcome, type EngineSettings } from '../../../../src/core/completion/completionEngine';
import { CompletionStatus } from '../../../../src/core/completion/completionStatus';
import { completionStatusLine } from '../../../../src/core/completion/completionStatusLine';
import { DEFAULT_COOLDOWN_MS, MAX_COOLDOWN_MS, RateLimitCooldown } from '../../../../src/core/completion/rateLimitCooldown';
import { isServiceError } from '../../../../src/core/errors/serviceError';
import { simClients, type SimClients } from '../services/simClients';

/** A different function each time, so neither the cache nor a joined request can answer it. */
function trigger(n: number) {
  const before = `export interface Person {\n  name: string;\n  age: number;\n}\n\nexport function isAdult${n}(person: Person): boolean {\n  return person.`;
  return { text: `${before}\n}\n`, offset: before.length, languageId: 'typescript' };
}

describe('completions under rate limiting: no retries, one shared cool-down', () => {
  let sim: Simulator;
  let clients: SimClients;
  let now: number;
  let cooldown: RateLimitCooldown;
  let status: CompletionStatus;
  let engine: CompletionEngine;
  const settings: EngineSettings = { model: 'beta-v4-pro', maxTokens: 128, debounceMs: 0 };

  before(async () => {
    sim = await startSimulator();
    clients = simClients(sim);
  });
  beforeEach(() => {
    sim.reset();
    now = 1_000_000;
    cooldown = new RateLimitCooldown(() => now);
    status = new CompletionStatus(
      () => true,
      () => now,
      cooldown,
    );
    engine = new CompletionEngine({
      streamFim: (o, call) => clients.b.streamFim(o, call),
      settings: () => settings,
      now: () => now,
      cooldown,
    });
  });
  afterEach(() => status.dispose());
  after(async () => {
    await clients.close();
    await sim.close();
  });

  it('a 429 storm: 10 triggers send 1 request, the rest answer "no suggestion" at once until Retry-After has passed', async () => {
    sim.inject({ kind: '429', service: 'B', path: '/beta/completions', times: 1_000, retryAfterS: 30 });
    const outcomes: Array<CompletionOutcome | unknown> = [];
    for (let i = 0; i < 10; i++) {
      outcomes.push(await engine.complete(trigger(i)).catch((error: unknown) => error));
      now += 1_000;
    }
    assert.equal(sim.requests.length, 1, `10 triggers sent ${sim.requests.length} requests`);
    const [first, ...rest] = outcomes;
    assert.ok(isServiceError(first) && first.code === 'rate_limit_exceeded', 'the first trigger got the 429');
    for (const outcome of rest) assert.deepEqual(outcome, { text: undefined, source: 'rate-limited', debounceMs: 0, serverMs: 0 });

    assert.equal(status.snapshot.state, 'rate-limited');
    const shown = completionStatusLine(status.snapshot);
    assert.match(shown.line, /rate-limited, resuming in 20 s/);
    assert.equal(shown.badge, 'resuming in 20 s');

    now += 20_000; // Retry-After (30 s) has passed
    assert.equal(status.snapshot.state, 'idle');
    sim.reset(); // the service recovered
    const after = await engine.complete(trigger(99));
    assert.equal(after.source, 'network');
    assert.ok(after.text);
    assert.equal(sim.requests.length, 1, 'requests flow again');
  });

  it('a 500 on a completion is not retried and starts no cool-down', async () => {
    sim.inject({ kind: '500', service: 'B', path: '/beta/completions', times: 10 });
    const error = await engine.complete(trigger(1)).catch((err: unknown) => err);
    assert.ok(isServiceError(error) && error.code === 'server_error');
    assert.equal(sim.requests.length, 1, 'one attempt, no retries');
    await engine.complete(trigger(2)).catch(() => undefined);
    assert.equal(sim.requests.length, 2, 'the next trigger is sent');
  });
});

describe('the rate-limit cool-down in the status bar', () => {
  it('counts down in the text and tooltip, tells listeners when it starts and ends by itself', () => {
    let now = 0;
    const cooldown = new RateLimitCooldown(() => now);
    const status = new CompletionStatus(
      () => true,
      () => now,
      cooldown,
    );
    const seen: string[] = [];
    status.onChange((s) => seen.push(s.state));
    cooldown.start(12_000);
    assert.deepEqual(seen, ['rate-limited']);
    assert.deepEqual(completionStatusLine(status.snapshot), {
      icon: '$(watch)',
      badge: 'resuming in 12 s',
      line: 'Completions rate-limited, resuming in 12 s (Service B asked Tandem to wait).',
    });
    now += 4_500;
    assert.equal(completionStatusLine(status.snapshot).badge, 'resuming in 8 s');
    now += 7_500;
    assert.equal(status.snapshot.state, 'idle');
    status.dispose();
  });

  it('takes Retry-After, with a default when it is missing and a cap when it is huge', () => {
    let now = 0;
    const cooldown = new RateLimitCooldown(() => now);
    const status = new CompletionStatus(
      () => true,
      () => now,
      cooldown,
    );
    cooldown.start(undefined);
    assert.equal(completionStatusLine(status.snapshot).badge, `resuming in ${DEFAULT_COOLDOWN_MS / 1000} s`);
    now += DEFAULT_COOLDOWN_MS;
    cooldown.start(24 * 3_600_000); // "come back tomorrow"
    assert.equal(completionStatusLine(status.snapshot).badge, `resuming in ${MAX_COOLDOWN_MS / 1000} s`);
    assert.ok(MAX_COOLDOWN_MS <= 5 * 60_000);
    status.dispose();
  });
});
