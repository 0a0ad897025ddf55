// Multi-file apply_edit cards and "Restore files to here" in real Chromium (the isolated chat webview):
// each file has its own tick, "Approve selected" sends only the ticked files, and every message of
// the user offers a restore that goes to the host (which previews and asks before writing).
import assert from 'node:assert/strict';
import { isolatedChatViews, type ChatPage } from './fixtures/chatHarness';
import { assistantTurn, chat, stateMessage, userTurn } from './fixtures/chatMessages';
import type { ToolCallView, WebviewMessage } from '../../src/shared/protocol';

describe('multi-file edit card and restore button (isolated webview, real Chromium)', function () {
  this.timeout(60_000);
  let view: ChatPage;
  isolatedChatViews(async (opened) => {
    view = opened;
    await view.dispatch(stateMessage(chat([userTurn('u1', 'Rename it everywhere'), assistantTurn('a1')])));
  });

  const lastPosted = async (type: WebviewMessage['type']) => (await view.posted()).filter((m) => m.type === type).at(-1);

  const showEditCard = async () => {
    const call: ToolCallView = {
      id: 'call_1',
      name: 'apply_edit',
      args: '{}',
      status: 'awaiting-approval',
      approval: {
        summary: 'Edit 2 files (3 replacements)',
        detail: 'src/a.ts\n- one\n+ ONE',
        files: [
          { path: 'src/a.ts', summary: 'Edit src/a.ts: 2 replacements (3 → 3 lines)' },
          { path: '.env', summary: 'Edit .env: replace 1 line(s) with 1 line(s)', warning: '.env may contain secrets.' },
        ],
      },
    };
    await view.dispatch({ type: 'turn', chatId: 'c1', turn: assistantTurn('a1', { toolCalls: [call] }) });
    const card = view.page.locator('.tool-card[data-call-id="call_1"]');
    await card.waitFor();
    return card;
  };

  it('lists each file with a tick and its warning; "Approve selected" sends only the ticked files', async () => {
    const card = await showEditCard();
    const boxes = card.getByRole('checkbox');
    assert.equal(await boxes.count(), 2);
    assert.equal(await card.getByRole('checkbox', { name: 'Apply the edit to .env' }).isChecked(), true, 'every file is ticked at first');
    assert.equal(await card.locator('.edit-file').nth(1).getByRole('alert').innerText(), '.env may contain secrets.');
    assert.equal(await card.getByRole('button', { name: /^Always/ }).count(), 0, 'a multi-file edit has no Always');
    await card.getByRole('checkbox', { name: 'Apply the edit to src/a.ts' }).uncheck();
    await card.getByRole('button', { name: 'Approve the selected files of apply_edit' }).click();
    assert.deepEqual(await lastPosted('approveEdits'), { type: 'approveEdits', callId: 'call_1', files: [1] });
    assert.equal(await lastPosted('approveTool'), undefined);
  });

  it('"Approve all" approves the whole call', async () => {
    const card = await showEditCard();
    await card.getByRole('button', { name: 'Approve apply_edit' }).click();
    assert.deepEqual(await lastPosted('approveTool'), { type: 'approveTool', callId: 'call_1', decision: 'approve' });
  });

  it('each message of the user offers "Restore files to here" for its own turn', async () => {
    await view.page
      .locator('.turn.user[data-turn-id="u1"]')
      .getByRole('button', { name: /^Restore files to here/ })
      .click();
    assert.deepEqual(await lastPosted('restoreCheckpoint'), { type: 'restoreCheckpoint', turnId: 'u1' });
  });
});
