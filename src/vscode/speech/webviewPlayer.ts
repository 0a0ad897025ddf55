import type { SpeechPlayer } from '../../core/speech/readAloudSession';
import type { SpeechHostMessage } from '../../shared/protocol';
import type { SpeechView } from './speechView';
import type { Disposable } from 'vscode';

/**
 * The core's player interface over the chat webview: each call becomes one protocol message. Until
 * the view is ready the messages wait here, so the first request need not wait for the view to load.
 */
export class WebviewPlayer implements SpeechPlayer, Disposable {
  private waiting: SpeechHostMessage[] | undefined = [];
  /** Opens in the same turn as the view's `ready`, so the audio goes out before the chat state does. */
  private readonly readiness: Disposable;

  /** `speed` is read as the reading starts: the setting may have changed since the last one. */
  constructor(
    private readonly view: SpeechView,
    private readonly speed: () => number,
  ) {
    this.readiness = view.onDidChangeReady((ready) => ready && this.open());
  }

  /** The view is ready: what waited goes out in order, and later messages go straight through. */
  open(): void {
    this.readiness.dispose();
    const waiting = this.waiting ?? [];
    this.waiting = undefined;
    for (const message of waiting) this.view.postSpeech(message);
  }

  dispose(): void {
    this.readiness.dispose();
  }

  start(id: string, sampleRate: number, title: string): void {
    this.post({ type: 'speech/start', id, sampleRate, title, speed: this.speed() });
  }

  audio(id: string, part: number, data: string): void {
    this.post({ type: 'speech/audio', id, part, data });
  }

  preview(id: string, text: string): void {
    this.post({ type: 'speech/preview', id, text });
  }

  end(id: string): void {
    this.post({ type: 'speech/end', id });
  }

  stop(id: string): void {
    this.post({ type: 'speech/stop', id });
  }

  /** A message to a view that went away is dropped; the session learns of it from onDidChangeReady. */
  private post(message: SpeechHostMessage): void {
    if (this.waiting) this.waiting.push(message);
    else this.view.postSpeech(message);
  }
}
