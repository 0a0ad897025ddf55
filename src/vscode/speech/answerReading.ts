import * as vscode from 'vscode';
import type { ChatController } from '../../core/chat/chatController';
import { Disposable } from '../../core/lifecycle/disposable';
import { enumSetting } from '../../core/config/settingsCatalog';
import { AnswerSentenceStream } from '../../core/speech/answerSentences';
import { answerSpeechParts, type AnswerSpeechOptions } from '../../core/speech/answerSpeech';
import type { ReadAloudOutcome } from '../../core/speech/readAloudSession';
import { StreamedParts } from '../../core/speech/speechParts';
import type { AssistantTurn, HostMessage } from '../../shared/protocol';
import { tandemSetting } from '../config/settings';
import type { ReadAloud } from './readAloud';
import { speechSettingsOrExplain, type SpeechSettings } from './speechSettings';

/** One answer being read while it streams. */
interface AutoRead {
  turnId: string;
  sentences: AnswerSentenceStream;
  parts: StreamedParts;
  /** Read when the answer starts, so the first sentence does not wait for it. */
  settings: Promise<SpeechSettings | undefined>;
  /** Set once the first sentence is complete and the reading has started. */
  reading?: Promise<ReadAloudOutcome | undefined>;
  /** Its reading has been handed to read aloud, and has not ended yet. */
  playing: boolean;
  ended: boolean;
  /** Stopped or replaced before its reading could start: it never starts. */
  cancelled: boolean;
}

/** When something happened, on the clock the webview's audio reports use (epoch ms). */
const now = () => performance.timeOrigin + performance.now();

/**
 * Chat answers read aloud: an answer's speaker button, Tandem: Read Last Answer Aloud, and
 * `tandem.speech.autoReadAnswers`, which reads each answer sentence by sentence as it streams. The text
 * always comes from the chat's own history (or its stream), through the one reading entry point.
 */
export class AnswerReading extends Disposable implements vscode.Disposable {
  private auto: AutoRead | undefined;

  constructor(
    private readonly controller: ChatController,
    private readonly readAloud: ReadAloud,
    chatMessages: vscode.Event<HostMessage>,
    private readonly log: vscode.LogOutputChannel,
  ) {
    super();
    this._register(chatMessages((message) => this.onChat(message)));
    this._register({ dispose: () => this.auto?.parts.close() });
  }

  /** Reads one answer of the current chat (the latest when no id is given), as it is in the history. */
  async read(turnId?: string, commandAt = now()): Promise<ReadAloudOutcome | undefined> {
    const answers = this.controller.chat.turns.filter((t): t is AssistantTurn => t.role === 'assistant');
    const turn = turnId === undefined ? answers.at(-1) : answers.find((t) => t.id === turnId);
    if (!turn) {
      void vscode.window.showInformationMessage(vscode.l10n.t('Tandem: there is no chat answer to read yet.'));
      return undefined;
    }
    const settings = await speechSettingsOrExplain();
    if (!settings) return undefined;
    const parts = answerSpeechParts(turn, answerOptions());
    if (parts.length === 0) {
      void vscode.window.showInformationMessage(vscode.l10n.t('Tandem: this answer has no text to read.'));
      return undefined;
    }
    return this.readAloud.play({ ...settings, parts, title: vscode.l10n.t('Chat answer') }, commandAt);
  }

  /** Auto-read follows the chat's own messages: a new answer, its text as it streams, and how it ended. */
  private onChat(message: HostMessage): void {
    if (message.type === 'turn' && message.turn.role === 'assistant') {
      const { turn } = message;
      if (turn.status === 'streaming' && turn.id !== this.auto?.turnId && !turn.content) return this.startAnswer(turn.id);
      if (turn.id !== this.auto?.turnId || turn.status === 'streaming') return;
      if (turn.status === 'done') this.give(this.auto, this.auto.sentences.close());
      // A stopped answer stops its reading; a failed one keeps what was read and ends after its last whole sentence.
      if (turn.status === 'stopped') this.cancel(this.auto);
      this.auto.parts.close();
      this.auto = undefined;
      return;
    }
    if (message.type === 'delta' && message.content && message.turnId === this.auto?.turnId) {
      this.give(this.auto, this.auto.sentences.push(message.content));
    }
  }

  private startAnswer(turnId: string): void {
    // A new answer replaces the reading of the one before.
    if (this.auto) this.cancel(this.auto);
    this.auto = undefined;
    if (!tandemSetting('speech.autoReadAnswers')) return;
    this.auto = {
      turnId,
      sentences: new AnswerSentenceStream(answerOptions()),
      parts: new StreamedParts(),
      settings: speechSettingsOrExplain().catch((error: unknown) => {
        this.log.error(`read aloud: ${error instanceof Error ? error.message : String(error)}`);
        return undefined;
      }),
      playing: false,
      ended: false,
      cancelled: false,
    };
  }

  /** Silence for this answer: its reading stops (or never starts). */
  private cancel(auto: AutoRead): void {
    auto.cancelled = true;
    auto.parts.close();
    if (auto.playing && !auto.ended) this.readAloud.stop();
  }

  /** Queues complete sentences; the first one starts the reading, timed from the moment it was complete. */
  private give(auto: AutoRead, sentences: string[]): void {
    if (sentences.length === 0) return;
    auto.parts.append(sentences);
    if (auto.reading) return;
    const completeAt = now();
    auto.reading = auto.settings.then((settings) => {
      if (!settings || auto.cancelled) return undefined;
      this.log.info('read aloud: auto-reading the answer as it streams');
      auto.playing = true;
      return this.readAloud.play({ ...settings, parts: auto.parts, title: vscode.l10n.t('Chat answer') }, completeAt);
    });
    void auto.reading.finally(() => (auto.ended = true));
  }
}

function answerOptions(): AnswerSpeechOptions {
  return {
    codeBlocks: enumSetting('speech.codeBlocks', tandemSetting('speech.codeBlocks')),
    readCodeLiterally: tandemSetting('speech.readCodeLiterally'),
  };
}
