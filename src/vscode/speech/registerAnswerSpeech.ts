import * as vscode from 'vscode';
import { COMMANDS } from '../../core/config/commandCatalog';
import type { ChatRegistration } from '../chat/registerChat';
import { AnswerReading } from './answerReading';
import type { ReadAloud } from './readAloud';

/** Chat answers read aloud: the speaker button, Tandem: Read Last Answer Aloud, and auto-read. */
export function registerAnswerSpeech(
  chat: Pick<ChatRegistration, 'controller' | 'provider' | 'onDidEmit'>,
  readAloud: ReadAloud,
  log: vscode.LogOutputChannel,
): { answers: AnswerReading; disposables: vscode.Disposable[] } {
  const answers = new AnswerReading(chat.controller, readAloud, chat.onDidEmit, log);
  return {
    answers,
    disposables: [
      answers,
      chat.provider.onReadAnswer((turnId) => void answers.read(turnId)),
      vscode.commands.registerCommand(COMMANDS.readLastAnswer, () => answers.read()),
    ],
  };
}
