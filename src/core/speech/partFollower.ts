// Which part of a reading is being heard, kept up to date between the player's reports. The player
// reports its position four times a second; between reports a timer predicts the next boundary from
// the last report and the playback speed, so the part changes when it is heard rather than up to
// 250 ms later. Follow along (vscode/speech/followAlong.ts) highlights the part this names.
import { msToNextPart, partAt } from './partTiming';

/** Time for the follower: injected so tests drive it. */
export interface FollowerClock {
  /** Milliseconds, monotonic. */
  now(): number;
  setTimer(callback: () => void, ms: number): unknown;
  clearTimer(handle: unknown): void;
}

/**
 * A report older than this that still says the previous part is believed over the timer's prediction:
 * the player fell behind (an underrun, or a busy webview) rather than the report being a beat late.
 */
const PREDICTION_SLACK_S = 0.3;
/**
 * The timer only bridges the gap to the player's next report (every 250 ms): a boundary further off
 * waits for a later report, so a player whose clock runs slow (a starved audio thread) is never
 * overtaken by more than a fraction of this.
 */
const MAX_PREDICTION_MS = 400;
const BOUNDARY_SLACK_S = 0.001;

/** Where the reading is: seconds of source audio played, and when (clock ms) that held. */
interface Position {
  played: number;
  at: number;
  paused: boolean;
}

export class PartFollower {
  private starts: readonly number[] = [];
  private index = -1;
  private position: Position | undefined;
  private timer: unknown;

  constructor(
    private readonly onPart: (index: number) => void,
    private readonly clock: FollowerClock,
    /** Seconds of source audio per second of playback (tandem.speech.speed). */
    private readonly speed: () => number,
  ) {}

  /** A new reading; `partStarts` (seconds of source audio) grows as the session begins parts. */
  begin(partStarts: readonly number[]): void {
    this.end();
    this.starts = partStarts;
  }

  /** The player's position: `played` seconds of source audio, true at `at` (clock ms). */
  progress(played: number, paused: boolean, at = this.clock.now()): void {
    this.position = { played, at, paused };
    const heard = partAt(this.starts, played);
    // A timer may have moved on a moment before this report caught up: keep its part unless the
    // report is clearly behind it.
    const behind = heard < this.index && this.starts[this.index] - played > PREDICTION_SLACK_S;
    if (heard > this.index || behind) this.move(heard);
    this.schedule();
  }

  /** Paused or resumed by the host: the timer stops (or restarts) at once, not at the next report. */
  hold(paused: boolean): void {
    const position = this.position;
    if (!position || position.paused === paused) return;
    const now = this.clock.now();
    const played = paused ? position.played + ((now - position.at) / 1000) * this.speed() : position.played;
    this.position = { played, at: now, paused };
    this.schedule();
  }

  /** The reading is over: no part, no timer. */
  end(): void {
    this.cancel();
    this.starts = [];
    this.index = -1;
    this.position = undefined;
  }

  /** The part heard now (-1: none yet). */
  get current(): number {
    return this.index;
  }

  private move(index: number): void {
    if (index === this.index || index < 0) return;
    this.index = index;
    this.onPart(index);
  }

  private cancel(): void {
    if (this.timer !== undefined) this.clock.clearTimer(this.timer);
    this.timer = undefined;
  }

  /** Arms a timer for the next boundary, extrapolating the last report at the current speed. */
  private schedule(): void {
    this.cancel();
    const position = this.position;
    if (!position || position.paused) return;
    const speed = this.speed();
    const ahead = msToNextPart(this.starts, this.index, position.played, speed);
    if (ahead === undefined || ahead > MAX_PREDICTION_MS) return;
    const wait = Math.max(0, ahead - (this.clock.now() - position.at));
    this.timer = this.clock.setTimer(() => {
      this.timer = undefined;
      if (!this.position) return;
      // The timer is due at the boundary: a millisecond of slack keeps rounding from landing just short of it.
      const played = this.position.played + ((this.clock.now() - this.position.at) / 1000) * speed + BOUNDARY_SLACK_S;
      const heard = partAt(this.starts, played);
      if (heard > this.index) this.move(heard);
      this.schedule();
    }, wait);
  }
}
