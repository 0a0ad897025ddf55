// Without a parser (not loaded yet, failed to load, or none for the language) the line rules answer
// at once: a completion never waits for a grammar.
import * as assert from 'node:assert/strict';
import * as os from 'node:os';
import { decideMode } from '../../../../src/core/completion/completionMode';
import { extractContext } from '../../../../src/core/completion/contextExtraction';
import { postProcess } from '../../../../src/core/completion/postProcess';
import { cutPoints, MAX_JUDGED } from '../../../../src/core/completion/syntaxCheck';
import type { SyntaxParsers } from '../../../../src/core/completion/syntaxParser';
import { TreeSitterParsers } from '../../../../src/core/completion/treeSitterParsers';
import { WASM_DIR } from './wasmDir';

function at(doc: string, languageId: string) {
  const offset = doc.indexOf('|');
  const ctx = extractContext(doc.slice(0, offset) + doc.slice(offset + 1), offset, languageId);
  return { ctx, mode: decideMode(ctx)! };
}

describe('completion post-processing while no parser is ready', () => {
  it('answers by the line rules while the grammar loads, and by syntax once it has', async () => {
    const parsers = new TreeSitterParsers(WASM_DIR);
    const { ctx, mode } = at('def mean(xs):\n    |\n', 'python');
    const raw = 'total = sum(xs)\n    return total / (\n';
    // The first call starts loading and is answered at once, by the line rules.
    assert.equal(postProcess(raw, ctx, mode, { syntax: parsers }), 'total = sum(xs)\n    return total / (');
    assert.ok(await parsers.load('python'));
    assert.equal(postProcess(raw, ctx, mode, { syntax: parsers }), 'total = sum(xs)');
  });

  it('falls back to the line rules when the grammar cannot be loaded, and says why once', async () => {
    const errors: string[] = [];
    const parsers = new TreeSitterParsers(os.tmpdir(), (message) => errors.push(message));
    assert.equal(await parsers.load('typescript'), false);
    const { ctx, mode } = at(
      'function isMissing(value: unknown): boolean {\n  if (value === |) {\n    return true;\n  }\n}\n',
      'typescript',
    );
    assert.equal(postProcess('null){', ctx, mode, { syntax: parsers }), 'null');
    assert.equal(errors.length, 1);
    assert.match(errors[0], /^Syntax checks for typescript are off \(line rules only\): /);
  });

  it('a cut-off answer ends at its last line end where all it opened is closed', () => {
    const { ctx, mode } = at('const routes = [\n  |\n];\n', 'javascript');
    const raw =
      "{ path: '/', view: home },\n  { path: '/about', view: about },\n  { path: '/users', view: list, children: [\n    { path: ':id'";
    assert.equal(postProcess(raw, ctx, mode, { truncated: true }), "{ path: '/', view: home },\n  { path: '/about', view: about },");
  });

  it('judges a long answer of junk a bounded number of times, each text once, then shows nothing', () => {
    const judged: string[] = [];
    const refusing: SyntaxParsers = { judgeInsertion: () => ({ fits: (text) => (judged.push(text), false), dispose: () => undefined }) };
    const { ctx, mode } = at('const total = |\n', 'typescript');
    const raw = Array.from({ length: 200 }, (_, i) => `a${i}`).join(' + ');
    assert.equal(postProcess(raw, ctx, mode, { syntax: refusing }), undefined);
    // The last MAX_JUDGED cut points; those on either side of a space make the same text, parsed once.
    const candidates = cutPoints(raw, false)
      .slice(-MAX_JUDGED)
      .map((at) => raw.slice(0, at).trimEnd());
    assert.deepEqual(judged, [...new Set(candidates.reverse())]);
    assert.ok(judged.length < MAX_JUDGED, 'some cut points make the same text');
  });

  it('falls back to the line rules when the parser throws mid-judgement', () => {
    const broken: SyntaxParsers = {
      judgeInsertion: () => ({
        fits: () => {
          throw new Error('memory access out of bounds');
        },
        dispose: () => undefined,
      }),
    };
    const { ctx, mode } = at(
      'function isMissing(value: unknown): boolean {\n  if (value === |) {\n    return true;\n  }\n}\n',
      'typescript',
    );
    assert.equal(postProcess('null){', ctx, mode, { syntax: broken }), 'null');
  });
});
