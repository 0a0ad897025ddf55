// The ledger's bounded part: one row per local day, feature, service and model, and the chats that
// cost the most. Requests older than the detail window are folded into these and dropped.
import type { ServiceId } from '../services/wireTypes';
import { dayKey } from './localDays';
import type { LedgerEntry, SpendFeature, SpendTokens } from './spendTypes';

export interface DailyRow {
  day: string;
  feature: SpendFeature;
  service: ServiceId;
  model: string;
  requests: number;
  tokens: SpendTokens;
  /** CNY of the priced requests. */
  cost: number;
  /** Requests with no price (Service A before the user set one): tokens only. */
  unpriced: number;
  /** Requests whose usage was estimated (cut streams). */
  estimated: number;
  /** Requests priced all-miss because the service gave no cache split. */
  assumedMiss: number;
}

export interface ChatSpend {
  chatId: string;
  title: string;
  cost: number;
  requests: number;
  /** Epoch ms of its last request. */
  last: number;
}

/** Rows are kept this long (a year and a month: last year's same month stays comparable). */
export const ROW_DAYS = 400;
/** The most expensive chats kept once their requests are folded. */
const KEPT_CHATS = 50;

export function emptyTokens(): SpendTokens {
  return { prompt: 0, cacheHit: 0, cacheMiss: 0, output: 0, reasoning: 0 };
}

function rowKey(r: { day: string; feature: string; service: string; model: string }): string {
  return `${r.day}\u0000${r.feature}\u0000${r.service}\u0000${r.model}`;
}

/** Adds requests to rows (a new array; the inputs are left as they were). */
export function foldEntries(rows: readonly DailyRow[], entries: Iterable<LedgerEntry>): DailyRow[] {
  const byKey = new Map<string, DailyRow>();
  for (const row of rows) byKey.set(rowKey(row), { ...row, tokens: { ...row.tokens } });
  for (const e of entries) {
    const day = dayKey(e.at);
    const key = rowKey({ day, feature: e.feature, service: e.service, model: e.model });
    let row = byKey.get(key);
    if (!row) {
      row = {
        day,
        feature: e.feature,
        service: e.service,
        model: e.model,
        requests: 0,
        tokens: emptyTokens(),
        cost: 0,
        unpriced: 0,
        estimated: 0,
        assumedMiss: 0,
      };
      byKey.set(key, row);
    }
    addEntry(row, e);
  }
  return [...byKey.values()];
}

function addEntry(row: DailyRow, e: LedgerEntry): void {
  row.requests += 1;
  addTokens(row.tokens, e.tokens);
  if (e.cost === undefined) row.unpriced += 1;
  else row.cost = Number((row.cost + e.cost).toPrecision(12));
  if (e.estimated) row.estimated += 1;
  if (e.assumedMiss) row.assumedMiss += 1;
}

function addTokens(into: SpendTokens, add: SpendTokens): void {
  into.prompt += add.prompt;
  into.cacheHit += add.cacheHit;
  into.cacheMiss += add.cacheMiss;
  into.output += add.output;
  into.reasoning += add.reasoning;
}

/** Drops rows of days before `oldestDay` (keys compare as dates). */
export function trimRows(rows: readonly DailyRow[], oldestDay: string): DailyRow[] {
  return rows.filter((r) => r.day >= oldestDay);
}

/** Adds chat requests to the per-chat totals and keeps the most expensive `KEPT_CHATS`. */
export function foldChats(chats: readonly ChatSpend[], entries: Iterable<LedgerEntry>, keep = KEPT_CHATS): ChatSpend[] {
  const byId = new Map(chats.map((c) => [c.chatId, { ...c }]));
  for (const e of entries) {
    if (!e.chatId) continue;
    let chat = byId.get(e.chatId);
    if (!chat) byId.set(e.chatId, (chat = { chatId: e.chatId, title: e.chatTitle ?? '', cost: 0, requests: 0, last: 0 }));
    chat.cost = Number((chat.cost + (e.cost ?? 0)).toPrecision(12));
    chat.requests += 1;
    if (e.at >= chat.last) {
      chat.last = e.at;
      if (e.chatTitle) chat.title = e.chatTitle;
    }
  }
  return [...byId.values()].sort((a, b) => b.cost - a.cost || b.last - a.last).slice(0, keep);
}
