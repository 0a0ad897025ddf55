// The budget in use: the status completions and the status bar read, the gate chat, inline edit and
// read aloud ask, and the 80% warning. It decides; asking and warning are passed in (dialogs in
// vscode/spend). "Continue today" and "warned" are remembered per local day in `marks`, which the
// host keeps in global state so every window shares them.
import { dayKey } from './localDays';
import { nearLimits, reachedLimit, formatCny, overBudgetQuestion, type Reached, type SpendLimits, type Spent } from './budget';
import type { PlannedRequest, SpendGate } from './spendGate';
import { costOfTokens, priceFor, type UserPrices } from './spendPrices';

interface SpentSource {
  spentOn(at: number): number;
  spentInMonth(at: number): number;
}

export interface DayMarks {
  get(key: string): string | undefined;
  set(key: string, value: string): void;
}

export interface BudgetGuardDeps {
  spent: SpentSource;
  limits: () => SpendLimits;
  userPrices: () => UserPrices;
  now: () => number;
  marks: DayMarks;
  /** "Over today's budget: …" with Continue today / Stop; resolves true for Continue. */
  askOverBudget: (question: string) => Promise<boolean>;
  /** "This request will cost about …" with Send / Cancel; resolves true for Send. */
  confirmCost: (estimate: string) => Promise<boolean>;
  warn: (text: string) => void;
}

export class BudgetGuard implements SpendGate {
  /** One question of each kind at a time: requests that arrive while it is open wait for its answer. */
  private readonly asking = new Map<string, Promise<boolean>>();

  constructor(private readonly deps: BudgetGuardDeps) {}

  spent(now = this.deps.now()): Spent {
    return { today: this.deps.spent.spentOn(now), month: this.deps.spent.spentInMonth(now) };
  }

  /** The limit reached now, if any; read on every call, so a raised or cleared limit lifts at once. */
  reached(now = this.deps.now()): Reached | undefined {
    return reachedLimit(this.deps.limits(), this.spent(now), now);
  }

  /** Completions pause while a limit is reached: until when (epoch ms), or undefined. */
  completionsPausedUntil(): number | undefined {
    return this.reached()?.until;
  }

  async beforeRequest(request: PlannedRequest): Promise<boolean> {
    if (request.feature === 'completion') return this.reached() === undefined;
    const now = this.deps.now();
    const reached = this.reached(now);
    if (reached) {
      const key = `continue:${reached.kind}:${dayKey(now)}`;
      if (this.deps.marks.get(key) !== 'yes') {
        const go = await this.ask('budget', () => this.deps.askOverBudget(overBudgetQuestion(reached)));
        if (!go) return false;
        this.deps.marks.set(key, 'yes');
      }
    }
    const estimate = this.estimate(request);
    const above = this.deps.limits().confirmAbove;
    if (estimate !== undefined && above > 0 && estimate > above) {
      return this.ask('cost', () => this.deps.confirmCost(formatCny(estimate)));
    }
    return true;
  }

  /** The prompt's cost before it is sent: the part the cache likely holds as hits, the rest as misses; output unknown, so left out. */
  estimate(request: PlannedRequest): number | undefined {
    const cached = Math.min(request.cachedTokens ?? 0, request.promptTokens);
    const price = priceFor(request.service, request.model, this.deps.userPrices());
    return costOfTokens(price, {
      prompt: request.promptTokens,
      cacheHit: cached,
      cacheMiss: request.promptTokens - cached,
      output: 0,
      reasoning: 0,
    });
  }

  /** Called when spend changes: a notification once a day per limit at 80%. */
  checkWarnings(): void {
    const now = this.deps.now();
    for (const near of nearLimits(this.deps.limits(), this.spent(now))) {
      const key = `warned:${near.kind}:${dayKey(now)}`;
      if (this.deps.marks.get(key) === 'yes') continue;
      this.deps.marks.set(key, 'yes');
      const share = Math.floor((near.spent / near.limit) * 100);
      this.deps.warn(
        near.kind === 'daily'
          ? `Tandem has spent ${share}% of today's budget: ${near.spent.toFixed(2)} of ${near.limit.toFixed(2)} CNY.`
          : `Tandem has spent ${share}% of this month's budget: ${near.spent.toFixed(2)} of ${near.limit.toFixed(2)} CNY.`,
      );
    }
  }

  private ask(kind: string, question: () => Promise<boolean>): Promise<boolean> {
    let open = this.asking.get(kind);
    if (!open) {
      open = question().finally(() => this.asking.delete(kind));
      this.asking.set(kind, open);
    }
    return open;
  }
}
