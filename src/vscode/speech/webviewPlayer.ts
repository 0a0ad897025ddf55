import type { SpeechPlayer } from '../../core/speech/readAloudSession';
import type { SpeechHostMessage } from '../../shared/protocol';
import type { ChatViewProvider } from '../chat/chatViewProvider';

/** The core's player interface over the chat webview: each call becomes one protocol message. */
export class WebviewPlayer implements SpeechPlayer {
  constructor(private readonly view: ChatViewProvider) {}

  start(id: string, sampleRate: number, title: string): void {
    this.post({ type: 'speech/start', id, sampleRate, title });
  }

  audio(id: string, part: number, data: string): void {
    this.post({ type: 'speech/audio', id, part, data });
  }

  preview(id: string, text: string): void {
    this.post({ type: 'speech/preview', id, text });
  }

  end(id: string): void {
    this.post({ type: 'speech/end', id });
  }

  stop(id: string): void {
    this.post({ type: 'speech/stop', id });
  }

  /** A message to a view that went away is dropped; the session learns of it from onDidChangeReady. */
  private post(message: SpeechHostMessage): void {
    this.view.postSpeech(message);
  }
}
