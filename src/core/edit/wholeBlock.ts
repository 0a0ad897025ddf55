// Places a rewritten block (the code in a fence, or a bare answer) over the selection. Models often
// repeat some lines around the selection, or the whole file, and sometimes drop the block's base
// indentation. Of the ranges that contain the selection and start or end where the block's first or
// last line sits in the file, the one that makes the smallest change wins: the edit that explains
// the answer with the least rewriting is the one the model meant.
import { diffArrays } from 'diff';
import { escapeRegExp, wholeWord } from '../../shared/literalRegExp';
import { type IndentPair, indentUnit, minimumIndent, pairedUnits, relevelled } from './indentUnits';
import { indentShift, type NewLines } from './replaceLines';
import {
  COMMENT_LINE,
  contextAnchors,
  DEFINES,
  isBlank,
  LEADS_DEFINITION,
  leadingWhitespace,
  OPENS_BLOCK,
  spaced,
  trimBlankEnds,
} from './editText';
import type { LineRange } from './blockMatch';
import { alignments, realigned } from './alignedLines';
import { assignedTo, oneTokenChanged, quotedEdge, spliceElidedBlock } from './elidedBlock';
import { balance, balanced, openedBefore } from './lineBalance';

/** How far around the selection repeated context is looked for. */
const CONTEXT_REACH = 200;
const MAX_ANCHORS = 12;

export interface PlacedBlock extends NewLines {
  range: LineRange;
}

/**
 * What the user's instruction asks for, where it says: only to add code, to remove some, or to change it
 * (its comments, "replace these comments with a JSDoc comment"); or one thing more ("also indent after
 * a `{`"), which may add lines or widen existing ones ("also match .env.local").
 */
export type Asked = 'add' | 'remove' | 'change' | 'changeComments' | 'also';

/** Why a block that leaves code out could not be placed. */
export type UnplacedBlock = { unplaced: 'ambiguous' | 'tooLarge' };

const same = (a: string, b: string) => spaced(a) === spaced(b);

/**
 * `elided` tells the lines that stand for code the model left out ("// ... existing code ..."): each keeps
 * the lines it replaced in the file, except those a new line of the same change rewrites.
 */
export function placeWholeBlock(
  file: readonly string[],
  selection: LineRange,
  rawBlock: readonly string[],
  elided: (line: string) => boolean = () => false,
  asked?: Asked,
): PlacedBlock | UnplacedBlock {
  const { start, end } = selection;
  const block = blankEndsAsSelected(rawBlock, file.slice(start, end));
  // Blank lines at the selection's ends may be layout the model left out: the range without them is a candidate too.
  const inner = { ...selection };
  if (!file.slice(start, end).every(isBlank)) {
    while (inner.start < inner.end && isBlank(file[inner.start])) inner.start++;
    while (inner.end > inner.start && isBlank(file[inner.end - 1])) inner.end--;
  }
  if (block.length === 0) return { range: { start, end }, lines: [], from: [] };
  if (block.some(elided)) {
    const sibling = siblingAfterKept(file, inner, block, elided, asked);
    if (sibling) {
      const lines = reindented(file, inner, block, elided).slice(sibling.from, sibling.to);
      return { range: { start: inner.end, end: inner.end }, lines, from: lines.map(() => undefined) };
    }
    const placed = reindented(file, inner, block, elided);
    const spliced = spliceElidedBlock(
      file,
      selection,
      inner,
      placed,
      block,
      elided,
      asked === 'remove' ? 'deletesAsked' : asked === 'change' ? 'rewritesAsked' : asked === 'changeComments' ? 'commentsAsked' : undefined,
    );
    // Asked only to add code, a marker then lines read as rewriting selected lines (a new `toggle` method
    // taken for `unmute` renamed, a new option for the one before it) are those lines kept and the new
    // ones added on the marker's other side, as the model wrote them.
    if (asked === 'add' && (spliced.kind !== 'placed' || rewritesSelected(file, inner, spliced.placed))) {
      const beside = linesBeside(file, inner, placed, elided);
      if (beside) return beside;
      // A marker between written lines: the reading that keeps every selected line and every name in
      // the file (new options beside `--help`, not `--close` rewritten as `--fcntl`).
      const kept = spliceElidedBlock(file, selection, inner, placed, block, elided, 'keepSelected');
      if (kept.kind === 'placed') return kept.placed;
    }
    return spliced.kind === 'placed' ? spliced.placed : { unplaced: spliced.kind };
  }
  const edge = snippetAtEdge(file, inner, block);
  if (edge) return { range: edge, ...keepUnchanged(file, edge, reindented(file, edge, block), selection) };
  // A whole file repeated back starts at the file's start and ends at its end, less the blank lines there:
  // the block has none at its ends, and a blank line outside the selection is not the model's to take.
  let fileStart = 0;
  while (fileStart < start && isBlank(file[fileStart])) fileStart++;
  let fileEnd = file.length;
  while (fileEnd > end && isBlank(file[fileEnd - 1])) fileEnd--;
  const starts = [...new Set([start, inner.start, fileStart, ...contextAnchors(file, block[0], start, -1, CONTEXT_REACH, MAX_ANCHORS)])];
  const ends = [
    ...new Set([
      end,
      inner.end,
      fileEnd,
      ...contextAnchors(file, block[block.length - 1], end - 1, +1, CONTEXT_REACH, MAX_ANCHORS).map((i) => i + 1),
    ]),
  ];
  // Past the selection, a range takes only lines the block repeats, or rewords (drift in a copy of the
  // file): a line it would delete there is one the model never mentioned (bracket counts can agree by
  // chance far away: a shell `case` has `)`).
  // Only a copy of the whole file may reword a line there: context quoted around the selection repeats it
  // (a class before the selection much like the one after it is not the context the answer quotes).
  const repeated = new Set(block.map(spaced));
  const mentioned = new Map<number, boolean>();
  const isMentioned = (i: number, reworded: boolean) => {
    let seen = mentioned.get(i);
    if (seen === undefined) {
      seen = isBlank(file[i]) || repeated.has(spaced(file[i])) || block.some((b) => similar(file[i], b));
      mentioned.set(i, seen);
    }
    return seen && (reworded || isBlank(file[i]) || repeated.has(spaced(file[i])));
  };
  // A copy of the whole file may also change a line or two there past recognition (a guard's comment,
  // a copyright line): drift that is not applied, not a sign that the copy is of something else.
  const onlyRepeated = (from: number, to: number, reworded: boolean) => {
    let unmentioned = 0;
    for (let i = from; i < to; i++) if (!isMentioned(i, reworded)) unmentioned++;
    return unmentioned === 0 || (reworded && unmentioned <= Math.max(1, Math.floor((to - from) / 20)));
  };
  const ranges: LineRange[] = [{ start, end }];
  for (const p of starts)
    for (const q of ends)
      if (
        p <= inner.start &&
        q >= inner.end &&
        (p !== start || q !== end) &&
        onlyRepeated(p, inner.start, p === fileStart) &&
        onlyRepeated(inner.end, q, q === fileEnd)
      )
        ranges.push({ start: p, end: q });
  // A range the block replaces opens and closes as many brackets as the block does, when one can: a `}`
  // the block adds (a new scope around the body) is not the enclosing class's `}` after the selection.
  const blockBalance = balance(block).join();
  const from = Math.min(...ranges.map((r) => r.start));
  const opened = openedBefore(file.slice(from, Math.max(...ranges.map((r) => r.end))));
  const keepsStructure = ({ start: p, end: q }: LineRange) =>
    opened[q - from].map((n, k) => n - opened[p - from][k]).join() === blockBalance;
  const structural = ranges.some(keepsStructure);
  let best: { range: LineRange; score: number; echoes: number } | undefined;
  for (const range of ranges) {
    if (structural && !keepsStructure(range)) continue;
    // Asked to remove something, the selection's blank lines at its ends are the model's to remove too
    // ("remove the empty lines at the top").
    if (asked === 'remove' && (range.start > start || range.end < end)) continue;
    // Lines the block would write again right next to where the file already has them count against it,
    // across blank lines too (context repeated around a selection of blank lines).
    const e = echoes(file, block, range.start, range.end);
    const s = score(file, block, range.start, range.end) - 2 * doubled(file, block, range.start, range.end) - e;
    if (!best || s > best.score || (s === best.score && e < best.echoes)) best = { range, score: s, echoes: e };
  }
  const range = best!.range;
  // A copy of the whole file: a line it replaces outside the selection, however unlike, is drift.
  const wholeCopy = range.start === fileStart && range.end === fileEnd && (range.start < start || range.end > end);
  return { range, ...keepUnchanged(file, range, reindented(file, range, block), selection, wholeCopy) };
}

