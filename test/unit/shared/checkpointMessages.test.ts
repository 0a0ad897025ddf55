import * as assert from 'node:assert/strict';
import { parseHostMessage } from '../../../src/shared/validateHostMessage';
import { parseWebviewMessage } from '../../../src/shared/validateWebviewMessage';

describe('protocol: approve-each edits and restoring checkpoints', () => {
  it('accepts approveEdits with distinct file indices and restoreCheckpoint with a turn id', () => {
    for (const m of [
      { type: 'approveEdits', callId: 'call_1', files: [0, 2] },
      { type: 'approveEdits', callId: 'call_1', files: [] },
      { type: 'restoreCheckpoint', turnId: 't1' },
    ])
      assert.deepEqual(parseWebviewMessage(m), m);
  });

  it('drops malformed ones', () => {
    for (const m of [
      { type: 'approveEdits', callId: 'call_1', files: [0, 0] },
      { type: 'approveEdits', callId: 'call_1', files: [-1] },
      { type: 'approveEdits', callId: 'call_1', files: [1.5] },
      { type: 'approveEdits', callId: 'call_1', files: Array.from({ length: 33 }, (_, i) => i) },
      { type: 'approveEdits', callId: 'call_1' },
      { type: 'restoreCheckpoint', turnId: '' },
      { type: 'restoreCheckpoint' },
    ])
      assert.equal(parseWebviewMessage(m), undefined, JSON.stringify(m));
  });

  it('the webview accepts a card that lists the files of a multi-file edit', () => {
    const turn = {
      id: 'a1',
      role: 'assistant',
      status: 'streaming',
      reasoning: '',
      content: '',
      citations: [],
      toolCalls: [
        {
          id: 'c1',
          name: 'apply_edit',
          args: '{}',
          status: 'awaiting-approval',
          approval: {
            summary: 'Edit 2 files (3 replacements)',
            files: [
              { path: 'a.ts', summary: 'Edit a.ts: 2 replacements' },
              { path: '.env', summary: 'Edit .env', warning: 'careful' },
            ],
          },
        },
      ],
    };
    const message = { type: 'turn', chatId: 'c', turn };
    assert.deepEqual(parseHostMessage(message), message);
    const bad = structuredClone(message);
    (bad.turn.toolCalls[0].approval.files[0] as Record<string, unknown>).path = 42;
    assert.equal(parseHostMessage(bad), undefined);
  });
});
