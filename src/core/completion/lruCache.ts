/** A small least-recently-used map (Map keeps insertion order; a hit re-inserts). */
export class LruCache<V> {
  private readonly entries = new Map<string, V>();

  constructor(private readonly capacity: number) {}

  get(key: string): V | undefined {
    const value = this.entries.get(key);
    if (value === undefined) return undefined;
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  /** The value without counting it as used (for lookups that may still reject it). */
  peek(key: string): V | undefined {
    return this.entries.get(key);
  }

  /** Returns the value evicted to make room, if any. */
  set(key: string, value: V): V | undefined {
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size <= this.capacity) return undefined;
    const [oldest, evicted] = this.entries.entries().next().value!;
    this.entries.delete(oldest);
    return evicted;
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  get size(): number {
    return this.entries.size;
  }
}
