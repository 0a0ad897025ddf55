// The cut of an answer into top-level segments: the only text marked is ever given at once.
import assert from 'node:assert/strict';
import { closesFence, fenceOpen, splitSegments } from '../../../../src/webview/markdown/markdownSegments';
import { markdownAnswer } from '../../../e2e/fixtures/chatMessages';

const parts = (text: string) => splitSegments(text).map((s) => text.slice(s.start, s.end));

describe('markdown segments: where an answer may be cut before marked sees it', () => {
  it('cuts between blocks a blank line apart, and keeps blank lines with the block before', () => {
    assert.deepEqual(parts('# Title\nText\n\nMore text.\n\n\n> quote\n\n| a |\n|---|\n'), [
      '# Title\nText\n\n',
      'More text.\n\n\n',
      '> quote\n\n',
      '| a |\n|---|\n',
    ]);
  });

  it('keeps a list whole across blank lines (a loose list), with its indented paragraphs and code', () => {
    const list = '1. one\n2. two\n\n3. three\n\n   more about three\n\n       indented code\n\n- other bullet\n';
    assert.deepEqual(parts(`${list}\nAfter.`), [`${list}\n`, 'After.']);
  });

  it('keeps a fenced block whole, blank lines and all, and cuts right before and after a column-0 fence', () => {
    const text = 'Here:\n```ts\nconst a = 1;\n\n\nconst b = 2;\n```\n\n\nThen:\n~~~\n```\n\nnot a close\n~~~\ntail';
    const segments = splitSegments(text);
    assert.deepEqual(
      segments.map((s) => text.slice(s.start, s.end)),
      ['Here:\n', '```ts\nconst a = 1;\n\n\nconst b = 2;\n```\n\n\n', 'Then:\n', '~~~\n```\n\nnot a close\n~~~\n', 'tail'],
    );
    assert.deepEqual(segments[1].fence, { char: '`', length: 3, info: 'ts' });
    assert.equal(segments[2].fence, undefined);
  });

  it('runs an unclosed fence to the end of the text (it is still streaming)', () => {
    assert.deepEqual(parts('Intro\n\n```py\nx = 1\n\nprint(x)\n'), ['Intro\n\n', '```py\nx = 1\n\nprint(x)\n']);
  });

  it('steps over an indented fence without cutting inside it', () => {
    const text = '- item\n\n  ```sh\n  echo a\n\nstill code\n  ```\n\nAfter';
    assert.deepEqual(parts(text), ['- item\n\n  ```sh\n  echo a\n\nstill code\n  ```\n\n', 'After']);
  });

  it('cuts the same way however the text arrives (re-cutting only the last two segments)', () => {
    const text = markdownAnswer(3000) + '\n1. one\n2. two\n\n3. three\n\n```ts\nopen fence\n\n';
    const whole = splitSegments(text);
    for (const step of [1, 7, 61, 499]) {
      let segments = splitSegments(text.slice(0, step));
      for (let end = step; end < text.length; end = Math.min(text.length, end + step)) {
        const next = Math.min(text.length, end + step);
        const kept = Math.max(0, segments.length - 2);
        segments = [...segments.slice(0, kept), ...splitSegments(text.slice(0, next), kept > 0 ? segments[kept].start : 0)];
      }
      assert.deepEqual(segments, whole, `arriving ${step} characters at a time`);
    }
  });

  it('reads fences as CommonMark does: up to three spaces, three or more marks, no backtick in a backtick info string', () => {
    assert.deepEqual(fenceOpen('   ```ts  title'), { char: '`', length: 3, info: 'ts  title', indent: 3 });
    assert.equal(fenceOpen('    ```'), undefined);
    assert.equal(fenceOpen('``'), undefined);
    assert.equal(fenceOpen('``` a`b'), undefined);
    assert.deepEqual(fenceOpen('~~~~ a`b'), { char: '~', length: 4, info: 'a`b', indent: 0 });
    const open = { char: '`' as const, length: 4, info: '' };
    assert.ok(closesFence('````', open));
    assert.ok(closesFence('  `````  ', open));
    assert.ok(!closesFence('```', open));
    assert.ok(!closesFence('~~~~', open));
    assert.ok(!closesFence('```` x', open));
  });

  it('judges a megabyte-long fence-like line (no regex to backtrack over it)', () => {
    const line = '`'.repeat(500_000) + ' '.repeat(500_000) + 'x';
    assert.equal(closesFence(line, { char: '`', length: 3, info: '' }), false);
    assert.deepEqual(parts(`\`\`\`\n${line}\n`).length, 1);
  });
});
