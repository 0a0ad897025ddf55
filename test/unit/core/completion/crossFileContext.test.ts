import * as assert from 'node:assert/strict';
import { CompletionEngine } from '../../../../src/core/completion/completionEngine';
import { CrossFileContext } from '../../../../src/core/completion/crossFileContext';
import { commentStyleFor, estimateTokens, renderContext, selectContext } from '../../../../src/core/completion/contextPrompt';
import { rankChunks, referenceWindow } from '../../../../src/core/completion/contextRanking';
import { RecentEditsRing } from '../../../../src/core/completion/recentEditsContext';
import { definitionEnd, identifiersNearCursor, importedNames } from '../../../../src/core/completion/contextSymbols';
import type { ContextChunk, ContextFile, ContextQuery, ContextSource } from '../../../../src/core/completion/contextTypes';

const shapes: ContextFile = {
  path: 'src/shapes.ts',
  text: 'export interface Shape {\n  width: number;\n  height: number;\n}\n\nexport function area(shape: Shape): number {\n  return shape.width * shape.height;\n}\n',
};
const logger: ContextFile = {
  path: 'src/logger.ts',
  text: 'export function log(message: string): void {\n  console.log(`[app] ${message}`);\n}\n',
};
const current =
  'import { area, type Shape } from "./shapes";\n\nexport function total(shapes: Shape[]): number {\n  return shapes.reduce((sum, shape) => sum + ';

function fakeSource(
  files: ContextFile[],
  chunks: ContextChunk[] = [],
  definitions: (offsets: readonly number[], found: (c: ContextChunk) => void) => Promise<void> = async () => undefined,
) {
  const calls = { neighbours: 0, definitions: [] as number[][] };
  const source: ContextSource = {
    neighbours: () => (calls.neighbours++, { files, chunks }),
    definitions: (_q, offsets, found) => (calls.definitions.push([...offsets]), definitions(offsets, found)),
  };
  return { source, calls };
}
const query = (text: string, offset = text.length, languageId = 'typescript', path = 'src/total.ts'): ContextQuery => ({
  path,
  text,
  offset,
  languageId,
});

