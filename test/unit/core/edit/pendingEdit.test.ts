import * as assert from 'node:assert/strict';
import { PendingEdit } from '../../../../src/core/edit/pendingEdit';

// A pending edit with two hunks; shown, each hunk's old line sits above its new line.
const ORIGINAL = 'a\nconst count = 1;\nb\nreturn count;\nc\n';
const PROPOSED = 'a\nconst total = 1;\nb\nreturn total;\nc\n';
const SHOWN = 'a\nconst count = 1;\nconst total = 1;\nb\nreturn count;\nreturn total;\nc\n';

function pending(): PendingEdit {
  const edit = new PendingEdit(ORIGINAL, { startLine: 1, endLine: 3 });
  edit.propose(PROPOSED);
  assert.equal(edit.shownText(), SHOWN);
  return edit;
}

/** Types `text` at `at` (a string found once in the shown text, plus an offset into it) as the editor would report it. */
function typeAt(edit: PendingEdit, anchor: string, within: number, text: string, length = 0) {
  const offset = edit.shownText().indexOf(anchor) + within;
  const expected = edit.shownText().slice(0, offset) + text + edit.shownText().slice(offset + length);
  const folded = edit.rebase({ offset, length, text });
  return { folded, expected };
}

describe('a pending edit the user types into', () => {
  it('rebases typing outside the hunks and keeps both hunks pending', () => {
    const edit = pending();
    const { folded, expected } = typeAt(edit, 'b\n', 1, ' // note');
    assert.deepEqual(folded, { taken: 0, withdrawn: 0 });
    assert.equal(edit.shownText(), expected);
    assert.equal(edit.pendingCount, 2);
    edit.decideAll('rejected');
    assert.equal(edit.resolved(), ORIGINAL.replace('b\n', 'b // note\n'));
  });

  it('takes a hunk the user types into the new lines of, keeping the keystroke, and leaves the other hunk pending', () => {
    const edit = pending();
    const { folded } = typeAt(edit, 'const total', 'const total'.length, 'Area');
    assert.deepEqual(folded, { taken: 1, withdrawn: 0 });
    assert.equal(edit.shownText(), 'a\nconst totalArea = 1;\nb\nreturn count;\nreturn total;\nc\n');
    assert.equal(edit.pendingCount, 1);
    edit.decideAll('rejected');
    assert.equal(edit.resolved(), 'a\nconst totalArea = 1;\nb\nreturn count;\nc\n', 'rejecting the rest keeps the typed line');
  });

  it('withdraws a hunk the user types into the old lines of, keeping the keystroke, and leaves the other hunk pending', () => {
    const edit = pending();
    const { folded } = typeAt(edit, 'const count', 'const count'.length, 'Now');
    assert.deepEqual(folded, { taken: 0, withdrawn: 1 });
    assert.equal(edit.shownText(), 'a\nconst countNow = 1;\nb\nreturn count;\nreturn total;\nc\n');
    edit.decideAll('accepted');
    assert.equal(edit.resolved(), 'a\nconst countNow = 1;\nb\nreturn total;\nc\n', 'accepting the rest never overwrites the typed line');
  });

  it('keeps a change across a hunk and the lines around it exactly as the user left it', () => {
    const edit = pending();
    // Select from "a" to the end of the first hunk's new line and type over it.
    const end = SHOWN.indexOf('const total = 1;') + 'const total = 1;'.length;
    const folded = edit.rebase({ offset: 0, length: end, text: 'x' });
    assert.deepEqual(folded, { taken: 0, withdrawn: 0 });
    assert.equal(edit.shownText(), 'x\nb\nreturn count;\nreturn total;\nc\n');
    assert.equal(edit.pendingCount, 1);
  });

  it('joins an old line with the line above when the user deletes the line break between them', () => {
    const edit = pending();
    const { folded } = typeAt(edit, 'a\n', 1, '', 1);
    assert.deepEqual(folded, { taken: 0, withdrawn: 1 });
    assert.equal(edit.shownText(), 'aconst count = 1;\nb\nreturn count;\nreturn total;\nc\n');
  });

  it('moves the selection when lines are added above it', () => {
    const edit = pending();
    typeAt(edit, 'a\n', 1, '\nz');
    assert.deepEqual(edit.selection, { startLine: 2, endLine: 4 });
  });
});
