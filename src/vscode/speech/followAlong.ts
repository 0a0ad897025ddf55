import * as vscode from 'vscode';
import { Disposable } from '../../core/lifecycle/disposable';
import { partAt } from '../../core/speech/partTiming';

/**
 * A report older than this that still says the previous part is believed over the timer's prediction:
 * the player fell behind (an underrun, or a busy webview) rather than the progress being a beat late.
 */
const PREDICTION_SLACK_S = 0.3;
/**
 * The timer only bridges the gap to the player's next report (every 250 ms): a boundary further off
 * waits for a later report, so a player whose clock runs slow (a starved audio thread) is never
 * overtaken by more than a fraction of this.
 */
const MAX_PREDICTION_MS = 400;
const MIN_SPEED = 0.5;
const MAX_SPEED = 2;

/** Where the reading is: seconds of source audio played, and when (host clock, ms) that held. */
interface Position {
  played: number;
  at: number;
  paused: boolean;
}

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
  private starts: readonly number[] = [];
  private index = -1;
  private position: Position | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** When (epoch ms) the highlight moved to each part, for the lag the benchmark reports. */
  readonly movedAt = new Map<number, number>();

  constructor(private readonly speed: () => number = playbackSpeed) {
    super();
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
    this.starts = partStarts;
  }

  /** The player's position: `played` seconds of source audio, true at `at` (host ms, performance.now()). */
  progress(played: number, paused: boolean, at = performance.now()): void {
    if (!this.document) return;
    this.position = { played, at, paused };
    const heard = partAt(this.starts, played);
    // A timer may have moved on a moment before this report caught up: keep its part unless the
    // report is clearly behind it.
    const behind = heard < this.index && this.starts[this.index] - played > PREDICTION_SLACK_S;
    if (heard > this.index || behind) this.show(heard);
    this.schedule();
  }

  /** Pause/Resume from the host: the timer stops at once rather than at the player's next report. */
  hold(paused: boolean): void {
    const position = this.position;
    if (!position || position.paused === paused) return;
    const now = performance.now();
    const played = paused ? position.played + ((now - position.at) / 1000) * this.speed() : position.played;
    this.position = { played, at: now, paused };
    this.schedule();
  }

  /** The reading ended, stopped or failed, or moved elsewhere: no highlight is left behind. */
  end(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.document) for (const editor of this.editors()) editor.setDecorations(this.decoration, []);
    this.document = undefined;
    this.ranges = [];
    this.starts = [];
    this.index = -1;
    this.position = undefined;
    this.movedAt.clear();
  }

  /** The part highlighted now (-1: none). */
  get current(): number {
    return this.index;
  }

  /** The range highlighted now. */
  get range(): vscode.Range | undefined {
    return this.ranges[this.index];
  }

  /** Arms a timer for the next boundary, extrapolating the last report at the current speed. */
  private schedule(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    const position = this.position;
    const next = this.starts[this.index + 1];
    if (!position || position.paused || next === undefined) return;
    const speed = this.speed();
    const ahead = (Math.max(0, next - position.played) * 1000) / speed;
    if (ahead > MAX_PREDICTION_MS) return;
    const wait = ahead - (performance.now() - position.at);
    this.timer = setTimeout(
      () => {
        this.timer = undefined;
        if (!this.position) return;
        const played = this.position.played + ((performance.now() - this.position.at) / 1000) * speed;
        const heard = partAt(this.starts, played);
        if (heard > this.index) this.show(heard);
        this.schedule();
      },
      Math.max(0, wait),
    );
  }

  private show(index: number): void {
    if (index === this.index || index < 0 || index >= this.ranges.length) return;
    this.index = index;
    this.movedAt.set(index, performance.timeOrigin + performance.now());
    this.paint();
    // Only when the sentence changes, so the user can scroll away between sentences.
    const editor = this.editors()[0];
    editor?.revealRange(this.ranges[index], vscode.TextEditorRevealType.InCenterIfOutsideViewport);
  }

  private paint(): void {
    const range = this.ranges[this.index];
    for (const editor of this.editors()) editor.setDecorations(this.decoration, range ? [range] : []);
  }

  /** The visible editors showing the document, the active one first. */
  private editors(): vscode.TextEditor[] {
    const editors = vscode.window.visibleTextEditors.filter((e) => e.document === this.document);
    return editors.sort((a, b) => Number(b === vscode.window.activeTextEditor) - Number(a === vscode.window.activeTextEditor));
  }
}

/** tandem.speech.speed (read aloud's playback speed) when set, else 1. */
export function playbackSpeed(): number {
  const speed = vscode.workspace.getConfiguration('tandem').get<number>('speech.speed', 1);
  return typeof speed === 'number' && Number.isFinite(speed) ? Math.min(MAX_SPEED, Math.max(MIN_SPEED, speed)) : 1;
}
