import * as assert from 'node:assert/strict';
import { fuzzyScore, rankFuzzy } from '../../../../src/core/chat/fuzzyMatch';

describe('fuzzy matching of mentions', () => {
  it('matches letters in order, case-insensitive, and refuses when one is missing or out of order', () => {
    assert.notEqual(fuzzyScore('grts', 'src/greet.ts'), undefined);
    assert.notEqual(fuzzyScore('GREET', 'src/greet.ts'), undefined);
    assert.equal(fuzzyScore('tsg', 'src/greet.ts'), undefined);
    assert.equal(fuzzyScore('greetx', 'src/greet.ts'), undefined);
    assert.equal(fuzzyScore('', 'anything'), 0);
  });

  it('prefers a match in the file name, at word starts and in runs, and shorter paths', () => {
    const files = ['src/helpers/deep/path.ts', 'src/shapes.ts', 'lib/sh/a/p/e.ts', 'test/shapes.test.ts'];
    assert.deepEqual(
      rankFuzzy('shap', files, (f) => f, 2),
      ['src/shapes.ts', 'test/shapes.test.ts'],
    );
    assert.deepEqual(
      rankFuzzy('gt', ['src/getText.ts', 'src/budget.ts'], (f) => f, 1),
      ['src/getText.ts'],
    );
    assert.deepEqual(
      rankFuzzy('greet', ['a/b/c/greet.ts', 'greet.ts'], (f) => f, 2),
      ['greet.ts', 'a/b/c/greet.ts'],
    );
  });

  it('caps the answer and orders ties the same whatever the input order', () => {
    const many = Array.from({ length: 500 }, (_, i) => `f${String(i).padStart(3, '0')}.ts`);
    const top = rankFuzzy('f', many, (f) => f, 50);
    assert.equal(top.length, 50);
    assert.deepEqual(
      rankFuzzy('f', [...many].reverse(), (f) => f, 50),
      top,
    );
    assert.deepEqual(
      rankFuzzy('zz', many, (f) => f, 50),
      [],
    );
  });
});
