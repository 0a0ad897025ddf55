// The @ picker in real Chromium (the isolated chat webview): it asks the host as the user types,
// shows only the latest answer, is a listbox the keyboard drives through aria-activedescendant, and
// Escape closes it without stopping an answer.
import assert from 'node:assert/strict';
import { isolatedChatViews, type ChatPage } from './fixtures/chatHarness';
import { assistantTurn, chat, stateMessage, userTurn } from './fixtures/chatMessages';
import type { MentionItem, WebviewMessage } from '../../src/shared/protocol';
import { until } from '../until';

const item = (label: string, kind: MentionItem['kind'] = 'file'): MentionItem => ({ id: `${kind}:${label}`, kind, label, detail: 'src' });

describe('mention picker (isolated webview, real Chromium)', function () {
  this.timeout(60_000);
  let view: ChatPage;
  isolatedChatViews((opened) => (view = opened));

  const posted = async <T extends WebviewMessage['type']>(type: T) =>
    (await view.posted()).filter((m): m is Extract<WebviewMessage, { type: T }> => m.type === type);

  it('queries as the user types, shows only the latest answer, and picks with the keyboard', async () => {
    await view.dispatch(stateMessage());
    const input = view.page.locator('.composer-input');
    await input.click();
    await input.pressSequentially('see @gr');
    const first = await until(async () => (await posted('mentionQuery')).at(-1), 'a query', 10_000);
    await input.pressSequentially('e');
    const queries = await until(
      async () => {
        const q = await posted('mentionQuery');
        return q.at(-1)?.query === 'gre' ? q : undefined;
      },
      'the second query',
      10_000,
    );
    const latest = queries.at(-1)!;
    assert.ok(latest.requestId > first.requestId);
    // An older answer arriving late is dropped; the latest one is shown.
    await view.dispatch({ type: 'mentionResults', requestId: latest.requestId, items: [item('greet.ts'), item('green.ts')] });
    await view.dispatch({ type: 'mentionResults', requestId: first.requestId, items: [item('stale.ts')] });
    const listbox = view.page.getByRole('listbox', { name: 'Mentions' });
    await listbox.waitFor();
    assert.deepEqual(await listbox.getByRole('option').locator('.mention-label').allInnerTexts(), ['greet.ts', 'green.ts']);
    assert.equal(await input.getAttribute('aria-expanded'), 'true');
    assert.equal(await input.getAttribute('aria-activedescendant'), 'mention-option-0');
    await input.press('ArrowDown');
    assert.equal(await input.getAttribute('aria-activedescendant'), 'mention-option-1');
    assert.equal(await listbox.getByRole('option', { selected: true }).locator('.mention-label').innerText(), 'green.ts');
    await input.press('ArrowDown');
    assert.equal(await input.getAttribute('aria-activedescendant'), 'mention-option-0', 'wraps around');
    await input.press('ArrowUp');
    await input.press('Tab');
    assert.deepEqual((await posted('mention')).at(-1), { type: 'mention', itemId: 'file:green.ts' });
    assert.equal(await input.inputValue(), 'see ', 'the typed @gre left the text');
    await listbox.waitFor({ state: 'hidden' });
    assert.equal((await posted('send')).length, 0, 'Tab and Enter in the picker do not send');
  });

  it('Escape closes the picker and does not stop the streaming answer', async () => {
    await view.dispatch(stateMessage(chat([userTurn('u1', 'Hi'), assistantTurn('a1', { status: 'streaming' })])));
    const input = view.page.locator('.composer-input');
    await input.click();
    await input.pressSequentially('@pro');
    const query = await until(async () => (await posted('mentionQuery')).at(-1), 'a query', 10_000);
    await view.dispatch({ type: 'mentionResults', requestId: query.requestId, items: [item('problems', 'problems')] });
    const listbox = view.page.getByRole('listbox', { name: 'Mentions' });
    await listbox.waitFor();
    await input.press('Escape');
    await listbox.waitFor({ state: 'hidden' });
    assert.equal((await posted('stop')).length, 0, 'Escape was the picker’s');
    assert.equal(await input.getAttribute('aria-expanded'), 'false');
    await input.press('Escape');
    await until(async () => (await posted('stop')).length === 1, 'the second Escape to stop the answer', 10_000);
  });
});
