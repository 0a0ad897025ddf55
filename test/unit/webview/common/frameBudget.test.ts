// The per-frame rendering budget shared by every answer: work past it waits for the next frame.
import assert from 'node:assert/strict';
import { FrameBudget, type FrameClock } from '../../../../src/webview/common/frameBudget';

class FakeFrames implements FrameClock {
  time = 0;
  private callbacks: (() => void)[] = [];
  now = () => this.time;
  requestFrame = (callback: () => void) => void this.callbacks.push(callback);
  get requested() {
    return this.callbacks.length;
  }
  frame(at: number) {
    this.time = at;
    const due = this.callbacks;
    this.callbacks = [];
    for (const callback of due) callback();
  }
}

describe('frame budget', () => {
  it('gives every piece of work in one frame the same few milliseconds, then a fresh allowance next frame', () => {
    const frames = new FakeFrames();
    const budget = new FrameBudget(frames, 8);
    assert.ok(budget.hasTime());
    frames.time = 7;
    assert.ok(budget.hasTime(), 'a second answer shares what is left');
    frames.time = 8;
    assert.equal(budget.hasTime(), false);
    frames.frame(20);
    frames.time = 27;
    assert.ok(budget.hasTime(), 'the next frame opens a new allowance when work starts');
    frames.time = 34;
    assert.ok(budget.hasTime());
    frames.time = 35;
    assert.equal(budget.hasTime(), false);
  });

  it('continues deferred work at the next frame, once per task however often it was deferred', () => {
    const frames = new FakeFrames();
    const budget = new FrameBudget(frames, 8);
    const ran: string[] = [];
    const a = () => ran.push('a');
    const b = () => ran.push('b');
    budget.later(a);
    budget.later(b);
    budget.later(a);
    assert.equal(frames.requested, 1, 'one frame asked for');
    assert.deepEqual(ran, []);
    frames.frame(16);
    assert.deepEqual(ran, ['a', 'b']);
    frames.frame(32);
    assert.deepEqual(ran, ['a', 'b'], 'nothing runs twice');
  });

  it('gives deferred work a full allowance even when the previous frame ran out', () => {
    const frames = new FakeFrames();
    const budget = new FrameBudget(frames, 8);
    budget.hasTime();
    frames.time = 100;
    assert.equal(budget.hasTime(), false);
    let hadTime: boolean | undefined;
    budget.later(() => (hadTime = budget.hasTime()));
    frames.frame(116);
    assert.equal(hadTime, true);
  });
});
