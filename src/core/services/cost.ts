// Cost of one request from its usage and the catalog's prices. Only Service B publishes prices (docs/contracts.md#b-prices);
// Service A's contract has none, so its cost is unknown rather than zero.
import type { Usage } from './wireTypes';
import { findModel } from './modelCatalog';
import { migrateModelSetting } from './modelMigration';

export interface Cost {
  amount: number;
  currency: 'CNY';
}

const PER_TOKENS = 1_000_000;

export function costOf(model: string, usage: Usage): Cost | undefined {
  // Responses from a retired alias are priced as the model it maps to.
  const info = findModel(model) ?? findModel(migrateModelSetting('B', model).model);
  const price = info?.price;
  if (!price) return undefined;

  const { hit, miss } = promptSplit(usage);
  const raw = (hit * price.cacheHit + miss * price.cacheMiss + usage.completion_tokens * price.output) / PER_TOKENS;
  // Round away binary noise (0.1 + 0.2 style) while keeping the tiny amounts of short requests.
  return { amount: Number(raw.toPrecision(12)), currency: price.currency };
}

/** Cache hits and misses of the prompt; with no split reported, every prompt token is a miss. */
function promptSplit(usage: Usage): { hit: number; miss: number } {
  const hit = usage.prompt_cache_hit_tokens;
  const miss = usage.prompt_cache_miss_tokens;
  const prompt = usage.prompt_tokens;
  if (hit === undefined && miss === undefined) return { hit: 0, miss: prompt };
  // hit + miss = prompt_tokens, so one reported half gives the other.
  if (miss === undefined) return { hit: hit ?? 0, miss: Math.max(0, prompt - (hit ?? 0)) };
  if (hit === undefined) return { hit: Math.max(0, prompt - miss), miss };
  return { hit, miss };
}

/** Short display form, e.g. "0.0123 CNY"; amounts too small for four decimals show as "<0.0001 CNY". */
export function formatCost(cost: Cost): string {
  const { amount, currency } = cost;
  if (amount === 0) return `0 ${currency}`;
  if (amount < 0.0001) return `<0.0001 ${currency}`;
  return `${amount.toFixed(amount >= 1 ? 2 : 4)} ${currency}`;
}
