// Identical requests in flight are joined: the second caller waits for the first one's answer.
// A request whose callers have all gone (the next keystroke superseded them) is not aborted at once:
// it is on the wire, and its answer still lands in the cache, where a keystroke that typed into it
// finds the rest as a suggestion instead of asking again. It is aborted when a new request is sent
// (`abortIdle`): by then its answer, if any, would come after a newer one.

interface Flight<T> {
  promise: Promise<T>;
  controller: AbortController;
  waiting: number;
}

export class InflightRequests<T> {
  private readonly flights = new Map<string, Flight<T>>();

  /** Whether a request with this key is running now. */
  has(key: string): boolean {
    return this.flights.has(key);
  }

  /** How many requests are running now. */
  get size(): number {
    return this.flights.size;
  }

  /** Aborts every running request no caller waits for (superseded ones, and prefetches). */
  abortIdle(reason?: unknown): void {
    for (const [key, flight] of this.flights) {
      if (flight.waiting > 0) continue;
      this.flights.delete(key);
      flight.controller.abort(reason);
    }
  }

  /**
   * Runs `start` unless an identical request is already running, and resolves with its result.
   * When `signal` aborts, this caller stops waiting (rejecting with the abort reason); the request runs
   * on, idle, until it answers or `abortIdle` ends it.
   */
  run(key: string, start: (signal: AbortSignal) => Promise<T>, signal?: AbortSignal): { promise: Promise<T>; joined: boolean } {
    let flight = this.flights.get(key);
    const joined = flight !== undefined;
    if (!flight) {
      const controller = new AbortController();
      const created: Flight<T> = { controller, waiting: 0, promise: Promise.resolve() as Promise<T> };
      created.promise = start(controller.signal).finally(() => {
        if (this.flights.get(key) === created) this.flights.delete(key);
      });
      created.promise.catch(() => undefined); // its callers may all have gone
      this.flights.set(key, created);
      flight = created;
    }
    const own = flight;
    if (!signal) return { promise: own.promise, joined };
    own.waiting++;
    const promise = new Promise<T>((resolve, reject) => {
      if (signal.aborted) {
        own.waiting--;
        reject(signal.reason);
        return;
      }
      const onAbort = () => {
        own.waiting--;
        reject(signal.reason);
      };
      signal.addEventListener('abort', onAbort, { once: true });
      own.promise.then(
        (value) => {
          signal.removeEventListener('abort', onAbort);
          own.waiting--;
          resolve(value);
        },
        (error) => {
          signal.removeEventListener('abort', onAbort);
          own.waiting--;
          reject(error);
        },
      );
    });
    return { promise, joined };
  }
}
