import * as assert from 'node:assert/strict';
import { AdaptiveDebounce, abortableDelay } from '../../../../src/core/completion/adaptiveDebounce';
import { InflightRequests } from '../../../../src/core/completion/inflightRequests';
import { CompletionStatus } from '../../../../src/core/completion/completionStatus';

describe('adaptive debounce, joined in-flight requests and the completion status', () => {
  it('asks at once after a pause and waits a bit longer than the typing gap during a burst', () => {
    const debounce = new AdaptiveDebounce(() => ({ maxMs: 300 }));
    assert.equal(debounce.delayFor(0), 0, 'first key');
    assert.equal(debounce.delayFor(2000), 0, 'after a pause');
    assert.equal(debounce.delayFor(2080), 120, 'an 80 ms gap waits 1.5×');
    const fast = [2120, 2160, 2200, 2240].map((t) => debounce.delayFor(t));
    assert.ok(fast.at(-1)! < 120 && fast.at(-1)! >= 60, `faster typing waits less: ${fast}`);
    const slow = new AdaptiveDebounce(() => ({ maxMs: 150 }));
    slow.delayFor(0);
    assert.equal(slow.delayFor(400), 150, 'never longer than the setting');
    const off = new AdaptiveDebounce(() => ({ maxMs: 0 }));
    off.delayFor(0);
    assert.equal(off.delayFor(10), 0, '0 turns it off');
  });

  it('an abortable delay rejects as soon as the signal aborts', async () => {
    const controller = new AbortController();
    const waiting = abortableDelay(10_000, controller.signal);
    let settled = false;
    waiting.catch(() => undefined).finally(() => (settled = true));
    controller.abort(new Error('superseded'));
    // "As soon as" without a stopwatch: settled before the event loop's next turn.
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(settled, true, 'rejected in the same event-loop turn as the abort');
    await assert.rejects(waiting, /superseded/);
  });

  it('joins identical requests; one every caller left runs on until a newer one is sent', async () => {
    const flights = new InflightRequests<string>();
    let started = 0;
    const signals: AbortSignal[] = [];
    const start = (signal: AbortSignal) => {
      started++;
      signals.push(signal);
      return new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => resolve('answer'), 50);
        signal.addEventListener('abort', () => (clearTimeout(timer), reject(new Error('aborted'))));
      });
    };
    const a = new AbortController();
    const b = new AbortController();
    const first = flights.run('k', start, a.signal);
    const second = flights.run('k', start, b.signal);
    assert.equal(first.joined, false);
    assert.equal(second.joined, true);
    assert.equal(started, 1);
    assert.equal(flights.size, 1, 'one request runs for both');
    a.abort(new Error('first left'));
    await assert.rejects(first.promise, /first left/);
    assert.equal(await second.promise, 'answer');
    assert.equal(flights.size, 0, 'none runs once it answered');

    const c = new AbortController();
    const third = flights.run('k2', start, c.signal);
    c.abort(new Error('gone'));
    await assert.rejects(third.promise, /gone/, 'the caller stops waiting at once');
    assert.equal(signals[1].aborted, false, 'nobody waits, yet the request runs on');
    const joiner = flights.run('k2', start, new AbortController().signal);
    assert.equal(joiner.joined, true, 'the same request asked again joins it');
    flights.abortIdle();
    assert.equal(signals[1].aborted, false, 'a request someone waits for is not idle');
    assert.equal(await joiner.promise, 'answer');

    const d = new AbortController();
    const fourth = flights.run('k3', start, d.signal);
    d.abort(new Error('gone'));
    await assert.rejects(fourth.promise, /gone/);
    flights.abortIdle(new Error('newer'));
    assert.equal(signals[2].aborted, true, 'a newer request is sent: the idle one is aborted');
    assert.equal(flights.size, 0);
  });

  it('reports idle, working, error, off and snoozed', () => {
    let enabled = true;
    let now = 0;
    const status = new CompletionStatus(
      () => enabled,
      () => now,
    );
    const seen: string[] = [];
    status.onChange((s) => seen.push(s.state));
    assert.equal(status.snapshot.state, 'idle');
    const done = status.begin();
    assert.equal(status.snapshot.state, 'working');
    done();
    status.failed('Service B: invalid key');
    assert.deepEqual(status.snapshot, { state: 'error', detail: 'Service B: invalid key' });
    status.succeeded();
    status.snooze(5 * 60_000);
    assert.equal(status.snapshot.state, 'snoozed');
    now += 5 * 60_000;
    assert.equal(status.snapshot.state, 'idle', 'a timed snooze ends by itself');
    status.snooze(Infinity);
    now += 1e9;
    assert.equal(status.snapshot.state, 'snoozed', 'until re-enabled');
    status.snooze(0);
    enabled = false;
    assert.equal(status.snapshot.state, 'off');
    assert.deepEqual(seen.slice(0, 4), ['working', 'idle', 'error', 'idle']);
    status.dispose();
  });
});
