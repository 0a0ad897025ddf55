// Prefix/suffix extraction within character budgets, cut at line boundaries so the model never
// sees half a line at the edges (llama.vscode keeps whole lines; Continue budgets by share).
// The prefix starts at a fixed block of lines, so the prompt's start stays byte-identical while the
// user types and Service B's prompt cache hits (its cache matches from the first token on).

export interface ContextBudget {
  /** Most characters of text before the cursor sent as the FIM prompt. */
  prefixChars: number;
  /** Most characters of text after the cursor sent as the FIM suffix. */
  suffixChars: number;
}

// The suffix follows the part that changes as the user types, so every suffix token is a prompt-cache
// miss; it gets about 15% of the window (as Copilot's suffix share), enough for the brackets it closes.
// Inside a block it stops after the line that closes the block (suffixEndInBlock).
export const DEFAULT_BUDGET: ContextBudget = { prefixChars: 6000, suffixChars: 1000 };

/** Lines after the cursor's that the suffix keeps however soon the block closes: what follows it. */
const SUFFIX_MIN_LINES = 4;

/** The prefix window starts at a multiple of this many lines and moves only when the cursor's block does. */
export const WINDOW_BLOCK_LINES = 32;

export interface CompletionContext {
  languageId: string;
  /** Cross-file context that starts the prompt, before `prefix` (comments; '' for none). */
  header?: string;
  /** Text before the cursor, within budget. */
  prefix: string;
  /** Text after the cursor, within budget. */
  suffix: string;
  /** The cursor line up to the cursor. */
  linePrefix: string;
  /** The cursor line after the cursor. */
  lineSuffix: string;
  /**
   * Text after the cursor the client reads itself (never sent): longer than the suffix, so the window
   * the syntax judge parses reaches the end of the cursor's block, and the file's indentation shows
   * below it. Undefined: the suffix.
   */
  judgeSuffix?: string;
}

/** Most characters after the cursor the syntax judge reads (cut at a line end): each is parsed for every answer judged. */
const JUDGE_SUFFIX_CHARS = 3000;

/** `text` is the whole document, `offset` the cursor's character offset in it. */
export function extractContext(
  text: string,
  offset: number,
  languageId: string,
  budget: ContextBudget = DEFAULT_BUDGET,
  header = '',
): CompletionContext {
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  const lineEndAt = text.indexOf('\n', offset);
  const lineEnd = lineEndAt < 0 ? text.length : lineEndAt;

  let prefixStart = snappedPrefixStart(text, lineStart, budget.prefixChars) ?? Math.max(0, offset - budget.prefixChars);
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
  suffixEnd = suffixEndInBlock(text, lineStart, lineEnd, suffixEnd);
  return {
    languageId,
    header,
    prefix: text.slice(prefixStart, offset),
    suffix: text.slice(offset, suffixEnd),
    linePrefix: text.slice(lineStart, offset),
    lineSuffix: text.slice(offset, lineEnd),
    judgeSuffix: text.slice(offset, judgeSuffixEnd(text, offset, suffixEnd)),
  };
}

/**
 * Where the suffix ends inside an indented block: after the first line less indented than the cursor's
 * (the block's closer, a dedent), once SUFFIX_MIN_LINES lines are in. The rest of the block and its
 * closer are what a completion must fit; the code past it costs a prompt-cache miss on every request
 * (the suffix follows the typed text) and says little. The syntax judge still reads further.
 */
function suffixEndInBlock(text: string, lineStart: number, lineEnd: number, suffixEnd: number): number {
  const indent = (at: number) => /^[ \t]*/.exec(text.slice(at, at + 200))![0].replace(/\t/g, '    ').length;
  const depth = indent(lineStart);
  if (depth === 0) return suffixEnd;
  let lines = 0;
  for (let at = lineEnd + 1; at < suffixEnd;) {
    const next = text.indexOf('\n', at);
    const end = next < 0 || next >= suffixEnd ? suffixEnd : next + 1;
    lines++;
    if (text.slice(at, end).trim() !== '' && indent(at) < depth && lines >= SUFFIX_MIN_LINES) return end;
    at = end;
  }
  return suffixEnd;
}

function judgeSuffixEnd(text: string, offset: number, suffixEnd: number): number {
  const cap = offset + JUDGE_SUFFIX_CHARS;
  if (cap >= text.length) return text.length;
  return Math.max(suffixEnd, text.lastIndexOf('\n', cap) + 1);
}

/**
 * The earliest block-aligned line start from which the text up to the end of the cursor's block fits
 * the budget: it depends on the block, not on the cursor, so typing inside a block keeps it (until the
 * block itself grows past the budget's slack). Undefined when even the cursor's own block is too long.
 */
function snappedPrefixStart(text: string, lineStart: number, budgetChars: number): number | undefined {
  let line = 0;
  for (let i = text.indexOf('\n'); i >= 0 && i < lineStart; i = text.indexOf('\n', i + 1)) line++;
  let blockEnd = lineStart;
  for (let l = line % WINDOW_BLOCK_LINES; l < WINDOW_BLOCK_LINES && blockEnd < text.length; l++) {
    const next = text.indexOf('\n', blockEnd);
    blockEnd = next < 0 ? text.length : next + 1;
  }
  let best: number | undefined;
  for (let start = lineStart; blockEnd - start <= budgetChars; line--) {
    if (line % WINDOW_BLOCK_LINES === 0) best = start;
    if (start === 0) break;
    // The line before: it ends with the newline at start - 1. (lastIndexOf clamps a negative index
    // to 0, so the second line of a file that opens with an empty line must be handled apart.)
    start = start >= 2 ? text.lastIndexOf('\n', start - 2) + 1 : 0;
  }
  return best;
}
