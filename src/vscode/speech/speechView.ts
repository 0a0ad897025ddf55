import type * as vscode from 'vscode';
import type { SpeechHostMessage, SpeechWebviewMessage } from '../../shared/protocol';

/**
 * The view that plays read-aloud audio, as read aloud sees it: exactly what the speech code uses, so
 * it does not depend on the chat view provider that implements it today.
 */
export interface SpeechView {
  /** The player's reports. */
  readonly onSpeechMessage: vscode.Event<SpeechWebviewMessage>;
  /** The view became ready (true) or went away (false). */
  readonly onDidChangeReady: vscode.Event<boolean>;
  /** Posts to the player now; with no ready view the message is dropped. */
  postSpeech(message: SpeechHostMessage): void;
  /** Shows the view without taking focus; resolves whether it is ready within `timeoutMs`. */
  revealWithoutFocus(timeoutMs: number): Promise<boolean>;
}
