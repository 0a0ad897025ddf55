import { randomUUID } from 'node:crypto';
import * as vscode from 'vscode';
import { Disposable } from '../../core/lifecycle/disposable';
import { ReadAloudSession, type ReadAloudOutcome, type ReadAloudProgress } from '../../core/speech/readAloudSession';
import type { SpeechStreamer } from '../../core/speech/speechEvents';
import { isPartSource, type SpeechPartSource } from '../../core/speech/speechParts';
import { assertNever, type SpeechWebviewMessage } from '../../shared/protocol';
import { showServiceError } from '../errors/errorNotice';
import type { ServiceClients } from '../services/serviceClients';
import { ReadingStatus } from './readingStatus';
import { speechFromCursor, speechInput, type SpeechInput } from './speechInput';
import { FollowAlong } from './followAlong';
import { partAt } from '../../core/speech/partTiming';
import type { SpeechView } from './speechView';
import { WebviewPlayer } from './webviewPlayer';
import { COMMANDS } from '../../core/config/commandCatalog';

/** How long the view may take to appear and load its script before we say it cannot play. */
const VIEW_READY_MS = 8000;

/** The view that plays the audio could not be shown (or did not load its script in time). */
class NoPlayerError extends Error {
  override readonly name = 'NoPlayerError';
  constructor() {
    super('The Tandem view, which plays the audio, could not be shown.');
  }
}

type ReadingBase = Pick<SpeechInput, 'voice' | 'sampleRate' | 'title'>;
/** Text known up front; from a document it also gives each part's range, for follow along and Next/Previous Sentence. */
export type FixedReading = ReadingBase & Pick<SpeechInput, 'parts'> & Partial<Pick<SpeechInput, 'ranges' | 'document'>>;
/** Parts that arrive over time (a chat answer read while it streams). */
type StreamedReading = ReadingBase & { parts: SpeechPartSource };
/** What one reading speaks, with which voice, under which title (the selection, a chat answer…). */
export type ReadingInput = FixedReading | StreamedReading;

/** What the last reading measured (the benchmark and tests read it through the extension's API). */
export interface ReadingReport {
  outcome: ReadAloudOutcome['kind'];
  /** Command invoked → first sample audible, by the webview's audio clock. */
  commandToFirstSoundMs?: number;
  playedSeconds: number;
  /**
   * Follow along: for each sentence after the first, the moment its highlight moved minus the moment its
   * first sample sounded by the webview's audio clock (ms; negative when the timer moved it early).
   */
  highlightLagMs?: number[];
}

/**
 * Tandem: Read Aloud / Stop Reading. One reading at a time: its session streams the text part by part
 * to the player in the chat webview; the status item shows progress and stops it on click.
 */
export class ReadAloud extends Disposable implements vscode.Disposable {
  private session: ReadAloudSession | undefined;
  private commandAt = 0;
  private firstSoundMs: number | undefined;
  /** When the first sample sounded (epoch ms, the webview's audio clock). */
  private firstSoundAt: number | undefined;
  private readonly status = this._register(new ReadingStatus());
  // The speed the player plays at (what the view pressed, else the setting): follow along times sentences by it.
  private readonly follow = this._register(new FollowAlong(() => this.speed()));
  /** What the current reading reads: next/previous sentence start it again from another part. */
  private input: FixedReading | undefined;
  /** The part of `input` the current session began with (next/previous start a session further on). */
  private offset = 0;
  private paused = false;
  lastReport: ReadingReport | undefined;

  constructor(
    private readonly clients: ServiceClients,
    private readonly view: SpeechView,
    private readonly log: vscode.LogOutputChannel,
    /** The playback speed: sent with each reading's start (speechSpeed.ts keeps a playing one in step). */
    private readonly speed: () => number = () => 1,
    /** Whether a document's text may be read (speechConsent.ts: a sensitive file asks first). */
    private readonly mayRead: (document: vscode.TextDocument) => Promise<boolean>,
    /** Where speech requests go: Service A's client as the spend ledger meters it. */
    private readonly speech: SpeechStreamer,
  ) {
    super();
    this._register(view.onSpeechMessage((message) => this.onPlayer(message)));
    this._register(
      view.onDidChangeReady((ready) => {
        if (!ready)
          this.session?.fail(new Error('The Tandem view was closed, so reading aloud stopped. Run Tandem: Read Aloud again to continue.'));
      }),
    );
    // Registered last, so disposed first: the reading stops before its listeners and status go.
    this._register({ dispose: () => this.stop() });
  }

