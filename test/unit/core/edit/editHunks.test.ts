import * as assert from 'node:assert/strict';
import { computeHunks, resolvedText, shownLines } from '../../../../src/core/edit/editHunks';

describe('edit hunks', () => {
  const before = 'a\r\nb\r\nc\r\nd\r\ne';
  const after = 'a\r\nB\r\nc\r\nd\r\ne\r\nf\r\n';

  it('finds each changed run of lines, endings included', () => {
    const hunks = computeHunks(before, after);
    assert.deepEqual(hunks, [
      { oldStart: 1, oldLines: ['b\r\n'], newLines: ['B\r\n'] },
      { oldStart: 4, oldLines: ['e'], newLines: ['e\r\n', 'f\r\n'] },
    ]);
  });

  it('gives back the original byte for byte when every hunk is rejected, and the new text when all are accepted', () => {
    const hunks = computeHunks(before, after);
    assert.equal(resolvedText(before, hunks, ['rejected', 'rejected']), before);
    assert.equal(resolvedText(before, hunks, ['pending', 'pending']), before);
    assert.equal(resolvedText(before, hunks, ['accepted', 'accepted']), after);
    assert.equal(resolvedText(before, hunks, ['accepted', 'rejected']), 'a\r\nB\r\nc\r\nd\r\ne');
  });

  it('shows a pending hunk as old lines then new lines, never joined on one line', () => {
    const hunks = computeHunks(before, after);
    const shown = shownLines(before, hunks, ['pending', 'pending']);
    assert.deepEqual(
      shown.map((l) => [l.text, l.side ?? '-']),
      [
        ['a\r\n', '-'],
        ['b\r\n', 'old'],
        ['B\r\n', 'new'],
        ['c\r\n', '-'],
        ['d\r\n', '-'],
        ['e\r\n', 'old'],
        ['e\r\n', 'new'],
        ['f\r\n', 'new'],
      ],
    );
  });
});
