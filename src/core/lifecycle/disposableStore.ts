import { Disposable, type DisposableLike } from './disposable';

/** A Disposable that others fill: the composition root registers everything activate() builds here. */
export class DisposableStore extends Disposable {
  add<T extends DisposableLike>(item: T): T {
    return this._register(item);
  }
}
