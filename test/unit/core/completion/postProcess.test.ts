import * as assert from 'node:assert/strict';
import { decideMode } from '../../../../src/core/completion/completionMode';
import { extractContext } from '../../../../src/core/completion/contextExtraction';
import { findCut, postProcess } from '../../../../src/core/completion/postProcess';

function run(doc: string, languageId: string, raw: string): string | undefined {
  const offset = doc.indexOf('|');
  const ctx = extractContext(doc.slice(0, offset) + doc.slice(offset + 1), offset, languageId);
  const mode = decideMode(ctx);
  assert.ok(mode, 'a completion is asked for here');
  return postProcess(raw, ctx, mode);
}

describe('completion post-processing (golden cases)', () => {
  const cases: Array<{ name: string; doc: string; lang: string; raw: string; want: string | undefined }> = [
    // single line, mid-line
    {
      name: 'TypeScript: keeps the rest of the line, drops the next line',
      doc: 'const n = items.|\n',
      lang: 'typescript',
      raw: 'length;\nconsole.log(n);',
      want: 'length;',
    },
    {
      name: 'TypeScript: trims a closing paren the suffix already has',
      doc: 'console.log(|);\n',
      lang: 'typescript',
      raw: '"hi");',
      want: '"hi"',
    },
    { name: 'TypeScript: keeps brackets the answer opened itself', doc: 'run(|)\n', lang: 'typescript', raw: 'make())', want: 'make()' },
    {
      name: 'Python: unbalanced closer trimmed against the suffix',
      doc: 'total = sum(|)\n',
      lang: 'python',
      raw: 'x * 2 for x in xs)',
      want: 'x * 2 for x in xs',
    },
    {
      name: 'JSON: stops where the suffix starts repeating',
      doc: '{\n  "name": |,\n}',
      lang: 'json',
      raw: '"tandem", "version": "1.0"',
      want: '"tandem"',
    },
    {
      name: 'markdown: no trailing whitespace',
      doc: 'Tandem is |',
      lang: 'markdown',
      raw: 'a VS Code extension.   ',
      want: 'a VS Code extension.',
    },
    { name: 'no doubled space after a space', doc: 'return |\n', lang: 'typescript', raw: ' 42;', want: '42;' },
    // multi-line, empty line
    {
      name: 'Python: a body stops where the block is left',
      doc: 'def mean(xs):\n    |\n',
      lang: 'python',
      raw: 'if not xs:\n        return 0\n    return sum(xs) / len(xs)\ndef median(xs):\n    pass',
      want: 'if not xs:\n        return 0\n    return sum(xs) / len(xs)',
    },
    {
      name: 'TypeScript: stops before the closing brace the suffix already has',
      doc: 'function f() {|\n}\n',
      lang: 'typescript',
      raw: '\n  return 1;\n}\n',
      want: '\n  return 1;',
    },
    {
      name: 'TypeScript: keeps a closing brace the suffix lacks',
      doc: 'function f() {|',
      lang: 'typescript',
      raw: '\n  return 1;\n}\nfunction g() {}',
      want: '\n  return 1;\n}',
    },
    {
      name: 'JSON: stops at the next line of the suffix',
      doc: '{\n  "a": 1,\n  |\n  "z": 26\n}',
      lang: 'json',
      raw: '"b": 2,\n  "z": 26\n}',
      want: '"b": 2,',
    },
    {
      name: 'markdown: code fences are stripped',
      doc: '# Usage\n|',
      lang: 'markdown',
      raw: '```bash\nnpm install\n```\nmore',
      want: 'npm install',
    },
    { name: 'rejects a rewrite of the line above', doc: 'x = compute()\n|', lang: 'python', raw: 'x = compute()\n', want: undefined },
    { name: 'rejects whitespace-only output', doc: 'def f():\n    |\n', lang: 'python', raw: '   \n  \n', want: undefined },
    {
      name: 'stops at a repeated line',
      doc: 'items = []\n|',
      lang: 'python',
      raw: 'items.append(1)\nitems.append(2)\nitems.append(1)\nitems.append(3)',
      want: 'items.append(1)\nitems.append(2)',
    },
  ];
  for (const c of cases) {
    it(c.name, () => assert.equal(run(c.doc, c.lang, c.raw), c.want));
  }

  it('decides a single line as soon as a newline arrives, and not before', () => {
    const doc = 'const n = items.';
    const ctx = extractContext(doc, doc.length, 'typescript');
    const mode = decideMode(ctx)!;
    assert.equal(findCut('leng', ctx, mode), undefined);
    assert.equal(findCut('length;\nmore', ctx, mode), 'length;'.length);
  });

  it('decides a block once a line leaves it, before the stream ends', () => {
    const doc = 'def f():\n    ';
    const ctx = extractContext(doc, doc.length, 'python');
    const mode = decideMode(ctx)!;
    assert.equal(findCut('return 1\n', ctx, mode), undefined, 'the body could go on');
    assert.equal(findCut('return 1\ndef g', ctx, mode), undefined, 'the next line is not complete yet');
    assert.equal(findCut('return 1\ndef g():\n', ctx, mode), 'return 1'.length);
  });
});
