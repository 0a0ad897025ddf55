// The chat layout and the context meter, in a real browser: the transcript in the order things happened,
// the context meter after an answer, and the Services view out of the way while all is well.
// TANDEM_SCREENSHOT=1 also writes the README's screenshot of the chat (docs/chat.png).
import * as assert from 'node:assert/strict';
import { join } from 'node:path';
import type { Frame, Locator, Page } from 'playwright-core';
import { repoRoot } from '../../scripts/vscodePaths.mjs';
import { chatFrame, reloadWindow, runCommand, useWorkbench } from './workbench';

/** The kinds of an answer's parts, in DOM order. */
async function partOrder(answer: Locator): Promise<string[]> {
  // Runs in the page: structural types, as the test's tsconfig has no DOM library.
  type El = {
    children: ArrayLike<El>;
    hidden: boolean;
    textContent: string | null;
    matches(s: string): boolean;
    querySelector(s: string): unknown;
  };
  return answer.evaluate((turn) =>
    Array.from((turn as unknown as El).children).flatMap((el) => {
      if (el.matches('details.reasoning') && !el.hidden) return ['reasoning'];
      if (el.matches('.tool-card')) return ['tool'];
      if (el.matches('.markdown') && (el.textContent ?? '').trim()) return ['text'];
      // Today's layout wrapped the cards in a container after the answer text.
      if (el.matches('.tool-cards') && el.querySelector('.tool-card')) return ['tool'];
      return [];
    }),
  );
}

/** The Services view's pane in the sidebar (its header holds the title). */
const servicesPane = (page: Page) =>
  page.locator('.part.sidebar .pane').filter({ has: page.locator('.pane-header', { hasText: 'Services' }) });

describe('chat layout: transcript order and context meter', function () {
  this.timeout(180_000);
  let chat: Frame;

  const workbench = useWorkbench({
    async ready({ page }) {
      chat = await chatFrame(page);
    },
  });

  it('renders an answer that used a tool as reasoning → tool card → text, and the meter counts it', async () => {
    const { page, sim } = workbench();
    sim.reset();
    const input = chat.locator('.composer-input');
    await input.fill('Please read the file "src/greet.ts" and summarise it.');
    await input.press('Enter');
    const answer = chat.locator('.turn.assistant').first();
    await answer.locator('.tool-card').first().waitFor({ timeout: 60_000 });
    await chat.locator('button[aria-label="Send message"]').waitFor({ state: 'visible', timeout: 90_000 });
    await answer.locator('.markdown', { hasText: /\S/ }).last().waitFor();

    const order = await partOrder(answer);
    const firstTool = order.indexOf('tool');
    assert.ok(firstTool > 0, `a tool card after something: ${order.join(' → ')}`);
    assert.equal(order[0], 'reasoning', `reasoning first: ${order.join(' → ')}`);
    assert.equal(order.at(-1), 'text', `the answer text after the tool card: ${order.join(' → ')}`);
    assert.ok(order.lastIndexOf('tool') < order.lastIndexOf('text'));

    // The context meter: a non-zero reading against the model's window after the answer.
    const meter = chat.locator('.context-meter');
    await meter.waitFor({ state: 'visible' });
    const label = await meter.locator('.context-meter-label').innerText();
    assert.match(label, /^[1-9][\d.]*k? \/ 1M$/, label);
    assert.ok(Number(await meter.locator('progress').evaluate((el) => (el as unknown as { value: number }).value)) > 0);
    assert.match((await meter.getAttribute('title')) ?? '', /from the last answer/);

    if (process.env.TANDEM_SCREENSHOT === '1') {
      await answer
        .locator('details.reasoning')
        .first()
        .evaluate((el) => ((el as unknown as { open: boolean }).open = false));
      // Away from the activity bar, whose hover would cover the chat.
      await page.mouse.move(900, 500);
      await page
        .locator('.monaco-hover, .workbench-hover')
        .waitFor({ state: 'hidden' })
        .catch(() => undefined);
      const path = join(repoRoot, 'docs/chat.png');
      await page.locator('.part.sidebar').screenshot({ path });
      console.log(`screenshot written: ${path}`);
    }
  });

  it('renders the reopened chat in the same order after a window reload', async () => {
    const { page } = workbench();
    const before = await partOrder(chat.locator('.turn.assistant').first());
    await reloadWindow(page);
    chat = await chatFrame(page);
    await chat.locator('button[aria-label="Chat history"]').click();
    const entry = chat.locator('.history button.history-open', { hasText: 'Please read the file' });
    await entry.waitFor({ timeout: 30_000 });
    await entry.click();
    const answer = chat.locator('.turn.assistant').first();
    await answer.locator('.tool-card').first().waitFor();
    assert.deepEqual(await partOrder(answer), before);
  });

  it('keeps the Services view out of the way while both services are ready', async () => {
    const { page } = workbench();
    await chatFrame(page);
    await servicesPane(page).waitFor({ state: 'detached', timeout: 30_000 });
  });
});

describe('chat layout: the Services view comes back when a service needs setup', function () {
  this.timeout(180_000);

  // Service B has no key: it needs setup.
  const workbench = useWorkbench({ env: { TANDEM_SERVICE_B_API_KEY: '' } });

  it('shows it while a service needs setup, hides it once both are ready, shows it again when a key is removed', async () => {
    const { page, sim } = workbench();
    await chatFrame(page);
    const pane = servicesPane(page);
    await pane.locator('.monaco-list-row', { hasText: 'needs setup' }).first().waitFor({ timeout: 60_000 });
    assert.match((await pane.locator('.monaco-list-row').allInnerTexts()).join('\n'), /environment \(TANDEM_SERVICE_A_API_KEY\)/);

    await runCommand(page, 'Tandem: Set API Key');
    await page.locator('.quick-input-list .monaco-list-row', { hasText: 'Service B' }).click();
    await page.locator('.quick-input-widget', { hasText: 'Service B API key' }).waitFor();
    await page.locator('.quick-input-widget input').fill(sim.keyB);
    await page.keyboard.press('Enter');
    await pane.waitFor({ state: 'detached', timeout: 30_000 });

    await runCommand(page, 'Tandem: Clear API Key');
    await page.locator('.quick-input-list .monaco-list-row', { hasText: 'Service B' }).click();
    await pane.locator('.monaco-list-row', { hasText: 'needs setup' }).first().waitFor({ timeout: 30_000 });
  });
});
