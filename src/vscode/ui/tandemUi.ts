import * as vscode from 'vscode';
import type { ConfirmOrigin } from '../../core/keys/keyOrigins';
import { askToSendKey } from '../keys/originPrompt';

/**
 * The dialogs Tandem raises on its own. Production uses them as built here; only the ExtensionMode.Test
 * API hands this object out, so extension-host tests can answer them without a human.
 */
export interface TandemUi {
  confirmOrigin: ConfirmOrigin;
  warn(message: string, ...actions: string[]): Thenable<string | undefined>;
  /** A modal question before a sensitive file's text leaves: true only when the user picks `action` (not Cancel). */
  confirmSensitive(message: string, action: string): Thenable<boolean>;
}

export function realUi(): TandemUi {
  return {
    confirmOrigin: askToSendKey,
    warn: (message, ...actions) => vscode.window.showWarningMessage(message, ...actions),
    confirmSensitive: async (message, action) => (await vscode.window.showWarningMessage(message, { modal: true }, action)) === action,
  };
}