/**
 * A block that is a marker ("… existing code …") and then one new definition shaped like one the
 * selection has (`const serializeRaw = (name, value, opt) => {` beside `const serialize = …`), whose name
 * the file still uses elsewhere: the model added a sibling after the kept code. Read as that definition
 * renamed, it would break the file's uses of the old name. Returns where the new lines are in the block.
 */
function siblingAfterKept(
  file: readonly string[],
  inner: LineRange,
  block: readonly string[],
  elided: (line: string) => boolean,
  asked: Asked | undefined,
): { from: number; to: number } | undefined {
  const rest = trimBlankEnds(block.slice(1));
  if (!elided(block[0]) || rest.some(elided)) return undefined;
  const selected = file.slice(inner.start, inner.end);
  const added = { from: 1, to: block.findLastIndex((l) => !isBlank(l)) + 1 };
  if ((asked === 'add' || asked === 'also') && copiesEndWithOtherHead(selected, rest)) return added;
  const head = definitionLine(rest);
  const name = head === undefined ? undefined : DEFINES.exec(rest[head])?.[1];
  if (head === undefined || !name) return undefined;
  if (file.some((l) => wholeWord(name).test(l))) return undefined;
  const shapes = (l: string) => spaced(l.replace(DEFINES, '')) === spaced(rest[head].replace(DEFINES, ''));
  const twin = selected.find((l) => DEFINES.test(l) && shapes(l));
  const old = twin && DEFINES.exec(twin)![1];
  if (!old) {
    // No twin to rename: a selection that opens with a definition at the new one's depth is kept whole
    // (the marker cannot stand for less), and a new definition, whole, follows it, with the blank lines
    // before it; its body may repeat the kept one's lines without being them. (A new local and the
    // statements after it, the body's end rewritten, are no definition of their own.)
    const opening = definitionLine(selected);
    const atDepth =
      opening !== undefined && DEFINES.test(selected[opening]) && leadingWhitespace(selected[opening]) === leadingWhitespace(rest[head]);
    return atDepth && wholeConstruct(rest.slice(head)) ? added : undefined;
  }
  // The block's other lines are selected lines with the old name written anew: a rename, not a sibling.
  const renamed = (l: string) => selected.some((s) => wholeWord(old).test(s) && s.trim().split(old).join(name) === l.trim());
  const others = rest.filter((l, k) => k !== head && !isBlank(l));
  if (others.some(renamed)) return undefined;
  // (A comment that names it is no use of it, nor a doc comment's ` * ` line.)
  const outside = [...file.slice(0, inner.start), ...file.slice(inner.end)].filter((l) => !COMMENT_LINE.test(l) && !/^\s*\*/.test(l));
  if (outside.some((l) => wholeWord(old).test(l))) return added;
  // A whole new definition that keeps no line of its twin's (but brackets) is not the twin renamed: read
  // so, the twin's body would go unasked. Nor is one that keeps some, unless the user asked for a change.
  const kept = new Set(selected.filter((l) => /\w/.test(l)).map(spaced));
  const unasked = asked === undefined || asked === 'add' || asked === 'also';
  return wholeConstruct(rest.slice(head)) && (unasked || !others.some((l) => kept.has(spaced(l)))) ? added : undefined;
}

/**
 * Whether `lines` repeat the selection's last lines, whole constructs (a head, a body deeper than it, an
 * end at its depth; or one line), with their first written another way, one token changed (`if line =~
 * '{\s*$'` with the keyword check's body and `endif`; `AC_SUBST(with_expat)` after `AC_SUBST(EXPAT_LIBS)`), or
 * one word changed wherever it is (`type -P perl … install perl` after `type -P twine … install twine`):
 * asked for one thing more, a copy for another case goes beside them. Read as those lines rewritten, the
 * old case would go unasked. (A body line and the `}` after it are the function's end, not a copy.)
 */
