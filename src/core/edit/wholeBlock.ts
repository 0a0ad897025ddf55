// Places a rewritten block (the code in a fence, or a bare answer) over the selection. Models often
// repeat some lines around the selection, or the whole file, and sometimes drop the block's base
// indentation. Of the ranges that contain the selection and start or end where the block's first or
// last line sits in the file, the one that makes the smallest change wins: the edit that explains
// the answer with the least rewriting is the one the model meant.
import { diffArrays } from 'diff';
import { indentShift, type NewLines } from './replaceLines';
import { isBlank, leadingWhitespace, trimBlankEnds } from './editText';
import type { LineRange } from './blockMatch';

/** How far around the selection repeated context is looked for. */
const CONTEXT_REACH = 200;
const MAX_ANCHORS = 12;

export interface PlacedBlock extends NewLines {
  range: LineRange;
}

const same = (a: string, b: string) => a.trim() === b.trim();

export function placeWholeBlock(file: readonly string[], selection: LineRange, rawBlock: readonly string[]): PlacedBlock {
  const block = trimBlankEnds(rawBlock);
  const selected = file.slice(selection.start, selection.end);
  // Blank lines at the selection's ends belong to the layout around it, unless the selection is nothing else.
  let { start, end } = selection;
  if (!selected.every(isBlank)) {
    while (start < end && isBlank(file[start])) start++;
    while (end > start && isBlank(file[end - 1])) end--;
  }
  if (block.length === 0) return { range: { start, end }, lines: [], from: [] };
  const starts = anchors(file, block[0], start, -1);
  const ends = anchors(file, block[block.length - 1], end - 1, +1).map((i) => i + 1);
  let best: { range: LineRange; score: number } = { range: { start, end }, score: score(file, block, start, end) };
  for (const p of [start, ...starts]) {
    for (const q of [end, ...ends]) {
      if (p === start && q === end) continue;
      const s = score(file, block, p, q);
      if (s > best.score) best = { range: { start: p, end: q }, score: s };
    }
  }
  const range = best.range;
  return { range, ...keepUnchanged(file, range, reindented(file, range, block)) };
}

/** File lines equal (spacing aside) to `line`, from `from` outwards in `direction`, nearest first. */
function anchors(file: readonly string[], line: string, from: number, direction: -1 | 1): number[] {
  const out: number[] = [];
  if (isBlank(line)) return out;
  for (let i = from, seen = 0; i >= 0 && i < file.length && seen < CONTEXT_REACH && out.length < MAX_ANCHORS; i += direction, seen++) {
    if (same(file[i], line)) out.push(i);
  }
  return out;
}

/** Minus the number of lines changed if `block` replaced file[p, q). */
function score(file: readonly string[], block: readonly string[], p: number, q: number): number {
  const old = file.slice(p, q).map((l) => l.trim());
  let common = 0;
  for (const part of diffArrays(
    old,
    block.map((l) => l.trim()),
  )) {
    if (!part.added && !part.removed) common += part.count!;
  }
  return 2 * common - old.length - block.length;
}

/**
 * The block moved to the file's indentation when the model dropped its base indentation: the block's
 * least indented line sits left of the range's least indented line. Deliberate re-indentation inside the
 * block (wrapping in a new scope, removing one) keeps a base indent at least as deep, and is left alone.
 */
function reindented(file: readonly string[], range: LineRange, block: readonly string[]): string[] {
  const base = minimumIndent(file.slice(range.start, range.end));
  const own = minimumIndent(block);
  if (base === undefined || own === undefined || base === own || !base.startsWith(own)) return [...block];
  return block.map(indentShift(own, base));
}

function minimumIndent(lines: readonly string[]): string | undefined {
  let least: string | undefined;
  for (const line of lines) {
    if (isBlank(line)) continue;
    const lead = leadingWhitespace(line);
    if (least === undefined || lead.length < least.length) least = lead;
  }
  return least;
}

/** Lines the block left as they were (trailing spaces aside) are written back byte for byte. */
function keepUnchanged(file: readonly string[], range: LineRange, block: readonly string[]): NewLines {
  const old = file.slice(range.start, range.end);
  const out: string[] = [];
  const from: Array<number | undefined> = [];
  let i = 0;
  let j = 0;
  for (const part of diffArrays(
    old.map((l) => l.trimEnd()),
    block.map((l) => l.trimEnd()),
  )) {
    if (part.removed) i += part.count!;
    else if (part.added) {
      for (let k = 0; k < part.count!; k++) {
        out.push(block[j++]);
        from.push(undefined);
      }
    } else {
      for (let k = 0; k < part.count!; k++, i++, j++) {
        out.push(old[i]);
        from.push(range.start + i);
      }
    }
  }
  return { lines: out, from };
}
