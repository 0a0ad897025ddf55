import type { CompletionContext } from './contextExtraction';

export interface CompletionMode {
  multiline: boolean;
  /** Indentation of the cursor line (or of the line being opened): lines indented less end the block. */
  indent: string;
  /** The cursor ends a line that opens a block (`{`, `(`, `[`, `:`, `=>`), or sits inside `{|}`. */
  opener: boolean;
  /** The cursor ends a complete statement: the answer is the next statement(s), on a new line. */
  nextLine?: boolean;
  /**
   * The cursor ends a line that may be a complete statement without `;` (Python, semicolon-free
   * JS/TS): the answer either goes on with the line or starts the next one; which, it says itself.
   */
  eitherLine?: boolean;
}

/** Line ends after which a statement may be complete without `;`: a name, a call, an index, a literal. */
const MAY_END_STATEMENT = /[\p{L}\p{N}_$)\]'"`]$/u;
const TEXT_LANGUAGES = new Set(['markdown', 'plaintext', 'latex', 'restructuredtext', 'git-commit']);

/** The mode an answer is read in: at an `eitherLine` cursor, multi-line when the answer starts on a new line. */
export function answerMode(mode: CompletionMode, answer: string): CompletionMode {
  if (!mode.eitherLine) return mode;
  return /^[ \t]*\n/.test(answer) ? { ...mode, multiline: true, nextLine: true } : { ...mode, multiline: false };
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
  if (atLineEnd && !TEXT_LANGUAGES.has(ctx.languageId) && MAY_END_STATEMENT.test(ctx.linePrefix))
    return { multiline: false, indent, opener: false, eitherLine: true };
  return { multiline: false, indent, opener: false };
}
