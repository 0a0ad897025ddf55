// The engine hands post-processing what it needs: the parsers, and whether the service stopped at
// its token limit.
import * as assert from 'node:assert/strict';
import { CompletionEngine } from '../../../../src/core/completion/completionEngine';
import { inThreadJudges } from '../../../../src/core/completion/inThreadJudge';
import type { StreamFim } from '../../../../src/core/completion/streamedCompletion';
import { TreeSitterParsers } from '../../../../src/core/completion/treeSitterParsers';
import type { FimCompletion } from '../../../../src/core/services/serviceBClient';
import { WASM_DIR } from './wasmDir';

/** A service that streams `pieces` and ends with `finishReason`. */
function service(pieces: string[], finishReason: string): StreamFim {
  return async function* () {
    for (const [i, text] of pieces.entries()) {
      const last = i === pieces.length - 1;
      yield { choices: [{ index: 0, text, finish_reason: last ? finishReason : null }] } satisfies FimCompletion;
    }
  };
}

function engine(streamFim: StreamFim, syntax?: TreeSitterParsers) {
  return new CompletionEngine({
    streamFim,
    syntax: syntax && inThreadJudges(syntax),
    settings: () => ({ model: 'beta-v4-pro', maxTokens: 128, debounceMs: 0 }),
    now: () => performance.now(),
  });
}

/** `|` marks the cursor. */
const query = (doc: string, languageId: string) => ({ text: doc.replace('|', ''), offset: doc.indexOf('|'), languageId });

describe('the completion engine with the syntax judge', () => {
  it('shows nothing for an answer cut off by the token limit in the middle of a dict', async () => {
    const fim = service(['return {\n        "host": "localhost",\n', '        "port": 8080,\n        "ret'], 'length');
    const outcome = await engine(fim).complete(query('def defaults():\n    |\n\n\ndef main():\n    pass\n', 'python'));
    assert.equal(outcome.source, 'network');
    assert.equal(outcome.text, undefined);
  });

  it('judges by syntax with the parsers it is given', async () => {
    const syntax = new TreeSitterParsers(WASM_DIR);
    assert.ok(await syntax.load('typescript'));
    const fim = service(["\n  it('is zero', () => {\n    expect(area(0)).toBe(0);\n  });\n})"], 'stop');
    const outcome = await engine(fim, syntax).complete(query("describe('area', () => {|\n});\n", 'typescript'));
    assert.equal(outcome.text, "\n  it('is zero', () => {\n    expect(area(0)).toBe(0);\n  });");
  });

  it('after a mistyped `#` in TypeScript, shows nothing of the note a model writes there as if it were a comment', async () => {
    const syntax = new TreeSitterParsers(WASM_DIR);
    assert.ok(await syntax.load('typescript'));
    const doc = 'function drain(queue: string[], atEnd: boolean) {\n  if (atEnd) retu#|\n  queue.push("done");\n}\n';
    const outcome = await engine(service([' TODO: handle this case'], 'stop'), syntax).complete(query(doc, 'typescript'));
    // Its cut ` TODO: handle` adds no parse error (the `#` is one already, then a label and an expression).
    assert.equal(outcome.text, undefined);
  });

  it('parses the code around the cursor while the service works on the answer, and judges the answer with that parse', async () => {
    const parsers = new TreeSitterParsers(WASM_DIR);
    assert.ok(await parsers.load('typescript'));
    const made: string[] = [];
    const syntax = {
      judgeInsertion: (languageId: string, before: string, after: string) => {
        made.push(answered ? 'after the answer' : 'while the service works');
        return parsers.judgeInsertion(languageId, before, after);
      },
    };
    let answered = false;
    let answer!: () => void;
    const held = new Promise<void>((resolve) => (answer = resolve));
    const fim: StreamFim = async function* () {
      await held;
      answered = true;
      yield { choices: [{ index: 0, text: "\n  it('is zero', () => {\n    expect(area(0)).toBe(0);\n  });\n})", finish_reason: 'stop' }] };
    };
    const e = new CompletionEngine({
      streamFim: fim,
      syntax: inThreadJudges(syntax),
      settings: () => ({ model: 'beta-v4-pro', maxTokens: 128, debounceMs: 0 }),
      now: () => performance.now(),
    });
    const pending = e.complete(query("describe('area', () => {|\n});\n", 'typescript'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    assert.deepEqual(made, ['while the service works']);
    answer();
    const outcome = await pending;
    assert.equal(outcome.text, "\n  it('is zero', () => {\n    expect(area(0)).toBe(0);\n  });");
    assert.deepEqual(made, ['while the service works'], 'the answer is judged with the parse made before it came');
  });
});
