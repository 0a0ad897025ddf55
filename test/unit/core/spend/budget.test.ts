import assert from 'node:assert/strict';
import { nearLimits, reachedLimit } from '../../../../src/core/spend/budget';
import { BudgetGuard, type DayMarks } from '../../../../src/core/spend/budgetGuard';
import type { PlannedRequest } from '../../../../src/core/spend/spendGate';

const NOON = new Date(2026, 10, 25, 12).getTime();
const chat: PlannedRequest = { feature: 'chat', service: 'B', model: 'beta-v4-flash', promptTokens: 1_000 };

function marks(): DayMarks & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return { map, get: (k) => map.get(k), set: (k, v) => void map.set(k, v) };
}

function guard(
  over: { today?: number; month?: number; daily?: number; monthly?: number; confirmAbove?: number; answers?: boolean[] } = {},
) {
  const state = { today: over.today ?? 0, month: over.month ?? 0, daily: over.daily ?? 0, monthly: over.monthly ?? 0, now: NOON };
  const asked: string[] = [];
  const confirmed: string[] = [];
  const warned: string[] = [];
  const answers = [...(over.answers ?? [])];
  const g = new BudgetGuard({
    spent: { spentOn: () => state.today, spentInMonth: () => state.month },
    limits: () => ({ daily: state.daily, monthly: state.monthly, confirmAbove: over.confirmAbove ?? 0.5 }),
    userPrices: () => ({}),
    now: () => state.now,
    marks: marks(),
    askOverBudget: async (q) => (asked.push(q), answers.shift() ?? false),
    confirmCost: async (e) => (confirmed.push(e), answers.shift() ?? false),
    warn: (t) => void warned.push(t),
  });
  return { g, state, asked, confirmed, warned };
}

describe('budgets', () => {
  it('a limit is reached when spend equals it, and 0 means none', () => {
    assert.equal(reachedLimit({ daily: 4, monthly: 0, confirmAbove: 0 }, { today: 3.99, month: 100 }, NOON), undefined);
    const reached = reachedLimit({ daily: 4, monthly: 0, confirmAbove: 0 }, { today: 4, month: 4 }, NOON);
    assert.equal(reached?.kind, 'daily');
    // Until the next local midnight.
    assert.equal(reached?.until, new Date(2026, 10, 26).getTime());
    assert.equal(
      reachedLimit({ daily: 0, monthly: 30, confirmAbove: 0 }, { today: 1, month: 30 }, NOON)?.until,
      new Date(2026, 11, 1).getTime(),
    );
  });

  it('warns at 80% and not past the limit', () => {
    assert.deepEqual(
      nearLimits({ daily: 10, monthly: 100, confirmAbove: 0 }, { today: 8, month: 79 }).map((n) => n.kind),
      ['daily'],
    );
    assert.deepEqual(nearLimits({ daily: 10, monthly: 0, confirmAbove: 0 }, { today: 10, month: 0 }), []);
  });

  it('pauses completions while reached and resumes at once when the limit is raised or cleared', () => {
    const { g, state } = guard({ today: 4.12, daily: 4 });
    assert.equal(g.completionsPausedUntil(), new Date(2026, 10, 26).getTime());
    state.daily = 5;
    assert.equal(g.completionsPausedUntil(), undefined);
    state.daily = 4;
    state.daily = 0;
    assert.equal(g.completionsPausedUntil(), undefined);
  });

  it('asks once a day before a chat request when over budget: Continue today holds until midnight', async () => {
    const { g, state, asked } = guard({ today: 4.12, daily: 4, answers: [true] });
    assert.equal(await g.beforeRequest(chat), true);
    assert.equal(await g.beforeRequest(chat), true);
    assert.deepEqual(asked, ["Over today's budget: 4.12 of 4.00 CNY."]);
    state.now = new Date(2026, 10, 26, 9).getTime();
    assert.equal(await g.beforeRequest(chat), false);
    assert.equal(asked.length, 2);
  });

  it('Stop refuses the request, and the next request asks again', async () => {
    const { g, asked } = guard({ today: 5, daily: 4, answers: [false, true] });
    assert.equal(await g.beforeRequest({ ...chat, feature: 'speech', service: 'A', model: 'alpha-v2.5-tts' }), false);
    assert.equal(await g.beforeRequest(chat), true);
    assert.equal(asked.length, 2);
  });

  it('two requests at once share one question', async () => {
    const { g, asked } = guard({ today: 5, daily: 4, answers: [true] });
    assert.deepEqual(await Promise.all([g.beforeRequest(chat), g.beforeRequest(chat)]), [true, true]);
    assert.equal(asked.length, 1);
  });

  it('asks before a request estimated above confirmAbove (a 600k-token prompt), showing the estimate', async () => {
    const { g, confirmed } = guard({ answers: [false] });
    assert.equal(await g.beforeRequest({ ...chat, promptTokens: 600_000 }), false);
    assert.deepEqual(confirmed, ['0.60 CNY']);
    // The same prompt again, mostly a cache hit, costs far less and is sent without asking.
    assert.equal(await g.beforeRequest({ ...chat, promptTokens: 600_000, cachedTokens: 590_000 }), true);
    // Unpriced (Service A without user prices): nothing to confirm.
    assert.equal(await g.beforeRequest({ ...chat, service: 'A', model: 'alpha-v2.5', promptTokens: 10_000_000 }), true);
    assert.equal(confirmed.length, 1);
  });

  it('warns once a day per limit at 80%', () => {
    const { g, state, warned } = guard({ today: 3.3, daily: 4 });
    g.checkWarnings();
    g.checkWarnings();
    assert.deepEqual(warned, ["Tandem has spent 82% of today's budget: 3.30 of 4.00 CNY."]);
    state.now += 86_400_000;
    g.checkWarnings();
    assert.equal(warned.length, 2);
  });
});
