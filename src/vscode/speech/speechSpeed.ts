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
  /**
   * Writes of the view's speed not settled yet. Pressing + twice quickly writes 1.1 then 1.2, and the
   * change events can read either: echoing one back would undo a press for a moment, so nothing is
   * sent while our own writes are in flight (the view already plays what the user pressed). The
   * setting is read when the event comes, so an echo after the last write is the view's own speed.
   */
  private writing = 0;

  constructor(
    private readonly view: SpeechView,
    private readonly log: vscode.LogOutputChannel,
  ) {
    super();
    this._register(view.onSpeechMessage((message) => message.type === 'speech/speedChanged' && this.store(message.speed)));
    this._register(
      vscode.workspace.onDidChangeConfiguration((event) => {
        if (event.affectsConfiguration(settingId('speech.speed')) && this.writing === 0) {
          this.view.postSpeech({ type: 'speech/speed', speed: this.current });
        }
      }),
    );
  }

  get current(): number {
    return readSpeechSpeed();
  }

  private store(speed: number): void {
    this.writing++;
    // Global: the setting is application scoped, a user preference rather than a project's.
    vscode.workspace
      .getConfiguration(SETTINGS_SECTION)
      .update('speech.speed', speed, vscode.ConfigurationTarget.Global)
      .then(
        () => this.writing--,
        (error: unknown) => {
          this.writing--;
          this.log.warn(`read aloud: could not store the speed ${speed}: ${error instanceof Error ? error.message : String(error)}`);
        },
      );
  }
}
