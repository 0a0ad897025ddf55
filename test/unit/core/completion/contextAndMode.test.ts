import * as assert from 'node:assert/strict';
import { decideMode } from '../../../../src/core/completion/completionMode';
import { extractContext } from '../../../../src/core/completion/contextExtraction';
import { fimOptionsFor } from '../../../../src/core/completion/requestOptions';

/** `|` marks the cursor. */
function at(doc: string, languageId: string, budget?: { prefixChars: number; suffixChars: number }) {
  const offset = doc.indexOf('|');
  return extractContext(doc.slice(0, offset) + doc.slice(offset + 1), offset, languageId, budget);
}

const settings = { model: 'beta-v4-pro', maxTokens: 256 };

describe('completion context and the single- vs multi-line decision (golden cases)', () => {
  const cases: Array<{
    name: string;
    doc: string;
    lang: string;
    linePrefix: string;
    lineSuffix: string;
    mode: 'single' | 'multi' | 'none';
    stop?: string[];
  }> = [
    {
      name: 'Python, empty line in a body',
      doc: 'def mean(xs):\n    |\n',
      lang: 'python',
      linePrefix: '    ',
      lineSuffix: '',
      mode: 'multi',
    },
    {
      name: 'Python, block start at line end',
      doc: 'def mean(xs):|\n',
      lang: 'python',
      linePrefix: 'def mean(xs):',
      lineSuffix: '',
      mode: 'multi',
    },
    {
      name: 'Python, mid-line before a closing paren',
      doc: 'print(|)\n',
      lang: 'python',
      linePrefix: 'print(',
      lineSuffix: ')',
      mode: 'single',
      stop: ['\n'],
    },
    {
      name: 'TypeScript, mid-line at line end',
      doc: 'const total = items.|\n',
      lang: 'typescript',
      linePrefix: 'const total = items.',
      lineSuffix: '',
      mode: 'single',
      stop: ['\n'],
    },
    {
      name: 'TypeScript, mid-line with code after the cursor',
      doc: 'const x = |foo(1);\n',
      lang: 'typescript',
      linePrefix: 'const x = ',
      lineSuffix: 'foo(1);',
      mode: 'none',
    },
    {
      name: 'TypeScript, function body opener',
      doc: 'function f() {|\n}\n',
      lang: 'typescript',
      linePrefix: 'function f() {',
      lineSuffix: '',
      mode: 'multi',
    },
    { name: 'JSON, value position', doc: '{\n  "name": |,\n}', lang: 'json', linePrefix: '  "name": ', lineSuffix: ',', mode: 'single' },
    { name: 'JSON, empty line in an object', doc: '{\n  "a": 1,\n  |\n}', lang: 'json', linePrefix: '  ', lineSuffix: '', mode: 'multi' },
    {
      name: 'markdown, mid-sentence',
      doc: '# Title\n\nTandem is |',
      lang: 'markdown',
      linePrefix: 'Tandem is ',
      lineSuffix: '',
      mode: 'single',
    },
    { name: 'markdown, empty line after a heading', doc: '# Title\n|', lang: 'markdown', linePrefix: '', lineSuffix: '', mode: 'multi' },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const ctx = at(c.doc, c.lang);
      assert.equal(ctx.linePrefix, c.linePrefix);
      assert.equal(ctx.lineSuffix, c.lineSuffix);
      assert.equal(ctx.prefix + ctx.suffix, c.doc.replace('|', ''));
      const mode = decideMode(ctx);
      assert.equal(mode === undefined ? 'none' : mode.multiline ? 'multi' : 'single', c.mode);
      // The line's own stop first; the control tokens of controlTokens.ts follow it.
      if (mode && c.stop) assert.deepEqual((fimOptionsFor(ctx, mode, settings).stop as string[]).slice(0, c.stop.length), c.stop);
    });
  }

  it('keeps prefix and suffix within budget, cut at whole lines', () => {
    const lines = Array.from({ length: 200 }, (_, i) => `line ${i} of the file`);
    const doc = lines.slice(0, 100).join('\n') + '\nconst x = |\n' + lines.slice(100).join('\n');
    const ctx = at(doc, 'typescript', { prefixChars: 300, suffixChars: 200 });
    assert.ok(ctx.prefix.length <= 300 && ctx.suffix.length <= 200);
    assert.match(ctx.prefix, /^line \d+ of the file\n/, 'the prefix starts at a line start');
    assert.ok(ctx.prefix.endsWith('const x = '));
    assert.match(ctx.suffix, /\nline \d+ of the file\n$/, 'the suffix ends at a line end');
  });

  it('keeps the cursor line even when it alone is longer than the budget', () => {
    const long = 'x'.repeat(500);
    const ctx = at(`a\n${long}|`, 'plaintext', { prefixChars: 100, suffixChars: 100 });
    assert.equal(ctx.prefix, long.slice(-100));
  });

  it('asks a single line for few tokens and a block for the configured maximum', () => {
    const single = fimOptionsFor(at('print(|)', 'python'), decideMode(at('print(|)', 'python'))!, settings);
    const multi = fimOptionsFor(at('def f():|', 'python'), decideMode(at('def f():|', 'python'))!, settings);
    assert.equal(single.maxTokens, 64);
    assert.equal(multi.maxTokens, 256);
    // No fence stop: it would cut a fenced answer down to its opening fence (stripFences cleans it).
    assert.deepEqual((multi.stop as string[]).slice(0, 2), ['\n\n\n', '<|endoftext|>']);
  });
});
