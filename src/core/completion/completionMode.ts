import type { CompletionContext } from './contextExtraction';

export interface CompletionMode {
  multiline: boolean;
  /** Indentation of the cursor line (or of the line being opened): lines indented less end the block. */
  indent: string;
  /** The cursor ends a line that opens a block (`{`, `(`, `[`, `:`, `=>`). */
  opener: boolean;
}

const BLOCK_OPENER = /(?:[{([:]|=>)\s*$/;

// Copilot's rule: mid-line ghost text only when what follows the cursor is closing punctuation.
const CLOSING_TAIL = /^\s*[)>}\]"'`]*\s*[:{;,]?\s*$/;

/**
 * Single line mid-line (with a newline stop), multi-line on an empty line or right after a block
 * opener. Returns undefined where no completion should be asked for at all.
 */
export function decideMode(ctx: CompletionContext): CompletionMode | undefined {
  if (!CLOSING_TAIL.test(ctx.lineSuffix)) return undefined;
  const indent = /^[ \t]*/.exec(ctx.linePrefix)![0];
  const lineIsBlank = ctx.linePrefix.trim() === '';
  const atLineEnd = ctx.lineSuffix.trim() === '';
  if (lineIsBlank) return { multiline: atLineEnd, indent, opener: false };
  // At the end of a line that opens a block the answer starts on the next line: the body.
  if (atLineEnd && BLOCK_OPENER.test(ctx.linePrefix)) return { multiline: true, indent, opener: true };
  return { multiline: false, indent, opener: false };
}
