// Plays streamed pcm16 with Web Audio, at any speed with the pitch kept. Decoded audio waits in a
// source queue; a pull loop cuts it into short blocks (time-stretched by SoundTouch when the speed is
// not 1) and schedules each exactly where the previous one ends, so blocks join without gaps or
// clicks, but only a short horizon ahead of the clock: a speed change reschedules what has not started
// yet from the source it kept, and is heard within a block or two, without a new request. The
// AudioContext runs at the stream's own rate, so no resampling happens in between. The first block
// is scheduled the moment the first piece arrives; nothing waits for a whole sentence.
import { Stretch } from '@soundtouchjs/core';
import { Pcm16StreamDecoder, pcm16ToFloat32 } from '../../core/speech/pcmDecoder';
import { PlaybackTimeline, type TimelineBlock } from './playbackTimeline';
import { SourceQueue } from './sourceQueue';
import { TempoStretcher } from './tempoStretcher';

/** Scheduling a little ahead of `currentTime` keeps the first samples from starting in the past. */
const LEAD_S = 0.02;
/**
 * After an underrun (the queue ran dry before the next piece arrived: a stream no faster than real
 * time, with jitter), play resumes this far ahead, so the next pieces have a cushion and one hiccup
 * does not become a stutter. The first block keeps the short lead: the first sound comes fast.
 */
const REBUFFER_S = 0.15;
/**
 * How far ahead of the clock blocks are scheduled. A speed change takes back every block not yet
 * started, so this does not delay it; it only has to be short enough to keep little to take back,
 * and long enough that a busy main thread, a hidden view's late timers or the clock's jump while the
 * context starts do not starve the audio (at 120 ms all three caused gaps in a real VS Code).
 */
const HORIZON_S = 0.25;
/** A block starting sooner than this is left to play: stop() might reach the audio thread after it began (a click). */
const CANCEL_MARGIN_S = 0.03;
/** Length of one scheduled block: what a speed change may still have to play at the old speed. */
const BLOCK_S = 0.04;
/** The pull loop's period; each block's end also pulls. */
const PUMP_MS = 20;
/** Long enough for the audio thread to start a context that is allowed to play. */
const RESUME_WAIT_MS = 500;

export interface PlayerEvents {
  /** The first samples are scheduled (epoch ms) and will sound `startsInMs` later. */
  playing(scheduledAt: number, startsInMs: number): void;
  /** Everything given has played after `end()`, or the player was stopped. */
  ended(playedSeconds: number, scheduledSeconds: number): void;
  /** Audio is blocked until the user clicks (autoplay policy); `resume()` from a click unblocks it. */
  blocked(): void;
  /** After `setSpeed`, the first samples at the new speed sound `audibleInMs` after the change (audio clock). */
  speedApplied(audibleInMs: number): void;
}

interface Scheduled {
  node: AudioBufferSourceNode;
  block: TimelineBlock;
}

export class SpeechPlayer {
  private context: AudioContext | undefined;
  private decoder = new Pcm16StreamDecoder();
  private part = 0;
  private source = new SourceQueue();
  private stretcher: TempoStretcher | undefined;
  private readonly timeline = new PlaybackTimeline();
  private readonly scheduledBlocks = new Set<Scheduled>();
  private nextStart = 0;
  /** The source frame the audio scheduled so far reaches (fractional while stretching). */
  private sourceFrame = 0;
  private speed = 1;
  /** Clock time of a speed change whose first new block is not scheduled yet. */
  private speedChangedAt: number | undefined;
  /** The stream ended inside the stretcher's window: the last few ms play unstretched rather than be lost. */
  private draining = false;
  private started = false;
  /** Underruns so far: each one is a gap the listener heard. */
  private gapCount = 0;
  private ending = false;
  private active = false;
  private pumpTimer: ReturnType<typeof setInterval> | undefined;

  constructor(private readonly events: PlayerEvents) {}

