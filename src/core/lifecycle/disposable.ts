/** Anything with a dispose(): VS Code's disposables, ours, timers wrapped in one. */
export interface DisposableLike {
  dispose(): unknown;
}

/**
 * Base of every class that owns other disposables (the pattern VS Code's own code uses): what a class
 * registers is disposed with it, newest first, so nothing it built outlives it and no class keeps a
 * hand-written list.
 */
export class Disposable {
  private readonly registered: DisposableLike[] = [];
  private disposal: Promise<void> | undefined;

  /** Whether dispose() has been called. */
  protected get isDisposed(): boolean {
    return this.disposal !== undefined;
  }

  /** Owns `item` from now on. Registered after disposal, it is disposed at once: nothing outlives its owner. */
  protected _register<T extends DisposableLike>(item: T): T {
    if (this.disposal) void disposeAll([item]).catch(() => undefined);
    else this.registered.push(item);
    return item;
  }

  /**
   * Disposes what was registered, newest first, once (later calls return the first call's promise).
   * Every item's synchronous part runs now; the promise waits for the asynchronous ones. One item
   * throwing does not spare the others: the promise rejects with the error after all are done.
   */
  dispose(): Promise<void> {
    this.disposal ??= disposeAll(this.registered.splice(0).reverse());
    return this.disposal;
  }
}

/** Disposes `items` in the order given, each even if another throws; resolves when async disposals have settled. */
export function disposeAll(items: readonly DisposableLike[]): Promise<void> {
  const errors: unknown[] = [];
  const pending: Array<Promise<void>> = [];
  for (const item of items) {
    try {
      const result = item.dispose();
      if (isThenable(result))
        pending.push(
          Promise.resolve(result).then(
            () => undefined,
            (error: unknown) => void errors.push(error),
          ),
        );
    } catch (error) {
      errors.push(error);
    }
  }
  return Promise.all(pending).then(() => {
    if (errors.length === 1) throw errors[0];
    if (errors.length > 1) throw new AggregateError(errors, `${errors.length} disposals failed`);
  });
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof value === 'object' && value !== null && typeof (value as { then?: unknown }).then === 'function';
}
