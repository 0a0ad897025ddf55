import { randomUUID } from 'node:crypto';
import * as vscode from 'vscode';
import { Disposable } from '../../core/lifecycle/disposable';
import { ReadAloudSession, type ReadAloudOutcome, type ReadAloudProgress } from '../../core/speech/readAloudSession';
import { assertNever, type SpeechWebviewMessage } from '../../shared/protocol';
import { showServiceError } from '../errorNotice';
import type { ServiceClients } from '../serviceClients';
import { ReadingStatus } from './readingStatus';
import { speechInput, type SpeechInput } from './speechInput';
import type { SpeechView } from './speechView';
import { WebviewPlayer } from './webviewPlayer';
import { COMMANDS } from '../../core/commandCatalog';

/** How long the view may take to appear and load its script before we say it cannot play. */
const VIEW_READY_MS = 8000;

/** The view that plays the audio could not be shown (or did not load its script in time). */
class NoPlayerError extends Error {
  override readonly name = 'NoPlayerError';
  constructor() {
    super('The Tandem view, which plays the audio, could not be shown.');
  }
}

/** What one reading speaks, with which voice, under which title (the selection, a chat answer…). */
export type ReadingInput = Pick<SpeechInput, 'parts' | 'voice' | 'sampleRate' | 'title'>;

/** What the last reading measured (the benchmark and tests read it through the extension's API). */
export interface ReadingReport {
  outcome: ReadAloudOutcome['kind'];
  /** Command invoked → first sample audible, by the webview's audio clock. */
  commandToFirstSoundMs?: number;
  playedSeconds: number;
}

/**
 * Tandem: Read Aloud / Stop Reading. One reading at a time: its session streams the text part by part
 * to the player in the chat webview; the status item shows progress and stops it on click.
 */
export class ReadAloud extends Disposable implements vscode.Disposable {
  private session: ReadAloudSession | undefined;
  private commandAt = 0;
  private firstSoundMs: number | undefined;
  private readonly status = this._register(new ReadingStatus());
  lastReport: ReadingReport | undefined;

  constructor(
    private readonly clients: ServiceClients,
    private readonly view: SpeechView,
    private readonly log: vscode.LogOutputChannel,
    /** tandem.speech.speed, sent with each reading's start (speechSpeed.ts keeps a playing one in step). */
    private readonly speed: () => number = () => 1,
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
    return input ? this.play(input, commandAt) : undefined;
  }

  /** Reads `input` aloud, stopping any reading in progress; `commandAt` (epoch ms) is when the user asked. */
  async play(input: ReadingInput, commandAt = performance.timeOrigin + performance.now()): Promise<ReadAloudOutcome> {
    this.commandAt = commandAt;
    this.stop();
    // The first request leaves while the view opens; the player holds the audio until the view is ready.
    const viewReady = this.view.revealWithoutFocus(VIEW_READY_MS);
    const player = new WebviewPlayer(this.view, this.speed);
    const session = new ReadAloudSession(
      this.clients.a,
      player,
      { id: randomUUID(), parts: input.parts, voice: input.voice, sampleRate: input.sampleRate, title: input.title },
      (progress) => this.progress(progress),
    );
    void viewReady.then((ready) => (ready ? player.open() : session.fail(new NoPlayerError())));
    this.session = session;
    this.firstSoundMs = undefined;
    this.status.loading(input.title);
    this.log.info(`read aloud: ${input.title}, ${input.parts.length} part(s), ${input.voice.model}`);
    const outcome = await session.run();
    if (this.session === session) {
      this.session = undefined;
      this.status.hide();
    }
    this.lastReport = { outcome: outcome.kind, commandToFirstSoundMs: this.firstSoundMs, playedSeconds: session.playedSeconds };
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
        this.firstSoundMs = message.scheduledAt + message.startsInMs - this.commandAt;
        this.log.info(`read aloud: first sound ${this.firstSoundMs.toFixed(0)} ms after the command`);
        return;
      case 'speech/progress':
        this.status.paused = message.paused;
        return session.progress(message.playedSeconds);
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
}
