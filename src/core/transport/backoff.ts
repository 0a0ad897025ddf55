/**
 * Upper bound for any single wait. A Retry-After longer than this is not slept through by the
 * HTTP client (it surfaces the error instead); here it only keeps a bad header from freezing a retry.
 */
export const MAX_RETRY_AFTER_MS = 60_000;

export interface RetryDelayOptions {
  baseMs: number;
  maxMs: number;
  random: () => number;
  /** What the service asked for (Retry-After); when present it wins over the computed backoff. */
  retryAfterMs?: number;
}

/**
 * Delay before retry number `attempt` (1-based), following AWS's "Exponential Backoff and Jitter":
 * full jitter, uniform in [0, min(max, base·2^(attempt-1))).
 */
export function retryDelayMs(attempt: number, opts: RetryDelayOptions): number {
  if (opts.retryAfterMs !== undefined && Number.isFinite(opts.retryAfterMs)) {
    return Math.min(Math.max(0, Math.round(opts.retryAfterMs)), MAX_RETRY_AFTER_MS);
  }
  const base = Math.max(0, opts.baseMs);
  const max = Math.max(base, opts.maxMs);
  const r = clamp01(opts.random());
  const exponent = Math.max(0, Math.floor(attempt) - 1);
  // 2^exponent overflows to Infinity for huge attempts, and Math.min then takes `max`.
  const ceiling = Math.min(max, base * 2 ** exponent);
  return Math.round(r * ceiling);
}

/**
 * Parses a Retry-After header (RFC 9110: delta-seconds or an HTTP date) into milliseconds from `now`.
 * Returns undefined when absent or unreadable, so callers fall back to their own backoff.
 */
export function parseRetryAfter(value: string | undefined, now: number): number | undefined {
  if (value === undefined) return undefined;
  const text = value.trim();
  if (text === '') return undefined;
  if (/^\d+(\.\d+)?$/.test(text)) {
    return Math.round(Number(text) * 1000);
  }
  // Only date-looking text: Date.parse accepts odd inputs like "1" or "-5".
  if (!/[a-z]/i.test(text)) return undefined;
  const at = Date.parse(text);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - now);
}

function clamp01(n: number): number {
  if (!Number.isFinite(n) || n < 0) return 0;
  return n >= 1 ? 0.999_999 : n;
}
