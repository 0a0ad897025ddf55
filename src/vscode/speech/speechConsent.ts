// Read aloud sends a document's text to Service A: a sensitive file (`.env`, a key, a link to one) is
// read only after the user says so, as the chat asks before attaching one. Chat answers are no file and
// are not asked about.
import * as vscode from 'vscode';
import type { OutflowGate } from '../security/outflowGate';
import type { TandemUi } from '../ui/tandemUi';

/** What is done with the text: read aloud now, or spoken into a WAV file. */
export type SpeechUse = 'read' | 'save';

/** Whether `document`'s text may be sent for speech: yes unless the gate finds it sensitive and the user cancels. */
export async function maySpeak(gate: OutflowGate, ui: TandemUi, document: vscode.TextDocument, use: SpeechUse): Promise<boolean> {
  const verdict = await gate.judge('speech', document.uri);
  if (!verdict.sensitive) return true;
  const shown = verdict.shown || document.uri.path;
  const message =
    use === 'read'
      ? vscode.l10n.t('{0} may contain secrets; its text will be sent to Service A. Read it aloud?', shown)
      : vscode.l10n.t('{0} may contain secrets; its text will be sent to Service A. Save it as speech?', shown);
  return ui.confirmSensitive(message, use === 'read' ? vscode.l10n.t('Read') : vscode.l10n.t('Save'));
}
