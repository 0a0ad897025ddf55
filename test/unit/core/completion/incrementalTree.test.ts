// The syntax judge parses the code around the cursor incrementally, from the last request's tree: the edit
// handed to tree-sitter must be exactly where the texts differ, the old tree must really be reused, and
// what the judge reads from the tree (where errors start, which brackets are tokens) must be what a
// fresh parse gives.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import type * as TreeSitter from '@vscode/tree-sitter-wasm';
import { advance, IncrementalTree, textEdit } from '../../../../src/core/completion/incrementalTree';
import { bracketTokens, TreeSitterParsers } from '../../../../src/core/completion/treeSitterParsers';
import { WASM_DIR } from './wasmDir';

/** `edit` applied to `before` gives `after`, and its positions are those of its indexes. */
function assertEditTurns(before: string, after: string): TreeSitter.Edit {
  const edit = textEdit(before, after);
  assert.equal(before.slice(0, edit.startIndex) + after.slice(edit.startIndex, edit.newEndIndex) + before.slice(edit.oldEndIndex), after);
  assert.equal(before.length - edit.oldEndIndex, after.length - edit.newEndIndex, 'the same text after the change');
  const origin = { row: 0, column: 0 };
  assert.deepEqual(edit.startPosition, advance(origin, before.slice(0, edit.startIndex)));
  assert.deepEqual(edit.oldEndPosition, advance(origin, before.slice(0, edit.oldEndIndex)));
  assert.deepEqual(edit.newEndPosition, advance(origin, after.slice(0, edit.newEndIndex)));
  return edit;
}

