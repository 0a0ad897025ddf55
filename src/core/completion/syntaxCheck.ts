// The syntax judge: a completion is put between the prefix and the suffix and parsed; the longest
// prefix of it (cut at a line end, or on a single line at a token edge) that adds no parse error
// is what the user gets, and nothing when no such prefix exists.
import { CLOSERS, OPENERS, openOpeners } from './brackets';
import { BLOCK_OPENER } from './completionMode';
import type { CompletionContext } from './contextExtraction';
import type { InsertionJudge, SyntaxParsers } from './syntaxParser';

/**
 * `judged: true` with the longest cut that parses (`text` undefined: no cut fits, so nothing is shown), or
 * `judged: false` when the language has no parser ready or the parser failed: the caller then keeps its own cut.
 */
export type SyntaxVerdict = { judged: true; text: string | undefined } | { judged: false };

const WORD = /[\p{L}\p{N}_$]/u;
const NON_PYTHON_OPENER = /(?:[{([]|=>)\s*$/;

/**
 * Where a text may be cut: on several lines, line ends that do not leave a block just opened
 * (`{`, `(`, `[`, `:`, `=>`; parsers accept an empty Python block) unless `opensBody` (the body
 * is below the text already); on one line, every edge of a word or symbol.
 */
export function cutPoints(text: string, multiline: boolean, opensBody = false, languageId = ''): number[] {
  const points: number[] = [];
  // Outside Python a line ending in `:` opens no block (`case 'a':`, `default:`): the judge decides.
  const opener = languageId === 'python' ? BLOCK_OPENER : NON_PYTHON_OPENER;
  const lineEnd = (at: number) => !opener.test(text.slice(text.lastIndexOf('\n', at - 1) + 1, at));
  for (let i = 1; i < text.length; i++) {
    if (multiline ? text[i] === '\n' && lineEnd(i) : !(WORD.test(text[i - 1]) && WORD.test(text[i]))) points.push(i);
  }
  if (!multiline || opensBody || lineEnd(text.length)) points.push(text.length);
  return points;
}

/** Parses per answer at most (longest candidates first, about 0.3 ms each): a long line of junk costs little. */
export const MAX_JUDGED = 24;

/**
 * A single line may end by opening a block or a list that the next lines fill (`if (x) {`): it is
 * judged as if closed right there. Openers earlier in the line must be closed by the line itself.
 */
function closedAtEnd(line: string): string {
  const open = openOpeners(line);
  if (open.length === 0 || line.slice(open[0]).replace(/\s/g, '') !== open.map((at) => line[at]).join('')) return line;
  return (
    line +
    open
      .reverse()
      .map((at) => CLOSERS[OPENERS.indexOf(line[at])])
      .join('')
  );
}

/** A single line that ends by opening a block is judged as it is (the suffix may hold the block), else as closed there. */
function lineFits(fits: (inserted: string) => boolean, candidate: string): boolean {
  if (fits(candidate)) return true;
  const closed = closedAtEnd(candidate);
  return closed !== candidate && fits(closed);
}

/**
 * `judge.fits`, asked once per text: on one line the cut points on either side of a space make the same
 * candidate twice, and a line closed at its end may be a longer candidate already judged. Each parse
 * is on the path to the ghost text.
 */
function oncePerText(judge: InsertionJudge): (inserted: string) => boolean {
  const verdicts = new Map<string, boolean>();
  return (inserted) => {
    let verdict = verdicts.get(inserted);
    if (verdict === undefined) verdicts.set(inserted, (verdict = judge.fits(inserted)));
    return verdict;
  };
}

export function judgeBySyntax(
  text: string,
  cuts: readonly number[],
  ctx: CompletionContext,
  multiline: boolean,
  parsers: SyntaxParsers | undefined,
): SyntaxVerdict {
  let judge: InsertionJudge | undefined;
  try {
    judge = parsers?.judgeInsertion(ctx.languageId, ctx.prefix, ctx.judgeSuffix ?? ctx.suffix);
    if (!judge) return { judged: false };
    const fits = oncePerText(judge);
    for (let i = cuts.length - 1; i >= Math.max(0, cuts.length - MAX_JUDGED); i--) {
      const candidate = text.slice(0, cuts[i]).trimEnd();
      if (candidate.trim() !== '' && (multiline ? fits(candidate) : lineFits(fits, candidate))) return { judged: true, text: candidate };
    }
    return { judged: true, text: undefined };
  } catch {
    // A parser that fails mid-way (WebAssembly out of memory) costs the judgement, not the completion.
    return { judged: false };
  } finally {
    judge?.dispose();
  }
}
