// A pending edit drawn in its editor the way Continue does it: the hunks' old lines stay, marked red,
// with the new lines inserted under them, marked green, until each hunk is accepted or rejected.
// Every change Tandem makes to the document while the edit is pending joins one undo step, so the
// decided result is undone with one Ctrl+Z. A change the user makes meanwhile always lands: outside the
// hunks it is rebased onto the edit; typed into a hunk's new lines it takes that hunk, into its old lines
// it withdraws that hunk (pendingEdit.ts), so no edit is applied to code it was not computed for.
import * as vscode from 'vscode';
import type { PendingEdit } from '../../core/edit/pendingEdit';

export interface LiveDiffDecorations {
  old: vscode.TextEditorDecorationType;
  new: vscode.TextEditorDecorationType;
}

export function createDiffDecorations(): LiveDiffDecorations {
  return {
    old: vscode.window.createTextEditorDecorationType({
      isWholeLine: true,
      backgroundColor: new vscode.ThemeColor('diffEditor.removedLineBackground'),
      overviewRulerColor: new vscode.ThemeColor('editorOverviewRuler.deletedForeground'),
      overviewRulerLane: vscode.OverviewRulerLane.Left,
    }),
    new: vscode.window.createTextEditorDecorationType({
      isWholeLine: true,
      backgroundColor: new vscode.ThemeColor('diffEditor.insertedLineBackground'),
      overviewRulerColor: new vscode.ThemeColor('editorOverviewRuler.addedForeground'),
      overviewRulerLane: vscode.OverviewRulerLane.Left,
    }),
  };
}

/** Why an edit stops on its own: a change it could not follow, the document closed, or no hunk left pending. */
export type LiveDiffEnd = 'conflict' | 'closed' | 'settled';

export class LiveDiff implements vscode.Disposable {
  private readonly subscriptions: vscode.Disposable[] = [];
  /** The text Tandem's next (or last) change leaves in the document: a change that produces it is ours. */
  private expected: string;
  /**
   * The texts Tandem's redraws still on their way will leave. Two can be: with auto-save, VS Code asks for
   * the text to save (onWillSave) while a redraw is on its way, and that redraw's change arrives after.
   */
  private readonly ours: string[] = [];
  /**
   * The saves under way, oldest first: the text each one's edit leaves (also Tandem's), the text it found,
   * when it began, and whether its edit has landed.
   */
  private readonly saves: SaveUnderWay[] = [];
  /**
   * Edits of saves that ended before them. VS Code waits 1750 ms for onWillSave, then writes the document as
   * it is, pending lines and all; the edit lands later and takes them out of the document.
   */
  private late: Array<{ text: string; since: number }> = [];
  /** Saves made again because VS Code wrote the pending lines, in a row: a host that slow is not chased. */
  private savedAgainInARow = 0;
  /** Saves VS Code wrote before their edit came, since the edit began (for tests). */
  writtenEarly = 0;
  /** Final draws waiting for the saves under way to end. */
  private readonly afterSaves: Array<() => void> = [];
  /** The document's text as the last change event left it. */
  private seen: string;
  private queue: Promise<unknown> = Promise.resolve();
  private firstEdit = true;
  private ended = false;
  /** Line ranges of the hunks as last drawn, for the CodeLens buttons. */
  hunkLines: Array<{ hunk: number; line: number }> = [];

