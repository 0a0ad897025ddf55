// How the status bar item words the completion status; pure, so the wording is unit-tested.
import type { SessionFigures, StatusSnapshot } from './completionStatus';

export interface StatusLine {
  /** A codicon, e.g. `$(sparkle)`. */
  icon: string;
  /** Short text shown after "Tandem" in the item itself, when there is something to count down. */
  badge?: string;
  /** A sentence for the tooltip. */
  line: string;
}

export function completionStatusLine(s: StatusSnapshot | undefined): StatusLine {
  switch (s?.state) {
    case undefined:
    case 'idle':
      return { icon: '$(sparkle)', line: s ? 'Inline completions on.' : '' };
    case 'working':
      return { icon: '$(loading~spin)', line: 'Waiting for a completion…' };
    case 'error':
      return { icon: '$(error)', line: `Completions failed: ${s.detail ?? 'unknown error'}.` };
    case 'off':
      return { icon: '$(circle-slash)', line: 'Inline completions off.' };
    case 'snoozed':
      return {
        icon: '$(clock)',
        line:
          s.snoozedUntil === Infinity
            ? 'Completions snoozed until re-enabled.'
            : `Completions snoozed until ${new Date(s.snoozedUntil ?? 0).toLocaleTimeString()}.`,
      };
    case 'over-budget': {
      const until = new Date(s.budgetUntil ?? 0);
      // Local midnight reads as the day it starts; the first of a month as its date.
      const when = until.getDate() === 1 ? until.toLocaleDateString() : `${until.toLocaleDateString()} 00:00`;
      return {
        icon: '$(circle-slash)',
        badge: `budget reached, paused until ${when}`,
        line: `Spending limit reached: completions paused until ${when}.`,
      };
    }
    case 'rate-limited': {
      const wait = `resuming in ${Math.ceil((s.resumesInMs ?? 0) / 1000)} s`;
      return { icon: '$(watch)', badge: wait, line: `Completions rate-limited, ${wait} (Service B asked Tandem to wait).` };
    }
  }
}

/** The tooltip's sentence about this session: acceptance rate and median keystroke→suggestion time. */
export function sessionFiguresLine(f: SessionFigures): string {
  if (f.shown === 0) return 'No suggestions shown yet this session.';
  const rate = Math.round((f.accepted / f.shown) * 100);
  const p50 = f.p50Ms === undefined ? '' : `, p50 ${Math.round(f.p50Ms)} ms from keystroke to suggestion`;
  return `This session: ${f.accepted} of ${f.shown} suggestions accepted (${rate}%)${p50}.`;
}
