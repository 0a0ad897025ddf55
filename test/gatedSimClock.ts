import { realClock, type SimClock } from '../sim/pacing';

/**
 * The simulator's real clock with a gate the test closes: once `holdWhen`'s condition is true, every
 * wait stays held until `release()` (or its request aborts). A stream stopped at a chosen point lets
 * a test look at what is on screen then, however slowly a busy machine draws it.
 */
export class GatedSimClock implements SimClock {
  private shouldHold: () => boolean = () => false;
  private readonly held: Array<() => void> = [];

  now = (): number => realClock.now();

  sleep = async (ms: number, signal: AbortSignal): Promise<void> => {
    if (!signal.aborted && this.shouldHold()) {
      await new Promise<void>((resolve) => {
        this.held.push(resolve);
        signal.addEventListener('abort', () => resolve(), { once: true });
      });
    }
    await realClock.sleep(ms, signal);
  };

  /** Waits held from now on whenever `condition` is true (checked before each wait). */
  holdWhen(condition: () => boolean): void {
    this.shouldHold = condition;
  }

  /** How many waits are held now. */
  get holding(): number {
    return this.held.length;
  }

  /** Opens the gate for good and lets every held wait go on. */
  release(): void {
    this.shouldHold = () => false;
    for (const resolve of this.held.splice(0)) resolve();
  }
}
