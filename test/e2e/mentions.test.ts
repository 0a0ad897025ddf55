// @-mentions in a real VS Code: the user types `@` and part of a name in the composer, picks a row of
// the picker with the keyboard, and the file's text reaches the simulator with its path label; a
// sensitive file asks first, and nothing is sent until the user says yes.
import * as assert from 'node:assert/strict';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Frame } from 'playwright-core';
import { until } from '../until';
import { chatFrame, demoWorkspace, useWorkbench, type Workbench } from './workbench';

const ENV_FILE = join(demoWorkspace, '.env');
const SECRET = 'MENTION_E2E_TOKEN=sk-mention-e2e-4242';

/** The user message of the latest chat request the simulator received. */
function lastUserMessage(workbench: Workbench): string | undefined {
  const request = workbench.sim.requests.filter((r) => r.path === '/chat/completions').at(-1);
  const messages = (request?.body as { messages?: Array<{ role: string; content: unknown }> } | undefined)?.messages ?? [];
  const user = messages.filter((m) => m.role === 'user').at(-1);
  return typeof user?.content === 'string' ? user.content : undefined;
}

/** Types `@query` into the composer and waits for the picker to offer `label`, highlighted by ↑/↓. */
async function pick(chat: Frame, query: string, label: string): Promise<void> {
  const input = chat.locator('.composer-input');
  await input.click();
  await input.pressSequentially(`@${query}`, { delay: 20 });
  const picker = chat.getByRole('listbox', { name: 'Mentions' });
  const option = picker
    .getByRole('option')
    .filter({ has: chat.locator('.mention-label', { hasText: new RegExp(`^${label.replace('.', '\\.')}$`) }) });
  await option.first().waitFor({ timeout: 30_000 });
  const id = await option.first().getAttribute('id');
  // Walk down with the keyboard until the textarea's active descendant is the wanted row.
  for (let i = 0; i < 50 && (await input.getAttribute('aria-activedescendant')) !== id; i++) await input.press('ArrowDown');
  assert.equal(await input.getAttribute('aria-activedescendant'), id, `${label} highlighted`);
  await input.press('Enter');
  await picker.waitFor({ state: 'hidden' });
}

describe('mentions in the chat composer (real browser)', function () {
  this.timeout(180_000);
  let chat: Frame;

  const workbench = useWorkbench({
    setUp() {
      writeFileSync(ENV_FILE, `${SECRET}\n`);
    },
    async ready({ page }) {
      chat = await chatFrame(page);
    },
    tearDown() {
      rmSync(ENV_FILE, { force: true });
    },
  });

  it('attaches a file picked after @ and sends its content with its path label', async () => {
    workbench().sim.reset();
    const input = chat.locator('.composer-input');
    await input.click();
    await input.pressSequentially('Explain ', { delay: 10 });
    await pick(chat, 'gree', 'greet.ts');
    assert.equal(await input.inputValue(), 'Explain ', 'the typed @gree left the text');
    await chat.locator('.composer .chip', { hasText: 'src/greet.ts' }).waitFor({ timeout: 30_000 });
    await input.pressSequentially('this file', { delay: 10 });
    await input.press('Enter');
    const sent = await until(() => lastUserMessage(workbench()), 'the chat request', 60_000);
    const content = readFileSync(join(demoWorkspace, 'src/greet.ts'), 'utf8');
    assert.ok(sent.startsWith('Explain this file\n\nFile src/greet.ts:\n```typescript\n'), sent.slice(0, 200));
    assert.ok(sent.includes(content), 'the whole file is in the message');
    await chat.locator('button[aria-label="Send message"]').waitFor({ state: 'visible', timeout: 90_000 });
  });

  it('asks before attaching a mentioned .env, and sends nothing until the user approves', async () => {
    workbench().sim.reset();
    const { page } = workbench();
    await pick(chat, '.env', '.env');
    const dialog = page.locator('.monaco-dialog-box', { hasText: 'may contain secrets' });
    await dialog.waitFor({ timeout: 30_000 });
    assert.match(await dialog.innerText(), /Attach \.env\? \.env may contain secrets/);
    assert.equal(await chat.locator('.composer .chip', { hasText: '.env' }).count(), 0, 'no chip before the answer');
    assert.equal(workbench().sim.requests.filter((r) => r.path === '/chat/completions').length, 0, 'nothing sent');
    await dialog.getByRole('button', { name: 'Attach' }).click();
    await chat.locator('.composer .chip', { hasText: '.env' }).waitFor({ timeout: 30_000 });
    assert.equal(workbench().sim.requests.filter((r) => r.path === '/chat/completions').length, 0, 'still nothing sent');
    const input = chat.locator('.composer-input');
    await input.pressSequentially('What is configured here?', { delay: 10 });
    await input.press('Enter');
    const sent = await until(() => lastUserMessage(workbench()), 'the chat request', 60_000);
    assert.match(sent, /File \.env:\n```[^\n]*\nMENTION_E2E_TOKEN=sk-mention-e2e-4242\n\n```/);
    await chat.locator('button[aria-label="Send message"]').waitFor({ state: 'visible', timeout: 90_000 });
    // The chat as shown (and saved) keeps the chip but not the secret.
    const turn = chat.locator('.turn.user', { hasText: 'What is configured here?' });
    await turn.locator('.chip', { hasText: '.env' }).waitFor();
    assert.ok(!(await chat.locator('body').innerText()).includes('sk-mention-e2e-4242'), 'the secret is not shown');
  });
});
