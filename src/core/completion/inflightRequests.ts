// Identical requests in flight are joined: the second caller waits for the first one's answer.
// The shared request is aborted only when every caller has gone (Copilot joins the same way).

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

  /**
   * Runs `start` unless an identical request is already running, and resolves with its result.
   * When `signal` aborts, this caller stops waiting (rejecting with the abort reason); the request
   * itself is aborted once no caller waits for it.
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
      this.flights.set(key, created);
      flight = created;
    }
    const own = flight;
    own.waiting++;
    const leave = () => {
      own.waiting--;
      if (own.waiting === 0) {
        if (this.flights.get(key) === own) this.flights.delete(key);
        own.controller.abort(signal?.reason);
      }
    };
    if (!signal) return { promise: own.promise, joined };
    const promise = new Promise<T>((resolve, reject) => {
      if (signal.aborted) {
        leave();
        reject(signal.reason);
        return;
      }
      const onAbort = () => {
        leave();
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
