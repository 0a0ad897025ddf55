// A request the next keystroke superseded is not aborted at once. When the user typed on at the same
// place, its answer may begin with what they typed: then it is the suggestion, typed through, and no new
// request is needed. Copilot keeps such requests for the same reason. It is aborted as soon as a query
// does not continue it, or when nobody has waited on it for LINGER_MS.
import { abortableDelay } from './adaptiveDebounce';

const LINGER_MS = 300;
/** A query this many characters past the request's cursor no longer waits for it. */
const MAX_TYPED = 32;

interface Lingering {
  text: string;
  offset: number;
  landed: Promise<unknown>;
  controller: AbortController;
  timer?: AbortController;
}

export class LingeringRequest {
  private current: Lingering | undefined;

  /** Keeps a superseded request running for a query that continues it; `controller` aborts it. */
  keep(text: string, offset: number, landed: Promise<unknown>, controller: AbortController): void {
    this.drop();
    const entry: Lingering = { text, offset, landed, controller };
    this.current = entry;
    landed.then(
      () => this.settled(entry),
      () => this.settled(entry),
    );
    this.arm(entry);
  }

  /**
   * The answer of the request this query continues (the same document with characters typed at the
   * request's cursor), to wait for; any other lingering request is aborted.
   */
  continuedBy(text: string, offset: number): Promise<unknown> | undefined {
    const entry = this.current;
    if (!entry) return undefined;
    const typed = offset - entry.offset;
    const continues =
      typed > 0 &&
      typed <= MAX_TYPED &&
      text.length === entry.text.length + typed &&
      text.slice(0, entry.offset) === entry.text.slice(0, entry.offset) &&
      text.slice(offset) === entry.text.slice(entry.offset);
    if (!continues) {
      this.drop();
      return undefined;
    }
    entry.timer?.abort();
    return entry.landed;
  }

  /** The query that waited was itself superseded: the request lingers on for the next one. */
  release(): void {
    if (this.current) this.arm(this.current);
  }

  /** Aborts the lingering request, if any. */
  drop(): void {
    const entry = this.current;
    this.current = undefined;
    entry?.timer?.abort();
    entry?.controller.abort(new Error('superseded and not continued'));
  }

  private arm(entry: Lingering): void {
    entry.timer?.abort();
    const timer = new AbortController();
    entry.timer = timer;
    // A real timer even under a test's clock: it only bounds how long an unwanted request runs.
    abortableDelay(LINGER_MS, timer.signal).then(
      () => {
        if (this.current === entry) this.drop();
      },
      () => undefined,
    );
  }

  private settled(entry: Lingering): void {
    entry.timer?.abort();
    if (this.current === entry) this.current = undefined;
  }
}
