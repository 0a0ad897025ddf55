// The syntax judge on its worker thread, as the extension host runs it: the same verdicts as on the
// thread that asks, and a worker that fails leaves completions to the line rules, with a warning.
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as path from 'node:path';
import { CompletionEngine } from '../../../../src/core/completion/completionEngine';
import { inThreadJudges } from '../../../../src/core/completion/inThreadJudge';
import { JudgeWorker } from '../../../../src/core/completion/judgeWorker';
import type { StreamFim } from '../../../../src/core/completion/streamedCompletion';
import type { PlaceJudges } from '../../../../src/core/completion/syntaxParser';
import { TreeSitterParsers } from '../../../../src/core/completion/treeSitterParsers';
import { WASM_DIR } from './wasmDir';

/** The worker's source, run with the TypeScript loader the tests use (the extension runs dist/judgeWorker.js). */
const SCRIPT = path.join(__dirname, '../../../../src/core/completion/judgeWorkerMain.ts');
const worker = (onWarn?: (message: string) => void, script = SCRIPT, syncWaitMs?: number) =>
  new JudgeWorker(script, WASM_DIR, onWarn, ['--require', 'tsx/cjs'], syncWaitMs);

function answering(text: string): StreamFim {
  return async function* () {
    yield { choices: [{ index: 0, text, finish_reason: 'stop' }] };
  };
}

/** What the engine shows at `|` for `answer`, judged by `syntax`. */
async function shown(syntax: PlaceJudges | undefined, doc: string, languageId: string, answer: string) {
  const engine = new CompletionEngine({
    streamFim: answering(answer),
    syntax,
    settings: () => ({ model: 'beta-v4-pro', maxTokens: 128, debounceMs: 0 }),
    now: () => performance.now(),
  });
  return (await engine.complete({ text: doc.replace('|', ''), offset: doc.indexOf('|'), languageId })).text;
}

