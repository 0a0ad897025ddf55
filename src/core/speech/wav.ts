// WAV helpers: wrap Service A's streamed pcm16 for saving/playback, and measure voice-clone samples
// (3 to 10 seconds, docs/contracts.md#a-voiceclone-sample) before they are sent.

export interface WavInfo {
  sampleRate: number;
  channels: number;
  bitsPerSample: number;
  /** Size of the audio data in bytes (clamped to what the file actually holds). */
  dataBytes: number;
  durationSeconds: number;
}

const HEADER_BYTES = 44;

/** Wraps little-endian PCM in a canonical 44-byte RIFF/WAVE header. */
export function pcmToWav(pcm: Uint8Array, sampleRate: number, channels = 1, bitsPerSample = 16): Uint8Array {
  if (!Number.isInteger(sampleRate) || sampleRate <= 0) throw new Error(`pcmToWav: invalid sample rate ${sampleRate}`);
  if (!Number.isInteger(channels) || channels <= 0) throw new Error(`pcmToWav: invalid channel count ${channels}`);
  if (!Number.isInteger(bitsPerSample) || bitsPerSample <= 0 || bitsPerSample % 8 !== 0) {
    throw new Error(`pcmToWav: invalid bits per sample ${bitsPerSample}`);
  }
  const blockAlign = channels * (bitsPerSample / 8);
  // RIFF chunks are word-aligned: an odd data size gets one pad byte that the chunk size does not count.
  const pad = pcm.length % 2;
  const out = new Uint8Array(HEADER_BYTES + pcm.length + pad);
  const view = new DataView(out.buffer);
  writeAscii(out, 0, 'RIFF');
  view.setUint32(4, HEADER_BYTES - 8 + pcm.length + pad, true);
  writeAscii(out, 8, 'WAVE');
  writeAscii(out, 12, 'fmt ');
  view.setUint32(16, 16, true); // fmt chunk size for PCM
  view.setUint16(20, 1, true); // audio format 1 = integer PCM
  view.setUint16(22, channels, true);
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * blockAlign, true); // byte rate
  view.setUint16(32, blockAlign, true);
  view.setUint16(34, bitsPerSample, true);
  writeAscii(out, 36, 'data');
  view.setUint32(40, pcm.length, true);
  out.set(pcm, HEADER_BYTES);
  return out;
}

/** Reads the format and duration of a WAV file, walking its chunks (LIST/fact/etc. may precede data). */
export function parseWav(bytes: Uint8Array): WavInfo {
  if (bytes.length < 12 || readAscii(bytes, 0) !== 'RIFF' || readAscii(bytes, 8) !== 'WAVE') {
    throw new Error('Not a WAV file: it does not start with a RIFF/WAVE header');
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let fmt: { channels: number; sampleRate: number; blockAlign: number; bitsPerSample: number } | undefined;
  let dataBytes: number | undefined;

  for (let offset = 12; offset + 8 <= bytes.length;) {
    const id = readAscii(bytes, offset);
    const size = view.getUint32(offset + 4, true);
    const body = offset + 8;
    // Streamed writers leave 0 or 0xFFFFFFFF as the size; trust only the bytes that are there.
    const available = Math.min(size, bytes.length - body);
    if (id === 'fmt ') {
      if (available < 16) throw new Error('Invalid WAV file: the fmt chunk is truncated');
      fmt = {
        channels: view.getUint16(body + 2, true),
        sampleRate: view.getUint32(body + 4, true),
        blockAlign: view.getUint16(body + 12, true),
        bitsPerSample: view.getUint16(body + 14, true),
      };
    } else if (id === 'data') {
      dataBytes = size === 0 || size === 0xffffffff ? bytes.length - body : available;
      if (fmt) break;
    }
    offset = body + size + (size % 2); // odd-sized chunks are followed by a pad byte
  }

  if (!fmt) throw new Error('Invalid WAV file: no fmt chunk');
  if (dataBytes === undefined) throw new Error('Invalid WAV file: no data chunk');
  if (fmt.sampleRate === 0 || fmt.channels === 0) throw new Error('Invalid WAV file: zero sample rate or channel count');
  const blockAlign = fmt.blockAlign || (fmt.channels * fmt.bitsPerSample) / 8;
  return {
    sampleRate: fmt.sampleRate,
    channels: fmt.channels,
    bitsPerSample: fmt.bitsPerSample,
    dataBytes,
    durationSeconds: blockAlign > 0 ? dataBytes / (blockAlign * fmt.sampleRate) : 0,
  };
}

function writeAscii(out: Uint8Array, offset: number, text: string): void {
  for (let i = 0; i < text.length; i++) out[offset + i] = text.charCodeAt(i);
}

function readAscii(bytes: Uint8Array, offset: number): string {
  return String.fromCharCode(bytes[offset], bytes[offset + 1], bytes[offset + 2], bytes[offset + 3]);
}