function copiesEndWithOtherHead(selected: readonly string[], lines: readonly string[]): boolean {
  const code = selected.filter((l) => !isBlank(l));
  const copy = lines.filter((l) => !isBlank(l));
  if (copy.length === 0 || copy.length > code.length) return false;
  const end = code.slice(code.length - copy.length);
  const depth = (l: string) => leadingWhitespace(l).length;
  // (Two lines at one depth are no construct: `ExportBinding` then the kept `ImplicitGlobalVariable`.)
  const construct =
    copy.length === 1 ||
    (copy.length > 2 && copy.slice(1, -1).every((l) => depth(l) > depth(copy[0])) && depth(copy[copy.length - 1]) === depth(copy[0]));
  return (
    construct &&
    leadingWhitespace(copy[0]) === leadingWhitespace(end[0]) &&
    (oneTokenChanged(end[0], copy[0]) || oneWordSwapped(end[0], copy[0])) &&
    end.every((l, k) => k === 0 || same(l, copy[k]))
  );
}

/** Whether `line` is `old` with one word put for another wherever it occurs, in its strings too. */
function oneWordSwapped(old: string, line: string): boolean {
  const words = (l: string) => l.match(/[A-Za-z_$][\w$]*/g) ?? [];
  const [a, b] = [words(old), words(line)];
  const k = a.findIndex((w, i) => w !== b[i]);
  if (a.length !== b.length || k < 0) return false;
  return old.replace(new RegExp(`(?<![\\w$])${escapeRegExp(a[k])}(?![\\w$])`, 'g'), () => b[k]) === line;
}

/**
 * Whether a placed block rewrites or deletes a line of the selection, other than by adding to it
 * (`b` → `b,` before a new list item, `{0, 0, 0}` → `{0, 0, 0, 0}` for a new member).
 */
function rewritesSelected(file: readonly string[], inner: LineRange, placed: PlacedBlock): boolean {
  const kept = new Set(placed.from);
  const written = placed.lines.filter((_, k) => placed.from[k] === undefined);
  for (let i = inner.start; i < inner.end; i++) {
    if (kept.has(i) || isBlank(file[i])) continue;
    if (!written.some((w) => addsTo(file[i], w))) return true;
  }
  return false;
}

/**
 * Whether `line` is `old` with tokens added among its own (`"setl inde<"` → `"setl ai< inde<"`). (Not
 * when they go into what the line assigns to: `module.exports = y` → `module.exports.default = y` is
 * another statement.)
 */
function addsTo(old: string, line: string): boolean {
  const tokens = (l: string) => l.match(/[\w$]+|\S/g) ?? [];
  const was = tokens(old);
  let k = 0;
  for (const t of tokens(line)) if (t === was[k]) k++;
  return k === was.length && (assignedTo(old) === undefined || assignedTo(old) === assignedTo(line));
}

/** The block's lines other than its one marker, at the start (end), added after (before) the selection as written. */
function linesBeside(
  file: readonly string[],
  inner: LineRange,
  block: readonly string[],
  elided: (line: string) => boolean,
): PlacedBlock | undefined {
  const markers = block.filter(elided).length;
  const first = block.findIndex((l) => !isBlank(l));
  const last = block.findLastIndex((l) => !isBlank(l));
  if (markers !== 1 || !(elided(block[first]) || elided(block[last]))) return undefined;
  const atStart = elided(block[first]);
  const written = atStart ? block.slice(first + 1, last + 1) : block.slice(first, last);
  const selected = file.slice(inner.start, inner.end);
  // A marker, then the selection's own last lines (its closing `};`), then a whole new construct: the
  // marker stood for the selection up to them, and the new lines follow it, though they end as it does.
  if (atStart) {
    for (let m = Math.min(written.length - 1, selected.length); m > 0; m--) {
      const added = written.slice(m);
      if (
        written.slice(0, m).every((l, k) => l.trim() === selected[selected.length - m + k].trim()) &&
        balanced(added) &&
        added.some((l) => /\w/.test(l))
      )
        return { range: { start: inner.end, end: inner.end }, lines: added, from: added.map(() => undefined) };
    }
  }
  // (The blank lines between the marker and the new lines are the model's: they set them apart.)
  const kept = quotedEdge(written, selected, atStart);
  // The selection's own edge line, added to (`let b:undo_indent = "setl ai< inde<"`), is that line changed
  // with the rest: not a reading of new lines beside the selection. (Unless it is in a construct the new
  // lines open: a new method's `return` may add to the old one's.)
  const nonBlank = written.filter((l) => !isBlank(l));
  const [outer, far] = atStart ? [nonBlank.at(-1), nonBlank[0]] : [nonBlank[0], nonBlank.at(-1)];
  const edgeLine = atStart ? selected.findLast((l) => !isBlank(l)) : selected.find((l) => !isBlank(l));
  if (
    kept === 0 &&
    outer !== undefined &&
    edgeLine !== undefined &&
    leadingWhitespace(outer) === leadingWhitespace(far ?? outer) &&
    outer.trim() !== edgeLine.trim() &&
    addsTo(edgeLine, outer)
  )
    return undefined;
  const added = atStart ? written.slice(0, written.length - kept) : written.slice(kept);
  if (!added.some((l) => /\w/.test(l))) return undefined;
  // A block of its own (a guard's `if … {` to its `}`) beside the whole selection is set apart as the
  // selection is from the code before it, unless the model set it apart itself.
  const edge = atStart ? added[0] : added[added.length - 1];
  const code = added.filter((l) => !isBlank(l));
  const guard = code.length > 1 && OPENS_BLOCK.test(code[0]) && balanced(added);
  const apart = kept === 0 && guard && !isBlank(edge) && inner.start > 0 && isBlank(file[inner.start - 1]) ? [''] : [];
  const lines = atStart ? [...apart, ...added] : [...added, ...apart];
  const at = atStart ? inner.end - kept : inner.start + kept;
  return { range: { start: at, end: at }, lines, from: lines.map(() => undefined) };
}