  /** Opens (or reuses) an AudioContext at the stream's rate; called before the first chunk arrives. */
  start(sampleRate: number, speed = 1): void {
    this.reset();
    this.active = true;
    this.speed = speed;
    if (this.context && this.context.sampleRate !== sampleRate) {
      void this.context.close();
      this.context = undefined;
      this.stretcher = undefined;
    }
    this.context ??= new AudioContext({ sampleRate, latencyHint: 'interactive' });
    this.stretcher ??= new TempoStretcher(sampleRate, Stretch);
    this.stretcher.tempo = speed;
    this.pumpTimer = setInterval(() => this.pump(), PUMP_MS);
    void this.ensureRunning(this.context);
  }

  push(part: number, base64: string): void {
    if (!this.active || !this.context) return;
    if (part !== this.part) {
      // A half sample at the end of one part's stream must not pair with the next part's first byte.
      this.decoder.end();
      this.part = part;
    }
    const bytes = this.decoder.push(base64);
    if (bytes.length === 0) return;
    this.source.push(pcm16ToFloat32(bytes));
    this.pump();
  }

  /**
   * Plays at `speed` from the next block on: the blocks scheduled ahead are taken back and their source
   * is read again at the new tempo. Works before the first chunk, while paused, and between readings.
   */
  setSpeed(speed: number): void {
    if (speed === this.speed) return;
    this.speed = speed;
    const context = this.context;
    if (!this.active || !context || !this.stretcher) return;
    this.stretcher.tempo = speed;
    if (!this.started) return;
    const taken = this.timeline.cancelFrom(context.currentTime + CANCEL_MARGIN_S);
    if (taken) {
      for (const s of [...this.scheduledBlocks]) {
        if (s.block.at < taken.at) continue;
        s.node.onended = null;
        s.node.stop();
        s.node.disconnect();
        this.scheduledBlocks.delete(s);
      }
      this.nextStart = taken.at;
      this.sourceFrame = taken.sourceStart * context.sampleRate;
    }
    // What the stretcher held was read from the queue but not heard: read it again, at the new tempo.
    this.source.rewind(this.sourceFrame);
    this.stretcher.clear();
    this.draining = false;
    this.speedChangedAt = context.currentTime;
    this.pump();
  }

  /** No more audio will come: report `ended` once what is scheduled has played. */
  end(): void {
    if (!this.active) return;
    this.ending = true;
    this.pump();
  }

  /** Silences at once. */
  stop(): void {
    if (!this.active) return;
    const played = this.playedSeconds;
    const scheduled = this.scheduledSeconds;
    this.reset();
    this.events.ended(played, scheduled);
  }

  /** Holds the audio clock: scheduled buffers wait, and so does the host (no room frees up ahead). */
  pause(): void {
    void this.context?.suspend();
  }

  /** Called from a click: after pause(), or when audio was blocked. */
  resume(): void {
    void this.context?.resume();
  }

  get isActive(): boolean {
    return this.active;
  }

  get gaps(): number {
    return this.gapCount;
  }

  /** Blocks scheduled and not yet played: 0 means silence. */
  get pendingBuffers(): number {
    return this.scheduledBlocks.size;
  }

  /** The audio clock (seconds): it stands still while paused, so tests and the benchmark time playback by it. */
  get clock(): number {
    return this.context?.currentTime ?? 0;
  }

  /** Source audio given so far, in seconds (what the stream delivered, whatever the speed). */
  get scheduledSeconds(): number {
    return this.context ? this.source.totalFrames / this.context.sampleRate : 0;
  }

  /** Source seconds already heard, whatever the speed they were played at. */
  get playedSeconds(): number {
    if (!this.context || !this.started) return 0;
    return Math.min(this.scheduledSeconds, this.timeline.sourceAt(this.context.currentTime));
  }

  /** Schedules blocks until the horizon is full or the queue is dry; finishes a reading that is over. */
  private pump(): void {
    const context = this.context;
    if (!this.active || !context) return;
    while (!this.started || this.nextStart - context.currentTime < HORIZON_S) {
      const block = this.nextBlock(context.sampleRate);
      if (!block) break;
      this.schedule(context, block.samples, block.sourceStart);
    }
    // What is already heard need not be kept for a speed change.
    this.source.forget(Math.floor(this.playedSeconds * context.sampleRate));
    if (this.ending && this.scheduledBlocks.size === 0 && this.source.available === 0 && !this.stretcher?.outputFrames) this.finish();
  }

