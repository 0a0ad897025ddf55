import * as assert from 'node:assert/strict';
import { CONTEXT_LINES, EDIT_SYSTEM_PROMPT, contextAround, editMessages } from '../../../../src/core/edit/editPrompt';
import { MAX_EDIT_BYTES, checkSelectionSize } from '../../../../src/core/edit/editLimits';

const lines = Array.from({ length: 1000 }, (_, i) => `line ${i}`);

describe('the inline edit prompt', () => {
  it('sends at most 100 lines around the selection, shared between both sides', () => {
    const around = contextAround(lines, 500, 510);
    assert.equal(around.before.lines.length + around.after.lines.length, CONTEXT_LINES);
    assert.equal(around.before.lines.length, 50);
    assert.equal(around.before.lines[around.before.lines.length - 1], 'line 499');
    assert.equal(around.after.lines[0], 'line 511');
  });

  it('gives the unused side to the other one near the top of the file', () => {
    const around = contextAround(lines, 3, 4);
    assert.equal(around.before.lines.length, 3);
    assert.equal(around.after.lines.length, CONTEXT_LINES - 3);
  });

  it('keeps the context within the token budget, nearest lines first', () => {
    const long = Array.from({ length: 300 }, () => 'x'.repeat(400));
    const around = contextAround(long, 150, 150, 1000);
    const sent = around.before.lines.length + around.after.lines.length;
    assert.ok(sent > 0 && sent < 12, `sent ${sent}`);
    assert.equal(around.before.start, 150 - around.before.lines.length);
  });

  it('puts the stable parts first and the instruction last, with language, rules and the diagnostics in range', () => {
    const messages = editMessages({
      path: 'src/a.ts',
      languageId: 'typescript',
      lines,
      startLine: 10,
      endLine: 12,
      instruction: 'rename it',
      diagnostics: [
        { line: 11, severity: 'error', message: 'Cannot find name x', source: 'ts' },
        { line: 40, severity: 'error', message: 'far away' },
      ],
      rules: 'RULES SECTION',
    });
    assert.equal(messages[0].content, EDIT_SYSTEM_PROMPT);
    const user = String(messages[1].content);
    assert.ok(user.startsWith('RULES SECTION'));
    assert.match(user, /File: src\/a\.ts \(typescript\)/);
    assert.match(user, /line 12, error \(ts\): Cannot find name x/);
    assert.doesNotMatch(user, /far away/);
    assert.ok(user.indexOf('line 9') < user.indexOf('Instruction: rename it'));
    assert.ok(user.endsWith('Instruction: rename it'));
  });

  it('refines: a follow-up keeps the first request as the prefix and adds the answer and the new instruction', () => {
    const base = { path: 'a.ts', languageId: 'typescript', lines, startLine: 1, endLine: 2, diagnostics: [] };
    const first = editMessages({ ...base, instruction: 'one' });
    const second = editMessages({ ...base, instruction: 'two', previous: [{ instruction: 'one', answer: '```\nx\n```' }] });
    assert.deepEqual(second.slice(0, 2), first);
    assert.deepEqual(second[2], { role: 'assistant', content: '```\nx\n```' });
    assert.match(String(second[3].content), /two/);
  });

  it('refuses a selection over 2,000 lines or 100 KB with a clear message', () => {
    const many = checkSelectionSize('x\n'.repeat(2001));
    assert.equal(many.ok, false);
    assert.match(!many.ok ? many.message : '', /2001 lines.*at most 2000/);
    const big = checkSelectionSize('y'.repeat(MAX_EDIT_BYTES + 1));
    assert.equal(big.ok, false);
    assert.match(!big.ok ? big.message : '', /at most 100 KB/);
    assert.deepEqual(checkSelectionSize('x\n'.repeat(2000)), { ok: true });
  });
});
