// The hunks between the text before an edit and the text after it, and the text shown while they are
// pending: Continue's inline diff, where each hunk's old lines (red) stay above its new lines (green)
// until the user accepts or rejects it. Everything here works on lines with their own endings, so
// rejecting every hunk gives back the original text byte for byte.
import { diffArrays } from 'diff';
import { splitText } from './editText';

export interface Hunk {
  /** Index in the original's lines where the hunk's old lines start. */
  oldStart: number;
  /** Old lines with their endings. */
  oldLines: string[];
  /** New lines with their endings. */
  newLines: string[];
}

export type HunkState = 'pending' | 'accepted' | 'rejected';

/** Each line with its ending attached: joining them gives the text back exactly. */
export function linesWithEndings(text: string): string[] {
  const split = splitText(text);
  return split.lines.map((line, i) => line + split.eols[i]).filter((line, i, all) => line !== '' || i < all.length - 1);
}

export function computeHunks(before: string, after: string): Hunk[] {
  const a = linesWithEndings(before);
  const b = linesWithEndings(after);
  // Compared without endings: a line whose only change is its ending (the last line gaining a newline) still counts as changed.
  const hunks: Hunk[] = [];
  let i = 0;
  let j = 0;
  let current: Hunk | undefined;
  for (const part of diffArrays(a, b)) {
    const n = part.count!;
    if (!part.added && !part.removed) {
      if (current) hunks.push(current);
      current = undefined;
      i += n;
      j += n;
      continue;
    }
    current ??= { oldStart: i, oldLines: [], newLines: [] };
    if (part.removed) {
      current.oldLines.push(...a.slice(i, i + n));
      i += n;
    } else {
      current.newLines.push(...b.slice(j, j + n));
      j += n;
    }
  }
  if (current) hunks.push(current);
  return hunks;
}

export interface ShownLine {
  text: string;
  /** Which hunk the line belongs to, and on which side; undefined for a line outside every hunk. */
  hunk?: number;
  side?: 'old' | 'new';
}

/**
 * The lines of the original with every hunk shown as its state says: pending shows old then new,
 * accepted the new lines, rejected the old ones. A last line without an ending is given one when new
 * lines must follow it, so the two sides never run together on one line.
 */
export function shownLines(original: string, hunks: readonly Hunk[], states: readonly HunkState[]): ShownLine[] {
  const lines = linesWithEndings(original);
  const eol = splitText(original).eol;
  const out: ShownLine[] = [];
  let at = 0;
  hunks.forEach((hunk, index) => {
    for (; at < hunk.oldStart; at++) out.push({ text: lines[at] });
    const state = states[index];
    if (state !== 'accepted') for (const text of hunk.oldLines) out.push({ text, hunk: index, side: 'old' });
    if (state !== 'rejected') {
      if (state === 'pending' && hunk.newLines.length > 0) endWithNewline(out, eol);
      for (const text of hunk.newLines) out.push({ text, hunk: index, side: 'new' });
    }
    at = hunk.oldStart + hunk.oldLines.length;
  });
  for (; at < lines.length; at++) {
    endWithNewline(out, eol);
    out.push({ text: lines[at] });
  }
  return out;
}

function endWithNewline(out: ShownLine[], eol: string): void {
  const last = out[out.length - 1];
  if (last && !last.text.endsWith('\n')) out[out.length - 1] = { ...last, text: last.text + eol };
}

/** The text once every hunk is decided as `states` says (pending counts as rejected). */
export function resolvedText(original: string, hunks: readonly Hunk[], states: readonly HunkState[]): string {
  const lines = linesWithEndings(original);
  let out = '';
  let at = 0;
  hunks.forEach((hunk, index) => {
    for (; at < hunk.oldStart; at++) out += lines[at];
    out += (states[index] === 'accepted' ? hunk.newLines : hunk.oldLines).join('');
    at = hunk.oldStart + hunk.oldLines.length;
  });
  for (; at < lines.length; at++) out += lines[at];
  return out;
}
