// The completion cache. Each answer is stored once, under where it was asked in the document: a
// fixed stretch of text before and after the cursor, not the prompt, whose window start moves
// as the user types. Typing through a shown suggestion is a prefix lookup: the text before the
// cursor is split into "anchor + typed" at each of the last few characters, and an answer stored
// at that anchor that starts with `typed` answers with its rest. Closing brackets and quotes the
// editor inserted after the cursor (auto-close) are matched against that rest, so they do not
// turn typing through into a new request.
import { LruCache } from './lruCache';

export interface CachedSuggestion {
  text: string;
  /** True when the user has typed the suggestion's first characters since it was answered. */
  typedThrough: boolean;
  /** Characters right after the cursor that the suggestion replaces: closers the editor auto-inserted that the suggestion also has. */
  replaceChars: number;
}

/** Tabby pre-fills up to 50 typed-ahead characters; a line of code is rarely longer than this. */
const TYPED_THROUGH_CHARS = 120;
/** Text before the cursor that names the place: several lines, independent of the prompt window. */
const ANCHOR_BEFORE_CHARS = 400;
/** Text after the cursor (past auto-inserted closers) that must be unchanged. */
const ANCHOR_AFTER_CHARS = 200;

/** Where an answer was asked: the model, the whole document and the cursor offset in it. */
export interface SuggestionKey {
  model: string;
  text: string;
  offset: number;
}

const AUTO_CLOSED = /^[)\]}"'`]*/;

const afterKeyOf = (model: string, text: string, afterStart: number) =>
  `${model}\u0000${text.slice(afterStart, afterStart + ANCHOR_AFTER_CHARS)}`;
const keyOf = (afterKey: string, text: string, at: number) => `${afterKey}\u0000${text.slice(Math.max(0, at - ANCHOR_BEFORE_CHARS), at)}`;

interface Entry {
  answer: string;
  afterKey: string;
  /** Handed to the user at least once: typing into it is typing through, not a new suggestion. */
  seen: boolean;
}

/** Whether `closers` appear in `text` in order (each auto-inserted closer has its place in the suggestion). */
function inOrderWithin(closers: string, text: string): boolean {
  let from = 0;
  for (const c of closers) {
    const at = text.indexOf(c, from);
    if (at < 0) return false;
    from = at + 1;
  }
  return true;
}

export class SuggestionCache {
  private readonly lru: LruCache<Entry>;
  /** How many answers have each text after the cursor: most lookups end here, before trying each split. */
  private readonly afters = new Map<string, number>();

  /** `capacity` counts answers. */
  constructor(capacity = 500) {
    this.lru = new LruCache(capacity);
  }

  get size(): number {
    return this.lru.size;
  }

  /** The answer asked at this place, or the rest of one the user has typed the start of since. */
  get({ model, text, offset }: SuggestionKey): CachedSuggestion | undefined {
    const closers = AUTO_CLOSED.exec(text.slice(offset, offset + 16))![0];
    const maxTyped = Math.min(TYPED_THROUGH_CHARS, offset);
    // The text after the cursor (past `closed` auto-inserted closers) must be one some answer had.
    const afterKeys = Array.from({ length: closers.length + 1 }, (_, closed) => afterKeyOf(model, text, offset + closed)).map((k) =>
      this.afters.has(k) ? k : undefined,
    );
    if (afterKeys.every((k) => k === undefined)) return undefined;
    // Fewest typed characters first: the answer asked nearest the cursor wins.
    for (let typed = 0; typed <= maxTyped; typed++) {
      const at = offset - typed;
      // Auto-inserted closers come with something typed (the opener); none without.
      for (let closed = 0; closed <= (typed > 0 ? closers.length : 0); closed++) {
        const afterKey = afterKeys[closed];
        if (afterKey === undefined) continue;
        const key = keyOf(afterKey, text, at);
        const answer = this.lru.peek(key)?.answer;
        if (answer === undefined || answer.length <= typed || !answer.startsWith(text.slice(at, offset))) continue;
        const rest = answer.slice(typed);
        // Typed to the end (what is left is only the closers already there): nothing to show.
        if (rest.length <= closed || !inOrderWithin(closers.slice(0, closed), rest)) continue;
        const entry = this.lru.get(key)!;
        const typedThrough = typed > 0 && entry.seen;
        entry.seen = true;
        return { text: rest, typedThrough, replaceChars: closed };
      }
    }
    return undefined;
  }

  /**
   * Remembers an answer asked at this place. `seen: false`: no one was shown it (its request was superseded,
   * or was a prefetch), so the first time it is handed out it is a new suggestion even if typed into.
   */
  set({ model, text, offset }: SuggestionKey, answer: string, seen = true): void {
    const afterKey = afterKeyOf(model, text, offset);
    const key = keyOf(afterKey, text, offset);
    const replaced = this.lru.peek(key);
    if (replaced) this.forget(replaced.afterKey);
    this.afters.set(afterKey, (this.afters.get(afterKey) ?? 0) + 1);
    const evicted = this.lru.set(key, { answer, afterKey, seen });
    if (evicted) this.forget(evicted.afterKey);
  }

  private forget(afterKey: string): void {
    const left = (this.afters.get(afterKey) ?? 0) - 1;
    if (left > 0) this.afters.set(afterKey, left);
    else this.afters.delete(afterKey);
  }
}
