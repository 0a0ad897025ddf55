import assert from 'node:assert/strict';
import { applyEditAnswer } from '../../../src/core/edit/editApplier';
import { editMessages } from '../../../src/core/edit/editPrompt';
import { commitMessages } from '../../../src/core/edit/commitPrompt';
import { parseArgs } from '../../../sim/main';
import { startSimulator, type Simulator } from '../../../sim/simulator';
import { chatA, chatB } from './simHttp';

const FILE = ['export class Counter {', '  private count = 0;', '', '  increment(): void {', '    this.count += 1;', '  }', '}', ''].join(
  '\n',
);
const EXPECTED = FILE.replace('  increment(): void {', '  // log each call\n  increment(): void {');

function editBody(instruction: string, previous?: Array<{ instruction: string; answer: string }>) {
  const messages = editMessages({
    path: 'src/counter.ts',
    languageId: 'typescript',
    lines: FILE.split('\n'),
    startLine: 3,
    endLine: 5,
    instruction,
    diagnostics: [],
    ...(previous ? { previous } : {}),
  });
  return { model: 'beta-v4-flash', messages, thinking: { type: 'disabled' } };
}

describe('sim: inline edit answers', () => {
  let sim: Simulator;
  before(async () => {
    sim = await startSimulator();
  });
  after(() => sim.close());

  for (const mode of ['fenced', 'searchReplace', 'context', 'diff'] as const) {
    it(`answers in the ${mode} shape, which the applier places exactly`, async () => {
      const res = await chatB(sim, editBody('log each call'), { 'x-sim-edit': mode });
      assert.equal(res.status, 200, res.text);
      const answer = res.json.choices[0].message.content as string;
      if (mode === 'fenced') assert.match(answer, /^Here is the updated code:\n\n```typescript\n/);
      if (mode === 'searchReplace') assert.match(answer, /<<<<<<< SEARCH\n\S.* {2}\n/);
      if (mode === 'diff') assert.match(answer, /^```diff\n--- a\/file/);
      const outcome = applyEditAnswer(FILE, { startLine: 3, endLine: 5 }, answer);
      assert.equal(outcome.kind === 'apply' && outcome.fileText, EXPECTED, answer);
    });
  }

  it('renames on request, and a follow-up refines the previous answer', async () => {
    const first = await chatA(sim, { model: 'alpha-v2.5', messages: editBody('rename increment to bump').messages });
    const answer = first.json.choices[0].message.content as string;
    assert.equal(
      (applyEditAnswer(FILE, { startLine: 3, endLine: 5 }, answer) as { fileText: string }).fileText,
      FILE.replace('increment', 'bump'),
    );
    const second = await chatB(sim, editBody('rename count to total', [{ instruction: 'rename increment to bump', answer }]));
    const refined = applyEditAnswer(FILE, { startLine: 3, endLine: 5 }, second.json.choices[0].message.content as string);
    assert.equal(refined.kind === 'apply' && refined.fileText, FILE.replace('increment', 'bump').replace('this.count', 'this.total'));
  });

  it('takes the server mode from --edit, and refuses an unknown header with a 400', async () => {
    assert.equal(parseArgs(['--edit', 'diff']).edit, 'diff');
    assert.throws(() => parseArgs(['--edit', 'poem']), /--edit: expected one of/);
    const res = await chatB(sim, editBody('x'), { 'x-sim-edit': 'poem' });
    assert.equal(res.status, 400);
  });

  it('writes a commit subject in the style of the recent ones', async () => {
    const messages = commitMessages({
      files: [{ path: 'src/counter.ts', status: 'M', diff: '@@ -1 +1 @@\n-a\n+b' }],
      subjects: ['fix the parser', 'add a counter'],
      staged: true,
    });
    const res = await chatB(sim, { model: 'beta-v4-flash', messages, thinking: { type: 'disabled' } });
    assert.match(res.json.choices[0].message.content as string, /^update counter\.ts\n/);
  });
});
