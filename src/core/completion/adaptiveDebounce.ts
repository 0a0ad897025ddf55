// A debounce that adapts to typing speed (Tabby's debouncer, simplified): the first keystroke after
// a pause asks at once — the next key is not coming soon, and waiting would only add latency —
// while during a burst we wait a little longer than the typist's usual gap, so requests are only
// made where the typing stops. Superseded requests are aborted anyway; this saves the server.

export interface DebounceOptions {
  /** The most we ever wait (the user's `tandem.completion.debounceMs`); 0 turns debouncing off. */
  maxMs: number;
  /** A gap longer than this ends a burst of typing. */
  pauseMs?: number;
}

const DEFAULT_PAUSE_MS = 500;
const SMOOTHING = 0.3;
/** Wait this much longer than the usual gap between keys before deciding typing has paused. */
const GAP_FACTOR = 1.5;

export class AdaptiveDebounce {
  private last: number | undefined;
  private averageGap: number | undefined;

  constructor(private readonly options: () => DebounceOptions) {}

  /** Records a keystroke at `now` and returns how long to wait before asking. */
  delayFor(now: number): number {
    const { maxMs, pauseMs = DEFAULT_PAUSE_MS } = this.options();
    const gap = this.last === undefined ? Infinity : now - this.last;
    this.last = now;
    if (maxMs <= 0) return 0;
    if (gap > pauseMs) return 0;
    this.averageGap = this.averageGap === undefined ? gap : this.averageGap * (1 - SMOOTHING) + gap * SMOOTHING;
    return Math.min(maxMs, Math.round(this.averageGap * GAP_FACTOR));
  }
}

/** Resolves after `ms`, or rejects with the abort reason as soon as `signal` aborts. */
export function abortableDelay(ms: number, signal?: AbortSignal): Promise<void> {
  if (signal?.aborted) return Promise.reject(signal.reason);
  if (ms <= 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
