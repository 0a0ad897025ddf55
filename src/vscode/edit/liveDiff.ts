// A pending edit drawn in its editor the way Continue does it: the hunks' old lines stay, marked red,
// with the new lines inserted under them, marked green, until each hunk is accepted or rejected.
// Every change Tandem makes to the document while the edit is pending joins one undo step, so the
// decided result is undone with one Ctrl+Z. A change the user makes meanwhile is rebased onto the
// edit when it is outside the hunks; inside one, the edit is withdrawn rather than misapplied.
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

export type LiveDiffEnd = 'conflict' | 'closed';

export class LiveDiff implements vscode.Disposable {
  private readonly subscriptions: vscode.Disposable[] = [];
  /** The text Tandem's next (or last) change leaves in the document: a change that produces it is ours. */
  private expected: string;
  private queue: Promise<unknown> = Promise.resolve();
  private firstEdit = true;
  private ended = false;
  /** Line ranges of the hunks as last drawn, for the CodeLens buttons. */
  hunkLines: Array<{ hunk: number; line: number }> = [];

  constructor(
    readonly document: vscode.TextDocument,
    readonly pending: PendingEdit,
    private readonly decorations: LiveDiffDecorations,
    /** Told when the edit cannot go on: the user changed a hunk's text, or closed the document. */
    private readonly onEnd: (why: LiveDiffEnd) => void,
    private readonly onDrawn: () => void,
  ) {
    this.expected = document.getText();
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
        this.expected = decided;
        event.waitUntil(Promise.resolve([vscode.TextEdit.replace(fullRange(this.document), decided)]));
      }),
      vscode.workspace.onDidSaveTextDocument((doc) => {
        if (doc === this.document && !this.ended) void this.draw();
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
    const target = final ? this.pending.resolved() : this.pending.shownText();
    const current = this.document.getText();
    if (current !== target) {
      const editor = await this.editor();
      let prefix = 0;
      const max = Math.min(current.length, target.length);
      while (prefix < max && current.charCodeAt(prefix) === target.charCodeAt(prefix)) prefix++;
      let suffix = 0;
      while (suffix < max - prefix && current.charCodeAt(current.length - 1 - suffix) === target.charCodeAt(target.length - 1 - suffix))
        suffix++;
      const range = new vscode.Range(this.document.positionAt(prefix), this.document.positionAt(current.length - suffix));
      this.expected = target;
      const done = await editor.edit((b) => b.replace(range, target.slice(prefix, target.length - suffix)), {
        undoStopBefore: this.firstEdit,
        undoStopAfter: final,
      });
      this.firstEdit = false;
      if (!done) throw new Error('The editor refused the edit.');
    }
    this.decorate(final);
    this.onDrawn();
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
    if (this.document.getText() === this.expected) return;
    // Changes are reported against the text before them, last first when there are several.
    const changes = [...event.contentChanges].sort((a, b) => b.rangeOffset - a.rangeOffset);
    for (const change of changes) {
      if (!this.pending.rebase({ offset: change.rangeOffset, length: change.rangeLength, text: change.text })) {
        this.end('conflict');
        return;
      }
    }
    this.expected = this.pending.shownText();
    if (this.document.getText() !== this.expected) {
      this.end('conflict');
      return;
    }
    this.decorate();
    this.onDrawn();
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

function fullRange(document: vscode.TextDocument): vscode.Range {
  return new vscode.Range(document.positionAt(0), document.positionAt(document.getText().length));
}
