// The syntax judge: a completion is put between the prefix and the suffix and parsed; the longest
// prefix of it (cut at a line end, or on a single line at a token edge) that adds no parse error
// is what the user gets, and nothing when no such prefix exists.
import type { CompletionContext } from './contextExtraction';
import type { SyntaxParsers } from './syntaxParser';

/** The judged text (undefined: nothing fits), or `unjudged` when no parser is ready for the language. */
export type SyntaxVerdict = { judged: true; text: string | undefined } | { judged: false };

const WORD = /[\p{L}\p{N}_$]/u;
/** A line that opens a block (`{`, `(`, `[`, `:`, `=>`) is never where an answer of several lines ends. */
const OPENS_BLOCK = /(?:[{([:]|=>)\s*$/;

/**
 * Where a text may be cut: on several lines, line ends that do not leave a block just opened
 * (parsers accept an empty Python block); on one line, every edge of a word or symbol.
 */
export function cutPoints(text: string, multiline: boolean): number[] {
  const points: number[] = [];
  const lineEnd = (at: number) => !OPENS_BLOCK.test(text.slice(text.lastIndexOf('\n', at - 1) + 1, at));
  for (let i = 1; i < text.length; i++) {
    if (multiline ? text[i] === '\n' && lineEnd(i) : !(WORD.test(text[i - 1]) && WORD.test(text[i]))) points.push(i);
  }
  if (!multiline || lineEnd(text.length)) points.push(text.length);
  return points;
}

export function judgeBySyntax(text: string, cuts: readonly number[], ctx: CompletionContext, parsers: SyntaxParsers | undefined): SyntaxVerdict {
  const judge = parsers?.judgeInsertion(ctx.languageId, ctx.prefix, ctx.suffix);
  if (!judge) return { judged: false };
  try {
    for (let i = cuts.length - 1; i >= 0; i--) {
      const candidate = text.slice(0, cuts[i]).trimEnd();
      if (candidate.trim() !== '' && judge.fits(candidate)) return { judged: true, text: candidate };
    }
    return { judged: true, text: undefined };
  } finally {
    judge.dispose();
  }
}
