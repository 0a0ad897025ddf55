import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseWav, pcmToWav } from '../../../../src/core/speech/wav';
import { requireSox } from '../../../soxAvailable';

/** A 16-bit sine tone, little-endian, interleaved across channels. */
function tone(seconds: number, sampleRate: number, channels = 1): Uint8Array {
  const frames = Math.round(seconds * sampleRate);
  const out = new Uint8Array(frames * channels * 2);
  const view = new DataView(out.buffer);
  for (let f = 0; f < frames; f++) {
    const v = Math.round(8000 * Math.sin((2 * Math.PI * 440 * f) / sampleRate));
    for (let c = 0; c < channels; c++) view.setInt16((f * channels + c) * 2, v, true);
  }
  return out;
}

function ascii(s: string): number[] {
  return [...s].map((c) => c.charCodeAt(0));
}

function u32(n: number): number[] {
  return [n & 0xff, (n >>> 8) & 0xff, (n >>> 16) & 0xff, (n >>> 24) & 0xff];
}

describe('wav', () => {
  it('pcmToWav writes the canonical 44-byte header', () => {
    const pcm = new Uint8Array([1, 2, 3, 4]);
    const wav = pcmToWav(pcm, 24000);
    assert.equal(wav.length, 48);
    const v = new DataView(wav.buffer);
    assert.equal(String.fromCharCode(...wav.subarray(0, 4)), 'RIFF');
    assert.equal(v.getUint32(4, true), 40);
    assert.equal(String.fromCharCode(...wav.subarray(8, 16)), 'WAVEfmt ');
    assert.equal(v.getUint32(16, true), 16);
    assert.equal(v.getUint16(20, true), 1);
    assert.equal(v.getUint16(22, true), 1);
    assert.equal(v.getUint32(24, true), 24000);
    assert.equal(v.getUint32(28, true), 48000);
    assert.equal(v.getUint16(32, true), 2);
    assert.equal(v.getUint16(34, true), 16);
    assert.equal(String.fromCharCode(...wav.subarray(36, 40)), 'data');
    assert.equal(v.getUint32(40, true), 4);
    assert.deepEqual([...wav.subarray(44)], [1, 2, 3, 4]);
  });

  it('pcmToWav + parseWav round trip (mono and stereo)', () => {
    const mono = parseWav(pcmToWav(tone(1.5, 24000), 24000));
    assert.deepEqual(mono, { sampleRate: 24000, channels: 1, bitsPerSample: 16, dataBytes: 72000, durationSeconds: 1.5 });
    const stereo = parseWav(pcmToWav(tone(0.25, 44100, 2), 44100, 2));
    assert.equal(stereo.channels, 2);
    assert.equal(stereo.sampleRate, 44100);
    assert.equal(stereo.durationSeconds, 0.25);
  });

  it('odd-sized PCM gets a pad byte that the data size does not count', () => {
    const wav = pcmToWav(new Uint8Array(3), 8000, 1, 8);
    assert.equal(wav.length, 48);
    assert.equal(new DataView(wav.buffer).getUint32(4, true), 40);
    assert.equal(parseWav(wav).dataBytes, 3);
  });

  it('parseWav walks past a LIST chunk (odd size, padded) and a fact chunk before data', () => {
    const info = ascii('INFOISFT').concat(u32(5), ascii('Lavf'), [0]); // 17 bytes: odd → pad byte follows
    const pcm = tone(0.5, 16000);
    const bytes = new Uint8Array([
      ...ascii('RIFF'),
      ...u32(0),
      ...ascii('WAVE'),
      ...ascii('fmt '),
      ...u32(16),
      1,
      0,
      1,
      0,
      ...u32(16000),
      ...u32(32000),
      2,
      0,
      16,
      0,
      ...ascii('LIST'),
      ...u32(info.length),
      ...info,
      0,
      ...ascii('fact'),
      ...u32(4),
      ...u32(8000),
      ...ascii('data'),
      ...u32(pcm.length),
      ...pcm,
    ]);
    new DataView(bytes.buffer).setUint32(4, bytes.length - 8, true);
    assert.deepEqual(parseWav(bytes), { sampleRate: 16000, channels: 1, bitsPerSample: 16, dataBytes: 16000, durationSeconds: 0.5 });
  });

  it('parseWav trusts only the bytes present when a streamed file left the size unset', () => {
    const wav = pcmToWav(tone(1, 8000), 8000);
    new DataView(wav.buffer).setUint32(40, 0xffffffff, true);
    assert.equal(parseWav(wav).durationSeconds, 1);
    assert.equal(parseWav(wav.subarray(0, 44 + 8000)).durationSeconds, 0.5);
  });

  it('parseWav rejects non-WAV input with a clear error', () => {
    assert.throws(() => parseWav(new Uint8Array([0x49, 0x44, 0x33, 4, 0, 0, 0, 0, 0, 0, 0, 0])), /Not a WAV file/);
    assert.throws(() => parseWav(new Uint8Array(4)), /Not a WAV file/);
    const noData = pcmToWav(new Uint8Array(0), 8000).subarray(0, 36);
    assert.throws(() => parseWav(noData), /no data chunk/);
    const noFmt = new Uint8Array([...ascii('RIFF'), ...u32(12), ...ascii('WAVE'), ...ascii('data'), ...u32(0)]);
    assert.throws(() => parseWav(noFmt), /no fmt chunk/);
  });

  it('sox reads the file we write with the right rate and duration', function () {
    // The pure-TS round trip above still covers the header when sox is missing.
    requireSox(this);
    const dir = mkdtempSync(join(tmpdir(), 'tandem-wav-'));
    try {
      const file = join(dir, 'tone.wav');
      writeFileSync(file, pcmToWav(tone(2.5, 24000), 24000));
      assert.equal(execFileSync('sox', ['--i', '-r', file], { encoding: 'utf8' }).trim(), '24000');
      assert.equal(Number(execFileSync('sox', ['--i', '-D', file], { encoding: 'utf8' }).trim()), 2.5);
      assert.equal(execFileSync('sox', ['--i', '-c', file], { encoding: 'utf8' }).trim(), '1');
      assert.equal(execFileSync('sox', ['--i', '-b', file], { encoding: 'utf8' }).trim(), '16');

      // The other direction: a sox-written float WAV has an 18-byte fmt chunk and a fact chunk before data.
      const float = join(dir, 'float.wav');
      execFileSync('sox', ['-n', '-r', '22050', '-c', '2', '-e', 'floating-point', '-b', '32', float, 'synth', '3.2', 'sine', '440']);
      const info = parseWav(readFileSync(float));
      assert.deepEqual([info.sampleRate, info.channels, info.bitsPerSample], [22050, 2, 32]);
      assert.ok(Math.abs(info.durationSeconds - 3.2) < 1e-6, `duration ${info.durationSeconds}`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
