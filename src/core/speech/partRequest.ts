// One part's speech request, started before its turn: while the part before it plays, this one's
// audio is already on its way and waits here, so a service's time to first audio is not heard as a
// gap between sentences. Its events come out in order, once, through drain().
import type { SpeechEvent } from './speechEvents';

export class PartRequest {
  private readonly events: SpeechEvent[] = [];
  private done = false;
  private failed = false;
  private error: unknown;
  private wake: (() => void) | undefined;
  private answered: () => void = () => {};
  /** Settles once the service answers (the first event), or the request ends without one. */
  readonly responding = new Promise<void>((resolve) => (this.answered = resolve));

  constructor(
    readonly text: string,
    stream: AsyncIterable<SpeechEvent>,
  ) {
    void this.pump(stream);
  }

  /** The events so far and those still to come; throws what the request threw, where it threw it. */
  async *drain(): AsyncGenerator<SpeechEvent> {
    for (;;) {
      const event = this.events.shift();
      if (event) {
        yield event;
        continue;
      }
      if (this.failed) throw this.error;
      if (this.done) return;
      await new Promise<void>((resolve) => (this.wake = resolve));
      this.wake = undefined;
    }
  }

  private async pump(stream: AsyncIterable<SpeechEvent>): Promise<void> {
    try {
      for await (const event of stream) {
        this.events.push(event);
        this.answered();
        this.wake?.();
      }
    } catch (error) {
      // Kept for drain(): a part that is never drained (the reading stopped) throws nowhere.
      this.failed = true;
      this.error = error;
    } finally {
      this.done = true;
      this.answered();
      this.wake?.();
    }
  }
}
