// "Save Selection as Speech…": the same pcm16 stream as reading aloud, part after part, collected
// into one WAV file (a canonical 44-byte header over 16-bit mono pcm at the configured rate).
import { Pcm16StreamDecoder } from './pcmDecoder';
import type { ReadAloudOptions } from './readAloudSession';
import { speechEvents, type SpeechStreamer } from './speechEvents';
import { pcmToWav } from './wav';

export interface SpokenWav {
  wav: Uint8Array;
  seconds: number;
  /** Voice design with optimize_text_preview: the polished text the service spoke. */
  preview?: string;
  /** Parts the service cut short (finish_reason "length"). */
  truncatedParts: number[];
}

export async function speechToWav(
  client: SpeechStreamer,
  options: Pick<ReadAloudOptions, 'voice' | 'sampleRate'> & { parts: readonly string[] },
  call: { signal?: AbortSignal; onPart?: (done: number, total: number) => void } = {},
): Promise<SpokenWav> {
  const pieces: Uint8Array[] = [];
  const previews: string[] = [];
  const truncatedParts: number[] = [];
  for (const [index, text] of options.parts.entries()) {
    // A fresh decoder per part: each part is its own stream, and a half sample never spans two.
    const decoder = new Pcm16StreamDecoder();
    for await (const event of speechEvents(client, options.voice, text, call.signal)) {
      if (event.kind === 'audio') pieces.push(decoder.push(event.data));
      else if (event.kind === 'preview') previews.push(event.text);
      else truncatedParts.push(index);
    }
    decoder.end();
    call.onPart?.(index + 1, options.parts.length);
  }
  const pcm = new Uint8Array(pieces.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const piece of pieces) {
    pcm.set(piece, offset);
    offset += piece.length;
  }
  return {
    wav: pcmToWav(pcm, options.sampleRate),
    seconds: pcm.length / 2 / options.sampleRate,
    ...(previews.length ? { preview: previews.join(' ') } : {}),
    truncatedParts,
  };
}
