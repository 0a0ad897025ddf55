// Pitch-preserving speed for read aloud: SoundTouch's WSOLA time-stretch stage (@soundtouchjs/core,
// MPL-2.0) over mono speech. Only its Stretch stage is used: changing the tempo alone needs no rate
// transposer. The library works on interleaved stereo, so mono goes in as two equal channels.
import type { Stretch } from '@soundtouchjs/core';

/**
 * Windows sized for speech, as SoundTouch's own guidance suggests (shorter than its music defaults):
 * one window of output at the old tempo is all a speed change has to wait for.
 */
const SPEECH_WINDOWS = { sequenceMs: 40, seekWindowMs: 15, overlapMs: 8 };

export class TempoStretcher {
  private readonly stretch: Stretch;
  private scratch = new Float32Array(0);

  /** `StretchClass` is the library's `Stretch`, passed in: the unit test loads the ESM-only package itself. */
  constructor(sampleRate: number, StretchClass: typeof Stretch) {
    this.stretch = new StretchClass({ sampleRate, createBuffers: true });
    this.stretch.setStretchParameters(SPEECH_WINDOWS);
  }

  /** Output seconds per input second is 1 / tempo: 2 plays twice as fast. */
  set tempo(tempo: number) {
    this.stretch.tempo = tempo;
  }

  /** Input frames it needs before the next window of output. */
  get inputWanted(): number {
    return Math.max(1, this.stretch.inputChunkSize - (this.stretch.inputBuffer?.frameCount ?? 0));
  }

  /** Stretched frames ready to take. */
  get outputFrames(): number {
    return this.stretch.outputBuffer?.frameCount ?? 0;
  }

  /** Feeds mono frames and stretches every whole window they complete. */
  put(samples: Float32Array): void {
    const stereo = this.room(samples.length * 2);
    for (let i = 0; i < samples.length; i++) stereo[2 * i] = stereo[2 * i + 1] = samples[i];
    this.stretch.inputBuffer!.putSamples(stereo, 0, samples.length);
    this.stretch.process();
  }

  /** Up to `max` stretched mono frames. */
  take(max: number): Float32Array<ArrayBuffer> {
    const count = Math.min(Math.floor(max), this.outputFrames);
    const stereo = this.room(count * 2);
    this.stretch.outputBuffer!.extract(stereo, 0, count);
    this.stretch.outputBuffer!.receive(count);
    const mono = new Float32Array(count);
    for (let i = 0; i < count; i++) mono[i] = stereo[2 * i];
    return mono;
  }

  /** Drops what it holds (input not yet stretched, output not yet taken): the player reads that source again. */
  clear(): void {
    this.stretch.clear();
  }

  private room(length: number): Float32Array {
    if (this.scratch.length < length) this.scratch = new Float32Array(length);
    return this.scratch;
  }
}
