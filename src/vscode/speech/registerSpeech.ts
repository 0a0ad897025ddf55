import * as vscode from 'vscode';
import { COMMANDS } from '../../core/config/commandCatalog';
import type { ChatRegistration } from '../chat/registerChat';
import type { CommandHandler } from '../lifecycle/lazyCommands';
import type { OutflowGate } from '../security/outflowGate';
import type { ServiceClients } from '../services/serviceClients';
import type { SpeechStreamer } from '../../core/speech/speechEvents';
import type { TandemUi } from '../ui/tandemUi';
import { AnswerReading } from './answerReading';
import { ReadAloud } from './readAloud';
import { saveSpeech } from './saveSpeech';
import { maySpeak } from './speechConsent';
import { SpeechSpeed } from './speechSpeed';
import type { SPEECH_COMMANDS } from './speechContributions';
import type { SpeechView } from './speechView';

/**
 * Read Aloud, Read from Cursor, Stop, Pause/Resume, Next/Previous Sentence and Save Selection as Speech…;
 * the player lives in the chat webview. This file is the entry of the speech bundle (dist/speech.js), built
 * when one of these commands first runs or the chat loads; activate() has already registered the commands.
 */
export function registerSpeech(
  clients: ServiceClients,
  chatView: SpeechView,
  log: vscode.LogOutputChannel,
  gate: OutflowGate,
  ui: TandemUi,
  /** Service A's speech client, metered by the spend ledger. */
  speech: SpeechStreamer,
): { readAloud: ReadAloud; commands: Record<(typeof SPEECH_COMMANDS)[number], CommandHandler>; disposables: vscode.Disposable[] } {
  const speed = new SpeechSpeed(chatView, log);
  // A sensitive document's text is sent only after the user says so, for reading and for saving alike.
  const mayRead = (document: vscode.TextDocument) => maySpeak(gate, ui, document, 'read');
  const maySave = (document: vscode.TextDocument) => maySpeak(gate, ui, document, 'save');
  const readAloud = new ReadAloud(clients, chatView, log, () => speed.current, mayRead, speech);
  return {
    readAloud,
    commands: {
      [COMMANDS.readAloud]: () => readAloud.read(),
      [COMMANDS.stopReading]: () => readAloud.stop(),
      [COMMANDS.readFromCursor]: () => readAloud.readFromCursor(),
      [COMMANDS.nextSentence]: () => readAloud.skip(1),
      [COMMANDS.previousSentence]: () => readAloud.skip(-1),
      [COMMANDS.pauseResumeReading]: () => readAloud.togglePause(),
      // Menus pass the editor's URI as the first argument; only an explicit `{ saveTo }` skips the dialog.
      [COMMANDS.saveSpeech]: (options?: unknown) => saveSpeech(speech, log, maySave, saveTarget(options)),
    },
    disposables: [readAloud, speed],
  };
}

/** Chat answers read aloud: the speaker button, Tandem: Read Last Answer Aloud, and auto-read. */
export function registerAnswerSpeech(
  chat: Pick<ChatRegistration, 'controller' | 'provider' | 'onDidEmit'>,
  readAloud: ReadAloud,
  log: vscode.LogOutputChannel,
): { answers: AnswerReading; readLastAnswer: CommandHandler; disposables: vscode.Disposable[] } {
  const answers = new AnswerReading(chat.controller, readAloud, chat.onDidEmit, log);
  return {
    answers,
    readLastAnswer: () => answers.read(),
    disposables: [answers, chat.provider.onReadAnswer((turnId) => void answers.read(turnId))],
  };
}

function saveTarget(options: unknown): vscode.Uri | undefined {
  const saveTo = typeof options === 'object' && options !== null ? (options as { saveTo?: unknown }).saveTo : undefined;
  return saveTo instanceof vscode.Uri ? saveTo : undefined;
}
