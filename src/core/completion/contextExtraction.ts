// Prefix/suffix extraction within character budgets, cut at line boundaries so the model never
// sees half a line at the edges (llama.vscode keeps whole lines; Continue budgets by share).

export interface ContextBudget {
  /** Most characters of text before the cursor sent as the FIM prompt. */
  prefixChars: number;
  /** Most characters of text after the cursor sent as the FIM suffix. */
  suffixChars: number;
}

export const DEFAULT_BUDGET: ContextBudget = { prefixChars: 6000, suffixChars: 2000 };

export interface CompletionContext {
  languageId: string;
  /** Text before the cursor, within budget. */
  prefix: string;
  /** Text after the cursor, within budget. */
  suffix: string;
  /** The cursor line up to the cursor. */
  linePrefix: string;
  /** The cursor line after the cursor. */
  lineSuffix: string;
}

/** `text` is the whole document, `offset` the cursor's character offset in it. */
export function extractContext(text: string, offset: number, languageId: string, budget: ContextBudget = DEFAULT_BUDGET): CompletionContext {
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  const lineEndAt = text.indexOf('\n', offset);
  const lineEnd = lineEndAt < 0 ? text.length : lineEndAt;

  let prefixStart = Math.max(0, offset - budget.prefixChars);
  // Start at a whole line unless that would drop the cursor line itself.
  if (prefixStart > 0) {
    const nextLine = text.indexOf('\n', prefixStart - 1) + 1;
    if (nextLine > 0 && nextLine <= lineStart) prefixStart = nextLine;
  }
  let suffixEnd = Math.min(text.length, offset + budget.suffixChars);
  if (suffixEnd < text.length) {
    const lastBreak = text.lastIndexOf('\n', suffixEnd);
    if (lastBreak >= lineEnd) suffixEnd = lastBreak + 1;
  }
  return {
    languageId,
    prefix: text.slice(prefixStart, offset),
    suffix: text.slice(offset, suffixEnd),
    linePrefix: text.slice(lineStart, offset),
    lineSuffix: text.slice(offset, lineEnd),
  };
}
