import assert from 'node:assert/strict';
import { Disposable, disposeAll } from '../../../../src/core/lifecycle/disposable';
import { DisposableStore } from '../../../../src/core/lifecycle/disposableStore';

/** A disposable that writes its name to `log` when disposed. */
const named = (log: string[], name: string) => ({ dispose: () => void log.push(name) });

/** A promise the test settles by hand: no timers. */
function deferred(): { promise: Promise<void>; resolve: () => void; reject: (e: unknown) => void } {
  let resolve!: () => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<void>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

class Owner extends Disposable {
  constructor(items: Array<{ dispose(): unknown }>) {
    super();
    for (const item of items) this._register(item);
  }
  register<T extends { dispose(): unknown }>(item: T): T {
    return this._register(item);
  }
}

describe('Disposable', () => {
  it('disposes what it registered newest first, and only once', async () => {
    const log: string[] = [];
    const owner = new Owner([named(log, 'a'), named(log, 'b'), named(log, 'c')]);
    await owner.dispose();
    await owner.dispose();
    assert.deepEqual(log, ['c', 'b', 'a']);
  });

  it('runs every synchronous disposal before dispose() returns', () => {
    const log: string[] = [];
    void new Owner([named(log, 'a'), named(log, 'b')]).dispose();
    assert.deepEqual(log, ['b', 'a']);
  });

  it('returns the registered item, so a field can be declared and registered at once', () => {
    const item = { dispose: () => undefined };
    assert.equal(new Owner([]).register(item), item);
  });

  it('disposes the others when one throws, then rejects with that error', async () => {
    const log: string[] = [];
    const boom = new Error('boom');
    const owner = new Owner([
      named(log, 'a'),
      {
        dispose: () => {
          throw boom;
        },
      },
      named(log, 'c'),
    ]);
    await assert.rejects(owner.dispose(), (e) => e === boom);
    assert.deepEqual(log, ['c', 'a']);
  });

  it('gathers several failures, synchronous and asynchronous, into one AggregateError', async () => {
    const owner = new Owner([
      { dispose: () => Promise.reject(new Error('late')) },
      {
        dispose: () => {
          throw new Error('now');
        },
      },
    ]);
    await assert.rejects(
      owner.dispose(),
      (e: unknown) =>
        e instanceof AggregateError &&
        e.errors
          .map((x: Error) => x.message)
          .sort()
          .join() === 'late,now',
    );
  });

  it('resolves only when an asynchronous disposal has finished', async () => {
    const closing = deferred();
    const owner = new Owner([{ dispose: () => closing.promise }]);
    let done = false;
    const disposal = owner.dispose().then(() => (done = true));
    await Promise.resolve();
    await Promise.resolve();
    assert.equal(done, false, 'still waiting for the asynchronous disposal');
    closing.resolve();
    await disposal;
    assert.equal(done, true);
  });

  it('disposes at once what is registered after it was disposed', async () => {
    const log: string[] = [];
    const owner = new Owner([]);
    await owner.dispose();
    owner.register(named(log, 'late'));
    assert.deepEqual(log, ['late']);
  });
});

describe('DisposableStore', () => {
  it('waits for a nested owner’s asynchronous disposal (what deactivate() awaits)', async () => {
    const closing = deferred();
    const store = new DisposableStore();
    const log: string[] = [];
    store.add(named(log, 'log channel'));
    store.add(new Owner([{ dispose: () => closing.promise.then(() => void log.push('sockets closed')) }]));
    const disposal = store.dispose();
    assert.deepEqual(log, ['log channel']);
    closing.resolve();
    await disposal;
    assert.deepEqual(log, ['log channel', 'sockets closed']);
  });
});

describe('disposeAll', () => {
  it('disposes in the order given and resolves for an empty list', async () => {
    const log: string[] = [];
    await disposeAll([named(log, '1'), named(log, '2')]);
    await disposeAll([]);
    assert.deepEqual(log, ['1', '2']);
  });
});
