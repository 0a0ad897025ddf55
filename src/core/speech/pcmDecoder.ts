// Streamed speech arrives as base64 pieces of 16-bit little-endian PCM in `delta.audio` (docs/contracts.md#a-speech-audio).
// A piece can end in the middle of a sample (the simulator sends odd byte counts, as a real encoder
// cutting at byte boundaries would), and a base64 string could end mid-quantum, so both carry over
// to the next piece. Pure code with no Node APIs: the webview player and the host's WAV writer share it.

export class Pcm16StreamDecoder {
  /** Base64 characters of an incomplete 4-character quantum. */
  private chars = '';
  /** The first byte of a sample whose second byte is in the next piece. */
  private oddByte: number | undefined;

  /** Decodes one piece; returns the whole samples it completes (even length, little-endian). */
  push(base64: string): Uint8Array {
    let text = this.chars + base64.replace(/\s+/g, '');
    // A padded piece is complete in itself; an unpadded one may stop mid-quantum.
    const usable = text.includes('=') ? text.length : text.length - (text.length % 4);
    this.chars = text.slice(usable);
    text = text.slice(0, usable);
    const decoded = decodeBase64(text);
    const carried = this.oddByte === undefined ? 0 : 1;
    const total = carried + decoded.length;
    const out = new Uint8Array(total - (total % 2));
    if (carried && out.length > 0) out[0] = this.oddByte as number;
    out.set(decoded.subarray(0, out.length - carried), carried);
    if (total % 2 === 1) {
      this.oddByte = total === 1 && carried ? this.oddByte : decoded[decoded.length - 1];
    } else {
      this.oddByte = undefined;
    }
    return out;
  }

  /** Ends the stream: a half sample (or a stray base64 character) cannot be played, so it is dropped. */
  end(): { droppedBytes: number } {
    const droppedBytes = (this.oddByte === undefined ? 0 : 1) + Math.floor((this.chars.length * 3) / 4);
    this.chars = '';
    this.oddByte = undefined;
    return { droppedBytes };
  }
}

/** 16-bit little-endian PCM as Web Audio's float samples in [-1, 1). */
export function pcm16ToFloat32(bytes: Uint8Array): Float32Array<ArrayBuffer> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const out = new Float32Array(bytes.byteLength >> 1);
  for (let i = 0; i < out.length; i++) out[i] = view.getInt16(i * 2, true) / 32768;
  return out;
}

function decodeBase64(text: string): Uint8Array {
  if (text === '') return new Uint8Array(0);
  let binary: string;
  try {
    binary = atob(text);
  } catch {
    throw new Error('The speech stream sent audio that is not valid base64');
  }
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