  /** The next block of output and the source frame it starts at, or undefined when none is ready. */
  private nextBlock(rate: number): { samples: Float32Array<ArrayBuffer>; sourceStart: number } | undefined {
    const frames = Math.round(BLOCK_S * rate);
    const sourceStart = this.sourceFrame;
    const stretcher = this.stretcher!;
    if (this.speed === 1 || this.draining) {
      // At 1× the source plays as it came: exact, and no stretcher window to wait for.
      const samples = this.source.read(frames);
      this.sourceFrame = this.source.readFrame;
      return samples.length > 0 ? { samples, sourceStart } : undefined;
    }
    while (stretcher.outputFrames < frames && this.source.available > 0) stretcher.put(this.source.read(stretcher.inputWanted));
    if (stretcher.outputFrames === 0) {
      if (this.ending && this.source.available === 0 && this.source.readFrame > this.sourceFrame) {
        // The last input is shorter than a window: play it unstretched rather than lose it.
        this.source.rewind(this.sourceFrame);
        stretcher.clear();
        this.draining = true;
        return this.nextBlock(rate);
      }
      return undefined;
    }
    const samples = stretcher.take(frames);
    // Each output frame carries `speed` source frames; never past what went in.
    this.sourceFrame = Math.min(this.source.readFrame, this.sourceFrame + samples.length * this.speed);
    return { samples, sourceStart };
  }

  private schedule(context: AudioContext, samples: Float32Array<ArrayBuffer>, sourceStart: number): void {
    const buffer = context.createBuffer(1, samples.length, context.sampleRate);
    buffer.copyToChannel(samples, 0);
    const node = context.createBufferSource();
    node.buffer = buffer;
    node.connect(context.destination);
    // currentTime moves in render quanta (~5 ms), so a start within one of it may already be past.
    const late = this.started && this.nextStart < context.currentTime + 0.01;
    if (late) this.gapCount++;
    const at = !this.started ? context.currentTime + LEAD_S : late ? context.currentTime + REBUFFER_S : this.nextStart;
    node.start(at);
    this.nextStart = at + buffer.duration;
    const block: TimelineBlock = {
      at,
      duration: buffer.duration,
      sourceStart: sourceStart / context.sampleRate,
      sourceEnd: this.sourceFrame / context.sampleRate,
    };
    this.timeline.add(block);
    const scheduled: Scheduled = { node, block };
    this.scheduledBlocks.add(scheduled);
    node.onended = () => {
      node.disconnect();
      this.scheduledBlocks.delete(scheduled);
      this.pump();
    };
    if (this.speedChangedAt !== undefined) {
      this.events.speedApplied(Math.max(0, (at - this.speedChangedAt) * 1000));
      this.speedChangedAt = undefined;
    }
    if (!this.started) {
      this.started = true;
      const latency = context.outputLatency || context.baseLatency || 0;
      this.events.playing(performance.timeOrigin + performance.now(), Math.max(0, (at - context.currentTime + latency) * 1000));
    }
  }

  private finish(): void {
    const scheduled = this.scheduledSeconds;
    this.reset();
    this.events.ended(scheduled, scheduled);
  }

  private reset(): void {
    clearInterval(this.pumpTimer);
    this.pumpTimer = undefined;
    for (const { node } of this.scheduledBlocks) {
      node.onended = null;
      node.stop();
      node.disconnect();
    }
    this.scheduledBlocks.clear();
    this.timeline.clear();
    this.stretcher?.clear();
    this.decoder = new Pcm16StreamDecoder();
    this.source = new SourceQueue();
    this.part = 0;
    this.nextStart = 0;
    this.sourceFrame = 0;
    this.speedChangedAt = undefined;
    this.draining = false;
    this.started = false;
    this.gapCount = 0;
    this.ending = false;
    this.active = false;
  }

  private async ensureRunning(context: AudioContext): Promise<void> {
    if (context.state === 'running') return;
    // resume() stays pending while the autoplay policy blocks audio, so race it against a timer.
    const resumed = await Promise.race([
      context.resume().then(() => true),
      new Promise<boolean>((r) => setTimeout(() => r(false), RESUME_WAIT_MS)),
    ]);
    // `state` changed while we waited; TypeScript narrowed it from the check above.
    if (!resumed && (context.state as AudioContextState) !== 'running' && this.active) this.events.blocked();
  }
}
