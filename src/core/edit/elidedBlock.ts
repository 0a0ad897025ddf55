// Places a rewritten block that leaves code out with marker comments ("// ... existing code ..."). Each
// marker stands for a run of file lines kept as they are; the block's other lines are either the file's
// own lines (anchors), rewrites of one file line, or new lines. The alignment is an edit distance in
// which a marker takes any number of file lines for free, so kept code is never deleted, and a rewrite of
// a line costs less than deleting it and writing a new one, so a renamed line replaces its old self
// instead of sitting next to it. When two equally good alignments give different text (a marker between
// two runs of new lines, a repeated anchor), the block is refused: it cannot be placed with certainty.
import { codeWithoutComment, type LineRange } from './blockMatch';
import {
  COMMENT_LINE,
  contextAnchors,
  DEFINES,
  isBlank,
  leadingWhitespace,
  OPENS_BLOCK,
  spaced,
  STRING_LITERALS,
  trimBlankEnds,
} from './editText';
import { balance, balanced } from './lineBalance';
import type { NewLines } from './replaceLines';
import { constructEnd } from './saidPlace';
import { wholeWord } from '../../shared/literalRegExp';

/** A line's indentation, in characters. */
const depth = (line: string) => leadingWhitespace(line).length;

/** A line that only closes brackets: `}`, `);`, `]),`. */
const CLOSES_ONLY = /^\s*[)\]}]+\s*[;,]?\s*$/;

interface SplicedBlock extends NewLines {
  range: LineRange;
}

/**
 * What the user asked for changes the reading: asked only to add, no selected line goes
 * (`keepSelected`); asked to remove, a line left out is more likely gone (`deletesAsked`); asked to
 * change, a branch head with another condition is that head rewritten (`rewritesAsked`), and asked to
 * change comments, a comment written where the file has one rewords it (`commentsAsked`).
 */
type Rule = 'keepSelected' | 'deletesAsked' | 'rewritesAsked' | 'commentsAsked';

export type SpliceOutcome = { kind: 'placed'; placed: SplicedBlock } | { kind: 'ambiguous' } | { kind: 'tooLarge' };

/** How far above and below the selection the block's repeated first and last lines are looked for. */
const CONTEXT_REACH = 200;
const MAX_ANCHORS = 4;
/** Cells of the alignment table over all candidate ranges; past it the block is refused rather than slow. */
const MAX_CELLS = 4_000_000;

// Deleting a line costs a little more than writing one, so of two otherwise equal alignments the one
// that keeps more of the file wins: next to a marker, a line the model did not quote is elided, not gone.
const MATCH = 0;
const REWRITE = 10;
/**
 * A line one token away from the file line (`'Bumps package version'` → `'Bump …'`) is likelier that line
 * rewritten than another that only shares its shape (`.pipe(bump(…))`, the same call with other arguments).
 */
const NEAR_REWRITE = 9;
const INSERT = 20;
const DELETE = 21;
/** Asked to remove something, a line the answer leaves out between quoted ones is more likely gone than kept. */
const DELETE_ASKED = 5;
/**
 * Writing again a line the file has in this range (not a brace, a real line) is unlikely to be new code:
 * the model quoted it. Costing it more keeps a marker from swallowing lines the model deleted and the
 * quoted line from coming back as a copy.
 */
const INSERT_COPY = 100;
const INSERT_REWRITE = 35;
/**
 * A branch's own line (`else`, `except:`): short, but no more new than a long quoted line. (Closers,
 * `fi` and `done`, come with each new block.)
 */
const BRANCH_WORD = /^\s*(else|elif|else:|except:|finally:)\s*$/;
const NEVER = 1_000_000;
/** No alignment (a marker that must keep a line, with none left): the table's ceiling, within 32 bits. */
const UNREACHABLE = 2 ** 30;

type Step = 'keep' | 'skipMarker' | 'match' | 'rewrite' | 'delete' | 'insert' | 'skipPad';
/** Two tie-breaking orders: if they disagree on the text, the best alignment is not unique. */
const EAGER: readonly Step[] = ['keep', 'match', 'rewrite', 'delete', 'insert', 'skipPad', 'skipMarker'];
const LAZY: readonly Step[] = ['skipMarker', 'match', 'rewrite', 'insert', 'skipPad', 'delete', 'keep'];

/**
 * `block` is re-indented to the file; `quoted` is the same lines as the model wrote them. A quoted line
 * the file has as it is matches too: re-indenting by one line's drift (a line in spaces where the file
 * has tabs) can move lines the model quoted exactly, in a file whose lines mix both.
 */