  constructor(
    readonly document: vscode.TextDocument,
    readonly pending: PendingEdit,
    private readonly decorations: LiveDiffDecorations,
    /** Told when the edit stops on its own. */
    private readonly onEnd: (why: LiveDiffEnd) => void,
    private readonly onDrawn: () => void,
    /** Told when the user typed into a hunk's old lines, so that hunk was withdrawn. */
    private readonly onWithdrawnHunk: () => void,
  ) {
    this.expected = document.getText();
    this.seen = this.expected;
    this.subscriptions.push(
      vscode.workspace.onDidChangeTextDocument((event) => this.changed(event)),
      vscode.workspace.onDidCloseTextDocument((doc) => {
        if (doc === this.document) this.end('closed');
      }),
      vscode.window.onDidChangeVisibleTextEditors(() => this.decorate()),
      // Nothing pending is saved: the file on disk gets the text as decided so far, and the diff comes back after.
      vscode.workspace.onWillSaveTextDocument((event) => {
        if (event.document !== this.document || this.ended) return;
        const decided = this.pending.resolved();
        const found = this.document.getText();
        this.expected = decided;
        this.saves.push({ text: decided, found, since: Date.now(), landed: found === decided });
        event.waitUntil(Promise.resolve([vscode.TextEdit.replace(WHOLE_DOCUMENT, decided)]));
      }),
      vscode.workspace.onDidSaveTextDocument((doc) => {
        if (doc !== this.document) return;
        // The save's own change came before this, unless VS Code stopped waiting for it; a redraw's that is
        // still on its way stays known.
        const save = this.saves.shift();
        if (this.saves.length === 0) for (const resume of this.afterSaves.splice(0)) resume();
        if (this.ended) return;
        void this.draw();
        if (save) void this.checkWritten(save);
      }),
    );
  }

