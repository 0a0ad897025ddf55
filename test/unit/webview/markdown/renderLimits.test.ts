// Which blocks of an answer are formatted and which are shown as plain text (renderLimits.ts).
import assert from 'node:assert/strict';
import { BLOCK_MAX_CHARS, fitsMarked, highlightable, INLINE_MAX_LOAD, inlineLoad } from '../../../../src/webview/markdown/renderLimits';
import { markdownAnswer } from '../../../e2e/fixtures/chatMessages';
import { hostileBlocks, tsCode } from '../../../e2e/fixtures/hostileAnswers';

describe('render limits: formatted or plain text', () => {
  it('formats ordinary answers: headings, prose, lists, quotes, tables', () => {
    for (const block of markdownAnswer(6000).split('\n\n')) assert.ok(fitsMarked(block), block.slice(0, 60));
    const list = Array.from(
      { length: 300 },
      (_, i) => `${i + 1}. Step ${i}: run \`npm test\`\n   - check **output** ${i}\n     > note`,
    ).join('\n');
    assert.ok(fitsMarked(list));
    const table = '| a | b |\n|---|---|\n' + '| *x* | `y` |\n'.repeat(1000);
    assert.ok(fitsMarked(table));
  });

  it('shows blocks marked cannot lex in bounded time as plain text: huge, deeply nested, or with endless list items', () => {
    assert.equal(fitsMarked('x'.repeat(BLOCK_MAX_CHARS + 1)), false);
    assert.equal(fitsMarked(hostileBlocks.nestedQuotes.slice(0, 20_000)), false, '10,000 levels of `> `');
    assert.equal(fitsMarked(hostileBlocks.nestedLists.slice(0, 20_000)), false, '10,000 levels of `- `');
    assert.equal(fitsMarked('- a\n' + 'b\n'.repeat(2000)), false, '2,000 lazy lines in one item');
    assert.equal(fitsMarked('- - - - - - - - x\n'.repeat(1500)), false, '1,500 lines nested 8 deep');
    assert.equal(
      fitsMarked(Array.from({ length: 1500 }, (_, i) => ' '.repeat((i % 30) * 2) + '- x').join('\n')),
      false,
      'stairs of indentation',
    );
  });

  it('shows segments that would obviously make thousands of elements as plain text, without lexing them', () => {
    assert.equal(fitsMarked('# h\n'.repeat(1000)), false, '1,000 one-line headings');
    assert.equal(fitsMarked('---\n'.repeat(1000)), false, '1,000 rules');
    assert.equal(fitsMarked('| a | b |\n|---|---|\n' + '| x | y |\n'.repeat(2000)), false, 'a table of 2,000 rows');
    assert.equal(fitsMarked('- a\n'.repeat(1500)), false, 'a list of 1,500 items');
    assert.ok(fitsMarked('# h\ntext\n'.repeat(100)), '100 headings');
  });

  it('parses inline markup of prose, but not runs of delimiters or long runs without spaces', () => {
    const prose = 'The function `greet` builds a **greeting** for a [user](https://x.y). It should *trim* the name, use snake_case_names. ';
    assert.ok(inlineLoad(prose.repeat(30)) < INLINE_MAX_LOAD, '3.5 KB of formatted prose');
    assert.ok(inlineLoad(hostileBlocks.mixedDelimiters8k.slice(0, 1500)) > INLINE_MAX_LOAD, '1.5 KB of `*_a`');
    assert.ok(inlineLoad('_a'.repeat(2000)) > INLINE_MAX_LOAD, '4 KB of `_a`');
    assert.ok(inlineLoad('%?!'.repeat(2000)) > INLINE_MAX_LOAD, 'a 6 KB run without spaces');
    assert.ok(inlineLoad('2 * 3 _ 4 ~ 5 '.repeat(500)) < INLINE_MAX_LOAD, 'delimiters followed by spaces open nothing');
  });

  it('colours small code only, with no line long enough to turn quadratic', () => {
    assert.ok(highlightable(tsCode(7_000)));
    assert.equal(highlightable(tsCode(25_000)), false);
    assert.equal(highlightable(`short\n${'$'.repeat(201)}\nshort`), false);
  });
});