describe('cross-file completion context: ranking, budget, stable order, per-block choice', () => {
  it('ranks the open file that shares identifiers with the code before the cursor first, and drops unrelated ones', () => {
    const scored = rankChunks(referenceWindow(current, current.length), [logger, shapes], []);
    assert.deepEqual(
      scored.map((s) => s.path),
      ['src/shapes.ts'],
    );
    const chosen = selectContext(scored, 500, 'src/total.ts', commentStyleFor('typescript')!);
    assert.match(
      renderContext(chosen, 'src/total.ts', commentStyleFor('typescript')!),
      /^\/\/ path: src\/shapes\.ts\n\/\/ export interface Shape \{\n[\s\S]*\/\/ {3}return shape\.width \* shape\.height;\n[\s\S]*\/\/ path: src\/total\.ts\n$/,
    );
  });

  it('ranks a tab by its text as it is now, after the user edited it', () => {
    const reference = referenceWindow(current, current.length);
    const edited = { path: logger.path, text: `${logger.text}export const unit = (shape: Shape) => area(shape);\n` };
    assert.deepEqual(rankChunks(reference, [logger], []), []);
    const [window] = rankChunks(reference, [edited], []);
    assert.match(window.text, /area\(shape\)/);
    // And back: the edit undone, the tab is unrelated again.
    assert.deepEqual(rankChunks(reference, [{ ...logger }], []), []);
  });

  it('keeps the rendered context within the token budget, choosing by score', () => {
    const style = commentStyleFor('typescript')!;
    const chunks: ContextChunk[] = Array.from({ length: 8 }, (_, i) => ({
      path: `src/m${i}.ts`,
      startLine: 0,
      kind: 'recent',
      text: `export const shape${i} = area(shape, ${'x'.repeat(40 * (i + 1))});`,
    }));
    const scored = rankChunks(referenceWindow(current, current.length), [], chunks);
    for (const budget of [0, 40, 120, 400]) {
      const header = renderContext(selectContext(scored, budget, 'src/total.ts', style), 'src/total.ts', style);
      assert.ok(estimateTokens(header) <= budget, `budget ${budget}: ${estimateTokens(header)} tokens`);
    }
    const small = selectContext(scored, 120, 'src/total.ts', style).length;
    const large = selectContext(scored, 400, 'src/total.ts', style).length;
    assert.ok(small >= 1 && large > small, `${small} then ${large} chunks`);
  });

  it('orders the chosen chunks by path and line, not by score, in the comment syntax of the language', () => {
    const chunks: ContextChunk[] = [
      { path: 'z/strong.py', startLine: 40, kind: 'definition', text: 'def mean(xs):\n    return sum(xs) / len(xs)' },
      { path: 'a/weak.py', startLine: 3, kind: 'recent', text: 'xs = [1, 2]' },
      { path: 'z/strong.py', startLine: 2, kind: 'recent', text: 'import math' },
    ];
    const style = commentStyleFor('python')!;
    const header = renderContext(
      selectContext(rankChunks(new Set(['xs', 'mean', 'math']), [], chunks), 1000, 'b.py', style),
      'b.py',
      style,
    );
    assert.equal(
      header,
      '# path: a/weak.py\n# xs = [1, 2]\n# path: z/strong.py\n# import math\n# ...\n# def mean(xs):\n#     return sum(xs) / len(xs)\n# path: b.py\n',
    );
    assert.equal(commentStyleFor('json'), undefined, 'no comments, no context');
    assert.equal(commentStyleFor('css')!.close, '*/');
  });

  it('chooses once per block of lines: typing inside the block keeps the header byte-identical and asks nothing again', async () => {
    const { source, calls } = fakeSource([shapes]);
    const context = new CrossFileContext({ source, budgetTokens: () => 1000 });
    const lines = Array.from({ length: 40 }, (_, i) => `const v${i} = area(shapes[${i}]);`);
    const doc = lines.join('\n');
    const at = lines.slice(0, 5).join('\n').length;
    const first = await context.header(query(doc, at));
    assert.match(first, /^\/\/ path: src\/shapes\.ts\n/);
    await new Promise((resolve) => setImmediate(resolve)); // the whole choice (no definitions here) lands
    for (const typed of ['c', 'co', 'con', 'const shape = ', 'const shape = width * height']) {
      const text = doc.slice(0, at) + typed + doc.slice(at);
      const header = context.header(query(text, at + typed.length));
      assert.equal(typeof header, 'string', 'known at once: the request need not wait');
      assert.equal(header, first);
    }
    assert.equal(calls.neighbours, 1, 'chosen once for the block');
    const nextBlock = query(doc, lines.slice(0, 35).join('\n').length);
    assert.equal(context.header(nextBlock), first, 'the next block keeps the previous choice at once, no waiting');
    assert.equal(calls.neighbours, 2, 'and chooses again, for the block after');
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(context.header(nextBlock), first, 'unchanged for the whole block');
    context.invalidate();
    await context.header(query(doc, at));
    assert.equal(calls.neighbours, 3, 'another file changed: choose again');
  });

  it('is off at a budget of 0 and for languages without comments', async () => {
    const { source, calls } = fakeSource([shapes]);
    assert.equal(await new CrossFileContext({ source, budgetTokens: () => 0 }).header(query(current)), '');
    assert.equal(await new CrossFileContext({ source, budgetTokens: () => 1000 }).header(query('{"area": ', 9, 'json', 'a.json')), '');
    assert.equal(calls.neighbours, 0);
  });

  it('asks definitions for identifiers before the cursor and for imported names; a request gets those found within the time box, later ones those found after it', async () => {
    const timers = new Map<number, () => void>();
    let late: (() => void) | undefined;
    const { source, calls } = fakeSource([], [], (_offsets, found) => {
      found({ path: 'src/shapes.ts', startLine: 5, kind: 'definition', text: 'export function area(shape: Shape): number {' });
      return new Promise<void>((resolve) => {
        late = () => {
          found({ path: 'src/late.ts', startLine: 0, kind: 'definition', text: 'export function lateOne(): void {}' });
          resolve();
        };
      });
    });
    const context = new CrossFileContext({
      source,
      budgetTokens: () => 1000,
      timer: (ms, done) => (timers.set(ms, done), () => undefined),
    });
    const settled = () => new Promise((resolve) => setImmediate(resolve));
    // The editor became active: the choice starts before the first keystroke.
    context.prepare(query(current));
    // A newly opened document's first request does not wait on the definition providers.
    assert.equal(context.header(query(current)), '', 'at once, with tabs and recent edits only (none here)');
    timers.get(Math.min(...timers.keys()))!(); // the time box ends
    await settled();
    const header = context.header(query(current));
    assert.ok(typeof header === 'string', 'the choice landed: known at once');
    assert.match(header, /\/\/ export function area\(shape: Shape\): number \{/);
    assert.doesNotMatch(header, /lateOne/, 'not found within the time box');
    late!();
    await settled();
    assert.match(
      context.header(query(current)) as string,
      /\/\/ export function lateOne\(\): void \{\}/,
      'found later: in the next requests',
    );
    const asked = calls.definitions[0].map((o) => /^[\w$]+/.exec(current.slice(o))![0]);
    assert.ok(asked.includes('area') && asked.includes('Shape'), `imported names: ${asked}`);
    assert.ok(asked.includes('reduce') && asked.includes('sum'), `identifiers near the cursor: ${asked}`);
  });

  it('finds imported names in TypeScript, CommonJS and Python, at the imported name', () => {
    const ts =
      "import Default, { a, b as c, type T } from './x';\nimport * as ns from \"../y\";\nconst { r1, r2: alias } = require('./z');\n";
    assert.deepEqual(
      importedNames(ts, 'typescript')
        .map((s) => [s.name, ts.slice(s.offset, s.offset + s.name.length)])
        .map(([n, at]) => n === at && n),
      ['a', 'b', 'T', 'Default', 'ns', 'r1', 'r2'],
    );
    const py = 'from .stats import mean, median as med\nfrom pkg.util import (\n    clamp,  # comment\n    lerp,\n)\n';
    assert.deepEqual(
      importedNames(py, 'python').map((s) => s.name),
      ['mean', 'median', 'clamp', 'lerp'],
    );
    assert.deepEqual(
      identifiersNearCursor('const total = compute(items, rate', 33).map((s) => s.name),
      ['items', 'compute', 'total'],
    );
  });

  it('cuts a definition at its closing brace, at its last indented line, or at its semicolon', () => {
    const ts = ['export function area(s: Shape): number {', '  return s.w * s.h;', '}', 'export const x = 1;'];
    assert.equal(definitionEnd(ts, 0), 2);
    assert.equal(definitionEnd(ts, 3), 3);
    const py = ['def mean(xs):', '    total = sum(xs)', '', '    return total / len(xs)', '', 'def other():', '    pass'];
    assert.equal(definitionEnd(py, 0), 4);
    const long = ['function big() {', ...Array.from({ length: 30 }, () => '  step();'), '}'];
    assert.equal(definitionEnd(long, 0), 11, 'at most 12 lines');
  });

  it('the engine sends the header at the start of the prompt, and a prefetch after an accept keeps it', async () => {
    const prompts: string[] = [];
    const engine = new CompletionEngine({
      streamFim: async function* (options) {
        prompts.push(options.prompt);
        yield { choices: [{ index: 0, text: 'shape.width;', finish_reason: 'stop' }] };
      },
      settings: () => ({ model: 'beta-v4-pro', maxTokens: 64, debounceMs: 0 }),
      now: () => 0,
    });
    const header = '// path: src/shapes.ts\n// export function area(shape: Shape): number {\n// path: src/total.ts\n';
    const text = 'const w = ';
    const outcome = await engine.complete({ text, offset: text.length, languageId: 'typescript', contextHeader: header });
    assert.equal(outcome.text, 'shape.width;');
    assert.equal(prompts[0], header + text);
    const accepted = text + 'shape.width;\nconst h = ';
    engine.prefetch(accepted, accepted.length, 'typescript');
    assert.equal(prompts[1], header + accepted);
    const again = await engine.complete({ text, offset: text.length, languageId: 'typescript', contextHeader: header });
    assert.equal(again.source, 'cache', 'the same header and prefix are answered from the cache');
    // The cache is keyed on the document (typing through must not depend on the prompt): the same
    // place is the cached answer whatever context was chosen since; a new place asks with its own.
    await engine.complete({ text, offset: text.length, languageId: 'typescript', contextHeader: '' });
    assert.equal(prompts.length, 2, 'the same place again is answered from the cache');
    const other = 'const d = ';
    await engine.complete({ text: other, offset: other.length, languageId: 'typescript', contextHeader: '' });
    assert.equal(prompts.at(-1), other, 'no header, no context in the prompt');
  });
});

describe('recently edited chunks: a ring buffer with near-duplicate eviction', () => {
  const file = (tag: string) => Array.from({ length: 100 }, (_, i) => `const ${tag}${i} = compute${i}(${tag});`).join('\n');

  it('cuts a chunk around each edit when asked, replaces the chunk of the same lines, and drops the oldest past capacity', () => {
    const ring = new RecentEditsRing(3);
    ring.touch('a.ts', 50);
    assert.equal(ring.chunks().length, 0, 'noted only');
    ring.flush('a.ts', file('a'));
    assert.deepEqual(
      ring.chunks().map((c) => [c.path, c.startLine]),
      [['a.ts', 38]],
    );
    assert.match(ring.chunks()[0].text, /^const a38 = compute38\(a\);\n[\s\S]*const a50 = /);
    ring.touch('a.ts', 52);
    ring.flush('a.ts', file('a'));
    assert.deepEqual(
      ring.chunks().map((c) => [c.path, c.startLine]),
      [['a.ts', 40]],
      'the same lines: the newer chunk replaces the older',
    );
    for (const p of ['b.ts', 'c.ts', 'd.ts']) {
      ring.touch(p, 10);
      ring.flush(p, file(p[0]));
    }
    assert.deepEqual(
      ring.chunks().map((c) => c.path),
      ['b.ts', 'c.ts', 'd.ts'],
      'capacity 3: the oldest went',
    );
  });

  it('evicts a chunk of another file with nearly the same words (a copy), and forgets a file', () => {
    const ring = new RecentEditsRing();
    ring.touch('a.ts', 10);
    ring.flush('a.ts', file('x'));
    ring.touch('copy.ts', 10);
    ring.flush('copy.ts', file('x'));
    assert.deepEqual(
      ring.chunks().map((c) => c.path),
      ['copy.ts'],
    );
    ring.forget('copy.ts');
    assert.equal(ring.chunks().length, 0);
  });

  it("a newly opened document's first request goes at once with its tabs, never waiting on the definition providers; later ones carry the definitions", async () => {
    let endBox: (() => void) | undefined;
    const { source } = fakeSource([shapes], [], (_offsets, found) => {
      found({ path: 'src/geometry.ts', startLine: 0, kind: 'definition', text: 'export function perimeter(shape: Shape): number {' });
      return new Promise<void>(() => undefined); // a definition provider that never finishes
    });
    const context = new CrossFileContext({
      source,
      budgetTokens: () => 1000,
      timer: (ms, done) => (ms < 1000 && (endBox = done), () => undefined),
    });
    const first = context.header(query(current));
    assert.ok(typeof first === 'string', 'the first request does not wait');
    assert.match(first, /src\/shapes\.ts/, 'it carries the open tab');
    assert.doesNotMatch(first, /perimeter/);
    const second = context.header(query(current + 'a'));
    assert.ok(second instanceof Promise, 'the next one, before the box ends, waits for it');
    endBox!();
    assert.match(await second, /export function perimeter/, 'and carries what arrived within the box');
    assert.match(context.header(query(current + 'ar')) as string, /export function perimeter/);
  });

  it('a document gone back to after another file changed goes at once too: its editor becoming active makes its next request a first one', async () => {
    const { source } = fakeSource([shapes], [], () => new Promise<void>(() => undefined)); // definitions that never come
    const context = new CrossFileContext({ source, budgetTokens: () => 1000, timer: () => () => undefined }); // nor does the box end
    assert.ok(typeof context.header(query(current)) === 'string', 'the first request');
    assert.ok(context.header(query(current + 'a')) instanceof Promise, 'the next, in the same visit, waits for the box');
    context.invalidate(); // the user typed in another file
    context.prepare(query(current)); // and came back: the editor became active
    const back = context.header(query(current + 'ar'));
    assert.ok(typeof back === 'string', 'the first request after coming back does not wait');
    assert.match(back, /src\/shapes\.ts/, 'it carries the open tab');
  });

  it('the first request after the editor became active with the cursor at the top is ranked against its own code, not the empty top', async () => {
    const { source } = fakeSource([shapes]);
    const context = new CrossFileContext({ source, budgetTokens: () => 1000 });
    context.prepare(query(current, 0)); // nothing before the cursor: no tab is related yet
    assert.equal(await context.header(query(current, 0)), '', 'the choice made at the top carries nothing');
    context.prepare(query(current, 0)); // the editor became active again, the cursor at the top
    await new Promise((resolve) => setImmediate(resolve)); // and its choice has landed
    const first = context.header(query(current));
    assert.ok(typeof first === 'string', 'at once');
    assert.match(first, /src\/shapes\.ts/, 'the tab that shares identifiers with the code before the cursor');
    assert.equal(context.header(query(current + 'a')), first, 'and the block keeps it');
  });

  it('after invalidate (a file became sensitive, a tab closed) the old choice is never reused, not even for a new block', async () => {
    let tabs = [shapes];
    const source: ContextSource = { neighbours: () => ({ files: tabs, chunks: [] }), definitions: async () => undefined };
    const context = new CrossFileContext({ source, budgetTokens: () => 1000 });
    const lines = Array.from({ length: 70 }, (_, i) => `const v${i} = area(shapes[${i}]);`);
    const doc = lines.join('\n');
    assert.match(await context.header(query(doc, lines.slice(0, 3).join('\n').length)), /src\/shapes\.ts/);
    tabs = [];
    context.invalidate();
    assert.equal(await context.header(query(doc, lines.slice(0, 40).join('\n').length)), '', 'a new block after the change');
    assert.equal(await context.header(query(doc, lines.slice(0, 3).join('\n').length)), '', 'the first block again');
  });
});
