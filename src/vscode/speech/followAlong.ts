import * as vscode from 'vscode';
import { Disposable } from '../../core/lifecycle/disposable';
import { PartFollower, type FollowerClock } from '../../core/speech/partFollower';

/**
 * Follow along: the sentence being spoken is highlighted in its editor and kept in view. The player
 * reports its position four times a second; between reports a timer predicts the next boundary from
 * the last report and the playback speed, so the highlight moves when the sentence is heard rather than
 * up to 250 ms later. The highlight goes when the reading ends or the document changes under it.
 */
export class FollowAlong extends Disposable implements vscode.Disposable {
  // The background marks the sentence; the underline keeps it visible in high-contrast themes, where
  // backgrounds are faint, and puts the decoration's class on the text itself (what the browser test reads).
  private readonly decoration = this._register(
    vscode.window.createTextEditorDecorationType({
      backgroundColor: new vscode.ThemeColor('editor.findMatchHighlightBackground'),
      borderRadius: '2px',
      textDecoration: 'underline dotted',
      overviewRulerColor: new vscode.ThemeColor('editorOverviewRuler.findMatchForeground'),
      overviewRulerLane: vscode.OverviewRulerLane.Center,
      rangeBehavior: vscode.DecorationRangeBehavior.ClosedClosed,
    }),
  );
  private document: vscode.TextDocument | undefined;
  private ranges: readonly vscode.Range[] = [];
  private readonly follower: PartFollower;
  /** When (epoch ms) the highlight moved to each part, for the lag the benchmark reports. */
  readonly movedAt = new Map<number, number>();

  /** `speed`: the speed the player plays at now. */
  constructor(speed: () => number) {
    super();
    this.follower = new PartFollower((index) => this.show(index), hostClock, speed);
    this._register(vscode.window.onDidChangeVisibleTextEditors(() => this.paint()));
    this._register(
      vscode.workspace.onDidChangeTextDocument((event) => {
        // An edit moves the text under the ranges; a stale highlight would point at the wrong words.
        if (event.document === this.document && event.contentChanges.length > 0) this.end();
      }),
    );
    this._register({ dispose: () => this.end() });
  }

  /** A new reading of `ranges` (one per part) in `document`; `partStarts` grows as the session begins parts. */
  begin(document: vscode.TextDocument, ranges: readonly vscode.Range[], partStarts: readonly number[]): void {
    this.end();
    this.document = document;
    this.ranges = ranges;
    this.follower.begin(partStarts);
  }

  /** The player's position: `played` seconds of source audio, true at `at` (host ms, performance.now()). */
  progress(played: number, paused: boolean, at = performance.now()): void {
    if (this.document) this.follower.progress(played, paused, at);
  }

  /** Pause/Resume from the host: the prediction stops at once rather than at the player's next report. */
  hold(paused: boolean): void {
    if (this.document) this.follower.hold(paused);
  }

  /** The reading ended, stopped or failed, or moved elsewhere: no highlight is left behind. */
  end(): void {
    this.follower.end();
    if (this.document) for (const editor of this.editors()) editor.setDecorations(this.decoration, []);
    this.document = undefined;
    this.ranges = [];
    this.movedAt.clear();
  }

  /** The part highlighted now (-1: none). */
  get current(): number {
    return this.document ? this.follower.current : -1;
  }

  /** The range highlighted now. */
  get range(): vscode.Range | undefined {
    return this.document ? this.ranges[this.follower.current] : undefined;
  }

  private show(index: number): void {
    if (index >= this.ranges.length) return;
    this.movedAt.set(index, performance.timeOrigin + performance.now());
    this.paint();
    // Only when the sentence changes, so the user can scroll away between sentences.
    const editor = this.editors()[0];
    editor?.revealRange(this.ranges[index], vscode.TextEditorRevealType.InCenterIfOutsideViewport);
  }

  private paint(): void {
    const range = this.range;
    for (const editor of this.editors()) editor.setDecorations(this.decoration, range ? [range] : []);
  }

  /** The visible editors showing the document, the active one first. */
  private editors(): vscode.TextEditor[] {
    const editors = vscode.window.visibleTextEditors.filter((e) => e.document === this.document);
    return editors.sort((a, b) => Number(b === vscode.window.activeTextEditor) - Number(a === vscode.window.activeTextEditor));
  }
}

const hostClock: FollowerClock = {
  now: () => performance.now(),
  setTimer: (callback, ms) => setTimeout(callback, ms),
  clearTimer: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};
