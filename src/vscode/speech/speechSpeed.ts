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
  /**
   * Speeds we wrote since the last change made elsewhere. Their change events can come after the write
   * resolved, and even read back an earlier write (code-server reloads the settings file as it changes),
   * so none of them is news to the view. A change made elsewhere to one of these values reaches the
   * next reading only (its speech/start carries the setting).
   */
  private readonly ours = new Set<number>();

  constructor(
    private readonly view: SpeechView,
    private readonly log: vscode.LogOutputChannel,
  ) {
    super();
    this._register(view.onSpeechMessage((message) => message.type === 'speech/speedChanged' && this.store(message.speed)));
    this._register(
      vscode.workspace.onDidChangeConfiguration((event) => {
        if (!event.affectsConfiguration(settingId('speech.speed'))) return;
        // Our own writes are no news to the view, which plays what the user pressed; echoing one
        // (1.1 while the view is already at 1.0 and its message is on the way) would undo a press.
        const speed = this.current;
        if (this.writing || this.ours.has(speed)) return;
        this.ours.clear();
        this.view.postSpeech({ type: 'speech/speed', speed });
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
      this.ours.add(speed);
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