/** Where the first line that is not blank and not a definition's lead-in is. */
function definitionLine(lines: readonly string[]): number | undefined {
  const at = lines.findIndex((l) => !isBlank(l) && !LEADS_DEFINITION.test(l));
  return at < 0 ? undefined : at;
}

/**
 * Lines that are one definition whole: they close every bracket they open, and after the first line
 * each is inside it (deeper), but for a last line at its depth that closes it (`}`, `};`, `end`).
 */
function wholeConstruct(lines: readonly string[]): boolean {
  if (!balanced(lines)) return false;
  const depth = leadingWhitespace(lines[0]).length;
  const body = lines.slice(1).filter((l) => !isBlank(l));
  return body.every(
    (l, k) =>
      leadingWhitespace(l).length > depth ||
      (k === body.length - 1 && leadingWhitespace(l).length === depth && /^\s*([)\]}]|end\b)/.test(l)),
  );
}

/**
 * A snippet that shows where its new lines go, as chat answers do ("Add two lines to the first example:"):
 * it opens with the selection's last lines (two or more, one of them more than a brace) and only adds
 * lines after them, or it adds lines before the selection's first lines and ends with them. It places
 * those lines there; read as the whole selection rewritten, it would delete all the rest unasked.
 */
function snippetAtEdge(file: readonly string[], inner: LineRange, block: readonly string[]): LineRange | undefined {
  const selected = file.slice(inner.start, inner.end);
  const code = trimBlankEnds(block);
  const equal = (a: string, b: string) => !isBlank(a) && same(a, b);
  const fits = (k: number, atEnd: boolean) => {
    const part = atEnd ? selected.slice(selected.length - k) : selected.slice(0, k);
    const quoted = atEnd ? code.slice(0, k) : code.slice(code.length - k);
    const added = atEnd ? code.slice(k) : code.slice(0, code.length - k);
    return (
      part.every((l, n) => equal(l, quoted[n])) &&
      part.some((l) => l.trim().length >= 8) &&
      added.some((l) => !isBlank(l)) &&
      !added.some((l) => selected.some((f) => equal(f, l)))
    );
  };
  for (let k = Math.min(selected.length - 1, code.length - 1); k >= 2; k--) {
    if (fits(k, true)) return { start: inner.end - k, end: inner.end };
    if (fits(k, false)) return { start: inner.start, end: inner.start + k };
  }
  return undefined;
}

/**
 * The block less the blank lines at its ends, except as many as the selection has at that end: an empty
 * line chosen as the place for new code, answered with the code and an empty line, keeps the gap. At an
 * empty line chosen as the place for new code, all of them: the model laid out what it inserts.
 */
function blankEndsAsSelected(block: readonly string[], selected: readonly string[]): string[] {
  const trimmed = trimBlankEnds(block);
  if (trimmed.length === 0) return trimmed;
  if (selected.every(isBlank)) return block.map((l) => (isBlank(l) ? '' : l));
  const leading = (lines: readonly string[]) => {
    let n = 0;
    while (n < lines.length && isBlank(lines[n])) n++;
    return n;
  };
  const before = Math.min(leading(block), leading(selected));
  const after = Math.min(leading([...block].reverse()), leading([...selected].reverse()));
  return [...Array<string>(before).fill(''), ...trimmed, ...Array<string>(after).fill('')];
}

/**
 * How many of the block's end lines the file repeats right outside the range (blank lines aside), where
 * the range's own end line is another: a range that stops short of a closing line the block also ends
 * with would leave that line twice. (A range that starts with the block's first line explains it.)
 */
