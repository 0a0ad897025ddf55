// At most one notification per kind per window (10 minutes): a broken key must not pop a toast on
// every keystroke, yet the user must hear about it once. Which failures get a notice, and what it
// says, is the error mapping's (errorFixes.ts); this only counts time.
import type { NoticeKind } from '../errors/errorFixes';

const NOTICE_WINDOW_MS = 10 * 60_000;

export class NoticeThrottle {
  private readonly lastShown = new Map<NoticeKind, number>();

  constructor(
    private readonly now: () => number,
    private readonly windowMs = NOTICE_WINDOW_MS,
  ) {}

  /** True (and remembered) when a notice of this kind may be shown now. */
  shouldShow(kind: NoticeKind): boolean {
    const last = this.lastShown.get(kind);
    const t = this.now();
    if (last !== undefined && t - last < this.windowMs) return false;
    this.lastShown.set(kind, t);
    return true;
  }
}
