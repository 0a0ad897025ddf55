// An edit shown in the editor and not yet decided: the document's text before it, the text it
// proposes, its hunks and what the user decided for each. Changes the user makes to the document
// meanwhile are folded in: outside the hunks they are rebased, inside one they settle that hunk with the
// user's text in it, so a keystroke is never lost and an edit is never applied to text it was not
// computed for.
import { computeHunks, resolvedText, shownLines, type Hunk, type HunkState, type ShownLine } from './editHunks';
import { foldUserChange, type TextChange } from './userChange';

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
   * Folds a change the user made to the shown text into the edit (see userChange.ts): the change always
   * lands. Returns how many pending hunks it settled, or undefined when the change does not fit the shown
   * text (then nothing changed).
   */
  rebase(change: TextChange): { taken: number; withdrawn: number } | undefined {
    const folded = foldUserChange(this.originalText, this.hunkList, this.states, change);
    if (!folded) return undefined;
    this.originalText = folded.original;
    this.proposedText = folded.proposed;
    this.hunkList = computeHunks(this.originalText, this.proposedText);
    this.states = this.hunkList.length === folded.keptStates.length ? folded.keptStates : this.hunkList.map(() => 'pending');
    const { line, lineDelta } = folded;
    if (line < this.selection.startLine) {
      this.selection = { startLine: this.selection.startLine + lineDelta, endLine: this.selection.endLine + lineDelta };
    } else if (line <= this.selection.endLine) {
      this.selection = { ...this.selection, endLine: Math.max(this.selection.startLine, this.selection.endLine + lineDelta) };
    }
    return { taken: folded.taken, withdrawn: folded.withdrawn };
  }
}
