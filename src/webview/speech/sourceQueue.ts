// The decoded source audio of one reading, in arrival order, read block by block by the player. It
// keeps what was read until it has been heard, because a speed change cancels the blocks scheduled
// ahead of the clock and reads their source again at the new tempo (no new request to the service).

/** Mono samples addressed by absolute frame index (0 = the reading's first sample). */
export class SourceQueue {
  private chunks: Float32Array[] = [];
  /** Absolute index of chunks[0][0]. */
  private firstFrame = 0;
  private endFrame = 0;
  private cursor = 0;

  push(samples: Float32Array): void {
    if (samples.length === 0) return;
    this.chunks.push(samples);
    this.endFrame += samples.length;
  }

  /** Frames given so far. */
  get totalFrames(): number {
    return this.endFrame;
  }

  /** Where the next read starts. */
  get readFrame(): number {
    return this.cursor;
  }

  /** Frames given and not read yet. */
  get available(): number {
    return this.endFrame - this.cursor;
  }

  /** Up to `max` frames from the cursor (fewer when fewer have come), and moves the cursor past them. */
  read(max: number): Float32Array<ArrayBuffer> {
    const count = Math.max(0, Math.min(Math.floor(max), this.available));
    const out = new Float32Array(count);
    let written = 0;
    let chunkStart = this.firstFrame;
    for (const chunk of this.chunks) {
      if (written === count) break;
      const chunkEnd = chunkStart + chunk.length;
      if (chunkEnd > this.cursor) {
        const from = this.cursor + written - chunkStart;
        const take = Math.min(chunk.length - from, count - written);
        out.set(chunk.subarray(from, from + take), written);
        written += take;
      }
      chunkStart = chunkEnd;
    }
    this.cursor += count;
    return out;
  }

  /** Reads again from `frame`: only frames still kept (not forgotten) and already read can be read again. */
  rewind(frame: number): void {
    this.cursor = Math.max(this.firstFrame, Math.min(this.cursor, Math.floor(frame)));
  }

  /** Frees whole chunks that end at or before `frame` (already heard); never what the cursor has not passed. */
  forget(frame: number): void {
    const limit = Math.min(frame, this.cursor);
    while (this.chunks.length > 0 && this.firstFrame + this.chunks[0].length <= limit) {
      this.firstFrame += this.chunks[0].length;
      this.chunks.shift();
    }
  }
}
