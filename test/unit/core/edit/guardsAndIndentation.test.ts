// Shapes the seventieth and seventy-first blind rounds of the edit corpus found the applier getting
// wrong. Each test is the shape of a real miss.
import * as assert from 'node:assert/strict';
import { applyEditAnswer } from '../../../../src/core/edit/editApplier';
import { applied, fence, lines } from './applierHelpers';

describe('the edit applier with new guards between markers', () => {
  it('puts a guard indented as a body under the head the first marker keeps, not after a return or outside', () => {
    const errors = lines(
      ' * @private',
      ' */',
      '',
      'function toClassName (name) {',
      "  return name.slice(-5) === 'Error' ? name : name + 'Error'",
      '}',
    );
    const answer = fence('javascript', '/* ... */', '  if (!name) {', "    return 'Error'", '  }', '  /* ... */');
    assert.equal(
      applied(applyEditAnswer(errors, { startLine: 3, endLine: 5 }, answer, 'guard aginst empty name in toClassName')),
      errors.replace('(name) {\n', "(name) {\n  if (!name) {\n    return 'Error'\n  }\n"),
    );
  });
});
