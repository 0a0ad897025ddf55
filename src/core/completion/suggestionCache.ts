// The completion cache: answers keyed by (model, suffix, prompt), plus typed-through entries —
// for a suggestion shown at prompt P, the key P + its first k characters answers with the rest,
// so typing characters that match the ghost text needs no request (Tabby pre-fills the same way).
import { LruCache } from './lruCache';

export interface CachedSuggestion {
  text: string;
  /** True for the entries that exist because the user may type through a shown suggestion. */
  typedThrough: boolean;
}

/** Tabby pre-fills up to 50 typed-ahead characters; a line of code is rarely longer than this. */
export const TYPED_THROUGH_CHARS = 120;

export interface SuggestionKey {
  model: string;
  prompt: string;
  suffix: string;
}

const keyOf = (k: SuggestionKey) => `${k.model}\u0000${k.suffix}\u0000${k.prompt}`;

export class SuggestionCache {
  private readonly lru: LruCache<CachedSuggestion>;

  constructor(capacity = 500) {
    this.lru = new LruCache(capacity * 4);
  }

  get(key: SuggestionKey): CachedSuggestion | undefined {
    return this.lru.get(keyOf(key));
  }

  /** Remembers an answer and the typed-through entries for its first characters. */
  set(key: SuggestionKey, text: string): void {
    const k = keyOf(key);
    const limit = Math.min(text.length - 1, TYPED_THROUGH_CHARS);
    // Typed-through entries first so the answer itself is the most recently used.
    for (let typed = limit; typed >= 1; typed--) {
      this.lru.set(k + text.slice(0, typed), { text: text.slice(typed), typedThrough: true });
    }
    this.lru.set(k, { text, typedThrough: false });
  }
}
