// Which source second is sounding now. The player schedules blocks on the audio clock; at a speed
// other than 1 a block of output carries more (or less) source audio than its own length, so the
// played position is kept in SOURCE seconds, block by block, whatever the speed.

/** One scheduled block: where it plays on the audio clock, and the source audio it carries. */
export interface TimelineBlock {
  /** Audio-clock start and length, in seconds. */
  at: number;
  duration: number;
  /** Source seconds it begins and ends at. */
  sourceStart: number;
  sourceEnd: number;
}

export class PlaybackTimeline {
  /** Scheduled blocks not yet over, in clock order. */
  private blocks: TimelineBlock[] = [];
  /** Source seconds of the blocks already over. */
  private heard = 0;

  add(block: TimelineBlock): void {
    this.blocks.push(block);
  }

  /**
   * The source second sounding at clock time `now` (which only moves forward): interpolated within
   * the block that plays, held at the last block's end in a gap. Forgets the blocks that are over.
   */
  sourceAt(now: number): number {
    while (this.blocks.length > 0 && this.blocks[0].at + this.blocks[0].duration <= now) this.heard = this.blocks.shift()!.sourceEnd;
    const playing = this.blocks[0];
    if (!playing || now <= playing.at) return this.heard;
    const fraction = (now - playing.at) / playing.duration;
    return playing.sourceStart + fraction * (playing.sourceEnd - playing.sourceStart);
  }

  /**
   * Takes back the blocks that start at or after `from` (a speed change reschedules them); returns the
   * first one taken, whose clock start and source start are where the new blocks begin.
   */
  cancelFrom(from: number): TimelineBlock | undefined {
    const index = this.blocks.findIndex((b) => b.at >= from);
    if (index < 0) return undefined;
    return this.blocks.splice(index)[0];
  }

  clear(): void {
    this.blocks = [];
    this.heard = 0;
  }
}