function echoes(file: readonly string[], block: readonly string[], p: number, q: number): number {
  const nonBlank = (from: number, step: number, stop: number) => {
    let i = from;
    while (i !== stop && isBlank(file[i])) i += step;
    return i === stop ? undefined : file[i];
  };
  // (Quoted otherwise too: a copy of the file that wrote `'use strict';` as `"use strict";`.)
  const alike = (a: string, b: string) => spaced(a).replace(/['"`]/g, '"') === spaced(b).replace(/['"`]/g, '"');
  const echoed = (outside: string | undefined, own: string | undefined, line: string) =>
    outside !== undefined && alike(outside, line) && !(own !== undefined && alike(own, line)) ? 1 : 0;
  return (
    echoed(nonBlank(p - 1, -1, -1), nonBlank(p, 1, q), block[0]) +
    echoed(nonBlank(q, 1, file.length), nonBlank(q - 1, -1, p - 1), block[block.length - 1])
  );
}

/**
 * How many of the block's first lines are the file's lines right before file[p, q) and of its last
 * lines the file's right after (two or more each, blank lines counted): placed there, they would be doubled.
 */
function doubled(file: readonly string[], block: readonly string[], p: number, q: number): number {
  const equal = (b: number, f: number) => spaced(block[b]) === spaced(file[f]);
  const run = (fits: (k: number) => boolean) => {
    for (let k = Math.min(block.length - 1, CONTEXT_REACH); k >= 2; k--) if (fits(k)) return k;
    return 0;
  };
  const before = run((k) => p - k >= 0 && Array.from({ length: k }, (_, i) => i).every((i) => equal(i, p - k + i)));
  const after = run((k) => q + k <= file.length && Array.from({ length: k }, (_, i) => i).every((i) => equal(block.length - k + i, q + i)));
  return before + after;
}

/** Minus the number of lines changed if `block` replaced file[p, q). */
function score(file: readonly string[], block: readonly string[], p: number, q: number): number {
  let common = 0;
  for (const part of diffArrays(file.slice(p, q).map(spaced), block.map(spaced))) {
    if (!part.added && !part.removed) common += part.count!;
  }
  return 2 * common - (q - p) - block.length;
}

/**
 * The block at the file's indentation. A model that indents with another unit (4 spaces a level where
 * the file has 2, spaces where it has tabs) has each line re-indented by its level under the block's
 * least indented line, which sits at the range's. Else the block moves only when the model dropped its
 * base indentation: its least indented line sits left of the range's. Deliberate re-indentation inside
 * the block (wrapping in a new scope, removing one) keeps a base indent at least as deep, and is left alone.
 */
function reindented(
  file: readonly string[],
  range: LineRange,
  block: readonly string[],
  elided: (line: string) => boolean = () => false,
): string[] {
  // A file that writes each 8 columns of indentation as a tab (GNU style: a tab and two spaces is 10
  // columns) and a block with its tabs expanded: the block is placed as in the file with its tabs
  // expanded, then each line's columns are written the file's way.
  const kept = keptPairs(file.slice(range.start, range.end), block);
  if ((tabsAreColumns(file) || keptShowColumns(kept)) && !block.some((l) => l.startsWith('\t'))) {
    const spaced = file.map(expandedTabs);
    return reindentedBy(spaced, range, block, keptPairs(spaced.slice(range.start, range.end), block), elided).map(columnsAsTabs);
  }
  return realigned(block, reindentedBy(file, range, block, kept, elided));
}

function reindentedBy(
  file: readonly string[],
  range: LineRange,
  block: readonly string[],
  kept: readonly KeptPair[],
  elided: (line: string) => boolean,
): string[] {
  // (With no line kept to place it by, a marker's indentation is only the model's way of writing a
  // comment, a `dnl` at column 0: the code's decides.)
  const own = (kept.length === 0 ? minimumIndent(block.filter((l) => !elided(l))) : undefined) ?? minimumIndent(block);
  const base = minimumIndent(file.slice(range.start, range.end)) ?? insertionIndent(file, range, own);
  if (base === undefined || own === undefined) return [...block];
  // Every line the block keeps, its first one among them, sits where the file has it: the block is at the
  // file's indentation already, whatever its least indented line (a marker, context past the range) says.
  // No line kept as it was, but each rewritten one sits where the line it rewrites does (a rename on every
  // line, continuation lines aligned under `var`): the block is at the file's indentation already.
  if (kept.length === 0 && twinsInPlace(file.slice(range.start, range.end), block, elided)) return [...block];
  // A marker at the selection's depth stands for its code where it is: lines shallower than it (a new
  // top-level class after a method's last lines) are shallower in the file too.
  if (kept.length === 0 && block.some((l) => elided(l) && leadingWhitespace(l) === base)) return [...block];
  const firstKept = block.find((l) => !isBlank(l) && file.slice(range.start, range.end).some((f) => f.trim() === l.trim()));
  const atFileIndent = (p: IndentPair) => p.quoted === p.actual;
  // (A new line at a kept sibling's column is still written the file's way: tabs where the model wrote spaces.)
  if (firstKept !== undefined && kept.some((p) => p.text === firstKept.trim()) && kept.every(atFileIndent))
    return block.map((line, i) => besideKept(block, i, kept) ?? line);
  // Re-indented code that moved no line into or out of a scope: each kept line goes where the file has it
  // and a new line beside its kept sibling, which also holds in a file whose steps vary (2 inside one
  // function, 4 elsewhere; a tab then 4 spaces for the second level), where no one unit maps the block.
  const whole = relevelledWhole(file, range, block, kept, own, base);
  return sameNesting(file.slice(range.start, range.end), block, kept)
    ? block.map((line, i) => besideKept(block, i, kept) ?? whole[i])
    : whole;
}

/**
 * Whether two or more block lines rewrite a line of `old` (most words kept), each at that line's
 * indentation; or, beside markers, every line the block writes does (one changed line between kept code).
 */
function twinsInPlace(old: readonly string[], block: readonly string[], elided: (line: string) => boolean): boolean {
  let pairs = 0;
  let written = 0;
  for (const line of block) {
    if (isBlank(line) || elided(line)) continue;
    written++;
    const twin = old.find((o) => !isBlank(o) && similar(o, line));
    if (twin === undefined) continue;
    if (leadingWhitespace(twin) !== leadingWhitespace(line)) return false;
    pairs++;
  }
  return pairs >= 2 || (pairs === written && pairs > 0 && block.some(elided));
}

/** The block re-indented as a whole: by the units its kept lines show, else the file's and its own. */
function relevelledWhole(
  file: readonly string[],
  range: LineRange,
  block: readonly string[],
  kept: readonly KeptPair[],
  own: string,
  base: string,
): string[] {
  // A file with no block openers at line ends (Make, shell) shows its unit only in any deeper line; that
  // weaker reading is used only when the block sits at another depth, the sign the model re-indented it.
  // The kept lines' units when they show them and both the block's own nesting and the range's agree
  // (kept lines that a wrapped scope moved deeper, or an unwrapped one shallower, show a step wider than
  // one level); else the file's and the block's as a whole.
  const blockOwn = indentUnit(block) ?? indentUnit(block, false);
  const fileOwn = indentUnit(file);
  const keptUnits = pairedUnits(kept);
  const { quotedUnit: blockUnit, fileUnit } =
    keptUnits &&
    (!blockOwn || blockOwn === keptUnits.quotedUnit) &&
    !widerLevel(keptUnits.fileUnit, indentUnit(file.slice(range.start, range.end)))
      ? keptUnits
      : { quotedUnit: blockOwn, fileUnit: fileOwn ?? (own !== base ? indentUnit(file, false) : undefined) };
  if (fileUnit && blockUnit && fileUnit !== blockUnit) return block.map((line) => relevelled(line, own, blockUnit, base, fileUnit));
  // A block with no deeper line, in spaces where the file has tabs (or the reverse): it sits at the range's indentation.
  if (own !== '' && base !== '' && own[0] !== base[0]) return block.map((line) => relevelled(line, own, own, base, base));
  if (base === own || !base.startsWith(own)) return [...block];
  return block.map(indentShift(own, base));
}

interface KeptPair extends IndentPair {
  text: string;
}

/**
 * Whether each kept line is as many blocks deep in the answer as in the file: the model re-indented the
 * code, and moved none of it into a new scope or out of one (a `try:` wrapped around a line).
 */
function sameNesting(old: readonly string[], block: readonly string[], kept: readonly KeptPair[]): boolean {
  const levels = (lines: readonly string[]) => {
    const byText = new Map<string, number | null>();
    const open: number[] = []; // the indentation of each line the current one is nested in
    for (const line of lines) {
      if (isBlank(line)) continue;
      const lead = columns(leadingWhitespace(line));
      while (open.length > 0 && open[open.length - 1] >= lead) open.pop();
      const level = open.length;
      open.push(lead);
      const seen = byText.get(line.trim());
      byText.set(line.trim(), seen === undefined || seen === level ? level : null);
    }
    return byText;
  };
  const inFile = levels(old);
  const inBlock = levels(block);
  return kept.every((p) => inFile.get(p.text) != null && inFile.get(p.text) === inBlock.get(p.text));
}

/**
 * Where a line of a re-indented block goes: a kept line where the file has it, a new one where the nearest
 * kept line at its depth in the answer (above it, else below, within its enclosing block) is; undefined
 * for a line with no such sibling, or a blank one.
 */
function besideKept(block: readonly string[], i: number, kept: readonly KeptPair[]): string | undefined {
  const line = block[i];
  if (isBlank(line)) return undefined;
  const ownKept = kept.find((p) => p.text === line.trim());
  if (ownKept) return ownKept.actual + line.trimStart();
  // Depth in columns: a line in spaces is the sibling of one the file writes with tabs at the same column.
  const depth = columns(leadingWhitespace(line));
  for (const step of [-1, 1]) {
    for (let j = i + step; j >= 0 && j < block.length; j += step) {
      if (isBlank(block[j])) continue;
      const lead = columns(leadingWhitespace(block[j]));
      if (lead < depth) break;
      const sibling = lead === depth && kept.find((p) => p.text === block[j].trim());
      if (sibling) return sibling.actual + line.trimStart();
    }
  }
  return undefined;
}

/**
 * The indentation of each block line whose text the range has at one depth only, and the file's: a text
 * found at two depths on either side (`}`) says nothing.
 */
function keptPairs(old: readonly string[], block: readonly string[]): KeptPair[] {
  const depths = (lines: readonly string[]) => {
    const depth = new Map<string, string | null>();
    for (const line of lines) {
      if (isBlank(line)) continue;
      const seen = depth.get(line.trim());
      depth.set(line.trim(), seen === undefined || seen === leadingWhitespace(line) ? leadingWhitespace(line) : null);
    }
    return depth;
  };
  const inFile = depths(old);
  // A line aligned under a bracket sits at a column, not a level.
  const aligned = alignments(block);
  const inBlock = depths(block.filter((_, i) => !aligned[i]));
  const pairs: KeptPair[] = [];
  for (const [text, quoted] of inBlock) {
    const actual = inFile.get(text);
    if (quoted != null && actual != null) pairs.push({ text, quoted, actual });
  }
  return pairs;
}

/** Whether `unit` is two or more levels of `level` (8 spaces where the code indents by 4). */
function widerLevel(unit: string, level: string | undefined): boolean {
  return level !== undefined && unit.length > level.length && unit.startsWith(level) && unit.length % level.length === 0;
}

/**
 * Kept lines in spaces whose file lines mix tabs and spaces (a tab for each 8 columns, spaces for the
 * rest: vim's shiftwidth=4 with tabs kept) and line up with them column for column, or level for level.
 */
function keptShowColumns(kept: readonly IndentPair[]): boolean {
  return (
    kept.some((p) => p.actual.includes('\t')) &&
    kept.some((p) => p.actual.includes(' ')) &&
    kept.every((p) => /^ *$/.test(p.quoted)) &&
    (kept.every((p) => columns(p.quoted) === columns(p.actual)) ||
      pairedUnits(kept.map((p) => ({ quoted: p.quoted, actual: ' '.repeat(columns(p.actual)) }))) !== undefined)
  );
}

/**
 * Indentation tabs stand for 8 columns here (GNU style, vim's shiftwidth=4 with tabs kept): the shallow
 * levels are spaces, more of them than lines indented with tabs alone, and spaces alone (nearly) never
 * reach 8 columns; the deeper levels are a tab then spaces, or a tab that opens right under a line in spaces
 * (Makefile recipes in tabs after continuation lines in spaces are not levels: none opens a block).
 */
function tabsAreColumns(file: readonly string[]): boolean {
  const code = file.filter((l) => !isBlank(l));
  const leads = code.map(leadingWhitespace);
  const count = (pattern: RegExp) => leads.filter((l) => pattern.test(l)).length;
  // A stray line of 8 spaces or more among many with tabs is a slip, not the file's way.
  if (count(/^ {2,7}$/) <= count(/^\t+$/) || count(/^ {8,}$/) * 10 > count(/^\t/)) return false;
  const tabUnderSpaces = code.some((line, i) => i > 0 && leads[i] === '\t' && / $/.test(leads[i - 1]) && OPENS_BLOCK.test(code[i - 1]));
  return count(/^\t+ {1,7}$/) > 0 || tabUnderSpaces;
}

function expandedTabs(line: string): string {
  const lead = leadingWhitespace(line);
  return lead.includes('\t') ? ' '.repeat(columns(lead)) + line.slice(lead.length) : line;
}

function columnsAsTabs(line: string): string {
  const lead = leadingWhitespace(line);
  if (isBlank(line) || !/^ +$/.test(lead)) return line;
  return '\t'.repeat(Math.floor(lead.length / 8)) + ' '.repeat(lead.length % 8) + line.slice(lead.length);
}

/** A line as it shows: each tab written out as the spaces to the next 8-column stop. */
function rendered(line: string): string {
  let out = '';
  for (const ch of line) out += ch === '\t' ? ' '.repeat(8 - (out.length % 8)) : ch;
  return out;
}

/**
 * A rewritten line in spaces, with each run of spaces that spans what a run of tabs spans in the line it
 * rewrites written as those tabs: a model that expanded a file's column tabs changes only its words.
 */
function retabbedLike(line: string, twin: string): string {
  if (line.includes('\t') || !twin.includes('\t')) return line;
  const runs = new Map<string, string>();
  let column = 0;
  for (const [part] of twin.matchAll(/[ \t]+|[^ \t]+/g)) {
    const start = column;
    column = rendered(' '.repeat(start) + part).length;
    if (part.trim() === '') runs.set(`${start}:${column}`, part);
  }
  column = 0;
  let out = '';
  for (const [part] of line.matchAll(/ +|[^ ]+/g)) {
    const start = column;
    column += part.length;
    out += (part.trim() === '' && runs.get(`${start}:${column}`)) || part;
  }
  return out;
}

function columns(lead: string): number {
  return rendered(lead).length;
}

/**
 * Where a blank range (an empty line chosen as the place to insert) sits: at the depth of the code line
 * before or after it that the block is written at already (a function between two functions), else as
 * deep as the deeper of them, so a line put after `then` or `{` goes in the block the next line is in.
 */
function insertionIndent(file: readonly string[], range: LineRange, own: string | undefined): string | undefined {
  let before = range.start - 1;
  while (before >= 0 && isBlank(file[before])) before--;
  let after = range.end;
  while (after < file.length && isBlank(file[after])) after++;
  const leads = [file[before], file[after]].filter((l) => l !== undefined).map(leadingWhitespace);
  if (leads.length === 0) return undefined;
  // A line that opens a block puts what follows it in the block: its own depth is no place to insert at.
  const places = [
    file[before] !== undefined && !OPENS_BLOCK.test(file[before]) ? leadingWhitespace(file[before]) : undefined,
    file[after] && leadingWhitespace(file[after]),
  ];
  return own !== undefined && places.includes(own) ? own : leads.reduce((a, b) => (b.length > a.length ? b : a));
}

/**
 * Lines the block left as they were (trailing spaces aside) are written back byte for byte, and a line
 * that rewrites one at the same columns gets that line's indentation (a tab where the model wrote 8 spaces).
 */
function keepUnchanged(
  file: readonly string[],
  range: LineRange,
  block: readonly string[],
  selection: LineRange,
  wholeCopy = false,
): NewLines {
  const old = file.slice(range.start, range.end);
  const out: string[] = [];
  const from: Array<number | undefined> = [];
  let i = 0;
  let j = 0;
  let removed: number[] = [];
  let added: string[] = [];
  const keep = (r: number) => {
    out.push(old[r]);
    from.push(range.start + r);
  };
  // Where a copy of the whole file may add lines: at the selection's edges (across the blank lines there).
  let edgeStart = selection.start;
  while (edgeStart > 0 && isBlank(file[edgeStart - 1])) edgeStart--;
  let edgeEnd = selection.end;
  while (edgeEnd < file.length && isBlank(file[edgeEnd])) edgeEnd++;
  // Lines added at `at` that the diff could as well have added at the edges (the same lines around).
  const atEdge = (at: number, lines: readonly string[]) => {
    const same = (a: string, b: string | undefined) => b !== undefined && spaced(a) === spaced(b);
    let k = 0;
    while (at - k > edgeEnd && k < lines.length && same(lines[lines.length - 1 - k], file[at - k - 1])) k++;
    let d = 0;
    while (at + d < edgeStart && d < lines.length && same(lines[d], file[at + d])) d++;
    return (at - k >= edgeStart && at - k <= edgeEnd) || (at + d >= edgeStart && at + d <= edgeEnd);
  };
  const flush = () => {
    // Lines a copy of the whole file adds away from the selection (a name added to an export list too)
    // are drift: only the selection and its edges are the model's to change.
    if (wholeCopy && removed.length === 0 && !atEdge(range.start + i, added)) added = [];
    // Lines outside the selection the block left out (a blank line between repeated context and the
    // selection) are not the model's to delete: they stay, before or after the change. A run it removes
    // from inside the selection may take the blank line after it along (a paragraph and its gap).
    const before = (r: number) => range.start + r < selection.start;
    const after = (r: number) => range.start + r >= selection.end;
    const inside = removed.filter((r) => !before(r) && !after(r));
    const outsideStays = inside.length === 0;
    // A line outside the selection the model reworded (drift in a copy of the file): the file's stays,
    // and the reworded copy is dropped.
    const drift = new Set<number>();
    const copies = new Set<number>();
    const outside = removed.filter((r) => before(r) || after(r));
    // (In a copy of the whole file, lines replaced one for one away from the selection's edges.)
    const replacedAway =
      wholeCopy &&
      outsideStays &&
      outside.length === added.length &&
      outside.every((r) => range.start + r < selection.start - 1 || range.start + r > selection.end);
    for (const [n, r] of outside.entries()) {
      const k = replacedAway ? n : added.findIndex((line, m) => !copies.has(m) && similar(old[r], line));
      if (k < 0) continue;
      drift.add(r);
      copies.add(k);
    }
    const stays = (r: number) => outsideStays || drift.has(r);
    removed.filter((r) => before(r) && stays(r)).forEach(keep);
    const rewritten = new Set<number>();
    for (const [n, line] of added.entries()) {
      if (copies.has(n)) continue;
      const twin = inside.find((r) => !rewritten.has(r) && similar(old[r], line));
      const shaped = twin === undefined || !tabsWrittenOut ? line : retabbedLike(line, old[twin]);
      const lead = leadingWhitespace(shaped);
      const twinLead = twin === undefined ? '' : leadingWhitespace(old[twin]);
      if (twin !== undefined) rewritten.add(twin);
      // In a file whose lines mix tabs and spaces, a line written in the other one by a model that wrote
      // all in one (the file's lines it left alone came back so too) is no change of depth.
      const retyped = mixed && lead !== '' && twinLead !== '' && lead[0] !== twinLead[0];
      out.push(
        twin !== undefined && !isBlank(line) && (retyped || columns(twinLead) === columns(lead))
          ? twinLead + shaped.slice(lead.length)
          : line,
      );
      from.push(undefined);
    }
    removed.filter((r) => after(r) && stays(r)).forEach(keep);
    removed = [];
    added = [];
  };
  // A block with no tab over selected lines that line columns up with tabs: the model wrote them all out
  // as spaces (one line's tab become a space is an edit of that line).
  const innerTabs = file.slice(selection.start, selection.end).filter((l) => /\S\t/.test(l)).length;
  // The model wrote every line in one where the range mixes tabs and spaces: it evened the file out.
  const leads = (lines: readonly string[]) => new Set(lines.filter((l) => !isBlank(l) && /^[ \t]/.test(l)).map((l) => l[0]));
  const mixed = leads(old).size === 2 && leads(block).size === 1;
  const tabsWrittenOut = innerTabs >= 2 && !block.some((l) => l.includes('\t'));
  // Indentation counts (a line at another depth is another line); spacing inside a line does not.
  const key = (line: string) => (isBlank(line) ? '' : `${columns(leadingWhitespace(line))} ${spaced(line)}`);
  for (const part of blanksTakenInside(diffArrays(old.map(key), block.map(key)), old, range.start, selection)) {
    if (part.removed) for (let k = 0; k < part.count!; k++) removed.push(i++);
    else if (part.added) for (let k = 0; k < part.count!; k++) added.push(block[j++]);
    else {
      flush();
      for (let k = 0; k < part.count!; k++, i++, j++) {
        // The same line: outside the selection the file's stays as it is; inside, a line the model
        // re-spaced is its edit, unless it only wrote the file's tabs out as the spaces they show as.
        const at = range.start + i;
        const same = tabsWrittenOut ? rendered(old[i]).trimEnd() === rendered(block[j]).trimEnd() : old[i].trimEnd() === block[j].trimEnd();
        if (at >= selection.start && at < selection.end && !same) {
          out.push(block[j]);
          from.push(undefined);
        } else keep(i);
      }
    }
  }
  flush();
  return blankRunsKept(file, selection, { lines: out, from });
}

type Part = { value: string[]; count?: number; added?: boolean; removed?: boolean };

/**
 * Blank lines are alike, so a diff may take the one it drops from outside the selection when the answer
 * deleted one inside it: a deleted `pass` with the blank line above it, the two blank lines before the
 * next class left as they were. Where a stretch of blank and deleted lines (nothing added) deletes a line
 * inside the selection, the blank lines it drops are the selection's first. (Blank lines dropped alone,
 * a copy of the file folding a gap, are left to the rules for lines outside.)
 */
function blanksTakenInside(parts: readonly Part[], old: readonly string[], offset: number, selection: LineRange): Part[] {
  const ops = parts.flatMap((p) => Array.from({ length: p.count ?? p.value.length }, () => (p.added ? '+' : p.removed ? '-' : '=')));
  const oldAt: number[] = [];
  let i = 0;
  for (const op of ops) oldAt.push(op === '+' ? -1 : i++);
  const inside = (k: number) => offset + oldAt[k] >= selection.start && offset + oldAt[k] < selection.end;
  for (let s = 0; s < ops.length;) {
    let e = s;
    while (e < ops.length && ops[e] !== '+' && (ops[e] === '-' || isBlank(old[oldAt[e]]))) e++;
    const run = Array.from({ length: e - s }, (_, k) => s + k);
    const blanks = run.filter((k) => isBlank(old[oldAt[k]]));
    const dropped = blanks.filter((k) => ops[k] === '-').length;
    if (dropped > 0 && run.some((k) => ops[k] === '-' && !isBlank(old[oldAt[k]]) && inside(k))) {
      const order = [...blanks.filter(inside), ...blanks.filter((k) => !inside(k))];
      order.forEach((k, n) => (ops[k] = n < dropped ? '-' : '='));
    }
    s = Math.max(e, s + 1);
  }
  const out: Part[] = [];
  for (const op of ops) {
    const last = out.at(-1);
    const kind = { added: op === '+', removed: op === '-' };
    if (last && !!last.added === kind.added && !!last.removed === kind.removed) last.count! += 1;
    else out.push({ value: [], count: 1, ...kind });
  }
  return out;
}

/**
 * New lines put inside the run of blank lines right after the selection stay before the whole run (and
 * inside the run right before it, after the run): a copy that folds the gap after a new function (three
 * blank lines written as two) changes no line outside the selection, and the file's gap stays as it was.
 */
function blankRunsKept(file: readonly string[], selection: LineRange, placed: NewLines): NewLines {
  const n = file.length;
  const mirrored = (p: NewLines): NewLines => ({
    lines: [...p.lines].reverse(),
    from: [...p.from].reverse().map((f) => (f === undefined ? undefined : n - 1 - f)),
  });
  // The run before the selection is the run after it in the file read backwards.
  const before = blankRunAfter([...file].reverse(), { start: n - selection.end, end: n - selection.start }, mirrored(placed));
  return blankRunAfter(file, selection, mirrored(before));
}

function blankRunAfter(file: readonly string[], selection: LineRange, placed: NewLines): NewLines {
  const { lines, from } = placed;
  let next = selection.end;
  while (next < file.length && isBlank(file[next])) next++;
  const start = from.findLastIndex((f) => f !== undefined && f < selection.end) + 1;
  const end = from.indexOf(next);
  if (next === selection.end || start === 0 || end < start) return placed;
  const gap = from.slice(start, end);
  const run = gap.filter((f) => f !== undefined);
  const inRun = run.length === next - selection.end && run.every((f, k) => f === selection.end + k);
  const added = lines.slice(start, end);
  if (!inRun || !added.some((l, k) => gap[k] === undefined && !isBlank(l))) return placed;
  while (added.length > 0 && isBlank(added[added.length - 1])) added.pop();
  return {
    lines: [...lines.slice(0, start), ...added, ...run.map((f) => file[f!]), ...lines.slice(end)],
    from: [...from.slice(0, start), ...added.map(() => undefined), ...run, ...from.slice(end)],
  };
}

/** Whether a new line rewrites an old one: most of their words agree. */
function similar(a: string, b: string): boolean {
  // A word with its case changed (`LICENSE` written `License`) is the same word.
  const words = (s: string) =>
    new Set(
      s
        .toLowerCase()
        .split(/[^\w$]+/)
        .filter(Boolean),
    );
  const x = words(a);
  const y = words(b);
  if (x.size === 0 || y.size === 0) return a.trim() === b.trim();
  let both = 0;
  for (const w of x) if (y.has(w)) both++;
  // Every word of the old line kept, more added (`--prefix)` → `--prefix|-p)`): a rewrite too.
  return both / Math.max(x.size, y.size) > 0.5 || both === x.size;
}
