// The checkpoints of Tandem's edits: every approved apply_edit is recorded, per chat and user turn,
// with each file's text before it and a hash of the text it wrote, so "Restore files to here" and
// "Undo last edit" can put files back and notice a file the user changed since. Kept in extension
// storage (globalState), never in the workspace, so they survive a window reload. A sensitive file
// (`.env`, keys), or one whose text holds a secret the chat handled, keeps only the hash of its earlier
// text: globalState is a plain file on disk, and a restore that needs the text says it was not kept.
import { createHash } from 'node:crypto';
import type { KeyValueStorage } from './chatStore';

export interface CheckpointFile {
  /** The real path that was written. */
  path: string;
  /** How the user knows it (workspace-relative). */
  rel: string;
  /** The text before Tandem's edit; null when Tandem created the file, or when it was withheld (`beforeHash`). */
  before: string | null;
  /** Set when the earlier text was withheld (it may hold secrets): its contentHash, so a restore can tell whether the file holds it again. */
  beforeHash?: string;
  /** contentHash of the text Tandem wrote: a different text now means the user changed the file since. */
  afterHash: string;
}

export interface CheckpointEntry {
  id: string;
  /** The user turn whose answer made the edit. */
  turnId: string;
  at: number;
  files: CheckpointFile[];
}

interface StoredCheckpoints {
  entries: CheckpointEntry[];
  /** How many older entries were dropped to stay within the limits. */
  dropped: number;
}

export interface CheckpointLimits {
  /** Entries kept per chat; older ones are dropped. */
  maxEntries: number;
  /** Characters of before-content kept per chat (globalState is loaded whole at start-up). */
  maxChars: number;
  /** Chats whose checkpoints are kept; the least recently edited ones lose theirs. */
  maxChats: number;
}

export const DEFAULT_CHECKPOINT_LIMITS: CheckpointLimits = { maxEntries: 50, maxChars: 4_000_000, maxChats: 20 };

/** One file to put back: its text at the checkpoint (null: delete it) and the hash Tandem left it with. */
export interface RestoreStep {
  path: string;
  rel: string;
  content: string | null;
  expectedHash: string;
  /** The earlier text was not kept, only this hash of it: the file cannot be put back, only checked. */
  withheldHash?: string;
}

/** The hash of a file's text; '' stands for a file that does not exist. */
export function contentHash(text: string | undefined): string {
  return text === undefined ? '' : createHash('sha256').update(text, 'utf8').digest('hex');
}

const key = (chatId: string) => `tandem.checkpoints.${chatId}`;
/** The chats that have checkpoints, most recently edited first. */
const INDEX_KEY = 'tandem.checkpoints.index';

export class CheckpointLog {
  constructor(
    private readonly storage: KeyValueStorage,
    private readonly limits: CheckpointLimits = DEFAULT_CHECKPOINT_LIMITS,
  ) {}

  /** Oldest first. */
  entries(chatId: string): CheckpointEntry[] {
    return this.load(chatId).entries;
  }

  /** How many of this chat's oldest entries were dropped (the UI says restores before them are incomplete). */
  dropped(chatId: string): number {
    return this.load(chatId).dropped;
  }

  async record(chatId: string, entry: CheckpointEntry): Promise<void> {
    const stored = this.load(chatId);
    stored.entries.push(entry);
    while (stored.entries.length > 0 && (stored.entries.length > this.limits.maxEntries || size(stored.entries) > this.limits.maxChars)) {
      stored.entries.shift();
      stored.dropped += 1;
    }
    await this.storage.update(key(chatId), stored);
    const index = [chatId, ...(this.storage.get<string[]>(INDEX_KEY) ?? []).filter((id) => id !== chatId)];
    for (const old of index.splice(this.limits.maxChats)) await this.storage.update(key(old), undefined);
    await this.storage.update(INDEX_KEY, index);
  }

  /**
   * The entries to revert to restore the files as they were when `turnId` was sent: from the first
   * edit made for it or a later turn (`turnIds`: the chat's user turns in order) to the newest,
   * including edits of turns removed since (an edited and resent message).
   */
  since(chatId: string, turnIds: readonly string[], turnId: string): CheckpointEntry[] {
    const at = turnIds.indexOf(turnId);
    if (at < 0) return [];
    const later = new Set(turnIds.slice(at));
    const entries = this.entries(chatId);
    const first = entries.findIndex((e) => later.has(e.turnId));
    return first < 0 ? [] : entries.slice(first);
  }

  last(chatId: string): CheckpointEntry | undefined {
    return this.entries(chatId).at(-1);
  }

  /** Forgets restored entries. */
  async remove(chatId: string, ids: readonly string[]): Promise<void> {
    const stored = this.load(chatId);
    const gone = new Set(ids);
    stored.entries = stored.entries.filter((e) => !gone.has(e.id));
    await this.storage.update(key(chatId), stored.entries.length === 0 && stored.dropped === 0 ? undefined : stored);
  }

  /** A deleted chat's checkpoints go with it. */
  async deleteChat(chatId: string): Promise<void> {
    await this.storage.update(key(chatId), undefined);
    const index = this.storage.get<string[]>(INDEX_KEY) ?? [];
    if (index.includes(chatId))
      await this.storage.update(
        INDEX_KEY,
        index.filter((id) => id !== chatId),
      );
  }

  private load(chatId: string): StoredCheckpoints {
    const stored = this.storage.get<StoredCheckpoints>(key(chatId));
    // A copy: the caller changes it before saving, and a Memento hands out its own object.
    return { entries: Array.isArray(stored?.entries) ? structuredClone(stored.entries) : [], dropped: stored?.dropped ?? 0 };
  }
}

/**
 * What reverting `entries` (oldest first) does per file: back to the text before the oldest of them
 * that touched it, provided it still holds what the newest of them wrote. Files in order of first edit.
 */
export function restorePlan(entries: readonly CheckpointEntry[]): RestoreStep[] {
  const steps = new Map<string, RestoreStep>();
  for (const entry of entries) {
    for (const file of entry.files) {
      const step = steps.get(file.path);
      if (step) step.expectedHash = file.afterHash;
      else
        steps.set(file.path, {
          path: file.path,
          rel: file.rel,
          content: file.before,
          expectedHash: file.afterHash,
          ...(file.beforeHash !== undefined ? { withheldHash: file.beforeHash } : {}),
        });
    }
  }
  return [...steps.values()];
}

function size(entries: readonly CheckpointEntry[]): number {
  return entries.reduce((sum, e) => sum + e.files.reduce((s, f) => s + (f.before?.length ?? 0) + f.path.length, 0), 0);
}
