// What the Spend view shows and what its CSV export holds, shaped from a ledger snapshot. Pure: the
// host adds the labels, the limits and the time.
import type { SpendChatLine, SpendSeries } from '../../shared/spendProtocol';
import type { ChatSpend, DailyRow } from './ledgerRows';
import { lastDays } from './localDays';
import { SPEND_FEATURES, type SpendFeature } from './spendTypes';

/** The chart's span: the last 30 local days, today included. */
const CHART_DAYS = 30;
/** The most expensive chats listed. */
export const LISTED_CHATS = 10;

export interface ChartData {
  days: string[];
  /** One per feature that made a request in the days shown, in SPEND_FEATURES order. */
  series: Array<Omit<SpendSeries, 'label'>>;
  unpriced: number;
}

/** Cost per day and feature over the last `count` days, and each feature's cache-hit share of its prompt tokens. */
export function chartData(rows: readonly DailyRow[], now: number, count = CHART_DAYS): ChartData {
  const days = lastDays(now, count);
  const index = new Map(days.map((day, i) => [day, i]));
  const byFeature = new Map<SpendFeature, { cost: number[]; requests: number; prompt: number; hit: number }>();
  let unpriced = 0;
  for (const row of rows) {
    const i = index.get(row.day);
    if (i === undefined) continue;
    let line = byFeature.get(row.feature);
    if (!line) byFeature.set(row.feature, (line = { cost: days.map(() => 0), requests: 0, prompt: 0, hit: 0 }));
    line.cost[i] = round(line.cost[i] + row.cost);
    line.requests += row.requests;
    line.prompt += row.tokens.prompt;
    line.hit += row.tokens.cacheHit;
    unpriced += row.unpriced;
  }
  const series = SPEND_FEATURES.flatMap((feature) => {
    const line = byFeature.get(feature);
    if (!line || line.requests === 0) return [];
    return [
      {
        feature,
        cost: line.cost,
        total: round(line.cost.reduce((a, b) => a + b, 0)),
        promptTokens: line.prompt,
        hitShare: line.prompt > 0 ? line.hit / line.prompt : null,
      },
    ];
  });
  return { days, series, unpriced };
}

/** The most expensive chats, dearest first. */
export function dearestChats(chats: readonly ChatSpend[], count = LISTED_CHATS): SpendChatLine[] {
  return [...chats]
    .filter((c) => c.cost > 0)
    .sort((a, b) => b.cost - a.cost || b.last - a.last)
    .slice(0, count)
    .map((c) => ({ chatId: c.chatId, title: c.title, cost: c.cost, requests: c.requests }));
}

export const CSV_HEADER = [
  'day',
  'feature',
  'requests',
  'prompt_tokens',
  'cache_hit_tokens',
  'cache_miss_tokens',
  'output_tokens',
  'reasoning_tokens',
  'cost_cny',
  'unpriced_requests',
  'estimated_requests',
] as const;

/**
 * One line per day and feature the ledger holds (services and models summed), oldest day first,
 * features in SPEND_FEATURES order. Costs keep six decimals: a single completion costs fractions of a fen.
 */
export function spendCsv(rows: readonly DailyRow[]): string {
  const sums = new Map<string, DailyRow>();
  for (const row of rows) {
    const key = `${row.day}\u0000${row.feature}`;
    const sum = sums.get(key);
    if (!sum) {
      sums.set(key, { ...row, tokens: { ...row.tokens } });
      continue;
    }
    sum.requests += row.requests;
    sum.tokens.prompt += row.tokens.prompt;
    sum.tokens.cacheHit += row.tokens.cacheHit;
    sum.tokens.cacheMiss += row.tokens.cacheMiss;
    sum.tokens.output += row.tokens.output;
    sum.tokens.reasoning += row.tokens.reasoning;
    sum.cost = round(sum.cost + row.cost);
    sum.unpriced += row.unpriced;
    sum.estimated += row.estimated;
  }
  const order = (f: SpendFeature) => SPEND_FEATURES.indexOf(f);
  const lines = [...sums.values()]
    .sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : order(a.feature) - order(b.feature)))
    .map((r) =>
      [
        r.day,
        r.feature,
        r.requests,
        r.tokens.prompt,
        r.tokens.cacheHit,
        r.tokens.cacheMiss,
        r.tokens.output,
        r.tokens.reasoning,
        r.cost.toFixed(6),
        r.unpriced,
        r.estimated,
      ].join(','),
    );
  // CRLF, as RFC 4180 and spreadsheet programs expect; every field is a date, a known word or a number, so none needs quoting.
  return [CSV_HEADER.join(','), ...lines].join('\r\n') + '\r\n';
}

function round(n: number): number {
  return Number(n.toPrecision(12));
}
