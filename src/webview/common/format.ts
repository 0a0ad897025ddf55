// The usage line under an answer.
import type { UsageView } from '../../shared/protocol';

const n = (value: number) => value.toLocaleString('en-US');

export function usageLine(usage: UsageView): string {
  const parts = [`${n(usage.promptTokens)} in`, `${n(usage.completionTokens)} out`];
  if (usage.reasoningTokens) parts.push(`${n(usage.reasoningTokens)} reasoning`);
  if (usage.cacheHitTokens) parts.push(`${n(usage.cacheHitTokens)} cache hit`);
  if (usage.webSearches) parts.push(`${n(usage.webSearches)} web search${usage.webSearches === 1 ? '' : 'es'}`);
  if (usage.cost) parts.push(usage.cost);
  return `Tokens: ${parts.join(' · ')}`;
}
