// After a 429 no completion request is sent until the service's Retry-After has passed: one
// cool-down shared by every completion, so a burst of keystrokes cannot turn into a storm.

/** Retry-After is optional (neither contract shows rate-limit details); a short pause is the polite guess. */
export const DEFAULT_COOLDOWN_MS = 20_000;
/**
 * A Retry-After of hours means quota, not congestion. Completions then try again after this, one
 * request at a time (each 429 starts a new cool-down), rather than stay silent for hours.
 */
export const MAX_COOLDOWN_MS = 5 * 60_000;

export class RateLimitCooldown {
  private until = 0;
  private readonly listeners = new Set<(remainingMs: number) => void>();

  constructor(private readonly now: () => number) {}

  /** Starts (or extends) the cool-down for what the service asked (ms); returns how long it lasts. */
  start(retryAfterMs: number | undefined): number {
    const wanted = retryAfterMs !== undefined && Number.isFinite(retryAfterMs) ? retryAfterMs : DEFAULT_COOLDOWN_MS;
    const ms = Math.min(Math.max(0, wanted), MAX_COOLDOWN_MS);
    this.until = Math.max(this.until, this.now() + ms);
    const remaining = this.remainingMs();
    for (const listener of this.listeners) listener(remaining);
    return remaining;
  }

  /** 0 when requests may be sent. */
  remainingMs(): number {
    return Math.max(0, this.until - this.now());
  }

  onStart(listener: (remainingMs: number) => void): { dispose(): void } {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }
}
