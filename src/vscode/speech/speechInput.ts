import * as path from 'node:path';
import * as vscode from 'vscode';
import { cleanForSpeech, splitForSpeech } from '../../core/speech/speechText';
import { openSettings, tandemSetting } from '../settings';
import { readSpeechSettings, SpeechSettingError, type SpeechSettings } from './speechSettings';

/** About two hours of speech; more is almost surely a mistaken Select All, and cleaning it would stall the host. */
export const MAX_SPEECH_CHARS = 100_000;

/** What a speech command works on: the text in parts, the voice, and names for the UI. */
export interface SpeechInput extends SpeechSettings {
  parts: string[];
  /** e.g. `greet.ts:3` — shown in the player bar and the status item. */
  title: string;
  /** Where a saved WAV goes by default. */
  document: vscode.TextDocument;
}

/** The selections in document order, or the current line when nothing is selected. */
export function textToSpeak(editor: vscode.TextEditor): { text: string; line: number } {
  const selections = [...editor.selections].filter((s) => !s.isEmpty).sort((a, b) => a.start.compareTo(b.start));
  if (selections.length > 0) {
    return { text: selections.map((s) => editor.document.getText(s)).join('\n\n'), line: selections[0].start.line };
  }
  const line = editor.selection.active.line;
  return { text: editor.document.lineAt(line).text, line };
}

/** Reads the editor and the settings; says what is wrong (and returns undefined) when there is nothing to speak. */
export async function speechInput(): Promise<SpeechInput | undefined> {
  const editor = vscode.window.activeTextEditor;
  if (!editor) {
    void vscode.window.showInformationMessage(vscode.l10n.t('Tandem: open a file and select the text to read aloud.'));
    return undefined;
  }
  let settings: SpeechSettings;
  try {
    settings = await readSpeechSettings();
  } catch (error) {
    if (!(error instanceof SpeechSettingError)) throw error;
    void vscode.window
      .showErrorMessage(vscode.l10n.t('Tandem: {0}', error.message), vscode.l10n.t('Open Settings'))
      .then((choice) => choice && openSettings(error.setting));
    return undefined;
  }
  const { text: whole, line } = textToSpeak(editor);
  const text = whole.length > MAX_SPEECH_CHARS ? whole.slice(0, MAX_SPEECH_CHARS) : whole;
  if (text !== whole) {
    void vscode.window.showWarningMessage(
      vscode.l10n.t(
        'Tandem: the selection is {0} characters; only the first {1} (about two hours of speech) are used.',
        whole.length.toLocaleString('en-US'),
        MAX_SPEECH_CHARS.toLocaleString('en-US'),
      ),
    );
  }
  // The language id lets code files be read as words (codeVerbaliser.ts); markdown and plain text are prose.
  const parts = splitForSpeech(
    cleanForSpeech(text, {
      stripMarkup: settings.stripMarkup,
      languageId: editor.document.languageId,
      readCodeLiterally: tandemSetting('speech.readCodeLiterally'),
    }),
  );
  if (parts.length === 0) {
    void vscode.window.showInformationMessage(
      vscode.l10n.t('Tandem: there is nothing to read here. Select some text, or put the cursor on a line with words.'),
    );
    return undefined;
  }
  const name = editor.document.isUntitled ? 'Untitled' : path.basename(editor.document.uri.path);
  return { ...settings, parts, title: `${name}:${line + 1}`, document: editor.document };
}
