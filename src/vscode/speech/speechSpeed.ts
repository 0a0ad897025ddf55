import * as vscode from 'vscode';
import { Disposable } from '../../core/lifecycle/disposable';
import { SETTINGS_SECTION, settingId } from '../../core/config/settingsCatalog';
import { readSpeechSpeed } from './speechSettings';
import type { SpeechView } from './speechView';

/**
 * Presses are written once they pause this long: code-server settled two writes 100 ms apart
 * (1.1 then 1.0) at the first one, and a burst of presses needs only its last value stored.
 */
const WRITE_AFTER_MS = 300;

/**
 * tandem.speech.speed in both directions: the view's − and + are stored as the user's setting (so
 * every window reads at that speed), and a change made elsewhere (Settings, settings.json, another
 * window) reaches the player at once, even in the middle of a reading.
 */
export class SpeechSpeed extends Disposable implements vscode.Disposable {
  /** The newest speed the view asked for that is not written yet. */
  private next: number | undefined;
  /**
   * The last speed pressed in the view, until a change is made elsewhere: the next reading starts at
   * it even before its write lands (or if the write failed), as the view shows it.
   */
  private pressed: number | undefined;
  private writeTimer: ReturnType<typeof setTimeout> | undefined;
  private inFlight = false;
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
    this._register({ dispose: () => clearTimeout(this.writeTimer) });
    this._register(view.onSpeechMessage((message) => message.type === 'speech/speedChanged' && this.store(message.speed)));
    this._register(
      vscode.workspace.onDidChangeConfiguration((event) => {
        if (!event.affectsConfiguration(settingId('speech.speed'))) return;
        // Our own writes are no news to the view, which plays what the user pressed; echoing one
        // (1.1 while the view is already at 1.0 and its message is on the way) would undo a press.
        const speed = readSpeechSpeed();
        if (this.next !== undefined || this.inFlight || this.ours.has(speed)) return;
        this.ours.clear();
        this.pressed = undefined;
        this.view.postSpeech({ type: 'speech/speed', speed });
      }),
    );
  }

  /** The speed a reading starts at. */
  get current(): number {
    return this.pressed ?? readSpeechSpeed();
  }

  /** A burst of presses becomes one write, of its last value; writes never overlap. */
  private store(speed: number): void {
    this.next = speed;
    this.pressed = speed;
    clearTimeout(this.writeTimer);
    this.writeTimer = setTimeout(() => void this.writeAll(), WRITE_AFTER_MS);
  }

  private async writeAll(): Promise<void> {
    // A write in flight takes the newest value when it is done.
    if (this.inFlight) return;
    this.inFlight = true;
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
    this.inFlight = false;
  }
}
