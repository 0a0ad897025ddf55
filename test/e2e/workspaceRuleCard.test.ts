// Standing approvals in real Chromium (the isolated chat webview): a run_command card that offers a
// workspace rule names the prefixes it would allow, and its button posts `allowInWorkspace`.
import assert from 'node:assert/strict';
import { isolatedChatViews, type ChatPage } from './fixtures/chatHarness';
import { assistantTurn, chat, stateMessage, userTurn } from './fixtures/chatMessages';
import type { ToolApproval, ToolCallView, WebviewMessage } from '../../src/shared/protocol';

describe('approval card: "Always allow … in this workspace" (isolated webview, real Chromium)', function () {
  this.timeout(60_000);
  let view: ChatPage;
  isolatedChatViews(async (opened) => {
    view = opened;
    await view.dispatch(stateMessage(chat([userTurn('u1', 'Run the tests'), assistantTurn('a1')])));
  });

  const lastPosted = async (type: WebviewMessage['type']) => (await view.posted()).filter((m) => m.type === type).at(-1);
  const showCard = async (command: string, approval: ToolApproval) => {
    const call: ToolCallView = {
      id: 'call_1',
      name: 'run_command',
      args: JSON.stringify({ command }),
      status: 'awaiting-approval',
      approval,
    };
    await view.dispatch({ type: 'turn', chatId: 'c1', turn: assistantTurn('a1', { toolCalls: [call] }) });
    const card = view.page.locator('.tool-card[data-call-id="call_1"]');
    await card.waitFor();
    return card;
  };

  it('names the prefixes and posts allowInWorkspace', async () => {
    const card = await showCard('npm test && git status -s', {
      summary: 'Run `npm test && git status -s` in a terminal',
      command: 'npm test && git status -s',
      alwaysScope: 'npm test && git status -s',
      workspaceRule: ['npm test', 'git status'],
    });
    await card.getByRole('button', { name: 'Always allow `npm test`, `git status` in this workspace' }).click();
    assert.deepEqual(await lastPosted('approveTool'), { type: 'approveTool', callId: 'call_1', decision: 'allowInWorkspace' });
  });

  it('offers no workspace button when the host offers no rule', async () => {
    const card = await showCard('cat .env', {
      summary: 'Run `cat .env` in a terminal',
      command: 'cat .env',
      warning: 'This command names .env.',
    });
    assert.equal(await card.getByRole('button', { name: /in this workspace/ }).count(), 0);
  });
});
