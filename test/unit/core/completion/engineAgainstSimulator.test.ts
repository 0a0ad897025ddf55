import * as assert from 'node:assert/strict';
import { startSimulator, type Simulator } from '../../../../sim/simulator';
import { CompletionEngine, type EngineSettings } from '../../../../src/core/completion/completionEngine';
import type { FimCompletion } from '../../../../src/core/services/serviceBClient';
import { isServiceError } from '../../../../src/core/errors/serviceError';
import { simClients, type SimClients } from '../services/simClients';
import { until } from '../../../until';
import { FakeSimClock } from '../../sim/fakeSimClock';

const doc =
  'export interface Person {\n  name: string;\n  age: number;\n}\n\nexport function isAdult(person: Person): boolean {\n  return person.|\n}\n';
const cursor = doc.indexOf('|');
const text = doc.replace('|', '');
const typescript = { text, offset: cursor, languageId: 'typescript' };

/** The engine's clock and debounce waits, moved only by the test. */
class FakeDelayClock {
  time = 0;
  /** Every wait asked for, in ms. */
  readonly delays: number[] = [];
  private waits: Array<{ at: number; resolve: () => void }> = [];

  now = (): number => this.time;

  delay = (ms: number, signal?: AbortSignal): Promise<void> => {
    this.delays.push(ms);
    if (signal?.aborted) return Promise.reject(signal.reason);
    if (ms <= 0) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const wait = { at: this.time + ms, resolve };
      this.waits.push(wait);
      signal?.addEventListener(
        'abort',
        () => {
          this.waits = this.waits.filter((w) => w !== wait);
          reject(signal.reason);
        },
        { once: true },
      );
    });
  };

  advanceTo(time: number): void {
    this.time = time;
    const due = this.waits.filter((w) => w.at <= time);
    this.waits = this.waits.filter((w) => w.at > time);
    for (const w of due) w.resolve();
  }
}

