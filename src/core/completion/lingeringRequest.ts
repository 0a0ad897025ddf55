// A request the next keystroke superseded is not aborted at once. When the user typed on at the same
// place, its answer may begin with what they typed: then it is the suggestion, typed through, and no new
// request is needed. Copilot keeps such requests for the same reason. It is aborted as soon as a query
// does not continue it, or when nobody has waited on it for LINGER_MS. Its answer was never on screen,
// so the query that first gets it is told so (`claim`): for the user it is a new suggestion.
import { abortableDelay } from './adaptiveDebounce';

const LINGER_MS = 300;
/** A query this many characters past the request's cursor no longer waits for it. */
const MAX_TYPED = 32;

interface Kept {
  text: string;
  offset: number;
  landed: Promise<unknown>;
  controller: AbortController;
  inFlight: boolean;
  timer?: AbortController;
}

export class LingeringRequest {
  private kept: Kept | undefined;

  /** Keeps a superseded request running for a query that continues it; `controller` aborts it. */
  keep(text: string, offset: number, landed: Promise<unknown>, controller: AbortController): void {
    this.drop();
    const entry: Kept = { text, offset, landed, controller, inFlight: true };
    this.kept = entry;
    const settled = () => {
      entry.inFlight = false;
      entry.timer?.abort();
    };
    landed.then(settled, settled);
    this.arm(entry);
  }

  /**
   * The answer of the request this query continues (the same document with characters typed at the
   * request's cursor), to wait for while it is in flight; any other kept request is dropped.
   */
  continuedBy(text: string, offset: number): Promise<unknown> | undefined {
    const entry = this.kept;
    if (!entry) return undefined;
    if (!continues(entry, text, offset)) {
      this.drop();
      return undefined;
    }
    if (!entry.inFlight) return undefined;
    entry.timer?.abort();
    return entry.landed;
  }

  /** True once, for the first query that continues the kept request after its answer landed. */
  claim(text: string, offset: number): boolean {
    const entry = this.kept;
    if (!entry || entry.inFlight || !continues(entry, text, offset)) return false;
    this.kept = undefined;
    return true;
  }

  /** The query that waited was itself superseded: the request lingers on for the next one. */
  release(): void {
    if (this.kept?.inFlight) this.arm(this.kept);
  }

  /** Aborts the kept request, if it is still running, and forgets it. */
  drop(): void {
    const entry = this.kept;
    this.kept = undefined;
    entry?.timer?.abort();
    if (entry?.inFlight) entry.controller.abort(new Error('superseded and not continued'));
  }

  private arm(entry: Kept): void {
    entry.timer?.abort();
    const timer = new AbortController();
    entry.timer = timer;
    // A real timer even under a test's clock: it only bounds how long an unwanted request runs.
    abortableDelay(LINGER_MS, timer.signal).then(
      () => {
        if (this.kept === entry && entry.inFlight) this.drop();
      },
      () => undefined,
    );
  }
}

/** The query is the kept one's document with up to MAX_TYPED characters typed at its cursor. */
function continues(entry: Kept, text: string, offset: number): boolean {
  const typed = offset - entry.offset;
  return (
    typed >= 0 &&
    typed <= MAX_TYPED &&
    text.length === entry.text.length + typed &&
    text.slice(0, entry.offset) === entry.text.slice(0, entry.offset) &&
    text.slice(offset) === entry.text.slice(entry.offset)
  );
}
