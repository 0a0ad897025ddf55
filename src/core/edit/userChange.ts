// Folds a change the user typed into the document while an edit is pending into the edit itself, so the
// keystroke always lands and the edit is never applied to code it was not computed for:
// - in lines outside every hunk, it goes into both the text before the edit and the proposal;
// - in a pending hunk's new (green) lines, the user took that hunk and works on it: it becomes plain text
//   with the change, and its old lines go;
// - in a pending hunk's old (red) lines, the code under the hunk changed: that hunk is withdrawn, its old
//   lines stay with the change, its new lines go;
// - across several of these, every line touched stays exactly as the user left it.
// Hunks the change does not touch stay as they were.
import { linesWithEndings, type Hunk, type HunkState } from './editHunks';
import { splitText } from './editText';

/** One change to the shown text, as VS Code reports it (offsets in the text before the change). */
export interface TextChange {
  offset: number;
  length: number;
  text: string;
}

export interface FoldedChange {
  original: string;
  proposed: string;
  /** States of the hunks the change left alone, in order. */
  keptStates: HunkState[];
  /** Pending hunks the user took by typing in their new lines. */
  taken: number;
  /** Pending hunks withdrawn because the user typed in their old lines. */
  withdrawn: number;
  /** The first line of the original the change touched, and how many lines the original gained there. */
  line: number;
  lineDelta: number;
}

interface Row {
  /** The line with its ending, as the original or the proposal has it. */
  text: string;
  /** As shown: a last line without an ending is given one when shown lines follow it. */
  shown: string;
  visible: boolean;
  inOriginal: boolean;
  inProposed: boolean;
  hunk?: number;
  side?: 'old' | 'new';
}

export function foldUserChange(
  original: string,
  hunks: readonly Hunk[],
  states: readonly HunkState[],
  change: TextChange,
): FoldedChange | undefined {
  const rows = layout(original, hunks, states);
  const visible = rows.filter((r) => r.visible);
  const starts: number[] = [];
  let at = 0;
  for (const r of visible) {
    starts.push(at);
    at += r.shown.length;
  }
  if (change.offset < 0 || change.offset + change.length > at) return undefined;
  const touched = touchedRows(visible, starts, at, change);
  if (touched.length === 0) return undefined;
  const first = touched[0];
  const last = touched[touched.length - 1];
  // The user's text for the touched run: the run as shown, with the change in it.
  const runStart = starts[first];
  const runText = visible
    .slice(first, last + 1)
    .map((r) => r.shown)
    .join('');
  const local = change.offset - runStart;
  const userText = runText.slice(0, local) + change.text + runText.slice(local + change.length);

  // How each touched hunk ends: both sides touched keeps what is shown; one side keeps that side.
  const touchedRowsSet = new Set(touched.map((i) => visible[i]));
  const sidesTouched = new Map<number, Set<'old' | 'new'>>();
  for (const r of touchedRowsSet)
    if (r.hunk !== undefined) (sidesTouched.get(r.hunk) ?? sidesTouched.set(r.hunk, new Set()).get(r.hunk)!).add(r.side!);
  let taken = 0;
  let withdrawn = 0;
  for (const [hunk, sides] of sidesTouched) {
    if (states[hunk] !== 'pending' || sides.size === 2) continue;
    if (sides.has('new')) taken++;
    else withdrawn++;
  }

  let newOriginal = '';
  let newProposed = '';
  let placed = false;
  let line = 0;
  let originalLines = 0;
  for (const r of rows) {
    const inTouchedHunk = r.hunk !== undefined && sidesTouched.has(r.hunk);
    if (touchedRowsSet.has(r)) {
      if (!placed) {
        line = originalLines;
        newOriginal += userText;
        newProposed += userText;
        placed = true;
      }
    } else if (inTouchedHunk) {
      // The rest of a touched hunk: the side the user worked in stays, as plain text; the other side goes.
      const sides = sidesTouched.get(r.hunk!)!;
      const keep = r.visible && (sides.size === 2 ? true : sides.has(r.side!));
      if (keep) {
        newOriginal += r.text;
        newProposed += r.text;
      }
    } else {
      if (r.inOriginal) newOriginal += r.text;
      if (r.inProposed) newProposed += r.text;
    }
    if (r.inOriginal && !placed) originalLines++;
  }
  const keptStates = states.filter((_, i) => !sidesTouched.has(i));
  const lineDelta = countLines(newOriginal) - countLines(original);
  return { original: newOriginal, proposed: newProposed, keptStates, taken, withdrawn, line, lineDelta };
}

/** Every line of the original and the proposal, in shown order, hidden ones (a decided hunk's other side) included. */
function layout(original: string, hunks: readonly Hunk[], states: readonly HunkState[]): Row[] {
  const lines = linesWithEndings(original);
  const eol = splitText(original).eol;
  const rows: Row[] = [];
  const common = (text: string) => rows.push({ text, shown: text, visible: true, inOriginal: true, inProposed: true });
  let at = 0;
  hunks.forEach((hunk, index) => {
    for (; at < hunk.oldStart; at++) common(lines[at]);
    const state = states[index];
    for (const text of hunk.oldLines) {
      rows.push({ text, shown: text, visible: state !== 'accepted', inOriginal: true, inProposed: false, hunk: index, side: 'old' });
    }
    if (state === 'pending' && hunk.newLines.length > 0) endWithNewline(rows, eol);
    for (const text of hunk.newLines) {
      rows.push({ text, shown: text, visible: state !== 'rejected', inOriginal: false, inProposed: true, hunk: index, side: 'new' });
    }
    at = hunk.oldStart + hunk.oldLines.length;
  });
  for (; at < lines.length; at++) {
    endWithNewline(rows, eol);
    common(lines[at]);
  }
  return rows;
}

/** As the shown text does: the last shown line gets an ending when another line follows it. */
function endWithNewline(rows: Row[], eol: string): void {
  for (let i = rows.length - 1; i >= 0; i--) {
    if (!rows[i].visible) continue;
    if (!rows[i].shown.endsWith('\n')) rows[i] = { ...rows[i], shown: rows[i].shown + eol };
    return;
  }
}

/**
 * The shown rows a change touches: those its range overlaps; for an insertion, the row it is typed into
 * (at the very end, the last row); and the row after one whose line ending it deletes, as the two join.
 */
function touchedRows(rows: readonly Row[], starts: readonly number[], total: number, change: TextChange): number[] {
  const out: number[] = [];
  const end = change.offset + change.length;
  for (let i = 0; i < rows.length; i++) {
    const s = starts[i];
    const e = s + rows[i].shown.length;
    const overlaps = change.length > 0 ? s < end && e > change.offset : s <= change.offset && change.offset < e;
    const joins = change.length > 0 && s === end && end > change.offset && /\n$/.test(rows[i - 1]?.shown ?? '') && out.includes(i - 1);
    if (overlaps || joins) out.push(i);
  }
  if (out.length === 0 && rows.length > 0 && change.offset === total) out.push(rows.length - 1);
  return out;
}

function countLines(text: string): number {
  let n = 0;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) n++;
  return n;
}
