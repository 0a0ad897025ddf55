// Timers that never outlive a request: every wait ends early when the request's signal aborts.

export function sleep(ms: number, signal: AbortSignal): Promise<void> {
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

/** A schedule: the first token at ttftMs, then one token every 1/tokensPerSecond seconds. */
export class TokenClock {
  private readonly start = Date.now();
  private tokens = 0;

  constructor(
    private readonly ttftMs: number,
    private readonly tokensPerSecond: number,
  ) {}

  /** Waits until a unit carrying `tokens` tokens is due, then books them. */
  async wait(tokens: number, signal: AbortSignal): Promise<void> {
    const rateMs = this.tokensPerSecond > 0 ? (this.tokens / this.tokensPerSecond) * 1000 : 0;
    await sleep(this.start + this.ttftMs + rateMs - Date.now(), signal);
    this.tokens += tokens;
  }
}
