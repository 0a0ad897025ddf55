import type { SimClock } from '../../../sim/pacing';

/**
 * A simulator clock that only the test moves, so pacing is checked by what was asked of the clock,
 * not by stopwatch. Running (default): each sleep records its length, moves time forward by it and
 * ends at once. Stopped: sleeps of more than 0 ms never end on their own, only when their signal aborts.
 */
export class FakeSimClock implements SimClock {
  time = 0;
  stopped = false;
  /** Every sleep asked for, in order, as requested (≤ 0 included). */
  readonly sleeps: number[] = [];
  /** Sleeps that have not ended yet (only a stopped clock has any). */
  pending = 0;

  now = (): number => this.time;

  sleep = (ms: number, signal: AbortSignal): Promise<void> => {
    this.sleeps.push(ms);
    // Like the real sleep: nothing to wait for, or already aborted, ends at once.
    if (ms <= 0 || signal.aborted) return Promise.resolve();
    if (!this.stopped) {
      this.time += ms;
      return Promise.resolve();
    }
    this.pending += 1;
    return new Promise((resolve) =>
      signal.addEventListener(
        'abort',
        () => {
          this.pending -= 1;
          resolve();
        },
        { once: true },
      ),
    );
  };

  reset(): void {
    this.time = 0;
    this.stopped = false;
    this.sleeps.length = 0;
  }
}