describe('the completion engine against the simulator', () => {
  let sim: Simulator;
  let clients: SimClients;
  let settings: EngineSettings;
  const engine = (keys?: { B?: string }) => {
    const c = keys ? simClients(sim, { keys }) : clients;
    return new CompletionEngine({ streamFim: (o, call) => c.b.streamFim(o, call), settings: () => settings, now: () => performance.now() });
  };

  before(async () => {
    sim = await startSimulator();
    clients = simClients(sim);
  });
  beforeEach(() => {
    sim.reset();
    sim.configure({ ttftMs: 0, tokensPerSecond: 0 });
    settings = { model: 'beta-v4-pro', maxTokens: 128, debounceMs: 0 };
  });
  after(async () => {
    await clients.close();
    await sim.close();
  });

  it('streams one FIM request and answers from the cache the second time', async () => {
    const e = engine();
    const first = await e.complete(typescript);
    assert.equal(first.source, 'network');
    assert.ok(first.text && first.text.length > 0);
    assert.equal(sim.requests.length, 1);
    const body = sim.requests[0].body as Record<string, unknown>;
    assert.deepEqual(Object.keys(body).sort(), ['max_tokens', 'model', 'prompt', 'stop', 'stream', 'suffix']);
    assert.equal(body.prompt, text.slice(0, cursor));
    assert.equal(body.suffix, text.slice(cursor));
    const again = await e.complete(typescript);
    assert.deepEqual([again.source, again.text], ['cache', first.text]);
    assert.equal(sim.requests.length, 1);
  });

  it('sends zero requests while the user types through the shown suggestion', async () => {
    const e = engine();
    const shown = (await e.complete(typescript)).text!;
    assert.ok(shown.length >= 3, `a suggestion worth typing through: ${shown}`);
    for (let typed = 1; typed < shown.length; typed++) {
      const now = text.slice(0, cursor) + shown.slice(0, typed) + text.slice(cursor);
      const outcome = await e.complete({ text: now, offset: cursor + typed, languageId: 'typescript' });
      assert.deepEqual([outcome.source, outcome.text], ['typed', shown.slice(typed)]);
    }
    assert.equal(sim.requests.length, 1, 'only the first request');
    assert.equal(e.stats.typedThroughHits, shown.length - 1);
  });

  it('lets a superseded request run on, and the keystroke that typed into its answer gets the rest without a request', async () => {
    const shown = (await engine().complete(typescript)).text!; // what the service answers here
    assert.ok(shown.length >= 3, `a suggestion worth typing into: ${shown}`);
    sim.reset();
    sim.configure({ ttftMs: 400 });
    const e = engine();
    const keystroke = new AbortController();
    const pending = e.complete({ ...typescript, signal: keystroke.signal });
    await until(() => sim.requests.length === 1, 'the request to arrive', 3_000);
    keystroke.abort(new Error('next keystroke'));
    await assert.rejects(pending, /next keystroke/, 'the superseded caller gets no answer');
    assert.equal(e.stats.superseded, 1);
    await until(() => e.inFlight === 0, 'the request to be answered', 3_000);
    assert.equal(sim.requests[0].aborted, false, 'its socket is not closed');
    const typed = (n: number) => ({
      text: text.slice(0, cursor) + shown.slice(0, n) + text.slice(cursor),
      offset: cursor + n,
      languageId: 'typescript',
    });
    // Never on screen: the first time it is handed out it is a new suggestion, typed into or not.
    const next = await e.complete(typed(1));
    assert.deepEqual([next.source, next.text], ['cache', shown.slice(1)]);
    const after = await e.complete(typed(2));
    assert.deepEqual([after.source, after.text], ['typed', shown.slice(2)]);
    assert.equal(sim.requests.length, 1, 'no request of their own');
  });

  it('joins identical requests in flight', async () => {
    sim.configure({ ttftMs: 100 });
    const e = engine();
    const [a, b] = await Promise.all([
      e.complete({ ...typescript, signal: new AbortController().signal }),
      e.complete({ ...typescript, signal: new AbortController().signal }),
    ]);
    assert.equal(sim.requests.length, 1);
    assert.deepEqual([a.source, b.source].sort(), ['joined', 'network']);
    assert.equal(a.text, b.text);
  });

  it('during a burst of typing only asks where typing stops, aborting the superseded request once the next is sent', async () => {
    // Both clocks belong to the test: keystrokes 30 ms apart on the engine's clock, and a simulator
    // that holds the first answer until it is aborted, so no machine is too slow for the burst.
    const keys = new FakeDelayClock();
    const simClock = new FakeSimClock();
    simClock.stopped = true;
    const own = await startSimulator({ ttftMs: 150, clock: simClock });
    const c = simClients(own);
    try {
      settings.debounceMs = 200;
      const e = new CompletionEngine({
        streamFim: (o, call) => c.b.streamFim(o, call),
        settings: () => settings,
        now: keys.now,
        delay: keys.delay,
      });
      const base = 'export function isAdult(person: Person): boolean {\n  return ';
      const typed = 'person.a';
      let previous: AbortController | undefined;
      const outcomes: Array<Promise<unknown>> = [];
      for (let i = 1; i <= typed.length; i++) {
        previous?.abort(new Error('superseded')); // what VS Code does on the next keystroke
        const controller = new AbortController();
        previous = controller;
        keys.advanceTo((i - 1) * 30);
        const t = base + typed.slice(0, i);
        outcomes.push(
          e.complete({ text: t + '\n}\n', offset: t.length, languageId: 'typescript', signal: controller.signal }).catch((error) => error),
        );
        if (i === 1)
          await until(() => own.requests.length === 1 && simClock.pending === 1, 'the first key after a pause to ask at once', 10_000);
      }
      simClock.stopped = false; // the last request is answered at once
      keys.advanceTo(keys.time + 200);
      const results = await Promise.all(outcomes);
      const answered = results.filter((r) => !(r instanceof Error));
      assert.equal(answered.length, 1, 'only the last keystroke gets an answer');
      // The first key asks at once; the rest of the burst waits 1.5 × the 30 ms gap and is superseded before asking.
      assert.deepEqual(keys.delays, [0, 45, 45, 45, 45, 45, 45, 45]);
      assert.equal(own.requests.length, 2, 'the first key and the last');
      await until(() => own.abortedCount === 1, 'the superseded request to be aborted', 10_000);
      assert.equal(own.requests[0].aborted, true);
      assert.equal(own.requests[1].aborted, false);
    } finally {
      await c.close();
      await own.close();
    }
  });

  it('leaves the stream as soon as the answer is decided', async () => {
    let yielded = 0;
    let closed = false;
    async function* stream(): AsyncGenerator<FimCompletion> {
      try {
        for (const piece of ['age', ' >= 18;', '\n', 'console', '.log()', '\n']) {
          yielded++;
          yield { choices: [{ index: 0, text: piece }] };
        }
      } finally {
        closed = true;
      }
    }
    const e = new CompletionEngine({ streamFim: () => stream(), settings: () => settings, now: () => performance.now() });
    const outcome = await e.complete(typescript);
    assert.equal(outcome.text, 'age >= 18;');
    assert.equal(yielded, 3, 'nothing after the newline is awaited');
    assert.equal(closed, true, 'the stream (and its socket) is closed');
    assert.equal(e.stats.cutEarly, 1);
  });

  it('prefetches the completion after an accepted suggestion, and the next query uses it', async () => {
    const e = engine();
    const start = 'export function isAdult(person: Person): boolean {\n  ';
    const after = start + 'return person.age >= 18;\n  ';
    e.prefetch(after + '\n}\n', after.length, 'typescript');
    assert.equal(e.stats.prefetches, 1);
    const outcome = await e.complete({
      text: after + '\n}\n',
      offset: after.length,
      languageId: 'typescript',
      signal: new AbortController().signal,
    });
    assert.ok(['joined', 'cache'].includes(outcome.source), outcome.source);
    assert.equal(sim.requests.length, 1);
  });

  it('fails with the error a user can act on: a wrong key is a 401 invalid_api_key', async () => {
    const e = engine({ B: 'wrong-key' });
    const error = await e.complete(typescript).catch((err) => err);
    assert.ok(isServiceError(error));
    assert.equal(error.code, 'invalid_api_key');
    assert.equal(sim.requests[0].status, 401);
  });

  it('asks nothing where completing makes no sense (code right of the cursor)', async () => {
    const t = 'const x = foo(1);';
    const outcome = await engine().complete({ text: t, offset: 'const x = '.length, languageId: 'typescript' });
    assert.equal(outcome.source, 'skipped');
    assert.equal(sim.requests.length, 0);
  });
});
