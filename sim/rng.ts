// Deterministic randomness: every "random" choice the simulator makes is seeded from the request,
// so the same request always produces the same output (tests and benchmarks rely on that).
import { createHash } from 'node:crypto';

/** A 32-bit seed from any text (first 4 bytes of its SHA-256). */
export function seedFrom(...parts: string[]): number {
  return createHash('sha256').update(parts.join('\u0000')).digest().readUInt32LE(0);
}

/** A short stable hex id from any text, used for response/call/audio ids. */
export function stableId(prefix: string, ...parts: string[]): string {
  return prefix + createHash('sha256').update(parts.join('\u0000')).digest('hex').slice(0, 24);
}

export interface Rng {
  /** Uniform in [0, 1). */
  next(): number;
  /** Integer in [min, max] inclusive. */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
}

/** mulberry32: tiny, fast and good enough for picking templates and synthesising noise. */
export function makeRng(seed: number): Rng {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (items) => items[Math.floor(next() * items.length)],
  };
}
