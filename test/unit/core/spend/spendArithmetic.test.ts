import assert from 'node:assert/strict';
import { costOfTokens, parseUserPrices, priceFor } from '../../../../src/core/spend/spendPrices';
import { tokensOf } from '../../../../src/core/spend/usageTokens';

describe('spend arithmetic against the contract prices', () => {
  const cost = (service: 'A' | 'B', model: string, record: Parameters<typeof tokensOf>[0], prices = {}) => {
    const { tokens } = tokensOf(record);
    return costOfTokens(priceFor(service, model, prices), tokens);
  };

  it('prices beta-v4-flash hits at 0.02, misses at 1 and output at 2 CNY per million tokens', () => {
    const usage = {
      prompt_tokens: 1_000_000,
      prompt_cache_hit_tokens: 800_000,
      prompt_cache_miss_tokens: 200_000,
      completion_tokens: 500_000,
      total_tokens: 1_500_000,
    };
    // 0.8 × 0.02 + 0.2 × 1 + 0.5 × 2
    assert.equal(cost('B', 'beta-v4-flash', { usage }), 1.216);
  });

  it('prices beta-v4-pro hits at 0.1, misses at 3 and output at 6', () => {
    const usage = {
      prompt_tokens: 2_000,
      prompt_cache_hit_tokens: 1_500,
      prompt_cache_miss_tokens: 500,
      completion_tokens: 100,
      total_tokens: 2_100,
    };
    assert.equal(cost('B', 'beta-v4-pro', { usage }), (1_500 * 0.1 + 500 * 3 + 100 * 6) / 1e6);
  });

  it('counts reasoning tokens once, inside the output, and keeps them apart for display', () => {
    const usage = {
      prompt_tokens: 100,
      prompt_cache_hit_tokens: 0,
      prompt_cache_miss_tokens: 100,
      completion_tokens: 1_000,
      total_tokens: 1_100,
      completion_tokens_details: { reasoning_tokens: 900 },
    };
    const read = tokensOf({ usage });
    assert.equal(read.tokens.reasoning, 900);
    assert.equal(read.tokens.output, 1_000);
    assert.equal(cost('B', 'beta-v4-flash', { usage }), (100 * 1 + 1_000 * 2) / 1e6);
  });

  it('gives the other half of the cache split when only one half is reported', () => {
    assert.deepEqual(
      tokensOf({ usage: { prompt_tokens: 10, prompt_cache_hit_tokens: 7, completion_tokens: 0, total_tokens: 10 } }).tokens,
      {
        prompt: 10,
        cacheHit: 7,
        cacheMiss: 3,
        output: 0,
        reasoning: 0,
      },
    );
  });

  it('prices usage without a cache split as all misses and marks it so', () => {
    const read = tokensOf({ usage: { prompt_tokens: 1_000, completion_tokens: 10, total_tokens: 1_010 } });
    assert.equal(read.assumedMiss, true);
    assert.equal(read.tokens.cacheMiss, 1_000);
    assert.equal(
      cost('B', 'beta-v4-flash', { usage: { prompt_tokens: 1_000, completion_tokens: 10, total_tokens: 1_010 } }),
      (1_000 + 20) / 1e6,
    );
  });

  it('reads Service A cached_tokens as its cache split', () => {
    const read = tokensOf({
      usage: { prompt_tokens: 100, completion_tokens: 5, total_tokens: 105, prompt_tokens_details: { cached_tokens: 60 } },
    });
    assert.equal(read.assumedMiss, false);
    assert.deepEqual([read.tokens.cacheHit, read.tokens.cacheMiss], [60, 40]);
  });

  it('estimates a cut stream with no usage, priced all-miss, and marks it estimated', () => {
    const read = tokensOf({ usage: undefined, estimate: { promptTokens: 2_000, outputTokens: 30 } });
    assert.equal(read.estimated, true);
    assert.equal(read.assumedMiss, true);
    assert.deepEqual(read.tokens, { prompt: 2_000, cacheHit: 0, cacheMiss: 2_000, output: 30, reasoning: 0 });
    assert.equal(cost('B', 'beta-v4-flash', { estimate: { promptTokens: 2_000, outputTokens: 30 } }), (2_000 + 60) / 1e6);
  });

  it('prices a retired Service B alias as the model it maps to', () => {
    const usage = { prompt_tokens: 1_000_000, prompt_cache_miss_tokens: 1_000_000, completion_tokens: 0, total_tokens: 1_000_000 };
    assert.equal(cost('B', 'beta-chat', { usage }), 1);
  });

  it('leaves Service A unpriced (tokens only) until the user sets a price, then uses it', () => {
    const usage = {
      prompt_tokens: 1_000_000,
      completion_tokens: 1_000_000,
      total_tokens: 2_000_000,
      prompt_tokens_details: { cached_tokens: 500_000 },
    };
    assert.equal(cost('A', 'alpha-v2.5', { usage }), undefined);
    const prices = parseUserPrices({ 'alpha-v2.5': { cacheHit: 0.5, cacheMiss: 2, output: 8 } });
    assert.equal(cost('A', 'alpha-v2.5', { usage }, prices), 0.25 + 1 + 8);
    // Without a hit price, hits cost what misses do.
    assert.equal(cost('A', 'alpha-v2.5', { usage }, parseUserPrices({ 'alpha-v2.5': { cacheMiss: 2, output: 8 } })), 2 + 8);
  });

  it('drops user prices that are not numbers, negative, or lack a field', () => {
    assert.deepEqual(
      parseUserPrices({
        a: { cacheMiss: -1, output: 1 },
        b: { cacheMiss: '1', output: 1 },
        c: { output: 1 },
        d: null,
        __proto__: { cacheMiss: 1, output: 1 },
      }),
      {},
    );
    assert.deepEqual(parseUserPrices([1]), {});
  });
});
