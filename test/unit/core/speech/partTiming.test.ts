import assert from 'node:assert/strict';
import { msToNextPart, partAt } from '../../../../src/core/speech/partTiming';

describe('partAt: the part being heard', () => {
  const starts = [0, 1.5, 4, 4.25, 9];

  it('is the last part whose start has played', () => {
    assert.equal(partAt(starts, 0), 0);
    assert.equal(partAt(starts, 1.499), 0);
    assert.equal(partAt(starts, 1.5), 1);
    assert.equal(partAt(starts, 4.1), 2);
    assert.equal(partAt(starts, 4.25), 3);
    assert.equal(partAt(starts, 8.99), 3);
  });

  it('stays on the last part begun, also past its end', () => {
    assert.equal(partAt(starts, 60), 4);
    assert.equal(partAt([0], 3), 0);
  });

  it('is -1 before any part has begun', () => {
    assert.equal(partAt([], 2), -1);
  });

  it('finds the part among thousands', () => {
    const many = Array.from({ length: 5000 }, (_, i) => i * 2);
    assert.equal(partAt(many, 7777.5), 3888);
  });
});

describe('msToNextPart: when the next boundary will be heard', () => {
  it('is the source seconds left in the part, scaled by the playback speed', () => {
    assert.equal(msToNextPart([0, 2], 0, 1.5, 1), 500);
    assert.equal(msToNextPart([0, 2], 0, 1.5, 2), 250);
    assert.equal(msToNextPart([0, 2], 0, 1, 0.5), 2000);
  });

  it('is 0 once the boundary has passed, and undefined when the next part has not begun', () => {
    assert.equal(msToNextPart([0, 2], 0, 2.1, 1), 0);
    assert.equal(msToNextPart([0, 2], 1, 2.1, 1), undefined);
    assert.equal(msToNextPart([0, 2], 0, 1, 0), undefined);
  });
});
