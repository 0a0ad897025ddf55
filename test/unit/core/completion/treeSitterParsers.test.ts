import * as assert from 'node:assert/strict';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { TreeSitterParsers } from '../../../../src/core/completion/treeSitterParsers';
import { WASM_DIR } from './wasmDir';

describe('tree-sitter parsers for the syntax judge', () => {
  const parsers = new TreeSitterParsers(WASM_DIR);

  // One valid and one broken body per language the judge covers.
  const cases: Array<[string, string, string, string, string]> = [
    ['typescript', 'function f(): number {\n  ', '\n}\n', 'return 1;', 'return (1;'],
    ['typescriptreact', 'const A = () => <div>', '</div>;\n', '{name}', '{name'],
    ['javascript', 'function f() {\n  ', '\n}\n', 'return [1, 2];', 'return [1, 2;'],
    ['python', 'def f():\n    ', '\n', 'return {"a": 1}', 'return {"a": 1'],
    ['go', 'func f() int {\n\t', '\n}\n', 'return len(xs)', 'return len(xs'],
    ['rust', 'fn f() -> usize {\n    ', '\n}\n', 'xs.len()', 'xs.len('],
    ['java', 'class A {\n  int f() {\n    ', '\n  }\n}\n', 'return xs.size();', 'return xs.size(;'],
  ];
  for (const [language, before, after, good, bad] of cases) {
    it(`${language}: keeps a body that parses and refuses one that does not, counting non-ASCII text right`, async () => {
      assert.ok(await parsers.load(language));
      // Text before the cursor with characters outside ASCII (and outside the BMP) checks the offsets of the incremental edit.
      const judge = parsers.judgeInsertion(language, `// ünïcødé 🚀\n${before}`, after)!;
      try {
        assert.equal(judge.fits(good), true);
        assert.equal(judge.fits(bad), false);
      } finally {
        judge.dispose();
      }
    });
  }

  it('refuses a note written as code (a label before an expression), and keeps a labelled loop or block', async () => {
    const places: Array<[string, string, string, string[], string[]]> = [
      [
        'typescript',
        'function drain(queue: string[], atEnd: boolean) {\n  if (atEnd) retu#',
        '\n  queue.push("done");\n}\n',
        [' TODO: handle this case', ' TODO: handle', '\n  Note: queue.length'],
        [],
      ],
      [
        'javascript',
        'function find(rows, id) {\n  ',
        '\n  return null;\n}\n',
        ['TODO: implement', 'Example: find(rows, 1)'],
        [
          'outer: for (const row of rows) {\n    for (const cell of row) if (cell === id) break outer;\n  }',
          'found: {\n    break found;\n  }',
        ],
      ],
      [
        'java',
        'class A {\n  int f(int[] xs) {\n    ',
        '\n    return 0;\n  }\n}\n',
        ['TODO: handle(xs);'],
        ['outer: while (true) { break outer; }'],
      ],
    ];
    for (const [language, before, after, notes, code] of places) {
      assert.ok(await parsers.load(language));
      const judge = parsers.judgeInsertion(language, before, after)!;
      try {
        for (const note of notes) assert.equal(judge.fits(note), false, `${language}: ${note}`);
        for (const labelled of code) assert.equal(judge.fits(labelled), true, `${language}: ${labelled}`);
      } finally {
        judge.dispose();
      }
    }
  });

  it('has no parser for a language without a grammar, and starts none', async () => {
    assert.equal(parsers.judgeInsertion('markdown', '# a', ''), undefined);
    assert.equal(await parsers.load('markdown'), false);
  });

  it('loads the runtime and a grammar packaged brotli-compressed (.wasm.br), as the VSIX ships them', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tandem-grammars-'));
    try {
      copyFileSync(join(WASM_DIR, 'tree-sitter.js'), join(dir, 'tree-sitter.js'));
      for (const wasm of ['tree-sitter', 'tree-sitter-go'])
        writeFileSync(join(dir, `${wasm}.wasm.br`), brotliCompressSync(readFileSync(join(WASM_DIR, `${wasm}.wasm`))));
      const packaged = new TreeSitterParsers(dir);
      assert.ok(await packaged.load('go'), 'the compressed grammar loads');
      const judge = packaged.judgeInsertion('go', 'func f() int {\n\t', '\n}\n')!;
      try {
        assert.equal(judge.fits('return len(xs)'), true);
        assert.equal(judge.fits('return len(xs'), false);
      } finally {
        judge.dispose();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
