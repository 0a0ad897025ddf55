// Where a reading's parts come from. A selection is known in full before the reading starts; an answer
// read while it streams is not: its sentences are appended as they complete, and the reading waits for
// them (or for the end) rather than finishing when it runs out.
import { splitForSpeech } from './speechText';

export interface SpeechPartSource {
  /** The next part once there is one; undefined when there are no more, or when `signal` aborts. */
  next(signal: AbortSignal): Promise<string | undefined>;
  /** Parts taken so far plus those already known to follow. */
  readonly knownParts: number;
  /** Characters of every part known so far. */
  readonly knownChars: number;
}

/** True for a part source (rather than an array of parts). */
export function isPartSource(parts: readonly string[] | SpeechPartSource): parts is SpeechPartSource {
  return typeof (parts as SpeechPartSource).next === 'function';
}

/** The parts of a text known in full. */
export class FixedParts implements SpeechPartSource {
  private index = 0;
  readonly knownChars: number;

  constructor(private readonly parts: readonly string[]) {
    this.knownChars = parts.reduce((n, p) => n + p.length, 0);
  }

  get knownParts(): number {
    return this.parts.length;
  }

  next(_signal?: AbortSignal): Promise<string | undefined> {
    return Promise.resolve(this.parts[this.index++]);
  }
}

/** Most characters in one part (speechText's later-part limit, ~70 s of speech). */
const MAX_PART_CHARS = 1000;

/**
 * Sentences appended over time, then closed. A part is whatever has arrived when the reading asks for
 * it: the first sentence alone as soon as it is complete (so the first request leaves at once), later
 * the sentences that completed while the previous part was speaking, up to the part limit.
 */
export class StreamedParts implements SpeechPartSource {
  private pending: string[] = [];
  private closed = false;
  private taken = 0;
  private chars = 0;
  private waiter: (() => void) | undefined;

  get knownParts(): number {
    return this.taken + (this.pending.length > 0 || !this.closed ? 1 : 0);
  }

  get knownChars(): number {
    return this.chars;
  }

  /** Adds complete sentences (ignored once closed). */
  append(sentences: readonly string[]): void {
    const spoken = sentences.map((s) => s.trim()).filter(Boolean);
    if (this.closed || spoken.length === 0) return;
    this.pending.push(...spoken);
    this.chars += spoken.reduce((n, s) => n + s.length, 0);
    this.wake();
  }

  /** No more sentences will come: the reading ends after those already appended. */
  close(): void {
    this.closed = true;
    this.wake();
  }

  async next(signal: AbortSignal): Promise<string | undefined> {
    while (this.pending.length === 0 && !this.closed && !signal.aborted) {
      await new Promise<void>((resolve) => {
        const onAbort = () => resolve();
        signal.addEventListener('abort', onAbort, { once: true });
        this.waiter = () => {
          signal.removeEventListener('abort', onAbort);
          resolve();
        };
      });
      this.waiter = undefined;
    }
    if (signal.aborted || this.pending.length === 0) return undefined;
    // A sentence longer than the limit is cut at a clause as speechText would; the rest waits its turn.
    const [part, ...rest] = splitForSpeech(this.pending.join(' '), { firstMaxChars: MAX_PART_CHARS, maxChars: MAX_PART_CHARS });
    this.pending = rest.length > 0 ? [rest.join(' ')] : [];
    this.taken += 1;
    return part;
  }

  private wake(): void {
    const waiter = this.waiter;
    this.waiter = undefined;
    waiter?.();
  }
}
