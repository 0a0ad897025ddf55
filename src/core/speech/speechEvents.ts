// One part of a reading as a stream of what matters to a player: base64 pcm16 pieces, the polished
// text (voice design with optimize_text_preview) and whether the service cut the audio short.
import type { ChatChunk } from '../services/wireTypes';
import type { SpeechOptions } from '../services/serviceA/speechRequest';
import type { CallOptions } from '../services/serviceEndpoint';

export interface SpeechStreamer {
  streamSpeech(options: SpeechOptions, call?: CallOptions): AsyncGenerator<ChatChunk>;
}

/** Model and voice of a reading; the text is given per part. */
export type SpeechVoice = Omit<SpeechOptions, 'text' | 'stream' | 'format'>;

export type SpeechEvent = { kind: 'audio'; data: string } | { kind: 'preview'; text: string } | { kind: 'truncated' };

export async function* speechEvents(
  client: SpeechStreamer,
  voice: SpeechVoice,
  text: string,
  signal?: AbortSignal,
): AsyncGenerator<SpeechEvent> {
  for await (const chunk of client.streamSpeech({ ...voice, text, format: 'pcm16' }, { signal })) {
    for (const choice of chunk.choices ?? []) {
      if (choice.final_text_preview) yield { kind: 'preview', text: choice.final_text_preview };
      if (choice.delta?.audio?.data) yield { kind: 'audio', data: choice.delta.audio.data };
      // The audio stops where the 8192-token cap cut it; the rest of the part's text is not spoken.
      if (choice.finish_reason === 'length') yield { kind: 'truncated' };
    }
  }
}
