// At most one notification per kind per window (10 minutes): a broken key must not pop a toast on
// every keystroke, yet the user must hear about it once.
import type { ServiceError } from '../serviceError';

export type NoticeKind = 'missing_key' | 'invalid_key' | 'rate_limited' | 'unreachable';

export const NOTICE_WINDOW_MS = 10 * 60_000;

/** The kind of problem a failed completion is, for the user; undefined for ones not worth a toast. */
export function noticeKindOf(error: ServiceError): NoticeKind | undefined {
  switch (error.code) {
    case 'missing_key':
      return 'missing_key';
    case 'invalid_api_key':
      return 'invalid_key';
    case 'rate_limit_exceeded':
      return 'rate_limited';
    case 'missing_base_url':
    case 'network_error':
    case 'timeout':
      return 'unreachable';
    default:
      return undefined;
  }
}

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
