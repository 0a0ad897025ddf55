// The chat's fix buttons read as the host labels them (src/vscode/errors/errorNotice.ts, the one
// table, localised there): the view has no wording of its own for them.
import assert from 'node:assert/strict';
import { isolatedChatViews, type ChatPage } from './fixtures/chatHarness';
import { assistantTurn, chat, stateMessage, userTurn } from './fixtures/chatMessages';

/** What a German VS Code's host would send. */
const german = {
  setKeyA: 'Schlüssel für Dienst A festlegen',
  setKeyB: 'Schlüssel für Dienst B festlegen',
  openSettings: 'Einstellungen öffnen',
  pickModel: 'Modell auswählen',
  retry: 'Wiederholen',
  newChatWithSummary: 'Neuer Chat mit Zusammenfassung',
};

describe('chat fix buttons are labelled by the host (isolated, real Chromium)', function () {
  this.timeout(60_000);
  let view: ChatPage;
  isolatedChatViews((opened) => (view = opened));

  it('shows the error and retry buttons in the words the host sent', async () => {
    const failed = assistantTurn('a1', {
      status: 'error',
      error: { service: 'A', code: 'authentication_error', message: 'Service A rejected the API key (401).', hint: '', action: 'setKey' },
    });
    await view.dispatch(stateMessage(chat([userTurn('u1', 'Hi'), failed]), { labels: german }));
    const banner = view.page.locator('article.assistant .error-banner');
    await banner.getByRole('button', { name: german.setKeyA }).click();
    assert.deepEqual((await view.posted()).at(-1), { type: 'errorAction', action: 'setKey', service: 'A' });
    assert.equal(await view.page.locator('.turn-retry').innerText(), german.retry);
  });
});
