import * as vscode from 'vscode';
import { COMMANDS } from '../../core/config/commandCatalog';
import type { OutflowGate } from '../security/outflowGate';
import type { ServiceClients } from '../services/serviceClients';
import type { SpeechStreamer } from '../../core/speech/speechEvents';
import type { TandemUi } from '../ui/tandemUi';
import { ReadAloud } from './readAloud';
import { saveSpeech } from './saveSpeech';
import { maySpeak } from './speechConsent';
import { SpeechSpeed } from './speechSpeed';
import type { SpeechView } from './speechView';

/** Read Aloud, Read from Cursor, Stop, Pause/Resume, Next/Previous Sentence and Save Selection as Speech…; the player lives in the chat webview. */
export function registerSpeech(
  clients: ServiceClients,
  chatView: SpeechView,
  log: vscode.LogOutputChannel,
  gate: OutflowGate,
  ui: TandemUi,
  /** Service A's speech client, metered by the spend ledger. */
  speech: SpeechStreamer,
): { readAloud: ReadAloud; disposables: vscode.Disposable[] } {
  const speed = new SpeechSpeed(chatView, log);
  // A sensitive document's text is sent only after the user says so, for reading and for saving alike.
  const mayRead = (document: vscode.TextDocument) => maySpeak(gate, ui, document, 'read');
  const maySave = (document: vscode.TextDocument) => maySpeak(gate, ui, document, 'save');
  const readAloud = new ReadAloud(clients, chatView, log, () => speed.current, mayRead, speech);
  return {
    readAloud,
    disposables: [
      readAloud,
      speed,
      vscode.commands.registerCommand(COMMANDS.readAloud, () => readAloud.read()),
      vscode.commands.registerCommand(COMMANDS.stopReading, () => readAloud.stop()),
      vscode.commands.registerCommand(COMMANDS.readFromCursor, () => readAloud.readFromCursor()),
      vscode.commands.registerCommand(COMMANDS.nextSentence, () => readAloud.skip(1)),
      vscode.commands.registerCommand(COMMANDS.previousSentence, () => readAloud.skip(-1)),
      vscode.commands.registerCommand(COMMANDS.pauseResumeReading, () => readAloud.togglePause()),
      // Menus pass the editor's URI as the first argument; only an explicit `{ saveTo }` skips the dialog.
      vscode.commands.registerCommand(COMMANDS.saveSpeech, (options?: unknown) => saveSpeech(speech, log, maySave, saveTarget(options))),
    ],
  };
}

function saveTarget(options: unknown): vscode.Uri | undefined {
  const saveTo = typeof options === 'object' && options !== null ? (options as { saveTo?: unknown }).saveTo : undefined;
  return saveTo instanceof vscode.Uri ? saveTo : undefined;
}