  /** Tandem: Read Aloud: the selection (or the current line) of the active editor. */
  async read(): Promise<ReadAloudOutcome | undefined> {
    const commandAt = performance.timeOrigin + performance.now();
    const input = await speechInput();
    return input && (await this.mayRead(input.document)) ? this.play(input, commandAt) : undefined;
  }

  /** Tandem: Read from Cursor: from the sentence at the cursor to the end of the file. */
  async readFromCursor(): Promise<ReadAloudOutcome | undefined> {
    const commandAt = performance.timeOrigin + performance.now();
    const input = await speechFromCursor();
    return input && (await this.mayRead(input.document)) ? this.play(input, commandAt) : undefined;
  }

  /**
   * Tandem: Next Sentence / Previous Sentence: the reading starts again from the sentence after (or
   * before) the one being heard. Past the last sentence the reading stops.
   */
  async skip(direction: 1 | -1): Promise<ReadAloudOutcome | undefined> {
    const { session, input } = this;
    if (!session || !input) return undefined;
    const commandAt = performance.timeOrigin + performance.now();
    const heard =
      this.offset + (this.follow.current >= 0 ? this.follow.current : Math.max(0, partAt(session.partStartSeconds, session.playedSeconds)));
    const target = sentenceStart(input, direction === 1 ? nextSentence(input, heard) : sentenceStart(input, heard) - 1);
    if (target >= input.parts.length) {
      this.stop();
      return undefined;
    }
    return this.start(input, Math.max(0, target), commandAt);
  }

  /** Tandem: Pause/Resume Reading: the same as the view's Pause button. */
  togglePause(): void {
    const session = this.session;
    if (!session) return;
    this.paused = !this.paused;
    this.status.paused = this.paused;
    this.follow.hold(this.paused);
    this.view.postSpeech({ type: 'speech/pause', id: session.id, paused: this.paused });
  }

  /** Reads `input` aloud, stopping any reading in progress; `commandAt` (epoch ms) is when the user asked. */
  play(input: ReadingInput, commandAt = performance.timeOrigin + performance.now()): Promise<ReadAloudOutcome> {
    return this.start(input, 0, commandAt);
  }

  /** Reads `whole` from its part `from` on. */
  private async start(whole: ReadingInput, from: number, commandAt: number): Promise<ReadAloudOutcome> {
    this.commandAt = commandAt;
    this.stop();
    this.input = isPartSource(whole.parts) ? undefined : (whole as FixedReading);
    this.offset = from;
    this.paused = false;
    const fixed = this.input && readingFrom(this.input, from);
    const input = fixed ?? whole;
    // The first request leaves while the view opens; the player holds the audio until the view is ready.
    const viewReady = this.view.revealWithoutFocus(VIEW_READY_MS);
    const player = new WebviewPlayer(this.view, this.speed);
    const session = new ReadAloudSession(
      this.speech,
      player,
      { id: randomUUID(), parts: input.parts, voice: input.voice, sampleRate: input.sampleRate, title: input.title },
      (progress) => this.progress(progress),
    );
    void viewReady.then((ready) => (ready ? player.open() : session.fail(new NoPlayerError())));
    this.session = session;
    if (fixed?.document && fixed.ranges?.length === fixed.parts.length)
      this.follow.begin(fixed.document, fixed.ranges, session.partStartSeconds);
    else this.follow.end();
    this.firstSoundMs = undefined;
    this.firstSoundAt = undefined;
    this.status.loading(input.title);
    const parts = isPartSource(input.parts) ? 'streamed parts' : `${input.parts.length} part(s)`;
    this.log.info(`read aloud: ${input.title}, ${parts}, ${input.voice.model}`);
    const outcome = await session.run();
    player.dispose();
    const highlightLagMs = this.session === session ? this.highlightLag(session) : undefined;
    if (this.session === session) {
      this.session = undefined;
      this.input = undefined;
      this.status.hide();
      this.follow.end();
    }
    this.lastReport = {
      outcome: outcome.kind,
      commandToFirstSoundMs: this.firstSoundMs,
      playedSeconds: session.playedSeconds,
      ...(highlightLagMs?.length ? { highlightLagMs } : {}),
    };
    if (highlightLagMs?.length) this.log.info(`read aloud: highlight lag (ms) ${JSON.stringify(highlightLagMs)}`);
    this.log.info(`read aloud: ${outcome.kind} after ${session.playedSeconds.toFixed(1)} s of audio`);
    if (session.truncatedParts.length > 0) {
      void vscode.window.showWarningMessage(
        vscode.l10n.t(
          'Tandem: the service cut {0} part(s) short at its output limit, so some text was not read.',
          session.truncatedParts.length,
        ),
      );
    }
    if (outcome.kind === 'failed' && outcome.error instanceof NoPlayerError) void this.offerWav();
    else if (outcome.kind === 'failed') void showServiceError(outcome.error, 'speech', vscode.l10n.t('Nothing is playing now.'));
    return outcome;
  }

