// Prompt-cache accounting: a request's cached tokens are the tokens of the longest message prefix
// this simulator instance has already seen (with the same model and tools), so a follow-up turn of
// a conversation reports cache hits the way real prefix caches do.
import { createHash } from 'node:crypto';
import type { PromptCount } from './conversation';
import { splitTokens } from './tokens';

export class PromptCache {
  private readonly seen = new Set<string>();
  /** FIM prompts, cached by their longest common token prefix. */
  readonly prefixes = new TokenPrefixCache();

  clear(): void {
    this.seen.clear();
    this.prefixes.clear();
  }

  /** Returns the cached token count for this prompt and remembers all of its prefixes. */
  hitTokens(namespace: string, toolsKey: string, rawMessages: readonly unknown[], count: PromptCount): number {
    let chain = createHash('sha256').update(namespace).update('\u0000').update(toolsKey).digest('hex');
    let hits = 0;
    let prefixTokens = count.base;
    let matching = true;
    rawMessages.forEach((raw, i) => {
      chain = createHash('sha256')
        .update(chain)
        .update(JSON.stringify(raw) ?? '')
        .digest('hex');
      prefixTokens += count.perMessage[i];
      if (matching && this.seen.has(chain)) hits = prefixTokens;
      else matching = false;
      this.seen.add(chain);
    });
    return Math.min(hits, count.total);
  }
}

/** Recent prompts remembered per model: enough for a typing session's few open files. */
const RECENT_PROMPTS = 32;

/**
 * Prefix caching for FIM, where a prompt is one long text: the cached tokens are the longest run of
 * leading tokens shared with one of the recent prompts of the same key (prompt pieces, then suffix
 * pieces, in the order the model reads them), as a real prefix cache reports them.
 */
export class TokenPrefixCache {
  private readonly recent = new Map<string, string[][]>();

  clear(): void {
    this.recent.clear();
  }

  /** Cached tokens of these parts; remembers them as the key's most recent prompt. */
  hitTokens(key: string, parts: readonly string[]): number {
    const pieces = parts.flatMap((p) => splitTokens(p));
    const list = this.recent.get(key) ?? [];
    let best = 0;
    for (const seen of list) best = Math.max(best, commonPrefix(seen, pieces));
    const same = list.findIndex((seen) => seen.length === pieces.length && commonPrefix(seen, pieces) === pieces.length);
    if (same >= 0) list.splice(same, 1);
    list.unshift(pieces);
    list.length = Math.min(list.length, RECENT_PROMPTS);
    this.recent.set(key, list);
    return best;
  }
}

function commonPrefix(a: readonly string[], b: readonly string[]): number {
  const n = Math.min(a.length, b.length);
  let i = 0;
  while (i < n && a[i] === b[i]) i++;
  return i;
}