export function spliceElidedBlock(
  file: readonly string[],
  selection: LineRange,
  inner: LineRange,
  block: readonly string[],
  quoted: readonly string[],
  elided: (line: string) => boolean,
  rule?: Rule,
): SpliceOutcome {
  const marker = block.map(elided);
  const first = block[0];
  const last = block[block.length - 1];
  // A block that opens (closes) with a marker keeps what comes before (after) it inside the selection,
  // and the blank lines between it and the selection (the gap a marker for the code above leaves).
  let gapBefore = selection.start;
  while (gapBefore > 0 && isBlank(file[gapBefore - 1])) gapBefore--;
  let gapAfter = selection.end;
  while (gapAfter < file.length && isBlank(file[gapAfter])) gapAfter++;
  // (The line right after a marker for the code above may be the line right above the selection,
  // quoted as context: `}` then the selection's new first line.)
  const afterMarker = block.find((l, j) => !marker[j] && !isBlank(l));
  const quotedAbove = afterMarker !== undefined && selection.start > 0 && file[selection.start - 1].trim() === afterMarker.trim();
  const starts = marker[0]
    ? [selection.start, inner.start, gapBefore, ...(quotedAbove ? [selection.start - 1] : [])]
    : [selection.start, inner.start, ...contextAnchors(file, first, selection.start, -1, CONTEXT_REACH, MAX_ANCHORS)];
  const beforeMarker = block.findLast((l, j) => !marker[j] && !isBlank(l));
  const quotedBelow = beforeMarker !== undefined && selection.end < file.length && file[selection.end].trim() === beforeMarker.trim();
  const ends = marker[block.length - 1]
    ? [selection.end, inner.end, gapAfter, ...(quotedBelow ? [selection.end + 1] : [])]
    : [selection.end, inner.end, ...contextAnchors(file, last, selection.end - 1, +1, CONTEXT_REACH, MAX_ANCHORS).map((i) => i + 1)];
  // A marker between written lines stands for one line at least: for none, the model would not have
  // written it. It is read as a marker that keeps exactly one line, then one that keeps any number.
  const written = (j: number) => !marker[j] && !isBlank(block[j]);
  const middle = (j: number) => marker[j] && block.some((_, k) => k < j && written(k)) && block.some((_, k) => k > j && written(k));
  const at = block.flatMap((_, j) => (middle(j) ? [j, j] : [j]));
  const once = at.map((j, k) => at[k + 1] === j);
  const ranges: LineRange[] = [];
  for (const p of new Set(starts))
    for (const q of new Set(ends)) if (p <= inner.start && q >= inner.end && p <= q) ranges.push({ start: p, end: q });
  // Nearest the selection first, so a tie between ranges goes to the one the user pointed at.
  const distance = (r: LineRange) => Math.abs(r.start - selection.start) + Math.abs(r.end - selection.end);
  ranges.sort((a, b) => distance(a) - distance(b));
  const cells = ranges.reduce((n, r) => n + (r.end - r.start + 1) * (block.length + 1), 0);
  if (cells > MAX_CELLS) return { kind: 'tooLarge' };
  // (Counted once, not per range: only `keepSelected` weighs names.)
  const words = new Map<string, number>();
  if (rule === 'keepSelected')
    for (const l of [...file, ...block]) for (const w of new Set(wordsOf(l))) words.set(w, (words.get(w) ?? 0) + 1);
  let best: { grid: Grid; table: Int32Array; cost: number } | undefined;
  for (const range of ranges) {
    const grid = makeGrid(
      file,
      range,
      selection,
      at.map((j) => block[j]),
      at.map((j) => quoted[j]),
      at.map((j) => marker[j]),
      once,
      rule,
      words,
    );
    const table = costTable(grid);
    const cost = table[0];
    if (!best || cost < best.cost) best = { grid, table, cost };
  }
  if (best!.cost >= (rule === 'keepSelected' ? NEVER : UNREACHABLE)) return { kind: 'ambiguous' };
  const { grid, table } = best!;
  const keeps: Array<[number, number]> = [];
  let eager = walk(grid, table, EAGER, 0, 0, undefined, keeps);
  if (eager.lines.join('\n') !== walk(grid, table, LAZY).lines.join('\n')) {
    // Readings of equal cost, the markers standing for more lines or fewer: the one whose new lines sit
    // where their indentation puts them is the answer's (a guard indented as a body, under the function's head).
    const fitted = { ...grid, byIndent: true };
    const fittedTable = costTable(fitted);
    keeps.length = 0;
    eager = walk(fitted, fittedTable, EAGER, 0, 0, undefined, keeps);
    if (eager.lines.join('\n') !== walk(fitted, fittedTable, LAZY).lines.join('\n')) return { kind: 'ambiguous' };
  }
  // The range closed every bracket it opened, but the reading does not: a kept opener (`if (!source) {`)
  // got a new guard's lines for its body. When the block's own lines close what they open, its one marker
  // stood for the whole selection; else the marker is read as the least costly run of lines that closes
  // them, or, with more markers, none keeps a line that closes what it did not open (`rebalanced`).
  const opened = balance(file.slice(grid.range.start, grid.range.end));
  if (!same(balance(eager.lines), opened) || emptiesHead(file, grid.range, eager)) {
    if (balanced(block.filter((_, j) => !marker[j]))) {
      const beside = besideSelection(file, inner, block, marker);
      if (beside.kind === 'placed') return beside;
    }
    const closed = closedAroundMarker(grid, table, opened) ?? rebalanced(grid, opened);
    return closed ? { kind: 'placed', placed: { range: grid.range, ...withoutHeldPlace(closed) } } : { kind: 'ambiguous' };
  }
  return { kind: 'placed', placed: { range: grid.range, ...withoutHeldPlace(setApartLikeKept(eager, keeps, grid.range.start)) } };
}

/**
 * Whether the reading keeps a line that heads a body in the range (the file's next line is deeper) but
 * leaves it no body: the next line is at its depth or above, and the body's first line is gone. New lines
 * at the head's depth took the body's place (a sibling `if … endif` read as a rewrite of the body's
 * `let ind = …` and a match of its `endif`).
 */
function emptiesHead(file: readonly string[], range: LineRange, reading: NewLines): boolean {
  const nextCode = (lines: readonly string[], from: number) => {
    let k = from;
    while (k < lines.length && isBlank(lines[k])) k++;
    return k;
  };
  const { lines, from } = reading;
  const kept = new Set(from);
  return lines.some((line, p) => {
    const f = from[p];
    if (f === undefined) return false;
    const body = nextCode(file, f + 1);
    if (body >= range.end || depth(file[body]) <= depth(line)) return false;
    const next = nextCode(lines, p + 1);
    return next < lines.length && depth(lines[next]) <= depth(line) && !kept.has(body);
  });
}

/** A line that only ends a block a keyword opened: `fi`, `done`, `end`, `endfunction`, troff's `..`. */
const ENDS_BLOCK = /^\s*(?:fi|done|esac|end\w*|\.\.)\s*;?\s*$/i;

/**
 * Whether a reading closes each kind of bracket the range closed (`b`). A kind the range itself leaves
 * open or closes is no evidence: a shell `case` pattern's `)`, a `fi` after a `then` on its own line.
 * Braces, though, count exactly: a new `if (…) {` put above the function head it was to replace the
 * check under leaves one more open than the range did.
 */
const same = (a: readonly number[], b: readonly number[]) => a.every((n, k) => n === 0 || b[k] !== 0) && a[0] === b[0];

/**
 * The block's one marker read as each run of lines it may stand for, for the run of least cost whose
 * reading closes the brackets the range closed; undefined when there is none, or two such readings differ.
 */
function closedAroundMarker(grid: Grid, table: Int32Array, opened: readonly number[]): NewLines | undefined {
  const { file, range, marker, once } = grid;
  const w = grid.block.length + 1;
  const first = marker.indexOf(true);
  let next = first;
  while (next >= 0 && next < marker.length && marker[next]) next++;
  if (first < 0 || marker.indexOf(true, next) >= 0) return undefined;
  const head = walk(grid, table, EAGER, 0, 0, first);
  const lazyHead = walk(grid, table, LAZY, 0, 0, first);
  if (head.i !== lazyHead.i || head.lines.join('\n') !== lazyHead.lines.join('\n')) return undefined;
  const before = table[0] - table[head.i * w + first];
  const readings: Array<{ cost: number; lines: NewLines }> = [];
  // (A marker between written lines keeps one line at least.)
  for (let k = head.i + once.slice(first, next).filter(Boolean).length; k <= range.end - range.start; k++) {
    if (table[k * w + next] >= UNREACHABLE) continue;
    const tail = walk(grid, table, EAGER, k, next);
    if (tail.lines.join('\n') !== walk(grid, table, LAZY, k, next).lines.join('\n')) continue;
    const kept = Array.from({ length: k - head.i }, (_, n) => range.start + head.i + n);
    const lines = { lines: [...head.lines, ...kept.map((i) => file[i]), ...tail.lines], from: [...head.from, ...kept, ...tail.from] };
    if (same(balance(lines.lines), opened)) readings.push({ cost: before + table[k * w + next], lines });
  }
  const least = Math.min(...readings.map((r) => r.cost));
  const best = readings.filter((r) => r.cost === least);
  return best.length === 1 ? best[0].lines : undefined;
}

