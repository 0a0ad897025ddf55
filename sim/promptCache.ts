// Prompt-cache accounting: a request's cached tokens are the tokens of the longest message prefix
// this simulator instance has already seen (with the same model and tools), so a follow-up turn of
// a conversation reports cache hits the way real prefix caches do.
import { createHash } from 'node:crypto';
import type { PromptCount } from './conversation';

export class PromptCache {
  private readonly seen = new Set<string>();

  clear(): void {
    this.seen.clear();
  }

  /** Returns the cached token count for this prompt and remembers all of its prefixes. */
  hitTokens(namespace: string, toolsKey: string, rawMessages: readonly unknown[], count: PromptCount): number {
    let chain = createHash('sha256').update(namespace).update('\u0000').update(toolsKey).digest('hex');
    let hits = 0;
    let prefixTokens = count.base;
    let matching = true;
    rawMessages.forEach((raw, i) => {
      chain = createHash('sha256').update(chain).update(JSON.stringify(raw) ?? '').digest('hex');
      prefixTokens += count.perMessage[i];
      if (matching && this.seen.has(chain)) hits = prefixTokens;
      else matching = false;
      this.seen.add(chain);
    });
    return Math.min(hits, count.total);
  }
}
