// Closing lines a realistic model adds, judged by the line rules alone (what the user gets while the
// grammar loads, and in languages without one).
import * as assert from 'node:assert/strict';
import { realisticOutput } from '../../../../sim/fimFailures';
import { decideMode } from '../../../../src/core/completion/completionMode';
import { extractContext } from '../../../../src/core/completion/contextExtraction';
import { postProcess } from '../../../../src/core/completion/postProcess';
import { fimOptionsFor } from '../../../../src/core/completion/requestOptions';

function at(doc: string, languageId: string) {
  const offset = doc.indexOf('|');
  const ctx = extractContext(doc.slice(0, offset) + doc.slice(offset + 1), offset, languageId);
  return { ctx, mode: decideMode(ctx)! };
}

describe('closing lines by the line rules', () => {
  it('rewrite-line in `{|}`: the `};` a model writes for the `}` already there is not shown', () => {
    const { ctx, mode } = at('export function clamp(value: number, min: number, max: number): number {|}\n', 'typescript');
    const options = fimOptionsFor(ctx, mode, { model: 'beta-v4-pro', maxTokens: 128 });
    const ideal = '\n  return Math.min(max, Math.max(min, value));\n';
    const raw = realisticOutput('rewrite-line', ideal, options.prompt, options.suffix ?? '', 1);
    assert.equal(raw.text, '\n  return Math.min(max, Math.max(min, value));\n};\n');
    assert.equal(postProcess(raw.text, ctx, mode), ideal);
  });

  it('a closer deeper than the block, with nothing open in the answer, ends it', () => {
    const { ctx, mode } = at(
      'class Check {\n  void f(Object proxy, Object method) {\n    Objects.requireNonNull(proxy);|\n  }\n}\n',
      'java',
    );
    const raw = '\n    Objects.requireNonNull(method);\n      }\n      Objects.requireNonNull(method);';
    assert.equal(postProcess(raw, ctx, mode), '\n    Objects.requireNonNull(method);');
  });
});

describe('an answer cut off by the token limit inside a docstring, by the line rules', () => {
  it('is not shown: every line end it has is inside the docstring it opened', () => {
    const { ctx, mode } = at('def area(r):\n    |\n', 'python');
    const raw = '"""Area of a circle.\n\n    Returns pi * r * r, for r\n    in metr';
    assert.equal(postProcess(raw, ctx, mode, { truncated: true }), undefined);
  });
});
