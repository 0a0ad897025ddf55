// A partial identifier at the cursor brings in the definitions of names that start with it: from open
// tabs and recently edited chunks at once, from the workspace's symbols once that search lands. The
// lines before the cursor share no whole word with them yet, so ranking alone cannot find them.
import * as assert from 'node:assert/strict';
import { CrossFileContext, SYMBOL_MATCHES } from '../../../../src/core/completion/crossFileContext';
import { partialWordAt } from '../../../../src/core/completion/contextRanking';
import { definitionIndex, startingWith } from '../../../../src/core/completion/partialDefinitions';
import type { ContextChunk, ContextFile, ContextQuery, ContextSource, NamedDefinition } from '../../../../src/core/completion/contextTypes';

const filler = Array.from({ length: 80 }, (_, i) => `export const palette${i} = ['red', 'green', 'blue'][${i % 3}];`).join('\n');
const checksumDefinition =
  'export function judgeComputeChecksum(bytes: Uint8Array): number {\n  let acc = 0;\n  for (const b of bytes) acc = (acc * 31 + b) >>> 0;\n  return acc;\n}';
const checksum: ContextFile = { path: 'src/judge.ts', text: `${filler}\n\n${checksumDefinition}\n` };
const before = 'import { readFileSync } from "node:fs";\n\nconst data = readFileSync("input.bin");\nconst sum = ';
const current = `${before}judgeCompute`;
const at = (text: string): ContextQuery => ({ path: 'src/main.ts', text, offset: text.length, languageId: 'typescript' });
const settle = () => new Promise((resolve) => setImmediate(resolve));

function source(files: ContextFile[], chunks: ContextChunk[] = [], symbols?: ContextSource['symbols']): ContextSource {
  return { neighbours: () => ({ files, chunks }), definitions: async () => undefined, ...(symbols ? { symbols } : {}) };
}

describe('cross-file context for a partial identifier at the cursor', () => {
  it('reads the identifier being typed, not a whole word after the cursor', () => {
    assert.equal(partialWordAt(current, current.length), 'judgeCompute');
    assert.equal(partialWordAt('const x = ab', 12), undefined);
    assert.equal(partialWordAt('const sum = judgeComputeX;', 21), undefined);
  });

  it('finds definitions of names that start with it in tabs and recently edited chunks, at their lines, shortest names first', () => {
    const edited: ContextChunk = {
      path: 'src/edited.ts',
      startLine: 40,
      text: 'const unrelated = 1;\nexport const judgeComputeX = (n: number) => n;',
      kind: 'recent',
    };
    const found = startingWith('judgeCompute', definitionIndex({ files: [checksum], chunks: [edited] }));
    assert.deepEqual(
      found.map((d) => [d.path, d.startLine, d.name]),
      [
        ['src/edited.ts', 41, 'judgeComputeX'],
        ['src/judge.ts', 81, 'judgeComputeChecksum'],
      ],
    );
    assert.equal(found[1].text, checksumDefinition, 'the whole definition, to its closing brace');
    assert.deepEqual(startingWith('judgeComputeZ', definitionIndex({ files: [checksum], chunks: [edited] })), []);
  });

  it('puts that definition in the prompt header', async () => {
    const context = new CrossFileContext({ source: source([checksum]), budgetTokens: () => 256, timer: () => () => undefined });
    const header = await context.header(at(current));
    assert.match(header, /judgeComputeChecksum\(bytes: Uint8Array\)/);
  });

  it('brings it in when typed inside a block whose context was already chosen, and keeps the header byte-identical after', async () => {
    const context = new CrossFileContext({ source: source([checksum]), budgetTokens: () => 1024, timer: () => () => undefined });
    const chosen = await context.header(at(before));
    await settle();
    assert.doesNotMatch(chosen, /judgeComputeChecksum/, 'nothing before the cursor names it yet');
    assert.equal(context.header(at(`${before}ju`)), chosen, 'two characters are not an identifier yet');
    const brought = context.header(at(`${before}jud`));
    assert.equal(typeof brought, 'string', 'known at once: the request does not wait');
    assert.match(brought as string, /\/\/ export function judgeComputeChecksum\(bytes: Uint8Array\): number \{/);
    for (const typed of ['judg', 'judgeCompute', 'judgeComputeChecksum', 'judgeComputeChecksum(data);\n'])
      assert.equal(context.header(at(`${before}${typed}`)), brought, `unchanged after typing ${JSON.stringify(typed)}`);
  });

  it('searches the workspace symbols off the request path: the request goes at once, the block’s later requests carry what was found', async () => {
    const searches: string[] = [];
    let land: (found: NamedDefinition[]) => void = () => undefined;
    const symbols = (_q: ContextQuery, partial: string) => {
      searches.push(partial);
      return new Promise<NamedDefinition[]>((resolve) => (land = resolve));
    };
    const context = new CrossFileContext({ source: source([], [], symbols), budgetTokens: () => 1024, timer: () => () => undefined });
    await context.header(at(before));
    await settle();
    const asked = context.header(at(`${before}jud`));
    assert.equal(typeof asked, 'string', 'the request does not wait for the search');
    assert.doesNotMatch(asked as string, /judgeComputeChecksum/);
    assert.equal(context.header(at(`${before}judge`)), asked, 'one search at a time');
    assert.deepEqual(searches, ['jud']);
    land([{ path: 'lib/judge.ts', startLine: 3, text: checksumDefinition, kind: 'definition', name: 'judgeComputeChecksum' }]);
    await settle();
    const after = context.header(at(`${before}judgeC`));
    assert.match(after as string, /\/\/ path: lib\/judge\.ts\n\/\/ export function judgeComputeChecksum/);
    assert.deepEqual(searches, ['jud'], 'a search that found fewer than its limit found everything: not asked again');
  });

  it('searches again for a longer identifier when the search for its prefix stopped at its limit', async () => {
    const searches: string[] = [];
    const many = (partial: string): NamedDefinition[] =>
      Array.from({ length: SYMBOL_MATCHES }, (_, i) => ({
        path: `lib/m${i}.ts`,
        startLine: 0,
        text: `export const ${partial}${'x'.repeat(i)} = ${i};`,
        kind: 'definition' as const,
        name: `${partial}${'x'.repeat(i)}`,
      }));
    const symbols = async (_q: ContextQuery, partial: string) => (searches.push(partial), partial === 'getUserN' ? [] : many(partial));
    const context = new CrossFileContext({ source: source([], [], symbols), budgetTokens: () => 1024, timer: () => () => undefined });
    await context.header(at(before));
    await settle();
    context.header(at(`${before}get`));
    await settle();
    context.header(at(`${before}getUserN`));
    await settle();
    assert.deepEqual(searches, ['get', 'getUserN']);
    context.header(at(`${before}getUserNa`));
    await settle();
    assert.deepEqual(searches, ['get', 'getUserN'], 'the search for getUserN was complete');
  });
});
