// Timers that never outlive a request: every wait ends early when the request's signal aborts.
// All waiting goes through a SimClock so tests can run the schedule on a clock they control.

/** Where the simulator reads the time and waits; `realClock` unless a test passes its own. */
export interface SimClock {
  now(): number;
  /** Resolves after `ms`, or at once when `signal` aborts (never rejects). */
  sleep(ms: number, signal: AbortSignal): Promise<void>;
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  if (ms <= 0 || signal.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const done = (): void => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}

export const realClock: SimClock = { now: () => Date.now(), sleep };

/** A schedule: the first token at ttftMs, then one token every 1/tokensPerSecond seconds. */
export class TokenClock {
  private readonly start: number;
  private tokens = 0;

  constructor(
    private readonly ttftMs: number,
    private readonly tokensPerSecond: number,
    private readonly clock: SimClock = realClock,
  ) {
    this.start = clock.now();
  }

  /** Waits until a unit carrying `tokens` tokens is due, then books them. */
  async wait(tokens: number, signal: AbortSignal): Promise<void> {
    const rateMs = this.tokensPerSecond > 0 ? (this.tokens / this.tokensPerSecond) * 1000 : 0;
    await this.clock.sleep(this.start + this.ttftMs + rateMs - this.clock.now(), signal);
    this.tokens += tokens;
  }
}
