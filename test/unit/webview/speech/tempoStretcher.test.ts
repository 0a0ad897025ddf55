// The pitch-preserving stretch over real SoundTouch: speed changes the length, not the pitch.
import assert from 'node:assert/strict';
import { TempoStretcher } from '../../../../src/webview/speech/tempoStretcher';

const RATE = 24000;

/** `seconds` of a 220 Hz tone. */
function tone(seconds: number): Float32Array {
  const samples = new Float32Array(Math.round(seconds * RATE));
  for (let i = 0; i < samples.length; i++) samples[i] = 0.5 * Math.sin((2 * Math.PI * 220 * i) / RATE);
  return samples;
}

/** Rising zero crossings per second: the tone's frequency. */
function frequency(samples: Float32Array): number {
  let crossings = 0;
  for (let i = 1; i < samples.length; i++) if (samples[i - 1] < 0 && samples[i] >= 0) crossings++;
  return crossings / (samples.length / RATE);
}

/** Streams `input` through at `tempo` in 40 ms pieces, as the player does; returns all the output. */
async function stretched(input: Float32Array, tempo: number): Promise<Float32Array> {
  // The package is ESM only; mocha runs these tests as CommonJS, so it is loaded the ESM way.
  const { Stretch } = await import('@soundtouchjs/core');
  const stretcher = new TempoStretcher(RATE, Stretch);
  stretcher.tempo = tempo;
  const pieces: Float32Array[] = [];
  for (let i = 0; i < input.length; i += 960) {
    stretcher.put(input.subarray(i, i + 960));
    pieces.push(stretcher.take(Number.MAX_SAFE_INTEGER));
  }
  const out = new Float32Array(pieces.reduce((n, p) => n + p.length, 0));
  pieces.reduce((at, p) => (out.set(p, at), at + p.length), 0);
  return out;
}

describe('TempoStretcher (SoundTouch WSOLA)', () => {
  for (const tempo of [2, 1.5, 0.5]) {
    it(`at ${tempo}× the output lasts 1/${tempo} of the input and keeps its 220 Hz pitch`, async () => {
      const out = await stretched(tone(3), tempo);
      const expected = (3 * RATE) / tempo;
      // Less the input still held for the next window (a few tens of ms), never more.
      assert.ok(out.length <= expected && out.length > expected - 0.15 * RATE, `${out.length} frames for ${expected}`);
      assert.ok(Math.abs(frequency(out) - 220) < 5, `pitch ${frequency(out)} Hz`);
    });
  }

  it('clear() drops what it holds, and the tempo can change between windows', async () => {
    const { Stretch } = await import('@soundtouchjs/core');
    const stretcher = new TempoStretcher(RATE, Stretch);
    stretcher.tempo = 2;
    stretcher.put(tone(0.5));
    assert.ok(stretcher.outputFrames > 0);
    stretcher.clear();
    assert.equal(stretcher.outputFrames, 0);
    stretcher.tempo = 0.5;
    stretcher.put(tone(0.5));
    const out = stretcher.take(Number.MAX_SAFE_INTEGER);
    assert.ok(out.length > 0.8 * RATE && out.length <= RATE, `${out.length} frames from 0.5 s at half speed`);
  });
});
