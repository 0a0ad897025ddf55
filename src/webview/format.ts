// Small text formatters for the usage line and explanations.
import type { UsageView } from '../shared/protocol';

const n = (value: number) => value.toLocaleString('en-US');

export function usageLine(usage: UsageView): string {
  const parts = [`${n(usage.promptTokens)} in`, `${n(usage.completionTokens)} out`];
  if (usage.reasoningTokens) parts.push(`${n(usage.reasoningTokens)} reasoning`);
  if (usage.cacheHitTokens) parts.push(`${n(usage.cacheHitTokens)} cache hit`);
  if (usage.webSearches) parts.push(`${n(usage.webSearches)} web search${usage.webSearches === 1 ? '' : 'es'}`);
  if (usage.cost) parts.push(usage.cost);
  return `Tokens: ${parts.join(' · ')}`;
}

/** Why an answer ended early, in words; undefined for a normal end. */
export function finishExplanation(finishReason: string | undefined): string | undefined {
  switch (finishReason) {
    case 'length':
      return 'The answer reached the maximum output length and was cut off.';
    case 'content_filter':
      return 'The service stopped this answer because its content filter flagged it.';
    case 'repetition_truncation':
      return 'The service cut this answer because the model started repeating itself.';
    default:
      return undefined;
  }
}

export const errorActionLabels = {
  setKey: 'Set key',
  openSettings: 'Open settings',
  pickModel: 'Choose model',
  retry: 'Retry',
  newChatWithSummary: 'New chat with summary',
} as const;
