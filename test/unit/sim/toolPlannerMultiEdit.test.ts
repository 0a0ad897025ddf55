import assert from 'node:assert/strict';
import type { ConversationMessage, FunctionToolSpec } from '../../../sim/conversation';
import { planToolCalls } from '../../../sim/toolPlanner';
import { chatTools } from '../../../src/core/tools/toolDefinitions';

const tools: FunctionToolSpec[] = chatTools({ trusted: true }).map((t) => ({ name: t.function.name, parameters: t.function.parameters }));
const user = (text: string): ConversationMessage[] => [
  { role: 'user', text, imageParts: 0, audioTokens: 0, videoParts: 0, toolCalls: [], raw: {} },
];

describe('sim: tool-call planner, multi-edit apply_edit', () => {
  it('two or more "in <file> replace "a" with "b"" become one call with an edits list, in order', () => {
    const calls = planToolCalls(
      tools,
      'auto',
      user(
        'Use apply_edit: in src/a.ts replace "one" with "ONE", in b.txt replace "two" with "TWO", in src/a.ts replace "three" with "THREE"',
      ),
    );
    assert.equal(calls.length, 1);
    assert.equal(calls[0].name, 'apply_edit');
    assert.deepEqual(JSON.parse(calls[0].arguments), {
      path: '',
      old_text: '',
      new_text: '',
      edits: [
        { path: 'src/a.ts', old_text: 'one', new_text: 'ONE' },
        { path: 'b.txt', old_text: 'two', new_text: 'TWO' },
        { path: 'src/a.ts', old_text: 'three', new_text: 'THREE' },
      ],
    });
  });

  it('a single replacement keeps the single form, with an empty list', () => {
    const calls = planToolCalls(tools, 'auto', user('Please edit notes.txt: replace "alpha" with "ALPHA"'));
    assert.deepEqual(JSON.parse(calls[0].arguments), { path: 'notes.txt', old_text: 'alpha', new_text: 'ALPHA', edits: [] });
  });
});
