import * as vscode from 'vscode';
import { Disposable } from '../../core/lifecycle/disposable';
import { SETTINGS_SECTION, settingId } from '../../core/settingsCatalog';
import { readSpeechSpeed } from './speechSettings';
import type { SpeechView } from './speechView';

/**
 * tandem.speech.speed in both directions: the view's − and + are stored as the user's setting (so
 * every window reads at that speed), and a change made elsewhere (Settings, settings.json, another
 * window) reaches the player at once, even in the middle of a reading.
 */
export class SpeechSpeed extends Disposable implements vscode.Disposable {
  /** Whether a write of the view's speed is in flight. */
  private writing = false;
  /** The newest speed the view asked for that is not written yet. */
  private next: number | undefined;

  constructor(
    private readonly view: SpeechView,
    private readonly log: vscode.LogOutputChannel,
  ) {
    super();
    this._register(view.onSpeechMessage((message) => message.type === 'speech/speedChanged' && this.store(message.speed)));
    this._register(
      vscode.workspace.onDidChangeConfiguration((event) => {
        // While our own writes are in flight the events can read an older press (1.1 while the view is
        // at 1.3): echoing it would undo a press for a moment, and the view already plays what the user
        // pressed. The setting is read when the event comes, so an echo after the last write is a no-op.
        if (event.affectsConfiguration(settingId('speech.speed')) && !this.writing) {
          this.view.postSpeech({ type: 'speech/speed', speed: this.current });
        }
      }),
    );
  }

  get current(): number {
    return readSpeechSpeed();
  }

  /** Ten quick presses become one or two writes, in order, the last one winning. */
  private store(speed: number): void {
    this.next = speed;
    if (!this.writing) void this.writeAll();
  }

  private async writeAll(): Promise<void> {
    this.writing = true;
    for (let speed = this.next; speed !== undefined; speed = this.next) {
      this.next = undefined;
      try {
        // Global: the setting is application scoped, a user preference rather than a project's.
        await vscode.workspace.getConfiguration(SETTINGS_SECTION).update('speech.speed', speed, vscode.ConfigurationTarget.Global);
      } catch (error) {
        this.log.warn(`read aloud: could not store the speed ${speed}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    this.writing = false;
  }
}