describe('incremental trees for the syntax judge', () => {
  describe('the edit between two texts', () => {
    it('spans only where the texts differ: a key typed, a key deleted, a line pasted, a text replaced', () => {
      const text = 'function f() {\n  return 1;\n}\n';
      assert.deepEqual(
        [assertEditTurns(text, text.replace('1;', '12;'))].map((e) => [e.startIndex, e.oldEndIndex, e.newEndIndex]),
        [[25, 25, 26]],
      );
      const deleted = assertEditTurns(text, text.replace('return ', 'retrn '));
      assert.deepEqual([deleted.startIndex, deleted.oldEndIndex, deleted.newEndIndex], [20, 21, 20]);
      const pasted = assertEditTurns(text, text.replace('  return', '  const a = [\n    1,\n  ];\n  return'));
      assert.deepEqual(pasted.newEndPosition, { row: 4, column: 2 });
      assertEditTurns(text, 'x = 1\n');
      assertEditTurns('', text);
      assertEditTurns(text, '');
      const same = assertEditTurns(text, text);
      assert.equal(same.startIndex, same.newEndIndex);
      // Repeated characters: the common start and end must not overlap.
      assertEditTurns('aaaa', 'aaaaaa');
      assertEditTurns('abab\nab', 'ab\nab');
    });

    it('never splits a character outside the BMP (a UTF-16 surrogate pair) between kept and changed text', () => {
      const edit = assertEditTurns('const a = "🚀";', 'const a = "🚁";');
      assert.equal(edit.startIndex, 'const a = "'.length);
      assert.equal(edit.oldEndIndex, 'const a = "🚀'.length);
      const end = assertEditTurns('x🚀y', 'x\ud83dy');
      assert.equal(end.startIndex, 1, 'the common start stops before the pair');
    });
  });

  describe('reparsing from the last tree', () => {
    let runtime: typeof TreeSitter;
    let parser: TreeSitter.Parser;
    before(async () => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- the runtime is loaded from its folder, as the extension does
      runtime = require(path.join(WASM_DIR, 'tree-sitter.js')) as typeof TreeSitter;
      await runtime.Parser.init({ locateFile: (file: string) => path.join(WASM_DIR, file) });
      parser = new runtime.Parser().setLanguage(await runtime.Language.load(path.join(WASM_DIR, 'tree-sitter-typescript.wasm')));
    });

    /** What the judge reads from a tree: where errors start, and the bracket tokens. */
    function judged(tree: TreeSitter.Tree) {
      const errors: number[] = [];
      const walk = (node: TreeSitter.Node) => {
        if (node.isError || node.isMissing) errors.push(node.startIndex);
        else if (node.hasError) for (const child of node.children) if (child) walk(child);
      };
      walk(tree.rootNode);
      return { errors, brackets: bracketTokens(tree), sexp: tree.rootNode.toString() };
    }

    it('gives, key by key, what a fresh parse gives, and hands tree-sitter the previous tree', () => {
      const source = readFileSync(path.join(__dirname, '../../../../src/core/completion/brackets.ts'), 'utf8');
      const oldTrees: Array<TreeSitter.Tree | null | undefined> = [];
      const spy = {
        parse: (text: string, old?: TreeSitter.Tree | null) => {
          oldTrees.push(old);
          return parser.parse(text, old);
        },
      } as unknown as TreeSitter.Parser;
      const incremental = new IncrementalTree(spy);
      // A line typed key by key into the middle of a function (each state broken until the line is done),
      // taken out again, then another file's text in its place.
      const at = source.indexOf('  for (const i of stack)');
      const line = '  if (stack.length > 0 && text[stack[0]] === "(") unmatched.add(stack[0]);\n';
      const texts = [source];
      for (let typed = 1; typed <= line.length; typed++) texts.push(source.slice(0, at) + line.slice(0, typed) + source.slice(at));
      for (let kept = line.length - 1; kept >= 0; kept -= 7) texts.push(source.slice(0, at) + line.slice(0, kept) + source.slice(at));
      texts.push(texts[texts.length - 1], 'export const answer = { value: [1, 2, 3] };\n');
      for (const text of texts) {
        const tree = incremental.parse(text)!;
        const fresh = parser.parse(text)!;
        try {
          assert.deepEqual(judged(tree), judged(fresh), `after ${JSON.stringify(text.slice(at, at + 40))}`);
        } finally {
          tree.delete();
          fresh.delete();
        }
      }
      assert.equal(oldTrees[0], null, 'the first text is parsed afresh');
      // The same text again is the kept tree itself (no parse); every other one is parsed from the last tree.
      assert.equal(oldTrees.length, texts.length - 1);
      assert.ok(
        oldTrees.slice(1).every((old) => old),
        'each later text is parsed from the last tree',
      );
    });
  });

  describe('judgements', () => {
    it('for one file after another are those of parsers that saw only the second', async () => {
      const seasoned = new TreeSitterParsers(WASM_DIR);
      const fresh = new TreeSitterParsers(WASM_DIR);
      assert.ok((await seasoned.load('typescript')) && (await fresh.load('typescript')));
      const first = seasoned.judgeInsertion('typescript', 'class Box {\n  open(size: number) {\n    ', '\n  }\n}\n')!;
      assert.equal(first.fits('return size;'), true);
      first.dispose();
      const before = 'function area(w: number, h: number): number {\n  const s = [w, h];\n  ';
      const after = '\n}\n\nexport const unit = area(1, 1);\n';
      const candidates = ['return w * h;', 'return (w * h;', 'return s.map((x) => x * 2)[0];', '}', 'if (w > 0) {'];
      const verdicts = (parsers: TreeSitterParsers) => {
        const judge = parsers.judgeInsertion('typescript', before, after)!;
        try {
          return candidates.map((c) => judge.fits(c));
        } finally {
          judge.dispose();
        }
      };
      const expected = verdicts(fresh);
      assert.deepEqual(expected, [true, false, true, false, true], 'the candidates tell right from wrong');
      assert.deepEqual(verdicts(seasoned), expected);
      // And once more, a key typed into the same place: the judge sees the key.
      const typed = seasoned.judgeInsertion('typescript', `${before}r`, after)!;
      try {
        assert.equal(typed.fits('eturn w * h;'), true);
        assert.equal(typed.fits('eturn (w * h;'), false);
      } finally {
        typed.dispose();
      }
    });
  });
});
