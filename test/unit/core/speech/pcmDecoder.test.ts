import assert from 'node:assert/strict';
import { Pcm16StreamDecoder, pcm16ToFloat32 } from '../../../../src/core/speech/pcmDecoder';

/** n samples of a ramp, as little-endian bytes. */
function ramp(n: number): Uint8Array {
  const bytes = new Uint8Array(n * 2);
  const view = new DataView(bytes.buffer);
  for (let i = 0; i < n; i++) view.setInt16(i * 2, ((i * 37) % 65536) - 32768, true);
  return bytes;
}

const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');

function concat(pieces: Uint8Array[]): Uint8Array {
  return new Uint8Array(Buffer.concat(pieces));
}

describe('Pcm16StreamDecoder', () => {
  it('decodes pieces with odd byte counts into whole samples, carrying the half sample over', () => {
    const pcm = ramp(1000);
    // Cut points like the simulator's: ~100 ms chunks that differ by one byte.
    const sizes = [301, 299, 300, 301, 299, 500];
    const decoder = new Pcm16StreamDecoder();
    const out: Uint8Array[] = [];
    let offset = 0;
    for (const size of sizes) {
      const piece = decoder.push(b64(pcm.subarray(offset, offset + size)));
      assert.equal(piece.length % 2, 0, 'only whole samples come out');
      out.push(piece);
      offset += size;
    }
    assert.equal(offset, pcm.length);
    assert.deepEqual(decoder.end(), { droppedBytes: 0 });
    assert.deepEqual(concat(out), pcm);
  });

  it('handles one-byte pieces and base64 split mid-quantum', () => {
    const pcm = ramp(50);
    const decoder = new Pcm16StreamDecoder();
    const out: Uint8Array[] = [];
    for (let i = 0; i < 10; i++) out.push(decoder.push(b64(pcm.subarray(i, i + 1))));
    // The rest as one unpadded base64 string cut at arbitrary character positions.
    const rest = b64(pcm.subarray(10, 99));
    const cutAt = [5, 11, 13, 50, rest.length];
    let from = 0;
    for (const to of cutAt) {
      out.push(decoder.push(rest.slice(from, to)));
      from = to;
    }
    out.push(decoder.push(b64(pcm.subarray(99))));
    assert.deepEqual(decoder.end(), { droppedBytes: 0 });
    assert.deepEqual(concat(out), pcm);
  });

  it('drops a half sample left at the end of a stream and says so', () => {
    const decoder = new Pcm16StreamDecoder();
    assert.equal(decoder.push(b64(new Uint8Array([1, 2, 3]))).length, 2);
    assert.deepEqual(decoder.end(), { droppedBytes: 1 });
    // A fresh stream after end(): the stray byte does not pair with the next stream's first byte.
    assert.deepEqual([...decoder.push(b64(new Uint8Array([9, 8])))], [9, 8]);
  });

  it('rejects text that is not base64 with a clear error', () => {
    assert.throws(() => new Pcm16StreamDecoder().push('not*base64!'), /not valid base64/);
  });

  it('converts samples to floats in [-1, 1)', () => {
    const bytes = new Uint8Array(6);
    const view = new DataView(bytes.buffer);
    view.setInt16(0, -32768, true);
    view.setInt16(2, 0, true);
    view.setInt16(4, 16384, true);
    assert.deepEqual([...pcm16ToFloat32(bytes)], [-1, 0, 0.5]);
  });
});
