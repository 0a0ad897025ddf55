// An edit shown in the editor and not yet decided: the document's text before it, the text it
// proposes, its hunks and what the user decided for each. Changes the user makes to the document
// meanwhile are rebased when they fall outside the hunks, and refused when they touch one: an edit
// is never applied to text it was not computed for.
import { computeHunks, resolvedText, shownLines, type Hunk, type HunkState, type ShownLine } from './editHunks';

/** One change to the shown text, as VS Code reports it (offsets in the text before the change). */
export interface TextChange {
  offset: number;
  length: number;
  text: string;
}

export class PendingEdit {
  private proposedText: string;
  private hunkList: Hunk[] = [];
  private states: HunkState[] = [];

  constructor(
    private originalText: string,
    /** The selected lines, 0-based inclusive, in the original. */
    public selection: { startLine: number; endLine: number },
  ) {
    this.proposedText = originalText;
  }

  get original(): string {
    return this.originalText;
  }

  get proposed(): string {
    return this.proposedText;
  }

  get hunks(): readonly Hunk[] {
    return this.hunkList;
  }

  get hunkStates(): readonly HunkState[] {
    return this.states;
  }

  /** A new proposal (a streamed preview, the final answer, a refinement): every hunk is pending again. */
  propose(text: string): void {
    this.proposedText = text;
    this.hunkList = computeHunks(this.originalText, text);
    this.states = this.hunkList.map(() => 'pending');
  }

  decide(index: number, state: 'accepted' | 'rejected'): void {
    if (this.states[index] === 'pending') this.states[index] = state;
  }

  decideAll(state: 'accepted' | 'rejected'): void {
    this.states = this.states.map((s) => (s === 'pending' ? state : s));
  }

  get pendingCount(): number {
    return this.states.filter((s) => s === 'pending').length;
  }

  shown(): ShownLine[] {
    return shownLines(this.originalText, this.hunkList, this.states);
  }

  shownText(): string {
    return this.shown()
      .map((l) => l.text)
      .join('');
  }

  /** The text once decided: accepted hunks new, everything else as it was. */
  resolved(): string {
    return resolvedText(this.originalText, this.hunkList, this.states);
  }

  /**
   * Applies a change the user made to the shown text to the original and the proposal as well, when it
   * lies wholly before or after every hunk. Returns false, changing nothing, when it touches a hunk.
   */
  rebase(change: TextChange): boolean {
    const shown = this.shown();
    const texts = shown.map((l) => l.text);
    const first = shown.findIndex((l) => l.hunk !== undefined);
    if (first < 0) return this.rebaseAt(change, change.offset, change.offset);
    let last = first;
    for (let i = first; i < shown.length; i++) if (shown[i].hunk !== undefined) last = i;
    const zoneStart = texts.slice(0, first).join('').length;
    const shownText = texts.join('');
    const zoneEnd = zoneStart + texts.slice(first, last + 1).join('').length;
    const tail = shownText.length - zoneEnd;
    if (change.offset + change.length < zoneStart) return this.rebaseAt(change, change.offset, change.offset);
    const fromEnd = shownText.length - change.offset;
    // The text after the zone is the same in all three, unless a missing final newline was added for display.
    if (
      change.offset > zoneEnd &&
      this.originalText.endsWith(shownText.slice(zoneEnd)) &&
      this.proposedText.endsWith(shownText.slice(zoneEnd)) &&
      fromEnd <= tail
    ) {
      return this.rebaseAt(change, this.originalText.length - fromEnd, this.proposedText.length - fromEnd);
    }
    return false;
  }

  private rebaseAt(change: TextChange, inOriginal: number, inProposed: number): boolean {
    const states = this.states;
    const before = this.hunkList.length;
    const splice = (text: string, at: number) => text.slice(0, at) + change.text + text.slice(at + change.length);
    const lineDelta = lineCount(change.text) - lineCount(this.originalText.slice(inOriginal, inOriginal + change.length));
    const changedLine = lineCount(this.originalText.slice(0, inOriginal));
    this.originalText = splice(this.originalText, inOriginal);
    this.proposedText = splice(this.proposedText, inProposed);
    this.hunkList = computeHunks(this.originalText, this.proposedText);
    this.states = this.hunkList.length === before ? [...states] : this.hunkList.map(() => 'pending');
    if (changedLine < this.selection.startLine) {
      this.selection = { startLine: this.selection.startLine + lineDelta, endLine: this.selection.endLine + lineDelta };
    }
    return true;
  }
}

function lineCount(text: string): number {
  let n = 0;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) n++;
  return n;
}
