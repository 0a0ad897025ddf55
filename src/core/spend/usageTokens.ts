// Both services' usage shapes as one set of tokens. Service B splits the prompt into cache hits and
// misses (docs/contracts.md#b-usage); Service A reports `prompt_tokens_details.cached_tokens`
// (docs/contracts.md#a-usage-chunk). Without either, every prompt token counts as a miss: the dearer
// assumption, so a budget is never undercounted, and the entry says so.
import type { Usage } from '../services/wireTypes';
import type { SpendTokens, UsageRecord } from './spendTypes';

export interface TokensRead {
  tokens: SpendTokens;
  assumedMiss: boolean;
  estimated: boolean;
}

export function tokensOf(record: Pick<UsageRecord, 'usage' | 'estimate'>): TokensRead {
  const usage = record.usage;
  if (!usage) {
    const prompt = Math.max(0, Math.ceil(record.estimate?.promptTokens ?? 0));
    const output = Math.max(0, Math.ceil(record.estimate?.outputTokens ?? 0));
    return { tokens: { prompt, cacheHit: 0, cacheMiss: prompt, output, reasoning: 0 }, assumedMiss: true, estimated: true };
  }
  const prompt = count(usage.prompt_tokens);
  const output = count(usage.completion_tokens);
  const reasoning = Math.min(output, count(usage.completion_tokens_details?.reasoning_tokens));
  const split = cacheSplit(usage, prompt);
  return {
    tokens: { prompt, cacheHit: split?.hit ?? 0, cacheMiss: split?.miss ?? prompt, output, reasoning },
    assumedMiss: split === undefined && prompt > 0,
    estimated: false,
  };
}

function cacheSplit(usage: Usage, prompt: number): { hit: number; miss: number } | undefined {
  const hit = usage.prompt_cache_hit_tokens;
  const miss = usage.prompt_cache_miss_tokens;
  if (hit !== undefined || miss !== undefined) {
    // hit + miss = prompt_tokens, so one reported half gives the other.
    if (miss === undefined) return { hit: count(hit), miss: Math.max(0, prompt - count(hit)) };
    if (hit === undefined) return { hit: Math.max(0, prompt - count(miss)), miss: count(miss) };
    return { hit: count(hit), miss: count(miss) };
  }
  const cached = usage.prompt_tokens_details?.cached_tokens;
  if (cached === undefined) return undefined;
  const hitA = Math.min(prompt, count(cached));
  return { hit: hitA, miss: prompt - hitA };
}

function count(n: number | undefined | null): number {
  return typeof n === 'number' && Number.isFinite(n) && n > 0 ? Math.round(n) : 0;
}

/** About four characters a token, the rate the context meter and completion prompts use. */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}
