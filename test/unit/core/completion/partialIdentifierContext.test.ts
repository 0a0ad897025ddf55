// A partial identifier at the cursor brings in the definitions, in open tabs, of names that start
// with it: the lines before the cursor share no whole word with them yet.
import * as assert from 'node:assert/strict';
import { CrossFileContext } from '../../../../src/core/completion/crossFileContext';
import { partialWordAt, rankChunks, referenceWindow } from '../../../../src/core/completion/contextRanking';
import type { ContextFile, ContextSource } from '../../../../src/core/completion/contextTypes';

const filler = Array.from({ length: 80 }, (_, i) => `export const palette${i} = ['red', 'green', 'blue'][${i % 3}];`).join('\n');
const checksum: ContextFile = {
  path: 'src/judge.ts',
  text: `${filler}\n\nexport function judgeComputeChecksum(bytes: Uint8Array): number {\n  let acc = 0;\n  for (const b of bytes) acc = (acc * 31 + b) >>> 0;\n  return acc;\n}\n`,
};
const current = 'import { readFileSync } from "node:fs";\n\nconst data = readFileSync("input.bin");\nconst sum = judgeCompute';

describe('cross-file context for a partial identifier at the cursor', () => {
  it('reads the identifier being typed, not a whole word after the cursor', () => {
    assert.equal(partialWordAt(current, current.length), 'judgeCompute');
    assert.equal(partialWordAt('const x = ab', 12), undefined);
    assert.equal(partialWordAt('const sum = judgeComputeX;', 21), undefined);
  });

  it('ranks the definition of a name that starts with it as a definition', () => {
    const scored = rankChunks(referenceWindow(current, current.length), [checksum], [], partialWordAt(current, current.length));
    const top = [...scored].sort((a, b) => b.score - a.score)[0];
    assert.equal(top.kind, 'definition');
    assert.match(top.text, /^export function judgeComputeChecksum\(bytes: Uint8Array\): number \{/);
  });

  it('puts that definition in the prompt header', async () => {
    const source: ContextSource = { neighbours: () => ({ files: [checksum], chunks: [] }), definitions: async () => undefined };
    const context = new CrossFileContext({ source, budgetTokens: () => 256, timer: () => () => undefined });
    const header = await context.header({ path: 'src/main.ts', text: current, offset: current.length, languageId: 'typescript' });
    assert.match(header, /judgeComputeChecksum\(bytes: Uint8Array\)/);
  });
});