/**
 * The best reading once no marker keeps a line that closes what the lines it kept before it did not open
 * (the `..` that ends the macro before a new one, kept by the marker after it): each such line found is
 * barred from its marker and the block read again, a few times at most. Undefined when no reading then
 * closes the brackets the range closed, or two readings differ.
 */
function rebalanced(grid: Grid, opened: readonly number[]): NewLines | undefined {
  const w = grid.block.length + 1;
  const barred = new Set<number>();
  for (let round = 0; round < 4; round++) {
    const barredGrid = { ...grid, barred };
    const table = costTable(barredGrid);
    if (table[0] >= UNREACHABLE) return undefined;
    const keeps: Array<[number, number]> = [];
    const eager = walk(barredGrid, table, EAGER, 0, 0, undefined, keeps);
    if (eager.lines.join('\n') !== walk(barredGrid, table, LAZY).lines.join('\n')) return undefined;
    if (same(balance(eager.lines), opened)) return eager;
    // The first kept line that closes more than its marker's run so far opened.
    const closing = keeps.find(([, j], k) => {
      let from = k;
      while (from > 0 && keeps[from - 1][1] === j && keeps[from - 1][0] === keeps[from][0] - 1) from--;
      const run = keeps.slice(from, k + 1).map(([r]) => grid.file[grid.range.start + r]);
      return balance(run).some((n) => n < 0);
    });
    if (!closing) return undefined;
    barred.add(closing[0] * w + closing[1]);
  }
  return undefined;
}

/**
 * New lines the model set apart from the code above with a blank line, written right before code a
 * marker keeps that the file set apart with that blank line: the blank line stays with the kept code, and
 * the new lines get one of their own (a new `if` check between two checks the file separates).
 */
function setApartLikeKept(placed: NewLines, keeps: ReadonlyArray<[number, number]>, start: number): NewLines {
  const kept = new Set(keeps.map(([i]) => start + i));
  const { lines, from } = placed;
  for (let p = 0; p < lines.length; p++) {
    const blank = from[p];
    if (blank === undefined || !isBlank(lines[p]) || kept.has(blank)) continue;
    let q = p + 1;
    while (q < lines.length && from[q] === undefined && !isBlank(lines[q])) q++;
    if (q === p + 1 || q >= lines.length || from[q] !== blank + 1 || !kept.has(blank + 1)) continue;
    return {
      lines: [...lines.slice(0, q), lines[p], ...lines.slice(q)],
      from: [...from.slice(0, p), undefined, ...from.slice(p + 1, q), blank, ...from.slice(q)],
    };
  }
  return placed;
}

/**
 * A Python `pass` that held a block's place, kept by a marker right after new lines written at its depth
 * under the block's header: the new lines are the body it held the place of, and it goes.
 */
function withoutHeldPlace(placed: NewLines): NewLines {
  const { lines, from } = placed;
  const held = lines.findIndex((line, i) => {
    if (line.trim() !== 'pass' || from[i] === undefined) return false;
    let k = i;
    while (k > 0 && from[k - 1] === undefined && !isBlank(lines[k - 1])) k--;
    const header = lines[k - 1];
    return (
      k < i &&
      k > 0 &&
      from[k - 1] !== undefined &&
      /:\s*$/.test(header) &&
      leadingWhitespace(lines[k]) === leadingWhitespace(line) &&
      leadingWhitespace(header).length < leadingWhitespace(line).length
    );
  });
  return held < 0 ? placed : { lines: lines.filter((_, i) => i !== held), from: from.filter((_, i) => i !== held) };
}

/**
 * A block of one marker and new lines, read as the selection kept whole and the lines added on the
 * marker's other side, set apart by a blank line as the selection is from the code before it.
 */
function besideSelection(file: readonly string[], inner: LineRange, block: readonly string[], marker: readonly boolean[]): SpliceOutcome {
  const markers = marker.filter(Boolean).length;
  // The selection's first lines quoted before the marker are where the kept code starts: it is all kept,
  // and the lines after the marker follow it.
  const only = marker.indexOf(true);
  const quotedHead = markers === 1 && only > 0 && block.slice(0, only).every((l, k) => l.trim() === file[inner.start + k]?.trim());
  const atStart = (marker[0] || quotedHead) && markers === 1;
  if (!atStart && !(marker[block.length - 1] && markers === 1)) return { kind: 'ambiguous' };
  const written = trimBlankEnds(atStart ? block.slice(only + 1) : block.slice(0, -1));
  // The selection's own last (first) lines the block ends (starts) with stay where they are: the new
  // lines go before (after) them, as written.
  const edge = quotedEdge(written, file.slice(inner.start, inner.end), atStart);
  const added = atStart ? written.slice(0, written.length - edge) : written.slice(edge);
  const apart = edge === 0 && inner.start > 0 && isBlank(file[inner.start - 1]) ? [''] : [];
  const lines = atStart ? [...apart, ...added] : [...added, ...apart];
  const at = atStart ? inner.end - edge : inner.start + edge;
  return { kind: 'placed', placed: { range: { start: at, end: at }, lines, from: lines.map(() => undefined) } };
}

/**
 * How many of the selection's last lines (first, when `atStart` is false) the lines written after (before)
 * a marker end (start) with: the selection's own, quoted where the written lines close a brace they did
 * not open, or the selection does (a type's `};`, a function's last statements and its `}`; a shell
 * `case` pattern's `)` closes nothing). The most of them that leaves the new lines closing what they open.
 */
export function quotedEdge(written: readonly string[], selected: readonly string[], atStart: boolean): number {
  const closes = (lines: readonly string[], sign: number) => {
    const [braces, , brackets, , tags] = balance(lines);
    return sign * braces > 0 || sign * brackets > 0 || sign * tags > 0;
  };
  const sign = atStart ? -1 : 1;
  // Without a bracket to say so, only lines of code (not a lone `}` or `fi`) no deeper than the new lines' first
  // are evidence: `#*EOF*` after a new proc, not the last lines of a new `def` that end as the old one does.
  const bracketed = closes(written, sign) || closes(selected, sign);
  const shut = (lines: readonly string[]) => balance(lines).every((n, k) => k === 1 || n === 0);
  for (let k = Math.min(written.length - 1, selected.length); k > 0; k--) {
    const quoted = atStart ? written.slice(written.length - k) : written.slice(0, k);
    const edge = atStart ? selected.slice(selected.length - k) : selected.slice(0, k);
    const added = atStart ? written.slice(0, written.length - k) : written.slice(k);
    const head = added.find((l) => !isBlank(l));
    if (!bracketed && !(head !== undefined && quoted.every((l) => /\w/.test(l) && !ENDS_BLOCK.test(l) && depth(l) <= depth(head))))
      continue;
    if (quoted.every((l, n) => l.trim() === edge[n].trim()) && shut(added)) return k;
  }
  return 0;
}

