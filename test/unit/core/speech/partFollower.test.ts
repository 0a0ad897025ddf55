import assert from 'node:assert/strict';
import { PartFollower, type FollowerClock } from '../../../../src/core/speech/partFollower';

/** A clock the test moves by hand; due timers run as it passes them. */
class FakeClock implements FollowerClock {
  time = 0;
  private timers = new Map<number, { at: number; callback: () => void }>();
  private nextId = 1;
  now(): number {
    return this.time;
  }
  setTimer(callback: () => void, ms: number): unknown {
    const id = this.nextId++;
    this.timers.set(id, { at: this.time + ms, callback });
    return id;
  }
  clearTimer(handle: unknown): void {
    this.timers.delete(handle as number);
  }
  get pending(): number {
    return this.timers.size;
  }
  advance(ms: number): void {
    const end = this.time + ms;
    for (;;) {
      const due = [...this.timers.entries()].filter(([, t]) => t.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      this.timers.delete(due[0]);
      this.time = Math.max(this.time, due[1].at);
      due[1].callback();
    }
    this.time = end;
  }
}

describe('PartFollower: the part heard, between the player’s reports', () => {
  let clock: FakeClock;
  let moves: Array<[number, number]>;
  let speed: number;
  let follower: PartFollower;

  beforeEach(() => {
    clock = new FakeClock();
    moves = [];
    speed = 1;
    follower = new PartFollower(
      (index) => moves.push([index, clock.now()]),
      clock,
      () => speed,
    );
    follower.begin([0, 2, 2.5, 6]);
  });

  it('moves to the part a report says is heard', () => {
    follower.progress(0.1, false);
    assert.deepEqual(moves, [[0, 0]]);
    follower.progress(2.6, false);
    assert.deepEqual(moves.at(-1), [2, 0]);
    assert.equal(follower.current, 2);
  });

  it('predicts a boundary within reach of the last report, at the moment it is heard', () => {
    follower.progress(1.75, false); // part 1 begins 250 ms later
    clock.advance(249);
    assert.equal(follower.current, 0);
    clock.advance(1);
    assert.deepEqual(moves.at(-1), [1, 250]);
  });

  it('scales the prediction by the playback speed', () => {
    speed = 2;
    follower.progress(1.5, false); // 0.5 s of source audio at double speed: 250 ms
    clock.advance(250);
    assert.deepEqual(moves.at(-1), [1, 250]);
  });

  it('does not predict past the next report: a boundary further off waits for one', () => {
    follower.progress(1, false); // part 1 is 1 s away, beyond the timer's reach
    assert.equal(clock.pending, 0);
    clock.advance(1500);
    assert.equal(follower.current, 0, 'a silent player is not overtaken');
  });

  it('keeps a predicted part when the next report is only a beat late, but goes back when the player is clearly behind', () => {
    follower.progress(1.8, false);
    clock.advance(200);
    assert.equal(follower.current, 1);
    follower.progress(1.95, false); // measured just before the boundary: the prediction stands
    assert.equal(follower.current, 1);
    follower.progress(1.5, false); // half a second behind it: an underrun
    assert.equal(follower.current, 0);
  });

  it('holds while paused and goes on from where it stood after resume', () => {
    follower.progress(1.8, false);
    follower.hold(true);
    clock.advance(1000);
    assert.equal(follower.current, 0, 'no boundary passes while paused');
    follower.hold(false);
    clock.advance(199);
    assert.equal(follower.current, 0);
    clock.advance(1);
    assert.equal(follower.current, 1);
  });

  it('a paused report stops the timer too', () => {
    follower.progress(1.9, true);
    clock.advance(500);
    assert.equal(follower.current, 0);
  });

  it('passes several short parts in one stretch, and forgets everything on end', () => {
    follower.progress(1.9, false); // parts 1 (2 s) and 2 (2.5 s) are both near
    clock.advance(101); // (2 − 1.9 is a hair over 0.1 in floating point)
    assert.equal(follower.current, 1);
    follower.progress(2.2, false);
    clock.advance(300);
    assert.equal(follower.current, 2);
    follower.end();
    assert.equal(follower.current, -1);
    assert.equal(clock.pending, 0);
  });

  it('predicts only parts that have begun to arrive', () => {
    const starts: number[] = [0];
    follower.begin(starts);
    follower.progress(1.9, false);
    clock.advance(500);
    assert.equal(follower.current, 0);
    starts.push(2.2);
    follower.progress(2.1, false);
    clock.advance(101);
    assert.equal(follower.current, 1);
  });
});
