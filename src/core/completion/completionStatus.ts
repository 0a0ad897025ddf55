// What the status bar shows about completions. Kept here so the provider only reports and the
// status bar only renders.
import type { RateLimitCooldown } from './rateLimitCooldown';

type CompletionState = 'idle' | 'working' | 'error' | 'off' | 'snoozed' | 'rate-limited' | 'over-budget';

export interface StatusSnapshot {
  state: CompletionState;
  /** For `error`: what went wrong, in a line; for `snoozed`: until when (epoch ms, Infinity = until re-enabled). */
  detail?: string;
  snoozedUntil?: number;
  /** For `rate-limited`: how long until completions are requested again. */
  resumesInMs?: number;
  /** For `over-budget`: when the limit lifts by itself (epoch ms: local midnight or the next month). */
  budgetUntil?: number;
}

/** A spending limit, when reached, pauses completions (vscode/spend gives the ledger's budget). */
export interface BudgetPause {
  pausedUntil(): number | undefined;
}

/** This session's figures for the tooltip: new suggestions shown, how many were accepted, and how fast they came. */
export interface SessionFigures {
  shown: number;
  accepted: number;
  /** Median time from VS Code asking (a keystroke or a trigger) to the suggestion, over the last LATENCY_SAMPLES. */
  p50Ms?: number;
}

/** Enough for a stable median; the oldest go first so memory stays flat over a long session. */
export const LATENCY_SAMPLES = 200;

export class CompletionStatus {
  private working = 0;
  private shownCount = 0;
  private acceptedCount = 0;
  private readonly latencies: number[] = [];
  private error: string | undefined;
  private snoozedUntil = 0;
  private snoozeTimer: ReturnType<typeof setTimeout> | undefined;
  private cooldownTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly listeners = new Set<(s: StatusSnapshot) => void>();
  private readonly cooldownStarts: { dispose(): void } | undefined;

  constructor(
    private readonly enabled: () => boolean,
    private readonly now: () => number,
    /** The engine's shared 429 cool-down, shown while it lasts. */
    private readonly cooldown?: RateLimitCooldown,
    private readonly budget?: BudgetPause,
  ) {
    this.cooldownStarts = cooldown?.onStart((ms) => {
      clearTimeout(this.cooldownTimer);
      // Re-render when it ends; unref so it never keeps a process alive.
      this.cooldownTimer = setTimeout(() => this.emit(), ms + 50);
      this.cooldownTimer.unref?.();
      this.emit();
    });
  }

  onChange(listener: (s: StatusSnapshot) => void): { dispose(): void } {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }

  get snapshot(): StatusSnapshot {
    if (!this.enabled()) return { state: 'off' };
    if (this.isSnoozed()) return { state: 'snoozed', snoozedUntil: this.snoozedUntil };
    const budgetUntil = this.budget?.pausedUntil();
    if (budgetUntil !== undefined) return { state: 'over-budget', budgetUntil };
    const wait = this.cooldown?.remainingMs() ?? 0;
    if (wait > 0) return { state: 'rate-limited', resumesInMs: wait };
    if (this.error) return { state: 'error', detail: this.error };
    return { state: this.working > 0 ? 'working' : 'idle' };
  }

  isSnoozed(): boolean {
    return this.now() < this.snoozedUntil;
  }

  /** Snoozed, or paused by a reached spending limit: no request either way. */
  isPaused(): boolean {
    return this.isSnoozed() || this.budget?.pausedUntil() !== undefined;
  }

  /** `ms` = Infinity snoozes until re-enabled; 0 ends a snooze. */
  snooze(ms: number): void {
    this.snoozedUntil = ms > 0 ? this.now() + ms : 0;
    clearTimeout(this.snoozeTimer);
    // Re-render when a timed snooze ends; unref so it never keeps a process alive.
    if (ms > 0 && Number.isFinite(ms)) this.snoozeTimer = setTimeout(() => this.emit(), ms + 50);
    this.snoozeTimer?.unref?.();
    this.emit();
  }

  /** Marks a request as running until the returned function is called. */
  begin(): () => void {
    this.working++;
    this.emit();
    let done = false;
    return () => {
      if (done) return;
      done = true;
      this.working--;
      this.emit();
    };
  }

  /** A new suggestion (not the rest of one typed through) was shown `latencyMs` after VS Code asked. */
  shown(latencyMs: number): void {
    this.shownCount++;
    this.latencies.push(latencyMs);
    if (this.latencies.length > LATENCY_SAMPLES) this.latencies.shift();
    this.emit();
  }

  /** The user accepted a shown suggestion (Tab, or its last part). */
  accepted(): void {
    this.acceptedCount++;
    this.emit();
  }

  get figures(): SessionFigures {
    const sorted = [...this.latencies].sort((a, b) => a - b);
    const p50Ms = sorted.length ? sorted[Math.floor((sorted.length - 1) / 2)] : undefined;
    return { shown: this.shownCount, accepted: this.acceptedCount, p50Ms };
  }

  succeeded(): void {
    if (this.error === undefined) return;
    this.error = undefined;
    this.emit();
  }

  failed(message: string): void {
    this.error = message;
    this.emit();
  }

  dispose(): void {
    clearTimeout(this.snoozeTimer);
    clearTimeout(this.cooldownTimer);
    this.cooldownStarts?.dispose();
    this.listeners.clear();
  }

  /** Settings changed (enabled/disabled): re-render. */
  changed(): void {
    this.emit();
  }

  private emit(): void {
    const s = this.snapshot;
    for (const listener of this.listeners) listener(s);
  }
}
