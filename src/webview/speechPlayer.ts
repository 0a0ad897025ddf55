// Plays streamed pcm16 with Web Audio: each decoded piece becomes an AudioBuffer scheduled exactly
// where the previous one ends, so pieces join without gaps or clicks. The AudioContext runs at the
// stream's own rate, so no resampling happens in between. A piece is scheduled the moment it
// arrives; nothing waits for a whole sentence.
import { Pcm16StreamDecoder, pcm16ToFloat32 } from '../core/speech/pcmDecoder';

/** Scheduling a little ahead of `currentTime` keeps the first samples from starting in the past. */
const LEAD_S = 0.02;
/**
 * After an underrun (a piece arrived after the previous one had finished: a stream no faster than
 * real time, with jitter), play resumes this far ahead, so the next pieces have a cushion and one
 * hiccup does not become a stutter. The first piece keeps the short lead: the first sound comes fast.
 */
const REBUFFER_S = 0.15;
/** Long enough for the audio thread to start a context that is allowed to play. */
const RESUME_WAIT_MS = 500;

export interface PlayerEvents {
  /** The first samples are scheduled (epoch ms) and will sound `startsInMs` later. */
  playing(scheduledAt: number, startsInMs: number): void;
  /** Everything given has played after `end()`, or the player was stopped. */
  ended(playedSeconds: number, scheduledSeconds: number): void;
  /** Audio is blocked until the user clicks (autoplay policy); `resume()` from a click unblocks it. */
  blocked(): void;
}

export class SpeechPlayer {
  private context: AudioContext | undefined;
  private decoder = new Pcm16StreamDecoder();
  private part = 0;
  private readonly sources = new Set<AudioBufferSourceNode>();
  private nextStart = 0;
  /** Audio given so far, in seconds (gaps from late arrivals excluded). */
  private scheduled = 0;
  private started = false;
  /** Underruns so far: each one is a gap the listener heard. */
  private gapCount = 0;
  private ending = false;
  private active = false;

  constructor(private readonly events: PlayerEvents) {}

  /** Opens (or reuses) an AudioContext at the stream's rate; called before the first chunk arrives. */
  start(sampleRate: number): void {
    this.reset();
    this.active = true;
    if (this.context && this.context.sampleRate !== sampleRate) {
      void this.context.close();
      this.context = undefined;
    }
    this.context ??= new AudioContext({ sampleRate, latencyHint: 'interactive' });
    void this.ensureRunning(this.context);
  }

  push(part: number, base64: string): void {
    const context = this.context;
    if (!this.active || !context) return;
    if (part !== this.part) {
      // A half sample at the end of one part's stream must not pair with the next part's first byte.
      this.decoder.end();
      this.part = part;
    }
    const bytes = this.decoder.push(base64);
    if (bytes.length === 0) return;
    const samples = pcm16ToFloat32(bytes);
    const buffer = context.createBuffer(1, samples.length, context.sampleRate);
    buffer.copyToChannel(samples, 0);
    const source = context.createBufferSource();
    source.buffer = buffer;
    source.connect(context.destination);
    // currentTime moves in render quanta (~5 ms), so a start within one of it may already be past.
    const late = this.started && this.nextStart < context.currentTime + 0.01;
    if (late) this.gapCount++;
    const at = !this.started ? context.currentTime + LEAD_S : late ? context.currentTime + REBUFFER_S : this.nextStart;
    source.start(at);
    this.nextStart = at + buffer.duration;
    this.scheduled += buffer.duration;
    this.sources.add(source);
    source.onended = () => {
      source.disconnect();
      this.sources.delete(source);
      if (this.ending && this.sources.size === 0) this.finish();
    };
    if (!this.started) {
      this.started = true;
      const latency = context.outputLatency || context.baseLatency || 0;
      this.events.playing(performance.timeOrigin + performance.now(), Math.max(0, (at - context.currentTime + latency) * 1000));
    }
  }

  /** No more audio will come: report `ended` once what is scheduled has played. */
  end(): void {
    if (!this.active) return;
    this.ending = true;
    if (this.sources.size === 0) this.finish();
  }

  /** Silences at once. */
  stop(): void {
    if (!this.active) return;
    const played = this.playedSeconds;
    const scheduled = this.scheduled;
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

  /** Buffers scheduled and not yet played: 0 means silence. */
  get pendingBuffers(): number {
    return this.sources.size;
  }

  get scheduledSeconds(): number {
    return this.scheduled;
  }

  /** Seconds already heard: what was given minus what is still queued ahead of the clock. */
  get playedSeconds(): number {
    if (!this.context || !this.started) return 0;
    return Math.max(0, this.scheduled - Math.max(0, this.nextStart - this.context.currentTime));
  }

  private finish(): void {
    const scheduled = this.scheduled;
    this.reset();
    this.events.ended(scheduled, scheduled);
  }

  private reset(): void {
    for (const source of this.sources) {
      source.onended = null;
      source.stop();
      source.disconnect();
    }
    this.sources.clear();
    this.decoder = new Pcm16StreamDecoder();
    this.part = 0;
    this.nextStart = 0;
    this.scheduled = 0;
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