/** One candidate alignment problem: file lines of `range` against the block. */
interface Grid {
  file: readonly string[];
  range: LineRange;
  /** Lines outside it stay as they are: a range reaches past it only to lines a marker keeps or the block quotes. */
  selection: LineRange;
  block: readonly string[];
  quoted: readonly string[];
  marker: readonly boolean[];
  /** Markers that keep exactly one line (the first of a marker between written lines). */
  once: readonly boolean[];
  /** What the user asked for, where it decides a reading (see Rule). */
  rule: Rule | undefined;
  /** How many lines of the file and the block hold each word (counted only for `keepSelected`). */
  words: ReadonlyMap<string, number>;
  /** What writing each block line as a new line costs. */
  insertCost: number[];
  /** Block lines that copy another line the block quotes, one token changed: siblings it adds. */
  sibling: boolean[];
  /** Cells (`i * (block.length + 1) + j`) where marker `j` may not keep file line `i` (see `rebalanced`). */
  barred: ReadonlySet<number>;
  /** Lines of a definition a marker names (see `namedDefinitions`): a marker keeps them, nothing rewrites or deletes them, only its head is quoted. */
  held: ReadonlySet<number>;
  /** Whether new lines that fit no place by their indentation cost a little more (see `misfits`). */
  byIndent?: boolean;
}

function makeGrid(
  file: readonly string[],
  range: LineRange,
  selection: LineRange,
  block: readonly string[],
  quoted: readonly string[],
  marker: readonly boolean[],
  once: readonly boolean[],
  rule: Rule | undefined,
  words: ReadonlyMap<string, number>,
): Grid {
  const lines = file.slice(range.start, range.end);
  const present = new Set(lines.map((l) => l.trim()));
  // A new line that is a line the block quoted earlier, as the file has it, but for one token
  // (`| "number?"` after `| "number"`, `} else if ('bigint' …` after `} else if ('string' …`), is a
  // sibling the model added by copying: it rewrites no other line.
  const renamed = rule === 'rewritesAsked' ? [] : renamedCopies(lines, block, present);
  const sibling = block.map(
    (l, j) => renamed[j] || (!present.has(l.trim()) && block.some((q, k) => k < j && present.has(q.trim()) && oneTokenChanged(q, l, 2))),
  );
  // Otherwise, a new line that is one of the range's with one token changed (`kwargs["text"] = True` for
  // `kwargs["universal_newlines"] = True`) is more likely that line changed than one added beside it.
  // (A `return "unknown";` is written again and again: a new guard's is as likely new as the file's.)
  // (So is one that has a range's line and a connector after it, `a === 'X' ||` beside `a === 'X'`: the
  // line an operand more follows.)
  const bare = new Set(lines.map(unconnected));
  const insertCost: number[] = block.map((l, j) =>
    (l.trim().length >= 8 || BRANCH_WORD.test(l)) && (present.has(l.trim()) || bare.has(unconnected(l))) && !EXITS.test(l)
      ? INSERT_COPY
      : !sibling[j] && lines.some((f) => oneTokenChanged(f, l))
        ? INSERT_REWRITE
        : INSERT,
  );
  // The line right after a marker for the code before it (or right before one for the code after) is
  // where that code ends (starts): when the range has it, it is that line, never a new one.
  const first = marker.indexOf(false);
  const last = marker.lastIndexOf(false);
  // (Not a lone `}` that closes what the written lines before it opened, under a head that is no line of
  // the range rewritten: a new guard's own end.)
  const closesOwn = (j: number) => {
    let from = j;
    while (from > 0 && !marker[from - 1]) from--;
    return (
      CLOSES_ONLY.test(block[j]) &&
      j > from &&
      balanced(block.slice(from, j + 1)) &&
      !lines.some((f) => spaced(f) === spaced(block[from]) || rewrites(f, block[from], true, rule))
    );
  };
  const edges = [...(first > 0 ? [first] : []), ...(last >= 0 && marker[last + 1] && !closesOwn(last) ? [last] : [])];
  for (const j of edges)
    if (!isBlank(block[j]) && lines.some((f) => f.trimEnd() === block[j].trimEnd() || f.trimEnd() === quoted[j].trimEnd()))
      insertCost[j] = NEVER;
  return {
    file,
    range,
    selection,
    block,
    quoted,
    marker,
    once,
    rule,
    words,
    insertCost,
    sibling,
    barred: commentsOnly(lines, block, marker),
    held: namedDefinitions(lines, block, marker),
  };
}

/**
 * The lines of each definition in the range that a marker names (`-- ... existing earth_distance
 * definition ...`, `// ... parse() as before ...`): the marker stands for them, so they stay.
 */
function namedDefinitions(lines: readonly string[], block: readonly string[], marker: readonly boolean[]): Set<number> {
  const held = new Set<number>();
  const markers = block.filter((_, j) => marker[j]);
  for (const [i, line] of lines.entries()) {
    const name = DEFINES.exec(line)?.[1];
    if (name === undefined || !markers.some((m) => wholeWord(name).test(m))) continue;
    for (let k = i; k <= constructEnd(lines, i); k++) held.add(k);
  }
  // So do the lines a marker lists by name (`# ... pdf, epub ...` over `- pdf` and `- epub`), where the
  // range has each name it gives, on a line or two.
  for (const m of markers) {
    const listed = NAMES_LISTED.exec(m)?.[1] ?? '';
    const names = listed.match(/[A-Za-z_$][\w$]*/g) ?? [];
    const holding = names.map((w) => lines.flatMap((l, i) => (wholeWord(w).test(l) ? [i] : [])));
    if (names.length > 0 && holding.every((at) => at.length > 0 && at.length <= 2))
      for (const at of holding) for (const i of at) held.add(i);
  }
  return held;
}

/** A marker that lists names between ellipses, and nothing else: `# ... pdf, epub ...`. */
const NAMES_LISTED = /^\s*\S*\s*(?:\.\.\.|…)\s*([\w$-]+(?:\s*,\s*(?:and\s+)?[\w$-]+)+)\s*(?:\.\.\.|…)\s*(?:\*\/|-->)?\s*$/;

