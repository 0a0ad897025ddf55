// The prompt-cache share and cost of a session's FIM requests, at the contract's prices (docs/contracts.md#b-prices,
// src/core/services/modelCatalog.ts). The requests the simulator recorded are replayed, in order, through the same
// accounting its /beta/completions uses (sim/promptCache.ts, sim/tokens.ts), so the figures are the
// usage it reported; output tokens come from its deterministic FIM answer to each body.
import { costOf } from '../src/core/services/cost';
import { completeFim } from '../sim/fim';
import { TokenPrefixCache } from '../sim/promptCache';
import { countTokens } from '../sim/tokens';

interface FimBody {
  model: string;
  prompt: string;
  suffix?: string;
  max_tokens?: number;
  stop?: string | string[];
}

export function promptCacheSummary(bodies: readonly unknown[]) {
  const cache = new TokenPrefixCache();
  let prompt = 0;
  let hit = 0;
  let cost = 0;
  let costAllMisses = 0;
  const fim = bodies.filter((b): b is FimBody => typeof (b as FimBody | undefined)?.prompt === 'string');
  for (const body of fim) {
    const suffix = body.suffix ?? '';
    const tokens = countTokens(body.prompt) + countTokens(suffix);
    const cached = Math.min(tokens, cache.hitTokens(`fim:${body.model}`, [body.prompt, suffix]));
    const stop = body.stop === undefined ? [] : Array.isArray(body.stop) ? body.stop : [body.stop];
    const output = countTokens(completeFim({ prompt: body.prompt, suffix, maxTokens: body.max_tokens ?? 16, stop }).text);
    prompt += tokens;
    hit += cached;
    const usage = { prompt_tokens: tokens, completion_tokens: output, total_tokens: tokens + output };
    cost += costOf(body.model, { ...usage, prompt_cache_hit_tokens: cached, prompt_cache_miss_tokens: tokens - cached })?.amount ?? 0;
    costAllMisses += costOf(body.model, { ...usage, prompt_cache_hit_tokens: 0, prompt_cache_miss_tokens: tokens })?.amount ?? 0;
  }
  const per100 = (x: number) => (fim.length ? Number(((x / fim.length) * 100).toPrecision(4)) : 0);
  return {
    requests: fim.length,
    promptTokens: prompt,
    promptCacheHitTokens: hit,
    promptCacheHitShare: prompt ? Math.round((hit / prompt) * 1000) / 1000 : 0,
    costPer100RequestsCNY: per100(cost),
    costPer100RequestsWithoutCacheHitsCNY: per100(costAllMisses),
    prices: 'docs/contracts.md#b-prices: beta-v4-pro 0.1 hit / 3 miss / 6 output, beta-v4-flash 0.02 / 1 / 2 CNY per million tokens',
  };
}
