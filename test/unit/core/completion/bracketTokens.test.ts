// The syntax judge's bracket tokens, counted inside the WebAssembly (descendantsOfType), must be
// exactly those a walk over every leaf of the tree finds: the same brackets, in the same order.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import type * as TreeSitter from '@vscode/tree-sitter-wasm';
import { bracketTokens } from '../../../../src/core/completion/treeSitterParsers';
import { WASM_DIR } from './wasmDir';

const BRACKETS = new Set(['{', '(', '[', '${', ')', ']', '}']);

/** The reference: every leaf, in order, through a cursor. */
function leafBrackets(tree: TreeSitter.Tree): Array<{ type: string; at: number }> {
  const into: Array<{ type: string; at: number }> = [];
  const cursor = tree.walk();
  try {
    for (;;) {
      if (cursor.gotoFirstChild()) continue;
      if (BRACKETS.has(cursor.nodeType)) into.push({ type: cursor.nodeType, at: cursor.startIndex });
      while (!cursor.gotoNextSibling()) if (!cursor.gotoParent()) return into;
    }
  } finally {
    cursor.delete();
  }
}

const root = path.join(__dirname, '../../../..');
const sources: Array<[string, string]> = [
  ['typescript', 'src/core/completion/postProcess.ts'],
  ['typescript', 'src/core/transport/sse.ts'],
  ['typescript', 'sim/fim.ts'],
  ['javascript', 'esbuild.mjs'],
  ['python', 'test/fixtures/workspace/src/stats.py'],
];

describe('bracket tokens of a tree', () => {
  let runtime: typeof TreeSitter;
  const parsers = new Map<string, TreeSitter.Parser>();
  before(async () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- the runtime is loaded from its folder, as the extension does
    runtime = require(path.join(WASM_DIR, 'tree-sitter.js')) as typeof TreeSitter;
    await runtime.Parser.init({ locateFile: (file: string) => path.join(WASM_DIR, file) });
    for (const language of ['typescript', 'javascript', 'python'])
      parsers.set(
        language,
        new runtime.Parser().setLanguage(await runtime.Language.load(path.join(WASM_DIR, `tree-sitter-${language}.wasm`))),
      );
  });

  const agree = (language: string, text: string) => {
    const tree = parsers.get(language)!.parse(text)!;
    try {
      const found = bracketTokens(tree);
      assert.deepEqual(found, leafBrackets(tree));
      return found;
    } finally {
      tree.delete();
    }
  };

  it('skips brackets in strings, comments and template text, and keeps a template substitution', () => {
    const found = agree('typescript', 'const a = f("(", `x${y}]`, /* { */ [1]);\n');
    assert.deepEqual(
      found.map((b) => b.type),
      ['(', '${', '}', '[', ']', ')'],
    );
  });

  for (const [language, file] of sources) {
    it(`finds what a walk over every leaf finds in ${file}, whole and cut at every 257th character`, () => {
      const text = readFileSync(path.join(root, file), 'utf8');
      agree(language, text);
      // Cut texts leave brackets open or unpaired and errors in the tree, as the judge's windows do.
      for (let at = 0; at < text.length; at += 257) {
        agree(language, text.slice(0, at));
        agree(language, text.slice(at));
      }
    });
  }
});
