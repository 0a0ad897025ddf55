import type { CompletionContext } from './contextExtraction';

export interface CompletionMode {
  multiline: boolean;
  /** Indentation of the cursor line (or of the line being opened): lines indented less end the block. */
  indent: string;
  /** The cursor ends a line that opens a block (`{`, `(`, `[`, `:`, `=>`), or sits inside `{|}`. */
  opener: boolean;
  /** The cursor ends a complete statement: the answer is the next statement(s), on a new line. */
  nextLine?: boolean;
}

export const BLOCK_OPENER = /(?:[{([:]|=>)\s*$/;
const STATEMENT_END = /[;}]\s*$/;

// Copilot's rule: mid-line ghost text only when what follows the cursor is closing punctuation.
const CLOSING_TAIL = /^\s*[)>}\]"'`]*\s*[:{;,]?\s*$/;

/**
 * Single line mid-line (with a newline stop); multi-line on an empty line, right after a block
 * opener, inside an empty `{|}`, and after a complete statement at the end of a line. Returns
 * undefined where no completion should be asked for at all.
 */
export function decideMode(ctx: CompletionContext): CompletionMode | undefined {
  if (!CLOSING_TAIL.test(ctx.lineSuffix)) return undefined;
  const indent = /^[ \t]*/.exec(ctx.linePrefix)![0];
  const lineIsBlank = ctx.linePrefix.trim() === '';
  const atLineEnd = ctx.lineSuffix.trim() === '';
  if (lineIsBlank) return { multiline: atLineEnd, indent, opener: false };
  // At the end of a line that opens a block the answer starts on the next line: the body.
  if (atLineEnd && BLOCK_OPENER.test(ctx.linePrefix)) return { multiline: true, indent, opener: true };
  // `{|}`: a body goes between the braces.
  if (/\{\s*$/.test(ctx.linePrefix) && /^\s*\}/.test(ctx.lineSuffix)) return { multiline: true, indent, opener: true };
  if (atLineEnd && STATEMENT_END.test(ctx.linePrefix)) return { multiline: true, indent, opener: false, nextLine: true };
  return { multiline: false, indent, opener: false };
}
