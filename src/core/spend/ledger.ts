// The ledger: features record into it (UsageSink), budgets and the Spend view read from it. A record
// is priced and counted in memory at once, so a budget sees it before the next request; the disk
// write follows in a batch. What other windows wrote is read on `refresh()`, from where the last
// read ended.
import { dayKey, monthKey } from './localDays';
import { foldChats, foldEntries, type ChatSpend, type DailyRow } from './ledgerRows';
import { unique, type LedgerStore, type RowsFile } from './ledgerStore';
import { costOfTokens, priceFor, type UserPrices } from './spendPrices';
import type { LedgerEntry, UsageRecord, UsageSink } from './spendTypes';
import { tokensOf } from './usageTokens';

export interface LedgerDeps {
  store: LedgerStore;
  now: () => number;
  newId: () => string;
  /** `tandem.spend.prices`, read per record so a change applies to the next request. */
  userPrices: () => UserPrices;
  /** Called when a write fails; the entry stays in memory and is retried with the next batch. */
  onError?: (error: unknown) => void;
}

/** Everything the Spend view and the budgets read. */
export interface LedgerSnapshot {
  /** Folded days, and the detail of the last 7 days folded in too: one row per day, feature, service, model. */
  rows: DailyRow[];
  /** The last 7 days, one per request. */
  entries: LedgerEntry[];
  chats: ChatSpend[];
}

export class Ledger implements UsageSink {
  private folded: { generation: number; ids: ReadonlySet<string>; rows: DailyRow[]; chats: ChatSpend[] } = {
    generation: 0,
    ids: new Set(),
    rows: [],
    chats: [],
  };
  private readonly entries = new Map<string, LedgerEntry>();
  private readonly costByDay = new Map<string, number>();
  private readonly costByMonth = new Map<string, number>();
  private pending: LedgerEntry[] = [];
  /** Recorded here and not yet appended (pending or being written): a rebuild must not drop them. */
  private readonly unwritten = new Set<string>();
  private writing: Promise<void> = Promise.resolve();
  private scheduled = false;
  private journal = { end: 0, ino: -1 };
  private readonly listeners = new Set<() => void>();
  /**
   * Epoch ms of the last request of a feature recorded in this window: whether Tandem is in use
   * (balanceCheck.ts). A connection check does not count: it reads the balance itself.
   */
  lastRecordAt: number | undefined;

  constructor(private readonly deps: LedgerDeps) {}

  /** Synchronous and cheap: a feature calls it as its request ends. */
  record(record: UsageRecord): void {
    const { tokens, assumedMiss, estimated } = tokensOf(record);
    const cost = costOfTokens(priceFor(record.service, record.model, this.deps.userPrices()), tokens);
    const entry: LedgerEntry = {
      id: this.deps.newId(),
      at: this.deps.now(),
      service: record.service,
      model: record.model,
      feature: record.feature,
      tokens,
      ...(cost === undefined ? {} : { cost }),
      ...(assumedMiss ? { assumedMiss: true as const } : {}),
      ...(estimated ? { estimated: true as const } : {}),
      ...(record.chatId ? { chatId: record.chatId } : {}),
      ...(record.chatTitle ? { chatTitle: record.chatTitle } : {}),
    };
    if (record.feature !== 'check') this.lastRecordAt = entry.at;
    this.add(entry);
    this.pending.push(entry);
    this.unwritten.add(entry.id);
    this.scheduleWrite();
    this.changed();
  }

  onChange(listener: () => void): { dispose(): void } {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }

  /** CNY spent on the local day of `at`, in every window. */
  spentOn(at: number): number {
    return this.costByDay.get(dayKey(at)) ?? 0;
  }

  /** CNY spent in the local month of `at`, in every window. */
  spentInMonth(at: number): number {
    return this.costByMonth.get(monthKey(at)) ?? 0;
  }

  /** CNY spent on Service B between two instants, from the per-request detail (the balance comparison). */
  spentBetween(service: 'A' | 'B', from: number, to: number): number {
    let sum = 0;
    for (const e of this.entries.values()) if (e.service === service && e.at >= from && e.at < to) sum += e.cost ?? 0;
    return Number(sum.toPrecision(12));
  }

  snapshot(): LedgerSnapshot {
    const entries = [...this.entries.values()].sort((a, b) => a.at - b.at);
    return {
      rows: foldEntries(this.folded.rows, entries),
      entries,
      chats: foldChats(this.folded.chats, entries),
    };
  }

  /** Reads the store: the rows, and the journal lines not yet seen (all of them after a compaction). */
  async refresh(): Promise<void> {
    const { store } = this.deps;
    const rows = await store.readRows();
    const fresh = this.journal.ino === -1 || rows.generation !== this.folded.generation;
    let read = await store.readJournal(fresh ? 0 : this.journal.end);
    // Replaced by another window's compaction: read the new file from its start.
    if (!fresh && read.ino !== this.journal.ino) read = await store.readJournal(0);
    // Only news is announced: each listener redraws what it shows (the Spend view rebuilds its page).
    let news = fresh || read.ino !== this.journal.ino;
    if (news) this.rebuild(rows);
    for (const entry of read.entries)
      if (!this.folded.ids.has(entry.id) && !this.entries.has(entry.id)) {
        this.add(entry);
        news = true;
      }
    this.journal = { end: read.end, ino: read.ino };
    if (news) this.changed();
  }

  /** Writes what is pending; resolves when it is on disk. */
  flush(): Promise<void> {
    this.scheduled = false;
    const batch = this.pending;
    this.pending = [];
    if (batch.length === 0) return this.writing;
    this.writing = this.writing
      .then(() => this.deps.store.append(batch))
      .then(() => {
        for (const e of batch) this.unwritten.delete(e.id);
      })
      .catch((error: unknown) => {
        this.pending.unshift(...batch);
        this.deps.onError?.(error);
      });
    return this.writing;
  }

  /** Compacts the store, then reads it again. */
  async compact(): Promise<void> {
    await this.flush();
    await this.deps.store.compact();
    await this.refresh();
  }

  private scheduleWrite(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    // One write for the requests that end together (a tool round, a burst of completions).
    queueMicrotask(() => void this.flush());
  }

  private rebuild(rows: RowsFile): void {
    const ids = new Set(rows.folded);
    // Entries recorded here and not yet in the journal stay counted; the rest is read again from the journal.
    const mine = [...this.entries.values()].filter((e) => this.unwritten.has(e.id));
    this.folded = { generation: rows.generation, ids, rows: rows.rows, chats: rows.chats };
    this.entries.clear();
    this.costByDay.clear();
    this.costByMonth.clear();
    for (const row of rows.rows) {
      this.bump(this.costByDay, row.day, row.cost);
      this.bump(this.costByMonth, row.day.slice(0, 7), row.cost);
    }
    for (const e of unique(mine)) this.add(e);
  }

  private add(entry: LedgerEntry): void {
    this.entries.set(entry.id, entry);
    if (entry.cost) {
      this.bump(this.costByDay, dayKey(entry.at), entry.cost);
      this.bump(this.costByMonth, monthKey(entry.at), entry.cost);
    }
  }

  private bump(map: Map<string, number>, key: string, cost: number): void {
    map.set(key, Number(((map.get(key) ?? 0) + cost).toPrecision(12)));
  }

  private changed(): void {
    for (const listener of this.listeners) listener();
  }
}