describe('the syntax judge on a worker thread', function () {
  this.timeout(30_000);
  let judges: JudgeWorker;
  const warnings: string[] = [];
  before(async () => {
    judges = worker((message) => warnings.push(message));
    assert.equal(judges.isLoaded('typescript'), false);
    assert.ok(await judges.load('typescript'));
    assert.ok(await judges.load('python'));
    assert.ok(judges.isLoaded('typescript'));
  });
  after(() => judges.dispose());

  it('answers which candidate is the first that fits, as the judge on the asking thread does', async () => {
    const judge = judges.judgeAt('typescript', 'function add(a: number, b: number) {\n  ', '\n}\n');
    assert.equal(await judge.firstFit([['return a + b;\n}'], ['return a + (b'], ['return a + b;']]), 2);
    assert.equal(await judge.firstFit([['return a + b;\n}'], ['}}}']]), -1, 'none fits');
    assert.equal(await judge.firstFit([['const f = g(', 'const f = g()']]), 0, 'a variant of the candidate fits');
    judge.dispose();
    const parsers = new TreeSitterParsers(WASM_DIR);
    assert.ok(await parsers.load('typescript'));
    const here = inThreadJudges(parsers).judgeAt('typescript', 'function add(a: number, b: number) {\n  ', '\n}\n');
    assert.equal(await here.firstFit([['const f = g(', 'const f = g()']]), 0);
    here.dispose();
  });

  it('gives the engine the same text as the judge on the asking thread, for answers it keeps, cuts and drops', async () => {
    const parsers = new TreeSitterParsers(WASM_DIR);
    assert.ok(await parsers.load('typescript'));
    assert.ok(await parsers.load('python'));
    const cases: Array<[string, string, string]> = [
      ["describe('area', () => {|\n});\n", 'typescript', "\n  it('is zero', () => {\n    expect(area(0)).toBe(0);\n  });\n})"],
      ['def mean(xs):\n    |\n\n\ndef main():\n    pass\n', 'python', 'total = sum(xs)\n    return total / (len(xs)\n\ndef other():'],
      ['const total = items.reduce((sum, item) => |);\n', 'typescript', 'sum + item.price, 0);'],
      ['if (ready) {\n  |\n}\n', 'typescript', '}}} else {'],
    ];
    for (const [doc, languageId, answer] of cases) {
      const expected = await shown(inThreadJudges(parsers), doc, languageId, answer);
      assert.equal(await shown(judges, doc, languageId, answer), expected, doc);
    }
    assert.equal(
      await shown(judges, cases[0][0], 'typescript', cases[0][2]),
      "\n  it('is zero', () => {\n    expect(area(0)).toBe(0);\n  });",
    );
    assert.deepEqual(warnings, []);
  });

  it("hands the verdict back before the asking thread's event loop turns, or, past the wait, as a message", async () => {
    const ask = async (syncWaitMs: number) => {
      const waiting = worker(undefined, SCRIPT, syncWaitMs);
      assert.ok(await waiting.load('typescript'));
      const judge = waiting.judgeAt('typescript', 'function add(a: number, b: number) {\n  ', '\n}\n');
      let verdict: number | undefined;
      const asked = judge.firstFit([['return a + (b'], ['return a - b;']]).then((value) => (verdict = value));
      for (let i = 0; i < 3; i++) await Promise.resolve(); // microtasks only: no message can have landed
      const before = verdict;
      await asked;
      waiting.dispose();
      return { before, after: verdict };
    };
    // Waiting long enough (the extension waits 8 ms, as long as most verdicts take): the ghost text
    // need not wait for the thread to pick up a message.
    assert.deepEqual(await ask(60_000), { before: 1, after: 1 });
    // Not waiting at all: the same verdict, as a message.
    assert.deepEqual(await ask(0), { before: undefined, after: 1 });
  });

  it('counts only the brackets that are tokens, not those in strings', async () => {
    const judge = judges.judgeAt('typescript', 'const x = ', ';\n');
    const text = 'f("{[", [a])';
    assert.deepEqual(
      [...((await judge.brackets(text)) ?? [])].sort((a, b) => a - b),
      [1, 8, 10, 11],
    );
    judge.dispose();
  });

  it('leaves a language without a grammar unjudged', async () => {
    assert.equal(await judges.load('cobol'), false);
    const judge = judges.judgeAt('cobol', 'MOVE A ', ' TO B.');
    assert.equal(await judge.firstFit([['X']]), undefined);
    judge.dispose();
  });

  it('when its worker fails, says so, and completions go on by the line rules', async () => {
    const failed: string[] = [];
    const broken = worker((message) => failed.push(message), path.join(__dirname, 'no-such-worker.ts'));
    const judge = broken.judgeAt('typescript', 'const x = ', ';\n');
    assert.equal(await judge.firstFit([['1']]), undefined, 'unjudged, not left waiting');
    assert.equal(await broken.load('typescript'), false);
    assert.match(failed.join('\n'), /Syntax checks are off \(line rules only\): their worker failed/);
    // The line rules alone: the answer's first line, as without any parser.
    assert.equal(
      await shown(broken, 'def mean(xs):\n    |\n', 'python', 'total = sum(xs)\n    return total / len(xs)'),
      await shown(undefined, 'def mean(xs):\n    |\n', 'python', 'total = sum(xs)\n    return total / len(xs)'),
    );
    broken.dispose();
  });

  it('never keeps a process alive: one that only made a judge and asked it ends', () => {
    const script = `
      const { JudgeWorker } = require(${JSON.stringify(path.join(__dirname, '../../../../src/core/completion/judgeWorker.ts'))});
      const judges = new JudgeWorker(${JSON.stringify(SCRIPT)}, ${JSON.stringify(WASM_DIR)}, undefined, ['--require', 'tsx/cjs']);
      void judges.judgeAt('typescript', 'const x = ', ';\\n').firstFit([['1']]);
    `;
    const run = spawnSync(process.execPath, ['--require', 'tsx/cjs', '-e', script], { encoding: 'utf8', timeout: 60_000 });
    assert.equal(run.signal, null, 'it ended by itself, not at the time limit');
    assert.equal(run.status, 0, run.stderr);
  });

  it('answers a question still waiting when it is disposed: unjudged', async () => {
    const other = worker();
    const judge = other.judgeAt('typescript', 'const x = ', ';\n');
    const pending = judge.firstFit([['1']]);
    other.dispose();
    assert.equal(await pending, undefined);
  });
});
