// Every failure class of the simulator's realistic FIM mode (sim/fimFailures.ts), served over HTTP
// to the real CompletionEngine with the syntax judge: what the user sees in a concrete situation.
import * as assert from 'node:assert/strict';
import { realisticOutput, type RealisticClass } from '../../../../sim/fimFailures';
import { startSimulator, type Simulator } from '../../../../sim/simulator';
import { CompletionEngine } from '../../../../src/core/completion/completionEngine';
import type { StreamFim } from '../../../../src/core/completion/streamedCompletion';
import { inThreadJudges } from '../../../../src/core/completion/inThreadJudge';
import { TreeSitterParsers } from '../../../../src/core/completion/treeSitterParsers';
import type { FimCompletion } from '../../../../src/core/services/serviceBClient';
import { simClients, type SimClients } from '../services/simClients';
import { WASM_DIR } from './wasmDir';

/** `|` marks the cursor. */
const query = (doc: string, languageId: string) => ({ text: doc.replace('|', ''), offset: doc.indexOf('|'), languageId });

// The simulator's copy model answers these with the ideal text in the comments; the `vN` comment
// only varies the seed that picks a class's variant (prose before or after, where max_tokens cuts).
const CLAMP_BODY = 'export function clamp(value: number, min: number, max: number): number {|\n}\n';
const CLAMP_BLANK_LINE = 'export function clamp(value: number, min: number, max: number): number {\n  |\n}\n';
const CLAMP_RETURN = 'return Math.min(max, Math.max(min, value));';
const AREA = (variant: number) => `# area v${variant}\ndef area(r):\n    |\n`;
const AREA_BODY = '"""TODO: implement area."""\n    raise NotImplementedError("area")';