  stop(): void {
    this.session?.stop();
  }

  /** The sentence follow along highlights now, if any (tests read it). */
  get highlighted(): vscode.Range | undefined {
    return this.follow.range;
  }

  private async offerWav(): Promise<void> {
    const choice = await vscode.window.showWarningMessage(
      vscode.l10n.t(
        'Tandem cannot play audio here: the Tandem view, which plays it, could not be shown. Save the speech as a WAV file instead?',
      ),
      vscode.l10n.t('Save as WAV…'),
    );
    if (choice) await vscode.commands.executeCommand(COMMANDS.saveSpeech);
  }

  private onPlayer(message: SpeechWebviewMessage): void {
    // The speed is the user's setting, not the reading's: speechSpeed.ts stores it.
    if (message.type === 'speech/speedChanged') return;
    const session = this.session;
    if (!session || message.id !== session.id) return;
    switch (message.type) {
      case 'speech/playing':
        this.firstSoundAt = message.scheduledAt + message.startsInMs;
        this.firstSoundMs = this.firstSoundAt - this.commandAt;
        // The first sentence lights up with the first sound; the timer takes it from there.
        this.follow.progress(0, this.paused, this.firstSoundAt - performance.timeOrigin);
        this.log.info(`read aloud: first sound ${this.firstSoundMs.toFixed(0)} ms after the command`);
        return;
      case 'speech/progress':
        this.status.paused = message.paused;
        this.paused = message.paused;
        session.progress(message.playedSeconds);
        return this.follow.progress(message.playedSeconds, message.paused);
      case 'speech/ended':
        return session.ended(message.playedSeconds);
      case 'speech/failed':
        if (message.reason === 'blocked') {
          void vscode.window.showInformationMessage(
            vscode.l10n.t('Tandem: the browser blocks audio until you click. Press Play in the Tandem view to listen.'),
          );
          return;
        }
        return session.fail(new Error(vscode.l10n.t('The audio player failed: {0}', message.message)));
      case 'speech/stopRequested':
        return session.stop();
      default:
        return assertNever(message);
    }
  }

  private progress(p: ReadAloudProgress): void {
    if (this.session) this.status.playing(p);
  }

  /** Follow along's lag per sentence boundary, by the audio clock (assumes no underrun, as in the benchmark). */
  private highlightLag(session: ReadAloudSession): number[] {
    const firstSoundAt = this.firstSoundAt;
    if (firstSoundAt === undefined) return [];
    const speed = this.speed();
    const lags: number[] = [];
    for (const [part, movedAt] of this.follow.movedAt) {
      const start = session.partStartSeconds[part];
      if (part > 0 && start !== undefined) lags.push(Math.round((movedAt - (firstSoundAt + (start * 1000) / speed)) * 10) / 10);
    }
    return lags;
  }
}

/** The first part of the sentence that holds part `part` (a long sentence is several parts with one range). */
function sentenceStart(input: FixedReading, part: number): number {
  const ranges = input.ranges;
  if (!ranges || part <= 0 || part >= input.parts.length) return part;
  let first = part;
  while (first > 0 && ranges[first - 1].isEqual(ranges[part])) first--;
  return first;
}

/** The first part of the sentence after the one that holds part `part`. */
function nextSentence(input: FixedReading, part: number): number {
  const ranges = input.ranges;
  let next = part + 1;
  while (ranges && next < input.parts.length && ranges[next].isEqual(ranges[part])) next++;
  return next;
}

/** The same reading from part `from` on. */
function readingFrom(input: FixedReading, from: number): FixedReading {
  return { ...input, parts: input.parts.slice(from), ranges: input.ranges?.slice(from) };
}
