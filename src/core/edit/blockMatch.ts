// Finds where a block of lines quoted by a model (a SEARCH section, a diff hunk's old side) sits in the
// file, tolerating the drift models produce: trailing spaces, other indentation, collapsed or added
// blank lines, spacing inside a line, swapped quotes, a reworded trailing comment, and one misremembered line. Each level is tried in order, from
// exact to loosest, and the first level that finds anything decides: one place is a match, several
// places a refusal, never a guess. A place inside the selection wins over places elsewhere, because the
// user pointed at it.
import { isBlank } from './editText';

type MatchLevel = 'exact' | 'trailingSpace' | 'indentation' | 'blankLines' | 'spacing' | 'quotes' | 'comments' | 'changedLine';

export interface BlockMatch {
  /** The matched file lines, [start, end). */
  start: number;
  end: number;
  level: MatchLevel;
  /** For each line of the quoted block, the file line it stands for (undefined for a blank line matched to nothing). */
  fileLineOf: Array<number | undefined>;
}

export type BlockSearch =
  { kind: 'found'; match: BlockMatch } | { kind: 'ambiguous'; places: number; level: MatchLevel } | { kind: 'missing' };

export interface LineRange {
  start: number;
  /** Exclusive. */
  end: number;
}

/** A line with all its whitespace taken out. */
const squash = (line: string) => line.replace(/\s+/g, '');
const QUOTES = /["'`‘’“”]/g;
/** A comment after code on the same line (`x = 1;  // why`), not a line that is all comment. */
const TRAILING_COMMENT = /(?<=\S)\s+(\/\*.*\*\/|\/\/.*|#.*|--.*)$/;

/** A line's code: its trailing comment and its whitespace taken out. */
export const codeWithoutComment = (line: string) => squash(line.replace(TRAILING_COMMENT, ''));

interface Level {
  level: MatchLevel;
  norm: (line: string) => string;
  skipBlank: boolean;
}

const LEVELS: Level[] = [
  { level: 'exact', norm: (l) => l, skipBlank: false },
  { level: 'trailingSpace', norm: (l) => l.trimEnd(), skipBlank: false },
  { level: 'indentation', norm: (l) => l.trim(), skipBlank: false },
  { level: 'blankLines', norm: (l) => l.trim(), skipBlank: true },
  { level: 'spacing', norm: squash, skipBlank: true },
  // Quotes the model swapped (`'x'` for `"x"`, as its own style or a formatter's would have them, or
  // typographic ones for straight: `Doug’s` quoted as `Doug's`).
  { level: 'quotes', norm: (l) => squash(l).replace(QUOTES, '"'), skipBlank: true },
  // A trailing comment the model reworded (`/* assign the filter functions */`): the code decides.
  { level: 'comments', norm: (l) => codeWithoutComment(l).replace(QUOTES, '"'), skipBlank: true },
];

/** The levels from the closest match to the loosest. */
export const MATCH_LEVELS: readonly MatchLevel[] = [...LEVELS.map((l) => l.level), 'changedLine'];

/** Where `block` (lines, no endings) appears in `file`; `preferred` is the selection. */
export function findBlock(file: readonly string[], block: readonly string[], preferred: LineRange): BlockSearch {
  if (block.every(isBlank)) return { kind: 'missing' };
  // One line's indentation is thin evidence: where the selection holds its text at several depths
  // (`out_finished = true;` in two branches), matching its whitespace exactly picks one by chance.
  const single = block.filter((l) => !isBlank(l)).length === 1;
  for (const level of LEVELS) {
    const found = matchesAt(file, block, level);
    const decided = decide(found, level.level, preferred);
    if (decided?.kind === 'found' && single && level.level !== 'indentation') {
      const anyDepth = decide(matchesAt(file, block, LEVELS[2]), 'indentation', preferred);
      if (anyDepth?.kind === 'ambiguous') return anyDepth;
    }
    if (decided) return decided;
  }
  return decide(changedLineMatches(file, block), 'changedLine', preferred) ?? { kind: 'missing' };
}

function decide(found: BlockMatch[], level: MatchLevel, preferred: LineRange): BlockSearch | undefined {
  if (found.length === 0) return undefined;
  if (found.length === 1) return { kind: 'found', match: found[0] };
  const inside = found.filter((m) => m.start >= preferred.start && m.end <= Math.max(preferred.end, preferred.start + 1));
  if (inside.length === 1) return { kind: 'found', match: inside[0] };
  return { kind: 'ambiguous', places: inside.length > 1 ? inside.length : found.length, level };
}

function sequence(lines: readonly string[], level: Level): Array<{ index: number; text: string }> {
  const out: Array<{ index: number; text: string }> = [];
  for (let i = 0; i < lines.length; i++) {
    if (level.skipBlank && isBlank(lines[i])) continue;
    out.push({ index: i, text: level.norm(lines[i]) });
  }
  return out;
}

function matchesAt(file: readonly string[], block: readonly string[], level: Level): BlockMatch[] {
  const f = sequence(file, level);
  const b = sequence(block, level);
  const out: BlockMatch[] = [];
  if (b.length === 0) return out;
  for (let i = 0; i + b.length <= f.length; i++) {
    let ok = true;
    for (let j = 0; j < b.length; j++) {
      if (f[i + j].text !== b[j].text) {
        ok = false;
        break;
      }
    }
    if (!ok) continue;
    const fileLineOf: Array<number | undefined> = new Array<number | undefined>(block.length).fill(undefined);
    for (let j = 0; j < b.length; j++) fileLineOf[b[j].index] = f[i + j].index;
    const start = f[i].index;
    const end = f[i + b.length - 1].index + 1;
    if (!level.skipBlank) {
      out.push({ start, end, level: level.level, fileLineOf });
      continue;
    }
    // Blank lines of the block sit between matched lines: map them onto blank file lines there when they exist.
    fillBlankLines(file, block, fileLineOf);
    out.push({ start, end, level: level.level, fileLineOf });
  }
  return out;
}

function fillBlankLines(file: readonly string[], block: readonly string[], fileLineOf: Array<number | undefined>): void {
  let previous: number | undefined;
  for (let j = 0; j < block.length; j++) {
    const at = fileLineOf[j];
    if (at !== undefined) {
      previous = at;
      continue;
    }
    if (previous !== undefined && previous + 1 < file.length && isBlank(file[previous + 1])) {
      const next = fileLineOf.slice(j + 1).find((x) => x !== undefined);
      if (next === undefined || previous + 1 < next) {
        fileLineOf[j] = previous + 1;
        previous += 1;
      }
    }
  }
}

/**
 * The loosest level: the same lines (blank lines aside, spacing ignored) with at most one in five (at
 * least one) different. A block of fewer than three lines never matches this way: one line off in two is
 * no evidence. Every window within tolerance counts as a place, so a near-duplicate elsewhere makes it ambiguous.
 */
function changedLineMatches(file: readonly string[], block: readonly string[]): BlockMatch[] {
  const level = { level: 'changedLine' as const, norm: squash, skipBlank: true };
  const b = sequence(block, level);
  if (b.length < 3) return [];
  const allowed = Math.max(1, Math.floor(b.length / 5));
  const f = sequence(file, level);
  const out: BlockMatch[] = [];
  for (let i = 0; i + b.length <= f.length; i++) {
    let misses = 0;
    let sameMeaningful = 0;
    for (let j = 0; j < b.length && misses <= allowed; j++) {
      if (f[i + j].text === b[j].text) {
        if (b[j].text.length > 2) sameMeaningful++;
      } else misses++;
    }
    // At least two lines with real content must agree, so blocks of braces do not match anything.
    if (misses > allowed || sameMeaningful < 2) continue;
    const fileLineOf: Array<number | undefined> = block.map(() => undefined);
    b.forEach((line, j) => (fileLineOf[line.index] = f[i + j].index));
    fillBlankLines(file, block, fileLineOf);
    out.push({ start: f[i].index, end: f[i + b.length - 1].index + 1, level: 'changedLine', fileLineOf });
  }
  return out;
}
