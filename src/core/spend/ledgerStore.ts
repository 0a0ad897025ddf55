// The ledger on disk, shared by every window of the user (global storage):
//   spend-journal.jsonl  one request a line, appended; the last 7 days of detail
//   spend-rows.json      daily rows and the chats' totals, with `folded`: the ids of journal lines
//                        already in the rows, which readers ignore while they are still in the journal
//   spend.lock/          a directory: mkdir is atomic, so it is the cross-process lock
// Safety: every write holds the lock, so a compaction never rewrites a journal another window is
// appending to (no lost rows). Each line starts with a newline, so a line torn by a crash is never
// glued to the next one; readers skip lines that do not parse. Compaction writes the rows first
// (temp file + rename), then the shorter journal: a crash between the two leaves folded lines in the
// journal, which readers and the next compaction skip by id (no double count). Ids are unique, and a reader keeps one copy.
import { constants } from 'node:fs';
import { mkdir, open, readFile, rename, rm, rmdir, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { dayKey, dayStartBefore } from './localDays';
import { foldChats, foldEntries, ROW_DAYS, trimRows, type ChatSpend, type DailyRow } from './ledgerRows';
import type { LedgerEntry } from './spendTypes';
import { isLedgerEntry } from './ledgerEntryCheck';

export const JOURNAL_FILE = 'spend-journal.jsonl';
export const ROWS_FILE = 'spend-rows.json';
export const LOCK_DIR = 'spend.lock';
/** Detail is kept for today and the six days before. */
const DETAIL_DAYS = 7;

export interface RowsFile {
  version: 1;
  /** Counts compactions: a reader that sees it change reads the journal again from its start. */
  generation: number;
  /** Ids of entries in `rows` that may still be in the journal (a crash between the two renames). */
  folded: string[];
  rows: DailyRow[];
  chats: ChatSpend[];
}

export interface JournalRead {
  entries: LedgerEntry[];
  /** Byte offset after the last whole line read, to read on from. */
  end: number;
  /** The journal file's identity: a compaction replaces the file, and a reader starts over. */
  ino: number;
}

export interface StoreOptions {
  now: () => number;
  /** A lock older than this is taken to be left by a crashed window. */
  staleLockMs?: number;
  /** Waits between lock attempts; tests may pass one that yields without a timer. */
  wait?: (ms: number) => Promise<void>;
}

const EMPTY_ROWS: RowsFile = { version: 1, generation: 0, folded: [], rows: [], chats: [] };

export class LedgerStore {
  private readonly staleLockMs: number;
  private readonly wait: (ms: number) => Promise<void>;

  constructor(
    readonly dir: string,
    private readonly options: StoreOptions,
  ) {
    this.staleLockMs = options.staleLockMs ?? 10_000;
    this.wait = options.wait ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
  }

  private path(name: string): string {
    return join(this.dir, name);
  }

  async append(entries: readonly LedgerEntry[]): Promise<void> {
    if (entries.length === 0) return;
    const text = entries.map((e) => `\n${JSON.stringify(e)}`).join('') + '\n';
    await this.locked(() => writeFile(this.path(JOURNAL_FILE), text, { flag: 'a' }));
  }

  async readRows(): Promise<RowsFile> {
    try {
      const parsed = JSON.parse(await readFile(this.path(ROWS_FILE), 'utf8')) as Partial<RowsFile>;
      if (parsed?.version !== 1 || !Array.isArray(parsed.rows) || !Array.isArray(parsed.chats) || !Array.isArray(parsed.folded))
        return EMPTY_ROWS;
      return { version: 1, generation: Number(parsed.generation) || 0, folded: parsed.folded, rows: parsed.rows, chats: parsed.chats };
    } catch {
      // Missing (first run) or unreadable: a rename is atomic, so a half-written rows file cannot exist.
      return EMPTY_ROWS;
    }
  }

  /** Whole lines from `from` on; a torn last line (a crash mid-write) is left for nobody: it never ends in a newline. */
  async readJournal(from = 0): Promise<JournalRead> {
    let handle;
    try {
      handle = await open(this.path(JOURNAL_FILE), constants.O_RDONLY);
    } catch {
      return { entries: [], end: 0, ino: 0 };
    }
    try {
      const info = await handle.stat();
      const start = from <= info.size ? from : 0;
      const length = info.size - start;
      const buffer = Buffer.alloc(length);
      let read = 0;
      while (read < length) {
        const { bytesRead } = await handle.read(buffer, read, length - read, start + read);
        if (bytesRead === 0) break;
        read += bytesRead;
      }
      const lastNewline = buffer.lastIndexOf(0x0a, read - 1);
      const whole = lastNewline < 0 ? '' : buffer.subarray(0, lastNewline + 1).toString('utf8');
      const entries: LedgerEntry[] = [];
      for (const line of whole.split('\n')) {
        if (!line) continue;
        try {
          const value: unknown = JSON.parse(line);
          if (isLedgerEntry(value)) entries.push(value);
        } catch {
          // A line torn by a crash: its request is lost, the ones around it are not.
        }
      }
      return { entries, end: start + lastNewline + 1, ino: info.ino };
    } finally {
      await handle.close();
    }
  }

  /** Folds detail older than the window into daily rows and drops rows past ROW_DAYS. */
  async compact(): Promise<void> {
    const now = this.options.now();
    const cutoff = dayStartBefore(now, DETAIL_DAYS - 1);
    await this.locked(async () => {
      const rowsFile = await this.readRows();
      const journal = await this.readJournal();
      const wasFolded = new Set(rowsFile.folded);
      const live = unique(journal.entries.filter((e) => !wasFolded.has(e.id)));
      const old = live.filter((e) => e.at < cutoff);
      const keep = live.filter((e) => e.at >= cutoff);
      if (old.length === 0 && keep.length === journal.entries.length) return;
      // Folded ids still in the journal stay listed until the journal without them is in place.
      const folded = [...new Set([...journal.entries.filter((e) => wasFolded.has(e.id)).map((e) => e.id), ...old.map((e) => e.id)])];
      const rows = trimRows(foldEntries(rowsFile.rows, old), dayKey(dayStartBefore(now, ROW_DAYS - 1)));
      const next: RowsFile = { version: 1, generation: rowsFile.generation + 1, folded, rows, chats: foldChats(rowsFile.chats, old) };
      await this.replace(ROWS_FILE, JSON.stringify(next));
      await this.replace(JOURNAL_FILE, keep.map((e) => `\n${JSON.stringify(e)}`).join('') + (keep.length ? '\n' : ''));
    });
  }

  /** Writes a file whole or not at all: a temp file, flushed to disk, renamed over the old one. */
  private async replace(name: string, text: string): Promise<void> {
    const temp = this.path(`${name}.${process.pid}.tmp`);
    const handle = await open(temp, 'w');
    try {
      await handle.writeFile(text);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, this.path(name));
  }

  /** Runs `work` holding the cross-window lock. */
  async locked<T>(work: () => Promise<T>): Promise<T> {
    await mkdir(this.dir, { recursive: true });
    const lock = this.path(LOCK_DIR);
    for (let attempt = 0; ; attempt++) {
      try {
        await mkdir(lock);
        break;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        await this.breakIfStale(lock);
        // Short, jittered waits: the holder only appends a few lines.
        await this.wait(Math.min(50, 1 + attempt) * (0.5 + Math.random()));
      }
    }
    try {
      return await work();
    } finally {
      await rmdir(lock).catch(() => undefined);
    }
  }

  private async breakIfStale(lock: string): Promise<void> {
    try {
      const info = await stat(lock);
      if (this.options.now() - info.mtimeMs > this.staleLockMs) await rm(lock, { recursive: true, force: true });
    } catch {
      // Gone meanwhile: the next attempt takes it.
    }
  }
}

/** One copy of each id, in order. */
export function unique(entries: readonly LedgerEntry[]): LedgerEntry[] {
  const seen = new Set<string>();
  return entries.filter((e) => !seen.has(e.id) && (seen.add(e.id), true));
}
