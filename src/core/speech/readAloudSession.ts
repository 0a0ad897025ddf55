// One reading: streams each part of the text from Service A as pcm16 and forwards the audio to the
// player as it arrives. Parts are requested one after another, but only while the player holds less
// than `lookaheadSeconds` of unplayed audio: the next part is fetched while the current one plays,
// and however long the text, the player never holds more than about one part plus the lookahead.
import { PartRequest } from './partRequest';
import { speechEvents, type SpeechStreamer, type SpeechVoice } from './speechEvents';
import { FixedParts, isPartSource, type SpeechPartSource } from './speechParts';

/** Where the audio goes: the webview player, through the protocol. */
export interface SpeechPlayer {
  start(id: string, sampleRate: number, title: string): void;
  audio(id: string, part: number, base64: string): void;
  preview(id: string, text: string): void;
  end(id: string): void;
  stop(id: string): void;
}

export interface ReadAloudOptions {
  id: string;
  /**
   * The text, cleaned and split (speechText.ts); or a source whose parts arrive over time (an answer
   * read while it streams): the reading waits for each part and ends when the source has no more.
   */
  parts: readonly string[] | SpeechPartSource;
  voice: SpeechVoice;
  sampleRate: number;
  title: string;
  lookaheadSeconds?: number;
}

export interface ReadAloudProgress {
  part: number;
  parts: number;
  playedSeconds: number;
  /** Audio received so far plus the rest extrapolated from the speaking rate heard so far. */
  estimatedTotalSeconds: number;
}

export type ReadAloudOutcome = { kind: 'finished' } | { kind: 'stopped' } | { kind: 'failed'; error: unknown };

const DEFAULT_LOOKAHEAD_S = 20;

export class ReadAloudSession {
  private readonly abort = new AbortController();
  /** Seconds of audio forwarded to the player, and of the parts already complete. */
  private sentSeconds = 0;
  private completeSeconds = 0;
  private played = 0;
  private sentChars = 0;
  private outcome: ReadAloudOutcome | undefined;
  private part = 0;
  private readonly source: SpeechPartSource;
  private wakeUp: (() => void) | undefined;
  private playerDone: ((outcome: ReadAloudOutcome) => void) | undefined;
  /** Parts the service cut short (finish_reason "length"): their tail was not spoken. */
  readonly truncatedParts: number[] = [];
  /** Where each part begun so far starts, in seconds of audio forwarded (follow along maps progress to parts). */
  readonly partStartSeconds: number[] = [];

  constructor(
    private readonly client: SpeechStreamer,
    private readonly player: SpeechPlayer,
    private readonly options: ReadAloudOptions,
    private readonly onProgress: (progress: ReadAloudProgress) => void = () => {},
  ) {
    this.source = isPartSource(options.parts) ? options.parts : new FixedParts(options.parts);
  }

  get id(): string {
    return this.options.id;
  }

  /** Resolves when everything has played, the reading was stopped, or it failed (nothing is left playing then). */
  async run(): Promise<ReadAloudOutcome> {
    const { id, sampleRate, title } = this.options;
    const allPlayed = new Promise<ReadAloudOutcome>((resolve) => (this.playerDone = resolve));
    this.player.start(id, sampleRate, title);
    try {
      let current = await this.request();
      for (this.part = 0; current; this.part++) {
        this.partStartSeconds.push(this.sentSeconds);
        // The next part's request leaves while this one plays (once the service has answered this one,
        // so the requests reach it in order, and once there is room ahead).
        const following = this.request(current);
        following.catch(() => {}); // awaited below; until then a failure must not count as unhandled
        await this.forward(this.part, current);
        this.sentChars += current.text.length;
        this.completeSeconds = this.sentSeconds;
        this.report();
        current = await following;
      }
      if (this.abort.signal.aborted) return this.finish({ kind: 'stopped' });
    } catch (error) {
      return this.finish(this.abort.signal.aborted ? { kind: 'stopped' } : { kind: 'failed', error });
    }
    this.player.end(id);
    return allPlayed;
  }

  /** Stops at once: the open request is aborted (its socket closes) and the player goes silent. */
  stop(): void {
    this.finish({ kind: 'stopped' });
  }

  /** Seconds the player has played, as it last reported. */
  get playedSeconds(): number {
    return this.played;
  }

  /** The player's position (`speech/progress`). */
  progress(playedSeconds: number): void {
    this.played = playedSeconds;
    this.report();
    this.wakeUp?.();
  }

  /** The player has played everything it was given (`speech/ended`). */
  ended(playedSeconds: number): void {
    this.played = playedSeconds;
    if (this.outcome) return;
    this.outcome = { kind: 'finished' };
    this.playerDone?.(this.outcome);
  }

  /** The player cannot go on (its view closed, Web Audio failed). */
  fail(error: unknown): void {
    this.finish({ kind: 'failed', error });
  }

  /**
   * The next part's request, started once the service has answered `after` (the part before) and the
   * player holds less than the lookahead; undefined when
   * there are no more parts or the reading stopped. Asking for the text first means the player hears
   * `end` at once when there is none, not after the lookahead wait.
   */
  private async request(after?: PartRequest): Promise<PartRequest | undefined> {
    const text = await this.source.next(this.abort.signal);
    if (text === undefined || this.abort.signal.aborted) return undefined;
    await after?.responding;
    await this.waitForRoom();
    if (this.abort.signal.aborted) return undefined;
    return new PartRequest(text, speechEvents(this.client, this.options.voice, text, this.abort.signal));
  }

  /** Hands a part's audio to the player as it arrives (or at once, what arrived while the part before played). */
  private async forward(index: number, request: PartRequest): Promise<void> {
    for await (const event of request.drain()) {
      if (event.kind === 'audio') {
        this.player.audio(this.id, index, event.data);
        this.sentSeconds += (event.data.length * 3) / 4 / 2 / this.options.sampleRate;
      } else if (event.kind === 'preview') {
        this.player.preview(this.id, event.text);
      } else {
        this.truncatedParts.push(index);
      }
    }
  }

  /** True while the next part waits for the player to play some of what it holds (an event tests wait on). */
  get waitingForRoom(): boolean {
    return this.wakeUp !== undefined;
  }

  private waitForRoom(): Promise<void> {
    const lookahead = this.options.lookaheadSeconds ?? DEFAULT_LOOKAHEAD_S;
    return new Promise((resolve) => {
      const check = () => {
        if (this.abort.signal.aborted || this.sentSeconds - this.played < lookahead) {
          this.wakeUp = undefined;
          resolve();
        }
      };
      this.wakeUp = check;
      check();
    });
  }

  private report(): void {
    // Extrapolate from whole parts only: a part still streaming has audio for part of its text.
    const secondsPerChar = this.sentChars > 0 ? this.completeSeconds / this.sentChars : 0;
    const estimate = this.completeSeconds + (this.source.knownChars - this.sentChars) * secondsPerChar;
    const parts = this.source.knownParts;
    this.onProgress({
      part: Math.min(this.part + 1, parts),
      parts,
      playedSeconds: this.played,
      estimatedTotalSeconds: Math.max(this.sentSeconds, estimate),
    });
  }

  /** The first outcome wins; the others (an abort's error after a stop, say) change nothing. */
  private finish(outcome: ReadAloudOutcome): ReadAloudOutcome {
    if (this.outcome) return this.outcome;
    this.outcome = outcome;
    this.abort.abort();
    this.wakeUp?.();
    this.player.stop(this.id);
    this.playerDone?.(outcome);
    return outcome;
  }
}
