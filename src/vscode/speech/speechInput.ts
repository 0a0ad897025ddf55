import * as path from 'node:path';
import * as vscode from 'vscode';
import { speechSentences, type SpokenSentence } from '../../core/speech/speechText';
import { tandemSetting } from '../config/settings';
import { speechSettingsOrExplain, type SpeechSettings } from './speechSettings';

/** About two hours of speech; more is almost surely a mistaken Select All, and cleaning it would stall the host. */
const MAX_SPEECH_CHARS = 100_000;
/** Read from Cursor looks this many lines back for the start of the cursor's paragraph. */
const PARAGRAPH_LOOKBACK_LINES = 200;

/** What a speech command works on: the text in parts, the voice, and names for the UI. */
export interface SpeechInput extends SpeechSettings {
  /** One sentence each (a sentence past the split limits gives several). */
  parts: string[];
  /** Where each part was read from in `document` (same order and length as `parts`): follow along highlights it. */
  ranges: vscode.Range[];
  /** e.g. `greet.ts:3` — shown in the player bar and the status item. */
  title: string;
  /** Where a saved WAV goes by default; the document follow along highlights. */
  document: vscode.TextDocument;
}

/** The ranges a selection reading covers: the selections in document order, or the current line. */
function spansToSpeak(editor: vscode.TextEditor): vscode.Range[] {
  const selections = [...editor.selections].filter((s) => !s.isEmpty).sort((a, b) => a.start.compareTo(b.start));
  if (selections.length > 0) return selections;
  return [editor.document.lineAt(editor.selection.active.line).range];
}

/** Tandem: Read Aloud: the selections (or the current line) of the active editor. */
export function speechInput(): Promise<SpeechInput | undefined> {
  return inputFrom((editor) => ({ spans: spansToSpeak(editor), line: spansToSpeak(editor)[0].start.line }));
}

/**
 * Tandem: Read from Cursor: from the sentence at the cursor to the end of the file. The text is taken
 * from the start of the cursor's paragraph, so the sentence the cursor is in is read whole.
 */
export function speechFromCursor(): Promise<SpeechInput | undefined> {
  return inputFrom(
    (editor) => {
      const document = editor.document;
      const cursor = editor.selection.active;
      let first = cursor.line;
      while (first > 0 && cursor.line - first < PARAGRAPH_LOOKBACK_LINES && !document.lineAt(first - 1).isEmptyOrWhitespace) first--;
      const end = document.lineAt(document.lineCount - 1).range.end;
      return { spans: [new vscode.Range(first, 0, end.line, end.character)], line: cursor.line };
    },
    (editor, sentences) => {
      const at = editor.document.offsetAt(editor.selection.active);
      return sentences.filter((s) => s.end > at);
    },
  );
}

interface AbsoluteSentence extends SpokenSentence {
  /** Offsets into the document. */
  start: number;
  end: number;
}

/** Reads the editor and the settings; says what is wrong (and returns undefined) when there is nothing to speak. */
async function inputFrom(
  pick: (editor: vscode.TextEditor) => { spans: vscode.Range[]; line: number },
  keep: (editor: vscode.TextEditor, sentences: AbsoluteSentence[]) => AbsoluteSentence[] = (_e, s) => s,
): Promise<SpeechInput | undefined> {
  const editor = vscode.window.activeTextEditor;
  if (!editor) {
    void vscode.window.showInformationMessage(vscode.l10n.t('Tandem: open a file and select the text to read aloud.'));
    return undefined;
  }
  const settings = await speechSettingsOrExplain();
  if (!settings) return undefined;
  const document = editor.document;
  const { spans, line } = pick(editor);
  const whole = spans.reduce((n, s) => n + document.offsetAt(s.end) - document.offsetAt(s.start), 0);
  if (whole > MAX_SPEECH_CHARS) {
    void vscode.window.showWarningMessage(
      vscode.l10n.t(
        'Tandem: the selection is {0} characters; only the first {1} (about two hours of speech) are used.',
        whole.toLocaleString('en-US'),
        MAX_SPEECH_CHARS.toLocaleString('en-US'),
      ),
    );
  }
  // Each span is split into sentences on its own, with offsets into the document, so every part
  // knows its range. The language id lets code files be read as words (codeVerbaliser.ts).
  const options = {
    stripMarkup: settings.stripMarkup,
    languageId: document.languageId,
    readCodeLiterally: tandemSetting('speech.readCodeLiterally'),
  };
  let budget = MAX_SPEECH_CHARS;
  const sentences: AbsoluteSentence[] = [];
  for (const span of spans) {
    if (budget <= 0) break;
    const from = document.offsetAt(span.start);
    const text = document.getText(span).slice(0, budget);
    budget -= text.length;
    for (const s of speechSentences(text, options)) sentences.push({ text: s.text, start: from + s.start, end: from + s.end });
  }
  const kept = keep(editor, sentences);
  if (kept.length === 0) {
    void vscode.window.showInformationMessage(
      vscode.l10n.t('Tandem: there is nothing to read here. Select some text, or put the cursor on a line with words.'),
    );
    return undefined;
  }
  const name = document.isUntitled ? 'Untitled' : path.basename(document.uri.path);
  return {
    ...settings,
    parts: kept.map((s) => s.text),
    ranges: kept.map((s) => new vscode.Range(document.positionAt(s.start), document.positionAt(s.end))),
    title: `${name}:${line + 1}`,
    document,
  };
}