describe('the completion engine against each realistic FIM failure class', () => {
  const syntax = new TreeSitterParsers(WASM_DIR);
  const servers = new Map<RealisticClass, { sim: Simulator; clients: SimClients }>();

  /** What the user is shown at `doc` when the model fails the way `failure` says. */
  async function shown(failure: RealisticClass, doc: string, languageId: string): Promise<string | undefined> {
    let server = servers.get(failure);
    if (!server) {
      const sim = await startSimulator({ fim: `realistic;class=${failure}` });
      server = { sim, clients: simClients(sim) };
      servers.set(failure, server);
    }
    const { b } = server.clients;
    const engine = new CompletionEngine({
      streamFim: (options, call) => b.streamFim(options, call),
      syntax: inThreadJudges(syntax),
      settings: () => ({ model: 'beta-v4-pro', maxTokens: 128, debounceMs: 0 }),
      now: () => performance.now(),
    });
    const outcome = await engine.complete(query(doc, languageId));
    assert.equal(outcome.source, 'network');
    return outcome.text;
  }

  before(async () => {
    assert.ok(await syntax.load('typescript'));
    assert.ok(await syntax.load('python'));
  });
  after(async () => {
    for (const { sim, clients } of servers.values()) {
      await clients.close();
      await sim.close();
    }
  });

  it('ideal: the situations below are answered with the text the tests expect', async () => {
    assert.equal(await shown('ideal', CLAMP_BODY, 'typescript'), `\n  ${CLAMP_RETURN}`);
    assert.equal(await shown('ideal', AREA(0), 'python'), AREA_BODY);
  });

  it('repeat-suffix: the closing brace the file already has is not shown again', async () => {
    assert.equal(await shown('repeat-suffix', CLAMP_BODY, 'typescript'), `\n  ${CLAMP_RETURN}`);
  });

  it('reindent: a body written one level too deep under `{` is shown at the file’s indentation step', async () => {
    const doc = `export function double(x: number): number {\n  return x * 2;\n}\n\n${CLAMP_BODY}`;
    assert.equal(await shown('ideal', doc, 'typescript'), `\n  ${CLAMP_RETURN}`);
    assert.equal(await shown('reindent', doc, 'typescript'), `\n  ${CLAMP_RETURN}`);
  });

  it('close-brackets: the quote the line already closes is not emitted twice', async () => {
    assert.equal(await shown('close-brackets', "import { readFile } from '|';\n", 'typescript'), 'node:fs/promises');
  });

  it('rewrite-line: the line above written again (restyled) goes, the answer after it stays', async () => {
    assert.equal(await shown('rewrite-line', AREA(0), 'python'), AREA_BODY);
  });

  it('rewrite-line: after a complete statement, that statement again (semicolon dropped) is not a suggestion', async () => {
    const doc = 'export function clamp(value: number, min: number, max: number): number {\n  const low = Math.max(min, value);|\n}\n';
    assert.equal(await shown('rewrite-line', doc, 'typescript'), undefined);
  });

  it('run-past-block: the answer stops where the function ends, without the next function', async () => {
    assert.equal(await shown('run-past-block', CLAMP_BODY, 'typescript'), `\n  ${CLAMP_RETURN}`);
  });

  it('duplicate-previous-line: the same statement twice in a row is shown once', async () => {
    assert.equal(await shown('duplicate-previous-line', CLAMP_BLANK_LINE, 'typescript'), CLAMP_RETURN);
  });

  it('max-tokens: a cut-off answer is shown up to its last complete line, or not at all', async () => {
    // Cut inside `NotImplementedError("a`: the docstring line before it is whole.
    assert.equal(await shown('max-tokens', AREA(2), 'python'), '"""TODO: implement area."""');
    // Cut inside the docstring (`"""TODO: imp`): nothing is whole.
    assert.equal(await shown('max-tokens', AREA(0), 'python'), undefined);
  });

  it('prose-or-fence: a sentence before the code is never shown, the code after it is', async () => {
    assert.equal(await shown('prose-or-fence', AREA(3), 'python'), AREA_BODY); // "Here is the completed code:"
    assert.equal(await shown('prose-or-fence', AREA(5), 'python'), AREA_BODY); // "Sure! Here's the implementation:"
  });

  it('prose-or-fence: a sentence after the code is cut, and a sentence alone is no suggestion', async () => {
    assert.equal(await shown('prose-or-fence', AREA(2), 'python'), AREA_BODY); // "Let me know if you need anything else!"
    assert.equal(await shown('prose-or-fence', `// clamp v0\n${CLAMP_BODY}`, 'typescript'), undefined); // "Here is the completed code:"
  });
});

describe('the completion engine given a failure class at a site whose right answer is known', () => {
  /** The engine's request answered by `failure` (sim/fimFailures.ts) turning `ideal` into raw output. */
  async function served(failure: RealisticClass, doc: string, ideal: string, languageId: string) {
    const syntax = new TreeSitterParsers(WASM_DIR);
    assert.ok(await syntax.load(languageId));
    let raw = '';
    const streamFim: StreamFim = async function* (options) {
      const output = realisticOutput(failure, ideal, options.prompt, options.suffix ?? '');
      raw = output.text;
      yield { choices: [{ index: 0, text: output.text, finish_reason: output.finishReason }] } satisfies FimCompletion;
    };
    const engine = new CompletionEngine({
      streamFim,
      syntax: inThreadJudges(syntax),
      settings: () => ({ model: 'beta-v4-pro', maxTokens: 128, debounceMs: 0 }),
      now: () => performance.now(),
    });
    const { text } = await engine.complete(query(doc, languageId));
    return { raw, text };
  }

  it('run-past-block: where the body is already below, the line that opens it is the answer, not an empty block and more', async () => {
    const doc = 'export class Box {\n  constructor(private size: number) {}\n\n  |\n    return this.size * this.size;\n  }\n}\n';
    const { raw, text } = await served('run-past-block', doc, 'get area(): number {', 'typescript');
    assert.equal(raw, 'get area(): number {\n  }\n  return;');
    assert.equal(text, 'get area(): number {');
  });
});
