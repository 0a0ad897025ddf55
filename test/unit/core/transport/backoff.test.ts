import assert from 'node:assert/strict';
import { MAX_RETRY_AFTER_MS, parseRetryAfter, retryDelayMs } from '../../../../src/core/transport/backoff';

describe('retryDelayMs', () => {
  const almostOne = () => 0.999_999;

  it('grows exponentially up to maxMs (full jitter ceiling)', () => {
    const ceilings = [1, 2, 3, 4, 5, 6].map((n) => retryDelayMs(n, { baseMs: 100, maxMs: 1_000, random: almostOne }));
    assert.deepEqual(ceilings, [100, 200, 400, 800, 1_000, 1_000]);
  });

  it('stays within [0, ceiling) for full jitter', () => {
    let seed = 1;
    const random = () => (seed = (seed * 16_807) % 2_147_483_647) / 2_147_483_647;
    for (let attempt = 1; attempt <= 8; attempt++) {
      const ceiling = Math.min(5_000, 250 * 2 ** (attempt - 1));
      for (let i = 0; i < 50; i++) {
        const d = retryDelayMs(attempt, { baseMs: 250, maxMs: 5_000, random });
        assert.ok(d >= 0 && d <= ceiling, `attempt ${attempt}: ${d} not in [0, ${ceiling}]`);
      }
    }
    assert.equal(retryDelayMs(3, { baseMs: 250, maxMs: 5_000, random: () => 0 }), 0);
  });

  it('uses Retry-After as the delay, capped at a minute', () => {
    assert.equal(retryDelayMs(1, { baseMs: 100, maxMs: 1_000, random: () => 0, retryAfterMs: 3_000 }), 3_000);
    assert.equal(retryDelayMs(1, { baseMs: 100, maxMs: 1_000, random: () => 0, retryAfterMs: 0 }), 0);
    assert.equal(retryDelayMs(1, { baseMs: 100, maxMs: 1_000, random: () => 0, retryAfterMs: 3_600_000 }), MAX_RETRY_AFTER_MS);
    assert.equal(MAX_RETRY_AFTER_MS, 60_000);
  });

  it('survives huge attempt numbers and odd random values', () => {
    assert.equal(retryDelayMs(5_000, { baseMs: 100, maxMs: 2_000, random: () => 1 }), 2_000);
    assert.equal(retryDelayMs(2, { baseMs: 100, maxMs: 2_000, random: () => Number.NaN }), 0);
  });
});

describe('parseRetryAfter', () => {
  const now = Date.parse('2026-01-01T00:00:00Z');

  it('reads delta-seconds', () => {
    assert.equal(parseRetryAfter('3', now), 3_000);
    assert.equal(parseRetryAfter(' 0 ', now), 0);
    assert.equal(parseRetryAfter('1.5', now), 1_500);
  });

  it('reads an HTTP date relative to now, never negative', () => {
    assert.equal(parseRetryAfter('Thu, 01 Jan 2026 00:00:05 GMT', now), 5_000);
    assert.equal(parseRetryAfter('Wed, 31 Dec 2025 23:59:00 GMT', now), 0);
  });

  it('returns undefined for absent or garbage values', () => {
    assert.equal(parseRetryAfter(undefined, now), undefined);
    assert.equal(parseRetryAfter('', now), undefined);
    assert.equal(parseRetryAfter('-5', now), undefined);
    assert.equal(parseRetryAfter('soon', now), undefined);
  });
});