  /** Redraws the document from the pending edit; resolves once the document shows it. */
  draw(final = false): Promise<void> {
    const run = this.queue.then(() => this.drawNow(final));
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async drawNow(final: boolean): Promise<void> {
    if (this.ended && !final) return;
    // A save under way took the pending lines out with the text decided before this: the decision is
    // drawn once it has ended, or that save's edit would land over it and undo it.
    if (final && this.saveUnderWay()) await this.savesEnded();
    // The user may type while an edit is on its way; the editor then refuses it, and it is made again
    // from the pending edit, which has their keystrokes folded in.
    for (let attempt = 0; ; attempt++) {
      if (!final && this.saveUnderWay()) return; // the save's end draws again
      const target = final ? this.pending.resolved() : this.pending.shownText();
      const current = this.document.getText();
      if (current === target) break;
      const editor = await this.editor();
      let prefix = 0;
      const max = Math.min(current.length, target.length);
      while (prefix < max && current.charCodeAt(prefix) === target.charCodeAt(prefix)) prefix++;
      let suffix = 0;
      while (suffix < max - prefix && current.charCodeAt(current.length - 1 - suffix) === target.charCodeAt(target.length - 1 - suffix))
        suffix++;
      const range = new vscode.Range(this.document.positionAt(prefix), this.document.positionAt(current.length - suffix));
      this.expected = target;
      this.ours.push(target);
      let done: boolean;
      try {
        const editing = editor.edit((b) => b.replace(range, target.slice(prefix, target.length - suffix)), {
          undoStopBefore: this.firstEdit,
          undoStopAfter: final,
        });
        // The colours go right behind the change, not a round trip after it: the window applies the two in
        // the order they were sent. Were the change refused, the next attempt colours the lines again.
        this.decorate(final);
        done = await editing;
      } finally {
        this.forget(target); // its change event, if it made one, came before the editor's answer
      }
      if (done) {
        this.firstEdit = false;
        this.onDrawn();
        return;
      }
      if (attempt >= 3) throw new Error('The editor refused the edit.');
    }
    this.decorate(final);
    this.onDrawn();
  }

  /**
   * Whether a save is under way. It writes the document as it is when the file is written, which comes
   * after its own edit took the pending lines out: a redraw landing in between would be saved.
   */
  private saveUnderWay(): boolean {
    const last = this.saves.at(-1);
    if (!last) return false;
    if (Date.now() - last.since < SAVE_GIVES_UP_MS) return true;
    this.saves.length = 0; // a save that failed says so no other way
    return false;
  }

  /**
   * Whether the file got the decided text. VS Code stops waiting for onWillSave after 1750 ms (a busy
   * extension host) and writes the document as it is, with the pending lines: then it is saved again.
   */
  private async checkWritten(save: SaveUnderWay): Promise<void> {
    if (!save.landed) {
      const now = Date.now();
      this.late = [...this.late.filter((late) => now - late.since < SAVE_GIVES_UP_MS), { text: save.text, since: now }];
      this.writtenEarly++;
      return this.saveAgain(); // and once its edit lands
    }
    // Its edit may also have come while the file was being written, after the text to write was taken, or
    // a redraw before the write: a file with pending lines has more lines than the text as decided.
    const written = await vscode.workspace.fs.readFile(this.document.uri).then(
      (bytes) => new TextDecoder().decode(bytes),
      () => undefined,
    );
    if (written === undefined || lineCount(written) <= lineCount(save.text)) {
      this.savedAgainInARow = 0;
      return;
    }
    this.writtenEarly++;
    return this.saveAgain();
  }

  /** Saves the document without its pending lines; the save's end draws them again. */
  private async saveAgain(): Promise<void> {
    await this.draw().catch(() => undefined);
    if (this.ended || this.savedAgainInARow >= SAVE_AGAIN_AT_MOST) return;
    this.savedAgainInARow++;
    // VS Code writes only a dirty document, and one just saved with its pending lines is not: the text as
    // decided is put in first (Tandem's own change), and that is what the save writes.
    if (!this.document.isDirty) {
      const run = this.queue.then(() => this.showDecided());
      this.queue = run.catch(() => undefined);
      await run.catch(() => undefined);
    }
    await this.document.save();
  }

  private async showDecided(): Promise<void> {
    const decided = this.pending.resolved();
    if (this.ended || this.document.getText() === decided) return;
    const editor = await this.editor();
    this.expected = decided;
    this.ours.push(decided);
    try {
      await editor.edit((b) => b.replace(new vscode.Range(0, 0, this.document.lineCount, 0), decided), {
        undoStopBefore: false,
        undoStopAfter: false,
      });
    } finally {
      this.forget(decided);
    }
  }

  /** Resolves once the saves under way have ended, or they are given up. */
  private savesEnded(): Promise<void> {
    return new Promise((resume) => {
      const done = () => {
        clearTimeout(timer);
        const at = this.afterSaves.indexOf(done);
        if (at >= 0) this.afterSaves.splice(at, 1);
        resume();
      };
      const timer = setTimeout(done, SAVE_GIVES_UP_MS);
      this.afterSaves.push(done);
    });
  }

  /** One of Tandem's changes has landed (or was refused): its text no longer marks a change as ours. */
  private forget(text: string): void {
    const at = this.ours.indexOf(text);
    if (at >= 0) this.ours.splice(at, 1);
  }

  private async editor(): Promise<vscode.TextEditor> {
    const visible = vscode.window.visibleTextEditors.find((e) => e.document === this.document);
    return visible ?? vscode.window.showTextDocument(this.document, { preserveFocus: true, preview: false });
  }

  private decorate(clear = false): void {
    const old: vscode.Range[] = [];
    const added: vscode.Range[] = [];
    const heads: Array<{ hunk: number; line: number }> = [];
    if (!clear && !this.ended) {
      this.pending.shown().forEach((line, i) => {
        if (line.hunk === undefined || this.pending.hunkStates[line.hunk] !== 'pending') return;
        if (!heads.some((h) => h.hunk === line.hunk)) heads.push({ hunk: line.hunk, line: i });
        (line.side === 'old' ? old : added).push(new vscode.Range(i, 0, i, 0));
      });
    }
    this.hunkLines = heads;
    for (const editor of vscode.window.visibleTextEditors.filter((e) => e.document === this.document)) {
      editor.setDecorations(this.decorations.old, old);
      editor.setDecorations(this.decorations.new, added);
    }
  }

  private changed(event: vscode.TextDocumentChangeEvent): void {
    if (event.document !== this.document || this.ended || event.contentChanges.length === 0) return;
    const now = this.document.getText();
    const before = this.seen;
    this.seen = now;
    const landing = this.saves.find((save) => !save.landed && save.text === now);
    if (landing) landing.landed = true;
    if (this.ours.includes(now)) return;
    const lateAt = this.late.findIndex((late) => late.text === now && Date.now() - late.since < SAVE_GIVES_UP_MS);
    if (lateAt >= 0) {
      // A save's edit that came after the file was written: the pending lines are drawn again, and saved without.
      this.late.splice(lateAt, 1);
      void this.saveAgain();
      return;
    }
    if (now === this.expected || this.saves.some((save) => save.text === now)) return;
    // The user's change, in the shown text's offsets. The document may still hold lines a redraw is about
    // to take out (the other side of a hunk the previous keystroke settled): offsets past them move back.
    const shown = this.pending.shownText();
    const changes = [...event.contentChanges].sort((a, b) => b.rangeOffset - a.rangeOffset);
    let withdrawn = 0;
    for (const change of changes) {
      const offset = shownOffset(before, shown, change.rangeOffset, change.rangeLength);
      const folded = offset === undefined ? undefined : this.pending.rebase({ offset, length: change.rangeLength, text: change.text });
      if (!folded) {
        // Nothing to fold it into: the edit stops here and the document stays exactly as the user left it.
        this.end('conflict');
        return;
      }
      withdrawn += folded.withdrawn;
    }
    if (withdrawn > 0) this.onWithdrawnHunk();
    this.expected = this.pending.shownText();
    // A settled hunk's other side leaves the document; the user's text is in what is drawn. Keystrokes that
    // come before the redraw is done are folded in too, so the edit ends only once it is.
    const settled = this.pending.pendingCount === 0;
    if (now !== this.expected || settled) {
      this.draw().then(
        () => settled && this.end('settled'),
        () => this.end('conflict'),
      );
    } else {
      this.decorate();
      this.onDrawn();
    }
  }

  private end(why: LiveDiffEnd): void {
    if (this.ended) return;
    this.ended = true;
    this.decorate(true);
    this.onEnd(why);
  }

  /** Stops following the document (after the final draw, or once withdrawn). */
  dispose(): void {
    this.ended = true;
    this.decorate(true);
    for (const s of this.subscriptions) s.dispose();
  }
}

/**
 * Where a change at `offset` in the document's previous text `before` falls in the shown text. They differ
 * only while a redraw is on its way, by one run of lines the redraw takes out; a change inside that run
 * has no place in the shown text.
 */
function shownOffset(before: string, shown: string, offset: number, length: number): number | undefined {
  if (before === shown) return offset;
  let prefix = 0;
  const max = Math.min(before.length, shown.length);
  while (prefix < max && before.charCodeAt(prefix) === shown.charCodeAt(prefix)) prefix++;
  let suffix = 0;
  while (suffix < max - prefix && before.charCodeAt(before.length - 1 - suffix) === shown.charCodeAt(shown.length - 1 - suffix)) suffix++;
  if (shown.length !== prefix + suffix) return undefined;
  if (offset + length <= prefix) return offset;
  if (offset >= before.length - suffix) return offset - (before.length - shown.length);
  return undefined;
}

/** A save that has not ended by then has failed: the live diff is drawn again without waiting for it. */
const SAVE_GIVES_UP_MS = 5_000;

const lineCount = (text: string) => text.split('\n').length;

/** Saves made again in a row, at most, when VS Code keeps writing the file without waiting for Tandem. */
const SAVE_AGAIN_AT_MOST = 3;

interface SaveUnderWay {
  /** The decided text its edit leaves. */
  text: string;
  /** The document's text when it began. */
  found: string;
  since: number;
  /** Whether its edit has come (or had nothing to change). */
  landed: boolean;
}

/**
 * The whole document, however long it is when the edit lands: a save's edit is applied to the document as
 * it is then, which can already hold a redraw this window has not heard of yet, so a range measured here
 * could leave part of it behind. The editor clamps the end to the document's end.
 */
const WHOLE_DOCUMENT = new vscode.Range(0, 0, 1_000_000_000, 0);