/** A marker that names the comment or docstring it stands for: `# ... docstring unchanged ...`, `" (comment unchanged)`. */
const NAMES_COMMENTS =
  /^\s*([^\w\s(.…]*)\s*(?:\.\.\.|…)?\s*\(?\s*(?:the\s+)?(?:existing\s+|original\s+)?((?:doc\s*)?comments?|docstrings?|jsdoc)(?:\s+(?:block|lines?))?(?:\s+(?:unchanged|as\s+(?:before|is)|stays?|kept))?\s*\)?\s*(?:\.\.\.|…)?\s*(?:\*\/|-->)?\s*$/i;

/**
 * The cells where a marker that names comments or a docstring would keep a line of code: it stands for
 * those lines alone, not the code after them (`res = whathdr(filename)` under the docstring a
 * `# ... docstring unchanged ...` keeps). Only where the range has such lines to keep.
 */
function commentsOnly(lines: readonly string[], block: readonly string[], marker: readonly boolean[]): Set<number> {
  const barred = new Set<number>();
  for (const [j, text] of block.entries()) {
    const named = marker[j] ? NAMES_COMMENTS.exec(text) : null;
    if (!named) continue;
    const leader = named[1];
    const kept = /^doc(?!\s*comment)/i.test(named[2])
      ? docstringLines(lines)
      : lines.map((l) => isBlank(l) || COMMENT_LINE.test(l) || /^\s*\*/.test(l) || (leader !== '' && l.trimStart().startsWith(leader)));
    if (!kept.some(Boolean)) continue;
    kept.forEach((comment, i) => {
      if (!comment) barred.add(i * (block.length + 1) + j);
    });
  }
  return barred;
}

/** Which lines belong to a Python docstring: from a line that opens `"""` (or `'''`) to the one that closes it. */
function docstringLines(lines: readonly string[]): boolean[] {
  let closer: string | undefined;
  return lines.map((line) => {
    if (closer !== undefined) {
      if (line.includes(closer)) closer = undefined;
      return true;
    }
    const opened = /^\s*[rRuUbB]?("""|''')(.*)$/.exec(line);
    if (!opened) return false;
    if (!opened[2].includes(opened[1])) closer = opened[1];
    return true;
  });
}

/**
 * New lines that copy lines of the range with one word put for another throughout, where another new
 * line puts the same word for the same one and the block still quotes a line with the old word
 * (`const peerDependencies = …` beside a quoted `const devDependencies = …`, then `...peerDependencies,`):
 * the model wrote a sibling's declaration and its use. Read as a rewrite, the use would take the place of
 * the old name's, which the quoted declaration still has.
 */
function renamedCopies(lines: readonly string[], block: readonly string[], present: ReadonlySet<string>): boolean[] {
  const swaps = block.map((l) =>
    present.has(l.trim()) ? [] : [...new Set(lines.map((f) => wordSwapped(f, l)).filter((w) => w !== undefined))],
  );
  const quotedWords = new Set(block.filter((l) => present.has(l.trim())).flatMap(wordsOf));
  return swaps.map((mine, j) =>
    mine.some((swap) => quotedWords.has(swap.split(' ')[0]) && swaps.some((theirs, k) => k !== j && theirs.includes(swap))),
  );
}

/** `old new` when `line` is `fileLine` with every `old` word written `new` (and nothing else changed). */
function wordSwapped(fileLine: string, line: string): string | undefined {
  const a = tokens(fileLine);
  const b = tokens(line);
  if (a.length !== b.length) return undefined;
  let swap: string | undefined;
  for (let k = 0; k < a.length; k++) {
    if (a[k] === b[k]) continue;
    const pair = `${a[k]} ${b[k]}`;
    if (!/^[A-Za-z_$][\w$]* [A-Za-z_$][\w$]*$/.test(pair) || (swap !== undefined && swap !== pair)) return undefined;
    swap = pair;
  }
  // (Every `old` changed: a line that keeps one is another edit.)
  return swap !== undefined && !b.includes(swap.split(' ')[0]) ? swap : undefined;
}

/** cost[i * (m + 1) + j]: the least cost of aligning file lines [range.start + i, range.end) with block[j..]. */
function costTable(grid: Grid): Int32Array {
  const n = grid.range.end - grid.range.start;
  const m = grid.block.length;
  const w = m + 1;
  const cost = new Int32Array((n + 1) * w);
  for (let i = n; i >= 0; i--) {
    for (let j = m; j >= 0; j--) {
      if (i === n && j === m) continue;
      let c = UNREACHABLE;
      for (const step of STEPS) {
        const next = advance(grid, i, j, step);
        if (next) c = Math.min(c, next.cost + cost[next.i * w + next.j]);
      }
      cost[i * w + j] = c;
    }
  }
  return cost;
}

const STEPS: readonly Step[] = ['keep', 'skipMarker', 'match', 'rewrite', 'delete', 'insert', 'skipPad'];

function advance(grid: Grid, i: number, j: number, step: Step): { i: number; j: number; cost: number } | undefined {
  const { file, range, block, marker } = grid;
  const n = range.end - range.start;
  const m = block.length;
  const line = i < n ? file[range.start + i] : undefined;
  const isMarker = j < m && marker[j];
  switch (step) {
    case 'keep':
      return isMarker && line !== undefined && !grid.barred.has(i * (m + 1) + j)
        ? { i: i + 1, j: grid.once[j] ? j + 1 : j, cost: 0 }
        : undefined;
    case 'skipMarker':
      return isMarker && !grid.once[j] ? { i, j: j + 1, cost: 0 } : undefined;
    case 'match':
      // (A named definition's body is the marker's; its head may be quoted above it.)
      return !isMarker && j < m && line !== undefined && matches(grid, line, j) && (!grid.held.has(i) || DEFINES.test(line))
        ? { i: i + 1, j: j + 1, cost: MATCH }
        : undefined;
    case 'rewrite':
      // A line moved to another indentation (wrapped in a new scope) is rewritten too.
      // Rewriting a line into a copy of another line of the range costs what writing that copy does.
      return !isMarker &&
        j < m &&
        line !== undefined &&
        !grid.sibling[j] &&
        !grid.held.has(i) &&
        !matches(grid, line, j) &&
        rewrites(line, block[j], follows(grid, i, j) || precedes(grid, i, j), grid.rule)
        ? {
            i: i + 1,
            j: j + 1,
            cost:
              outside(grid, i) ||
              (grid.rule === 'keepSelected' && dropsName(grid, line, block[j])) ||
              (grid.rule === undefined && dropsDeclared(grid, line))
                ? NEVER
                : unconnected(line) !== unconnected(block[j]) && grid.insertCost[j] === INSERT_COPY
                  ? INSERT_COPY
                  : oneTokenChanged(line, block[j])
                    ? NEAR_REWRITE
                    : REWRITE,
          }
        : undefined;
    case 'delete':
      return line !== undefined && !grid.held.has(i)
        ? {
            i: i + 1,
            j,
            cost:
              outside(grid, i) || (grid.rule === 'keepSelected' && !isBlank(line)) || (grid.rule === undefined && dropsDeclared(grid, line))
                ? NEVER
                : grid.rule === 'deletesAsked'
                  ? DELETE_ASKED
                  : DELETE,
          }
        : undefined;
    case 'insert':
      return !isMarker && j < m
        ? { i, j: j + 1, cost: grid.insertCost[j] + (grid.byIndent && misfits(grid, i, j) ? MISFIT : 0) }
        : undefined;
    case 'skipPad':
      return j < m && padsMarker(grid, i, j) ? { i, j: j + 1, cost: PAD } : undefined;
  }
}

/** A line without the connector at its end that joins it to the next: `||`, `&&`, `,`, `+`. */
const unconnected = (line: string) => line.trim().replace(/\s*(?:\|\||&&|,|\+|\band|\bor)$/, '');

/** A statement that leaves its block: `return`, `throw`, `raise`, `break`, `continue`. */
const EXITS = /^\s*(?:return|throw|raise|break|continue)\b/;

/** What a new line costs more where its indentation does not fit: a tie-breaker, less than any other step. */
const MISFIT = 1;

/**
 * Whether block line `j`, the first the model wrote after a marker (or the block's first), inserted before
 * file line `i`, is deeper than the line above it, which opens no block (a line indented as a body, with
 * no head for it), or as deep as a `return` above it (a line that would never run).
 */
function misfits(grid: Grid, i: number, j: number): boolean {
  const { block, marker, file, range } = grid;
  if (isBlank(block[j]) || (j > 0 && !marker[j - 1])) return false;
  let above = range.start + i - 1;
  while (above >= 0 && isBlank(file[above])) above--;
  if (above < 0) return false;
  const [line, prev] = [depth(block[j]), depth(file[above])];
  return (line > prev && !OPENS_BLOCK.test(file[above])) || (line === prev && EXITS.test(file[above]));
}

/** What leaving out a blank line that only pads a marker costs: next to nothing, but not nothing. */
const PAD = 1;

/**
 * Whether block line `j` is a blank line between a marker and a line the file has right there (the
 * marker for a branch's first lines, a blank line, then the lines quoted after them): layout around the
 * marker, not a new blank line, where the file has none.
 */
function padsMarker(grid: Grid, i: number, j: number): boolean {
  const { block, marker, file, range } = grid;
  if (!isBlank(block[j])) return false;
  const line = (at: number) => (at >= 0 && at < range.end - range.start ? file[range.start + at] : undefined);
  const here = line(i);
  const before = line(i - 1);
  return (
    (marker[j - 1] === true && here !== undefined && !isBlank(here) && j + 1 < block.length && matches(grid, here, j + 1)) ||
    (marker[j + 1] === true && before !== undefined && !isBlank(before) && j > 0 && matches(grid, before, j - 1))
  );
}

/**
 * Whether rewriting `old` as `line` takes a name out of the file: a word of it that no other line of the
 * file or the block has (`--close` rewritten as `--fcntl`). A rewrite that keeps every name (`return x`
 * → `value = x`, `= 1` → `= vmin`) may still be the edit asked for.
 */
function dropsName(grid: Grid, old: string, line: string): boolean {
  const kept = new Set(wordsOf(line));
  return wordsOf(old).some((w) => !kept.has(w) && (grid.words.get(w) ?? 0) <= 1);
}

/**
 * Whether rewriting or deleting `old` drops the name it declares, which the block never writes
 * (`isSymlink: boolean;` as `size?: number;`, `def a(` as `def b(`): unasked to change or remove
 * anything, that is a new member beside it.
 */
function dropsDeclared(grid: Grid, old: string): boolean {
  const name = declaredName(old);
  return name !== undefined && !grid.block.some((l) => wordsOf(l).includes(name));
}

/**
 * The name a line declares: a definition (`def a(`, `class A`), a property (`a?: T;`, `a: 1,`) or a
 * method (`a(x) {`, `a?(x): T;`), not a local (`const a =`), a call (`a(x);`) or a keyword's head
 * (`if (x) {`, `default:`).
 */
function declaredName(line: string): string | undefined {
  // (A local renamed, `var x` → `var entry`, is the edit asked more often than a new local beside it.)
  const defined = DEFINES.exec(line);
  if (defined) return /^\s*(?:export\s+)?(?:const|let|var)\b/.test(line) ? undefined : defined[1];
  const t = tokens(line);
  const name = member(t);
  if (name === undefined || KEYWORD.test(name)) return undefined;
  return t[t.indexOf(name) + 1] !== '(' || /\{\s*$|\)\s*:\s*\S/.test(line) ? name : undefined;
}

const KEYWORD =
  /^(?:if|else|elif|elsif|for|foreach|while|until|unless|do|switch|case|default|catch|try|finally|with|return|throw|yield|await|new|typeof|delete|super|this|function|print|echo|assert|not|and|or|in|is)$/;

const wordsOf = (line: string): string[] => line.match(/[A-Za-z_$][\w$]+/g) ?? [];

/** Whether range line `i` lies outside the selection. */
function outside(grid: Grid, i: number): boolean {
  const at = grid.range.start + i;
  return at < grid.selection.start || at >= grid.selection.end;
}

function matches(grid: Grid, line: string, j: number): boolean {
  return line.trimEnd() === grid.block[j].trimEnd() || line.trimEnd() === grid.quoted[j].trimEnd();
}

/** Whether the block line before `j` is the file line before `i`: the two lines stand in the same place. */
function follows(grid: Grid, i: number, j: number): boolean {
  return i > 0 && j > 0 && !grid.marker[j - 1] && sameLine(grid, grid.file[grid.range.start + i - 1], j - 1);
}

/** Whether the block line after `j` is the file line after `i` (the same `}` ends both). */
function precedes(grid: Grid, i: number, j: number): boolean {
  const at = grid.range.start + i + 1;
  return at < grid.range.end && j + 1 < grid.block.length && !grid.marker[j + 1] && sameLine(grid, grid.file[at], j + 1);
}

/** The line, or its words at another depth: a continuation line realigned to a rewritten line above it. */
function sameLine(grid: Grid, line: string, j: number): boolean {
  return matches(grid, line, j) || (/\w/.test(line) && line.trim() === grid.block[j].trim());
}

/**
 * The alignment of least cost from file line `i` and block line `j`, ties taken in `order`: to the
 * block's end, or to block line `stop` (with the file line reached there).
 */
function walk(
  grid: Grid,
  cost: Int32Array,
  order: readonly Step[],
  i = 0,
  j = 0,
  stop?: number,
  keeps?: Array<[number, number]>,
): NewLines & { i: number } {
  const { file, range, block, quoted } = grid;
  const n = range.end - range.start;
  const w = block.length + 1;
  const lines: string[] = [];
  const from: Array<number | undefined> = [];
  // Lines written next to lines the file has as quoted are written as quoted too (at their columns).
  let asQuoted = false;
  while ((i < n || j < block.length) && j !== stop) {
    const here = cost[i * w + j];
    let taken: { i: number; j: number; step: Step } | undefined;
    for (const step of order) {
      const next = advance(grid, i, j, step);
      if (next && next.cost + cost[next.i * w + next.j] === here) {
        taken = { i: next.i, j: next.j, step };
        break;
      }
    }
    const { step } = taken!;
    if (step === 'keep') keeps?.push([i, j]);
    if (step === 'keep' || step === 'match') {
      // Kept and quoted lines are written back as the file has them.
      lines.push(file[range.start + i]);
      from.push(range.start + i);
      if (step === 'match') asQuoted = file[range.start + i].trimEnd() !== block[j].trimEnd();
    } else if (step === 'rewrite' || step === 'insert') {
      lines.push(asQuoted ? quoted[j] : block[j]);
      from.push(undefined);
    }
    i = taken!.i;
    j = taken!.j;
  }
  return { lines, from, i };
}

/**
 * Whether a block line is a rewrite of a file line, judged on tokens: one token swapped for another (a
 * renamed identifier, a changed value), or the old line whole with tokens added inside it (a condition
 * widened), or the new line whole inside the old one (an argument list cut short), or the same target
 * assigned another value, or the same call made with other arguments, or the line commented out or back
 * in. A line that only
 * shares syntax with its neighbour (`this.log(item);` next to `this.items.push(item);`) is new code.
 */
function rewrites(fileLine: string, blockLine: string, samePlace: boolean, rule?: Rule): boolean {
  const changeAsked = rule === 'rewritesAsked' || rule === 'commentsAsked';
  // The same line at another depth, unless it is only a bracket: a `}` deeper or shallower closes another scope.
  if (spaced(fileLine) === spaced(blockLine)) return /\w/.test(fileLine);
  // An `else` given a condition is a new branch before it, not it: the kept lines under it would run
  // only in the new case.
  if (/\belse\b(?!\s+if\b)/.test(fileLine) && /\belse\s+if\b|\belif\b|\belsif\b/.test(blockLine)) return false;
  // Asked to change comments, a comment written where the file has one is that comment reworded
  // ("Replace these comments with a JSDoc comment": `// argument auto-pipes` → ` * @param {object} [opts]`).
  const comment = (line: string) => COMMENT_LINE.test(line) || /^\s*\*/.test(line);
  if (rule === 'commentsAsked' && comment(fileLine) && comment(blockLine)) return true;
  // The line commented out, or back in (`"set showcmd` → `set showcmd`).
  const uncommented = (line: string) => line.trim().replace(/^(?:\/\/|#|--|;|%|")\s?/, '');
  if (uncommented(fileLine) === blockLine.trim() || uncommented(blockLine) === fileLine.trim()) return true;
  // A setting commented in with another value (`#BACKUP = 0` → `BACKUP = 1`), or with one where it had
  // none (`#SystemMaxUse=` → `SystemMaxUse=500M`).
  const setting = uncommented(fileLine);
  if (
    setting !== fileLine.trim() &&
    (oneTokenChanged(setting, blockLine.trim()) || (/\w\s*[=:]$/.test(setting) && blockLine.trim().startsWith(setting)))
  )
    return true;
  const a = tokens(fileLine);
  const b = tokens(blockLine);
  if (a.join(' ') === b.join(' ')) return true;
  // The same member reached another way (`t['throws'](` → `t.throws(`).
  const dotted = (line: string) => spaced(line.replace(/\[\s*(['"])([A-Za-z_$][\w$]*)\1\s*\]/g, '.$2'));
  if (dotted(fileLine) === dotted(blockLine)) return true;
  // The same code with its trailing comment reworded (`PARENT_SCOPE # undocumented …` → `PARENT_SCOPE # internal: …`).
  const code = codeWithoutComment(fileLine);
  if (/\w/.test(code) && code === codeWithoutComment(blockLine)) return true;
  // The same statement's end written anew at the same depth, right after or before the same line
  // (`return a` → `return b`): one after the other, the second would never run.
  const sameDepth = leadingWhitespace(fileLine) === leadingWhitespace(blockLine);
  if (samePlace && sameDepth && ['return', 'throw', 'raise'].includes(a[0]) && a[0] === b[0] && a.length > 1 && b.length > 1) return true;
  // The same block opened another way (`rules.forEach((rule) => {` → `for (const rule of rules) {`): a head
  // whose names are all the old head's.
  if (sameDepth && /\{\s*$/.test(fileLine) && /\{\s*$/.test(blockLine)) {
    const names = b.filter((t) => /^[A-Za-z_$][\w$]*$/.test(t) && !KEYWORD.test(t) && !/^(?:const|let|var|of)$/.test(t));
    if (names.length >= 2 && names.every((t) => a.includes(t))) return true;
  }
  // The same key given another value (`runs-on: ubuntu-latest` → `runs-on: ubuntu-22.04`, `color: red;` →
  // `color: blue;`): a mapping has each key once. (Not `x = …`: code assigns a name again and again.)
  const key = (l: string) => /^\s*([A-Za-z_][\w.-]*):(?:\s|$)/.exec(l)?.[1];
  if (sameDepth && key(fileLine) !== undefined && key(fileLine) === key(blockLine)) return true;
  // The same member declared anew (`drain(): any` → `drain: () => void`): a type or an object has it once.
  const name = member(a);
  if (name !== undefined && name === member(b) && (a[a.indexOf(name) + 1] !== '(' || b[b.indexOf(name) + 1] !== '(')) return true;
  // The same module imported another way (`import http = require("http");` → `import * as http from "http";`).
  const imported = (l: string) =>
    /^\s*(?:import|from|export|#\s*include|using|use|require)\b/.test(l) ? l.match(/(["'<])[^"'<>]+["'>]/)?.[0].slice(1, -1) : undefined;
  if (imported(fileLine) !== undefined && imported(fileLine) === imported(blockLine)) return true;
  // Another module imported is a new import beside the old, unless the user asked for a change.
  if (!changeAsked && imported(fileLine) !== undefined && imported(blockLine) !== undefined) return false;
  // The same name declared anew (`export type Options = {` → `export interface Options {`), or the same
  // bracket closing it with other punctuation (`};` → `}`).
  const declared = (l: string) => DEFINES.exec(l)?.[1];
  if (sameDepth && declared(fileLine) !== undefined && declared(fileLine) === declared(blockLine)) return true;
  const closer = (l: string) => CLOSES_ONLY.test(l) && l.replace(/[\s;,]/g, '');
  // (Or a call's end, `});`, closed as a block's, `}`, the head above it rewritten: `forEach(… => {` → `for (… of …) {`.)
  const [oldEnd, newEnd] = [closer(fileLine), closer(blockLine)];
  if (sameDepth && oldEnd && newEnd && oldEnd.startsWith(newEnd)) return true;
  // The same names declared or assigned anew, more beside them (`my $varname = shift;` →
  // `my ($varname, $default) = @_;`).
  const was = assigned(a);
  const now = assigned(b);
  if (sameDepth && was && now && now.length > was.length && was[0] === now[0] && was.every((t) => now.includes(t))) return true;
  let prefix = 0;
  while (prefix < a.length && prefix < b.length && a[prefix] === b[prefix]) prefix++;
  let suffix = 0;
  while (suffix < a.length - prefix && suffix < b.length - prefix && a[a.length - 1 - suffix] === b[b.length - 1 - suffix]) suffix++;
  // A wrapped expression's next line rewritten with it (`+ c + Array(…)` → `+ c + ' '.repeat(…)`).
  if (sameDepth && /^[-+*/%&|?]$/.test(a[0]) && prefix >= 3) return true;
  // The same target given a new value (`this.open = true;` → `this.open = !closed;`), the same call given
  // other arguments (`throw new Error("a: " + a)` → ``throw new Error(`a: ${a}`)``).
  const assigns = (t: string[]) => t[prefix - 1] === '=' && t[prefix] !== '=' && !['=', '!', '<', '>'].includes(t[prefix - 2]);
  if (prefix >= 2 && assigns(a) && assigns(b)) return true;
  if (prefix >= 3 && a[prefix - 1] === '(' && suffix >= 1 && a[a.length - suffix] === ')' && b[b.length - suffix] === ')') return true;
  // The old line wrapped in something (`$handler->();` → `eval { $handler->() };`, `f(x)` → `await f(x)`).
  const core = a[a.length - 1] === ';' ? a.slice(0, -1) : a;
  const within = (at: number) => core.every((t, k) => b[at + k] === t);
  if (core.length >= 3 && b.some((_, at) => within(at))) return true;
  const oldMiddle = a.length - prefix - suffix;
  const newMiddle = b.length - prefix - suffix;
  const shared = prefix + suffix;
  // (A short line at another depth, `return Builder;` → a new method's `return this;`, is another line.)
  if (oldMiddle === 1 && newMiddle === 1) return shared >= 1 && (sameDepth || a.length > 3);
  // Asked to change something, the same branch or loop head around another condition (`if (!value)
  // continue;` → `if (value === undefined) continue;`); else it may be a new guard beside the old.
  const head = /^(if|elif|while|unless|until)$/;
  if (changeAsked && head.test(a[0]) && a[0] === b[0] && prefix >= 2 && suffix >= 2 && oldMiddle <= 6 && newMiddle <= 6) return true;
  // The same head with its condition widened around the old one (`if (… "${ARGV0}" STREQUAL "RESET")` →
  // `if (… ("${ARGV0}" STREQUAL "RESET" OR "${ARGV0}" STREQUAL "CLEAR"))`).
  const oldCore = a.slice(prefix, a.length - suffix);
  const newCore = b.slice(prefix, b.length - suffix);
  const widened = newCore.some((_, at) => oldCore.every((t, k) => newCore[at + k] === t));
  if (sameDepth && head.test(a[0]) && a[0] === b[0] && prefix >= 2 && oldCore.length >= 2 && widened) return true;
  // Asked to change something, a block's head or next branch at the same depth is that one rewritten
  // ("replace the try catch with an if": `try {` → `if (…) {`, `} catch (e) {` → `} else {`).
  const opener = (t: string[]) => t[t.length - 1] === '{' && (t[0] === '}' ? 'branch' : 'head');
  if (changeAsked && sameDepth && opener(a) && opener(a) === opener(b)) return true;
  // The same statement around another short expression (`for (const k of A(s)) {` → `for (const k of B.c(s)) {`),
  // or with the same start and end holding two thirds of it (a loop's start and step: `for (var i = 0; i <
  // a.length; i += 1) {` → `for (var i = 0, aLen = a.length; i < aLen; i += 1) {`).
  if (prefix >= 3 && suffix >= 3 && oldMiddle <= 3 && newMiddle <= 3) return true;
  if (sameDepth && prefix >= 3 && suffix >= 3 && shared * 3 >= a.length * 2) return true;
  // The same expression under another head (`return X` → `value = X`).
  if (prefix === 0 && suffix >= 4 && oldMiddle <= 2 && newMiddle <= 2) return true;
  // Two tokens are enough when they hold a word (`register empty` → `stack register empty`); `};` is no evidence.
  const enough = (t: string[]) => t.length >= 3 || (t.length === 2 && t.some((x) => /\w/.test(x)));
  // A list's last item given a comma (`UGENDER_OTHER` → `UGENDER_OTHER,`), or a statement its `;`.
  // (Or a command given arguments: `pytest` → `pytest -v`.)
  if (oldMiddle === 0)
    return enough(a) || (newMiddle === 1 && [',', ';'].includes(b[b.length - 1])) || (sameDepth && /^[A-Za-z_]\w{2,}$/.test(a.join(' ')));
  if (newMiddle === 0) return enough(b) && (sameDepth || b.length >= 3);
  return false;
}

/** The name a line declares as a property, key or method (`readonly x?: T`, `x: 1,`, `x(): T`), if it does. */
function member(t: readonly string[]): string | undefined {
  let k = 0;
  while (['readonly', 'static', 'public', 'private', 'protected', 'declare'].includes(t[k])) k++;
  const [name, next, after] = [t[k], t[k + 1], t[k + 2]];
  return /^[A-Za-z_$][\w$]*$/.test(name ?? '') && (next === ':' || (next === '?' && after === ':') || next === '(') ? name : undefined;
}

/** The same tokens but one (a renamed identifier, a changed value). */
export function oneTokenChanged(fileLine: string, blockLine: string, least = 3): boolean {
  const a = tokens(fileLine);
  const b = tokens(blockLine);
  return a.length >= least && a.length === b.length && a.filter((t, k) => t !== b[k]).length === 1;
}

/** The words left of a line's assignment (`my`, `$varname`), if it makes one. */
function assigned(t: readonly string[]): string[] | undefined {
  const at = t.indexOf('=');
  if (at <= 0 || t[at + 1] === '=' || ['=', '!', '<', '>'].includes(t[at - 1])) return undefined;
  return t.slice(0, at).filter((x) => /\w/.test(x));
}

/** What a line assigns to (`module exports` for `module.exports = y;`), if it assigns. */
export function assignedTo(line: string): string | undefined {
  return assigned(tokens(line))?.join(' ');
}

const TOKEN = new RegExp(`${STRING_LITERALS.source}|\`[^\`]*\`|[\\w$]+|\\S`, 'g');

/** Words, numbers, quoted strings and single punctuation marks. */
function tokens(line: string): string[] {
  return line.trim().match(TOKEN) ?? [];
}
