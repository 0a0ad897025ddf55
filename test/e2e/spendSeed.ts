// A ledger of 30 days × 6 features, written where the extension's ledger reads it (global storage),
// through the ledger's own store so the lock is taken as another window would.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Frame, Page } from 'playwright-core';
import { dayKey, dayStartBefore, monthKey } from '../../src/core/spend/localDays';
import { LedgerStore } from '../../src/core/spend/ledgerStore';
import { SPEND_FEATURES } from '../../src/core/spend/spendTypes';
import type { LedgerEntry } from '../../src/core/spend/spendTypes';
import { until } from '../until';
import { frameWith, runCommand } from './workbench';

export const SEED_DAYS = 30;

/** What the seeded ledger adds up to, for the totals and the CSV. */
export interface Seeded {
  entries: LedgerEntry[];
  today: number;
  month: number;
  /** `day,feature` → cost, for each seeded line of the CSV. */
  byDayFeature: Map<string, number>;
}

/** CNY of feature `k` on the day `back` days ago: distinct per line, so a swapped column shows. */
function seededCost(k: number, back: number): number {
  return Number(((k + 1) * 0.01 + ((back * 7) % 11) * 0.003).toFixed(6));
}

export async function seedLedger(userDataDir: string, now = Date.now()): Promise<Seeded> {
  // The extension made the folder when it first compacted its ledger; seeding before would race with that.
  const dir = join(userDataDir, 'User', 'globalStorage', 'tandem.tandem');
  await until(() => existsSync(dir), 'the extension to create its global storage', 60_000);
  const entries: LedgerEntry[] = [];
  for (let back = SEED_DAYS - 1; back >= 0; back--) {
    const noon = dayStartBefore(now, back) + 12 * 3_600_000;
    // Today's requests are placed in the past hour so they are never in the future.
    const at = back === 0 ? Math.max(dayStartBefore(now, 0), Math.min(noon, now - 1_000)) : noon;
    SPEND_FEATURES.forEach((feature, k) => {
      const prompt = 1_000 * (k + 1);
      entries.push({
        id: `seed-${back}-${feature}`,
        at,
        service: feature === 'speech' ? 'A' : 'B',
        model: feature === 'speech' ? 'alpha-v2.5-tts' : 'beta-v4-flash',
        feature,
        tokens: { prompt, cacheHit: prompt / 2, cacheMiss: prompt / 2, output: 100, reasoning: 0 },
        cost: seededCost(k, back),
      });
    });
  }
  await new LedgerStore(dir, { now: () => now }).append(entries);
  const sum = (list: LedgerEntry[]) => Number(list.reduce((a, e) => a + (e.cost ?? 0), 0).toFixed(6));
  return {
    entries,
    today: sum(entries.filter((e) => dayKey(e.at) === dayKey(now))),
    month: sum(entries.filter((e) => monthKey(e.at) === monthKey(now))),
    byDayFeature: new Map(entries.map((e) => [`${dayKey(e.at)},${e.feature}`, e.cost ?? 0])),
  };
}

/** Runs Tandem: Show Spend and returns the panel's frame once its chart is drawn. */
export async function openSpendView(page: Page): Promise<Frame> {
  await runCommand(page, 'Tandem: Show Spend');
  const frame = await frameWith(page, '#spend .chart canvas', 60_000);
  await frame.locator('body[data-render-ms]').waitFor({ timeout: 30_000 });
  return frame;
}
