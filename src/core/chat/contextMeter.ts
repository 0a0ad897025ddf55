// The context meter: how much of the model's context window the chat fills, from the
// service's own count for the conversation so far plus an estimate for the message being typed.
// Pure and dependency-free: the webview bundle imports it (see WEBVIEW_CORE_MODULES in eslint.config.mjs).

/** From this share of the window on, the meter warns and offers a new chat with a summary. */
export const CONTEXT_WARNING_RATIO = 0.8;

export interface ContextMeterInput {
  /** Prompt + completion tokens of the latest response; undefined before the first answer. */
  usedTokens: number | undefined;
  /** The message being typed. */
  draft: string;
  /** The model's context window in tokens; undefined where the service does not state it. */
  contextWindow: number | undefined;
}

export interface ContextReading {
  tokens: number;
  window: number | undefined;
  /** Share of the window in use, 0..1 (capped); undefined without a window. */
  ratio: number | undefined;
  warning: boolean;
  /** "12k / 128k", or "12k tokens" without a window. */
  label: string;
  tooltip: string;
}

/**
 * About four characters a token, the rate completion/contextPrompt.ts uses too: the draft has not
 * been counted by the service, and a meter needs a rough figure, not a tokenizer.
 */
export function estimateDraftTokens(draft: string): number {
  return Math.ceil(draft.length / 4);
}

export function contextReading({ usedTokens, draft, contextWindow }: ContextMeterInput): ContextReading {
  const used = usedTokens ?? 0;
  const typed = estimateDraftTokens(draft);
  const tokens = used + typed;
  const window = contextWindow && contextWindow > 0 ? contextWindow : undefined;
  const ratio = window === undefined ? undefined : Math.min(1, tokens / window);
  const warning = ratio !== undefined && ratio >= CONTEXT_WARNING_RATIO;
  const label = window === undefined ? `${formatTokens(tokens)} tokens` : `${formatTokens(tokens)} / ${formatTokens(window)}`;
  const lines = [
    `Context: ${tokens.toLocaleString('en-US')} tokens${window === undefined ? '' : ` of ${window.toLocaleString('en-US')} (${Math.round((tokens / window) * 100)}%)`}`,
    `${used.toLocaleString('en-US')} from the last answer, about ${typed.toLocaleString('en-US')} in the message being typed`,
  ];
  if (window === undefined) lines.push('This service does not state the model’s context window.');
  if (warning) lines.push('The context is nearly full: a new chat with a summary keeps the answers good.');
  return { tokens, window, ratio, warning, label, tooltip: lines.join('\n') };
}

/** 950 → "950", 1234 → "1.2k", 12345 → "12k", 1048576 → "1M". */
export function formatTokens(n: number): string {
  if (n < 1000) return String(n);
  if (n < 10_000) return `${trim(n / 1000)}k`;
  if (n < 999_500) return `${Math.round(n / 1000)}k`;
  return `${trim(n / 1_000_000)}M`;
}

function trim(x: number): string {
  return String(Number(x.toFixed(1)));
}
