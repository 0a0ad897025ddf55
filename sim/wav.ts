// RIFF/WAVE encode and parse. The simulator speaks 16-bit mono PCM at 24 kHz, and parses uploaded
// samples (voice clone, input_audio) only far enough to know their duration and rough pitch.

export const SAMPLE_RATE = 24_000;

export interface WavInfo {
  audioFormat: number;
  channels: number;
  sampleRate: number;
  bitsPerSample: number;
  byteRate: number;
  dataOffset: number;
  dataBytes: number;
  durationS: number;
}

/** Wraps 16-bit little-endian mono PCM in a 44-byte canonical WAV header. */
export function pcmToWav(pcm: Buffer, sampleRate = SAMPLE_RATE): Buffer {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + pcm.length, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(pcm.length, 40);
  return Buffer.concat([header, pcm]);
}

/** Parses the chunk list of a WAV file; undefined when it is not one. */
export function parseWav(buf: Buffer): WavInfo | undefined {
  if (buf.length < 12 || buf.toString('ascii', 0, 4) !== 'RIFF' || buf.toString('ascii', 8, 12) !== 'WAVE') return undefined;
  let offset = 12;
  let fmt: Omit<WavInfo, 'dataOffset' | 'dataBytes' | 'durationS'> | undefined;
  while (offset + 8 <= buf.length) {
    const id = buf.toString('ascii', offset, offset + 4);
    const size = buf.readUInt32LE(offset + 4);
    const body = offset + 8;
    if (id === 'fmt ' && body + 16 <= buf.length) {
      fmt = {
        audioFormat: buf.readUInt16LE(body),
        channels: buf.readUInt16LE(body + 2),
        sampleRate: buf.readUInt32LE(body + 4),
        byteRate: buf.readUInt32LE(body + 8),
        bitsPerSample: buf.readUInt16LE(body + 14),
      };
    } else if (id === 'data') {
      if (!fmt || fmt.byteRate === 0) return undefined;
      // Streaming writers put 0 or 0xFFFFFFFF here; trust the bytes actually present.
      const dataBytes = Math.min(size, buf.length - body);
      return { ...fmt, dataOffset: body, dataBytes, durationS: dataBytes / fmt.byteRate };
    }
    offset = body + size + (size % 2);
  }
  return undefined;
}

/** Strips an optional `data:audio/...;base64,` prefix and decodes; undefined when not base64. */
export function decodeBase64Audio(value: string): Buffer | undefined {
  const match = /^data:audio\/[\w.+-]+;base64,/i.exec(value);
  const b64 = (match ? value.slice(match[0].length) : value).replace(/\s+/g, '');
  if (b64.length === 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(b64)) return undefined;
  return Buffer.from(b64, 'base64');
}

/** Rough pitch of 16-bit PCM from its zero-crossing rate, used to make a cloned voice resemble its sample. */
export function estimatePitchHz(buf: Buffer, info: WavInfo): number | undefined {
  if (info.audioFormat !== 1 || info.bitsPerSample !== 16) return undefined;
  const frame = 2 * info.channels;
  const count = Math.floor(info.dataBytes / frame);
  let crossings = 0;
  let prev = 0;
  for (let i = 0; i < count; i++) {
    const s = buf.readInt16LE(info.dataOffset + i * frame);
    if (s >= 0 !== prev >= 0) crossings++;
    prev = s;
  }
  if (count === 0) return undefined;
  const hz = (crossings / 2) * (info.sampleRate / count);
  return hz > 0 ? Math.min(300, Math.max(80, hz)) : undefined;
}
