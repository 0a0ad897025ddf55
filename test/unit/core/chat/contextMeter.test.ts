import * as assert from 'node:assert/strict';
import { CONTEXT_WARNING_RATIO, contextReading, estimateDraftTokens, formatTokens } from '../../../../src/core/chat/contextMeter';

describe('context meter', () => {
  it('adds the last answer’s tokens and about a token per four characters of the draft', () => {
    assert.equal(estimateDraftTokens(''), 0);
    assert.equal(estimateDraftTokens('abcd'), 1);
    assert.equal(estimateDraftTokens('abcde'), 2);
    const reading = contextReading({ usedTokens: 12_000, draft: 'x'.repeat(400), contextWindow: 128_000 });
    assert.equal(reading.tokens, 12_100);
    assert.equal(reading.window, 128_000);
    assert.equal(reading.ratio, 12_100 / 128_000);
    assert.equal(reading.warning, false);
    assert.equal(reading.label, '12k / 128k');
    assert.match(reading.tooltip, /12,100 tokens of 128,000 \(9%\)/);
    assert.match(reading.tooltip, /12,000 from the last answer, about 100 in the message being typed/);
  });

  it('counts the draft alone before the first answer', () => {
    const reading = contextReading({ usedTokens: undefined, draft: 'hello there', contextWindow: 1_048_576 });
    assert.equal(reading.tokens, 3);
    assert.equal(reading.label, '3 / 1M');
    assert.equal(contextReading({ usedTokens: undefined, draft: '', contextWindow: 1_048_576 }).tokens, 0);
  });

  it('warns from 80% of the window on, and caps the bar at full', () => {
    const window = 100_000;
    assert.equal(CONTEXT_WARNING_RATIO, 0.8);
    assert.equal(contextReading({ usedTokens: 79_999, draft: '', contextWindow: window }).warning, false);
    const at = contextReading({ usedTokens: 80_000, draft: '', contextWindow: window });
    assert.equal(at.warning, true);
    assert.match(at.tooltip, /nearly full/);
    // The draft alone can tip it over.
    assert.equal(contextReading({ usedTokens: 79_990, draft: 'x'.repeat(40), contextWindow: window }).warning, true);
    const over = contextReading({ usedTokens: 150_000, draft: '', contextWindow: window });
    assert.equal(over.ratio, 1);
    assert.match(over.tooltip, /\(150%\)/);
  });

  it('shows a count without a bar or a warning where the service states no window', () => {
    const reading = contextReading({ usedTokens: 900_000, draft: '', contextWindow: undefined });
    assert.equal(reading.ratio, undefined);
    assert.equal(reading.warning, false);
    assert.equal(reading.label, '900k tokens');
    assert.match(reading.tooltip, /does not state/);
    assert.equal(contextReading({ usedTokens: 5, draft: '', contextWindow: 0 }).ratio, undefined);
  });

  it('formats token counts compactly', () => {
    assert.deepEqual([0, 950, 1234, 9_960, 12_345, 128_000, 999_499, 999_600, 1_048_576, 2_500_000].map(formatTokens), [
      '0',
      '950',
      '1.2k',
      '10k',
      '12k',
      '128k',
      '999k',
      '1M',
      '1M',
      '2.5M',
    ]);
  });
});
