// What the status bar shows about completions. Kept here so the provider only reports and the
// status bar only renders.

export type CompletionState = 'idle' | 'working' | 'error' | 'off' | 'snoozed';

export interface StatusSnapshot {
  state: CompletionState;
  /** For `error`: what went wrong, in a line; for `snoozed`: until when (epoch ms, Infinity = until re-enabled). */
  detail?: string;
  snoozedUntil?: number;
}

export class CompletionStatus {
  private working = 0;
  private error: string | undefined;
  private snoozedUntil = 0;
  private snoozeTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly listeners = new Set<(s: StatusSnapshot) => void>();

  constructor(
    private readonly enabled: () => boolean,
    private readonly now: () => number,
  ) {}

  onChange(listener: (s: StatusSnapshot) => void): { dispose(): void } {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }

  get snapshot(): StatusSnapshot {
    if (!this.enabled()) return { state: 'off' };
    if (this.isSnoozed()) return { state: 'snoozed', snoozedUntil: this.snoozedUntil };
    if (this.error) return { state: 'error', detail: this.error };
    return { state: this.working > 0 ? 'working' : 'idle' };
  }

  isSnoozed(): boolean {
    return this.now() < this.snoozedUntil;
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
