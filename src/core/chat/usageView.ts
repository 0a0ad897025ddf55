// Usage of one answer (all requests of its tool loop) as the user sees it, with Service B's cost.
import type { Usage } from '../services/wireTypes';
import { costOf, formatCost } from '../services/cost';
import type { UsageView } from '../../shared/protocol';

export function usageView(model: string, usages: readonly Usage[]): UsageView | undefined {
  if (usages.length === 0) return undefined;
  const view: UsageView = { promptTokens: 0, completionTokens: 0, reasoningTokens: 0, cacheHitTokens: 0 };
  let cost = 0;
  let priced = true;
  let searches: number | undefined;
  for (const u of usages) {
    view.promptTokens += u.prompt_tokens ?? 0;
    view.completionTokens += u.completion_tokens ?? 0;
    view.reasoningTokens += u.completion_tokens_details?.reasoning_tokens ?? 0;
    // B reports the cache split, A reports cached_tokens.
    view.cacheHitTokens += u.prompt_cache_hit_tokens ?? u.prompt_tokens_details?.cached_tokens ?? 0;
    if (u.web_search_usage) searches = (searches ?? 0) + (u.web_search_usage.tool_usage ?? 0);
    const c = costOf(model, u);
    if (c) cost += c.amount;
    else priced = false;
  }
  if (searches !== undefined) view.webSearches = searches;
  // Only Service B publishes prices; Service A's cost stays unknown rather than zero.
  if (priced) view.cost = formatCost({ amount: Number(cost.toPrecision(12)), currency: 'CNY' });
  return view;
}
