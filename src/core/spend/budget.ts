// Budgets: pure decisions over what was spent and the limits the user set. A limit is reached when
// spend ≥ limit; 0 means none. Days and months are local (localDays.ts).
import { nextDayStart, nextMonthStart } from './localDays';

export interface SpendLimits {
  /** CNY per local day; 0 = none. */
  daily: number;
  /** CNY per local month; 0 = none. */
  monthly: number;
  /** CNY: a single request estimated above this asks first; 0 = never. */
  confirmAbove: number;
}

export type LimitKind = 'daily' | 'monthly';

export interface Reached {
  kind: LimitKind;
  spent: number;
  limit: number;
  /** Epoch ms when it lifts by itself: the next local midnight, or the first of next month. */
  until: number;
}

export interface Spent {
  today: number;
  month: number;
}

/** The warning share of a limit: a notification once a day. */
const WARN_SHARE = 0.8;

/** The limit reached, monthly first (it lasts longer); undefined while both have room. */
export function reachedLimit(limits: SpendLimits, spent: Spent, now: number): Reached | undefined {
  if (limits.monthly > 0 && spent.month >= limits.monthly) {
    return { kind: 'monthly', spent: spent.month, limit: limits.monthly, until: nextMonthStart(now) };
  }
  if (limits.daily > 0 && spent.today >= limits.daily) {
    return { kind: 'daily', spent: spent.today, limit: limits.daily, until: nextDayStart(now) };
  }
  return undefined;
}

/** Limits at or past 80% but not reached, each once: the caller remembers which it warned about today. */
export function nearLimits(limits: SpendLimits, spent: Spent): Array<{ kind: LimitKind; spent: number; limit: number }> {
  const out: Array<{ kind: LimitKind; spent: number; limit: number }> = [];
  if (limits.daily > 0 && spent.today >= limits.daily * WARN_SHARE && spent.today < limits.daily) {
    out.push({ kind: 'daily', spent: spent.today, limit: limits.daily });
  }
  if (limits.monthly > 0 && spent.month >= limits.monthly * WARN_SHARE && spent.month < limits.monthly) {
    out.push({ kind: 'monthly', spent: spent.month, limit: limits.monthly });
  }
  return out;
}

/** "4.12 CNY": budgets speak in hundredths, with small amounts still visible. */
export function formatCny(amount: number): string {
  if (amount > 0 && amount < 0.01) return `${amount.toFixed(4)} CNY`;
  return `${amount.toFixed(2)} CNY`;
}

/** The question before a chat, inline edit or read-aloud request once a limit is reached. */
export function overBudgetQuestion(reached: Reached): string {
  const figures = `${reached.spent.toFixed(2)} of ${reached.limit.toFixed(2)} CNY`;
  return reached.kind === 'daily' ? `Over today's budget: ${figures}.` : `Over this month's budget: ${figures}.`;
}
