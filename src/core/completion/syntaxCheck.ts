// The syntax judge: a completion is put between the prefix and the suffix and parsed; the longest
// prefix of it (cut at a line end, or on a single line at a token edge) that adds no parse error
// is what the user gets, and nothing when no such prefix exists.
import { CLOSERS, OPENERS, openOpeners } from './brackets';
import { BLOCK_OPENER } from './completionMode';

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

/**
 * Cuts judged per answer at most, longest first. Each is a parse on the path to the ghost text, 0.2 ms
 * when it fits and up to 2 ms when it does not (the parser recovers from the error through the rest of
 * the window). In the blind corpus and the sampled sites (1,890 judged answers) the cut that fitted was
 * always among the three longest. Further back, what fits is a stub of junk: in the typing replay every
 * suggestion a fourth to eighth cut made was a ` TODO` after a mistyped `#`.
 */
export const MAX_JUDGED = 4;

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

/**
 * What the judge is asked about a text cut at `cuts`: the candidates, longest first (at most
 * MAX_JUDGED), each with the texts tried for it: on one line it is tried as it is (the suffix may
 * hold the block it opens), then closed at its end. The answer is the first candidate that fits.
 */
export function candidateGroups(text: string, cuts: readonly number[], multiline: boolean): { candidates: string[]; groups: string[][] } {
  const candidates: string[] = [];
  const groups: string[][] = [];
  for (let i = cuts.length - 1; i >= Math.max(0, cuts.length - MAX_JUDGED); i--) {
    const candidate = text.slice(0, cuts[i]).trimEnd();
    if (candidate.trim() === '') continue;
    const closed = multiline ? candidate : closedAtEnd(candidate);
    candidates.push(candidate);
    groups.push(closed === candidate ? [candidate] : [candidate, closed]);
  }
  return { candidates, groups };
}

/** The verdict on candidateGroups' candidates, from the index of the first group that fits. */
export function verdictOf(candidates: readonly string[], fitting: number | undefined): SyntaxVerdict {
  if (fitting === undefined) return { judged: false };
  return { judged: true, text: fitting < 0 ? undefined : candidates[fitting] };
}
