// The Spend view in a real browser: a ledger of 30 days × 6 features drawn as a stacked chart with its
// legend and the right totals, the chat link, the CSV export through the save dialog, and the view in
// the light, dark and high-contrast themes (screenshots in test-results/).
import * as assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Frame } from 'playwright-core';
import { repoRoot } from '../../scripts/vscodePaths.mjs';
import { dayKey } from '../../src/core/spend/localDays';
import { CSV_HEADER } from '../../src/core/spend/spendReport';
import { SPEND_FEATURES } from '../../src/core/spend/spendTypes';
import { until } from '../until';
import { openSpendView, seedLedger, SEED_DAYS, type Seeded } from './spendSeed';
import { ask, chatFrame, idle, openCommandPalette, runCommand, useWorkbench } from './workbench';

const THEMES = [
  { name: 'Default Light Modern', bodyClass: 'vscode-light', file: 'spend-light' },
  { name: 'Default Dark Modern', bodyClass: 'vscode-dark', file: 'spend-dark' },
  { name: 'Default High Contrast', bodyClass: 'vscode-high-contrast', file: 'spend-high-contrast' },
];

function cny(n: number): string {
  return `${n.toFixed(2)} CNY`;
}

describe('Spend view in a real browser', function () {
  this.timeout(300_000);
  let seeded: Seeded;
  let spend: Frame;

  const workbench = useWorkbench({
    async ready({ userDataDir }) {
      seeded = await seedLedger(userDataDir);
    },
  });

  it('draws the stacked chart of 30 days × 6 features with its legend, the totals and the cache-hit share', async () => {
    spend = await openSpendView(workbench().page);
    const renderMs = Number(await spend.locator('body').getAttribute('data-render-ms'));
    console.log(JSON.stringify({ spendViewRenderMs: renderMs, days: SEED_DAYS, features: SPEND_FEATURES.length }));
    assert.equal(await spend.locator('.chart canvas').count(), 1);
    const box = await spend.locator('.chart canvas').boundingBox();
    assert.ok(box && box.width > 300 && box.height > 200, `the canvas has a size: ${JSON.stringify(box)}`);
    // The legend: the day, then one entry per feature.
    const legend = await spend.locator('.u-legend .u-series .u-label').allTextContents();
    assert.deepEqual(legend.slice(1).sort(), ['Chat', 'Commit messages', 'Completions', 'Connection checks', 'Inline edit', 'Read aloud']);
    // The totals (the ledger holds nothing else but what the extension itself spent: nothing yet).
    assert.equal(await spend.locator('.totals .today').textContent(), `Today: ${cny(seeded.today)}`);
    assert.equal(await spend.locator('.totals .month').textContent(), `This month: ${cny(seeded.month)}`);
    // Cache hits: every seeded request read half its prompt from the cache.
    const shares = await spend.locator('table.hits tr td:last-child').allTextContents();
    assert.deepEqual(
      shares,
      SPEND_FEATURES.map(() => '50.0%'),
    );
  });

  it('exports the CSV through the save dialog: one row per day and feature with its tokens and cost', async () => {
    const { page } = workbench();
    const dir = join(repoRoot, 'test-results');
    mkdirSync(dir, { recursive: true });
    const target = join(dir, 'spend-export.csv');
    rmSync(target, { force: true });
    await spend.locator('button.export').click();
    // code-server's save dialog is VS Code's simple file dialog: a path in the quick input, which follows
    // it only as it is typed, completing names and listing folders meanwhile. Under load a completion
    // raced the keystrokes and mangled the path, so the path is typed again until the input holds exactly
    // it. Enter while the dialog is still listing a folder only takes it there (as it does for a user,
    // who presses Enter again): so wait until it is idle, and press Enter again while it stays open.
    const dialog = page.locator('.quick-input-widget');
    const input = dialog.locator('input');
    const busy = dialog.locator('.monaco-progress-container.active');
    await input.waitFor();
    for (let attempt = 1; ; attempt++) {
      await input.press('Control+A');
      await page.keyboard.type(target);
      await busy.waitFor({ state: 'hidden' });
      const typed = await input.inputValue();
      if (typed === target) break;
      assert.ok(attempt < 5, `the save dialog's path is "${typed}"`);
    }
    for (let enter = 1; ; enter++) {
      await busy.waitFor({ state: 'hidden' });
      assert.equal(await input.inputValue(), target, "the save dialog's path before Enter");
      await page.keyboard.press('Enter');
      const closed = await dialog.waitFor({ state: 'hidden', timeout: 10_000 }).then(
        () => true,
        () => false,
      );
      if (closed) break;
      assert.ok(enter < 3, `the save dialog stayed open at "${await input.inputValue()}"`);
    }
    await until(() => existsSync(target) && readFileSync(target, 'utf8').length > 0, 'the CSV file', 30_000);
    const lines = readFileSync(target, 'utf8').trimEnd().split('\r\n');
    assert.equal(lines[0], CSV_HEADER.join(','));
    const rows = lines.slice(1).map((line) => line.split(','));
    const seededRows = rows.filter(([day, feature]) => seeded.byDayFeature.has(`${day},${feature}`));
    assert.equal(seededRows.length, SEED_DAYS * SPEND_FEATURES.length);
    for (const [day, feature, requests, prompt, hit, miss, , , cost] of seededRows) {
      const k = SPEND_FEATURES.indexOf(feature as (typeof SPEND_FEATURES)[number]);
      assert.equal(requests, '1');
      assert.equal(Number(prompt), 1_000 * (k + 1));
      assert.equal(Number(hit) + Number(miss), Number(prompt));
      assert.equal(Number(cost), seeded.byDayFeature.get(`${day},${feature}`), `${day} ${feature}`);
    }
    assert.equal(rows[0][0] <= rows.at(-1)![0], true, 'oldest day first');
    assert.equal(rows.at(-1)![0], dayKey(Date.now()));
  });

  it('lists a chat that cost something and its link opens that chat in the chat view', async () => {
    const { page } = workbench();
    const chat = await chatFrame(page);
    await ask(chat, 'Say hello for the spend test.');
    await idle(chat);
    await runCommand(page, 'Tandem: New Chat');
    await chat.locator('.turn.user').first().waitFor({ state: 'detached', timeout: 30_000 });
    spend = await openSpendView(page);
    const link = spend.locator('a.chat-link').first();
    await link.waitFor({ timeout: 30_000 });
    await link.click();
    await chat.locator('.turn.user', { hasText: 'Say hello for the spend test.' }).waitFor({ timeout: 30_000 });
  });

  it('follows the light, dark and high-contrast themes (screenshots in test-results/)', async () => {
    const { page } = workbench();
    spend = await openSpendView(page);
    // The legend's markers carry the series colour uPlot uses on the canvas. The chart redraws after the
    // theme's class arrives, so a colour is read once it differs from `before` (a redraw that never comes
    // times out here).
    const markerColour = (before: string) =>
      spend
        .waitForFunction(
          (previous) => {
            const doc = globalThis as unknown as {
              document: { querySelectorAll(s: string): ArrayLike<{ querySelector(s: string): unknown }> };
              getComputedStyle(e: unknown): { backgroundColor: string };
            };
            const element = doc.document.querySelectorAll('.u-legend .u-series')[1]?.querySelector('.u-marker');
            const colour = element ? doc.getComputedStyle(element).backgroundColor : '';
            return colour !== '' && colour !== 'rgba(0, 0, 0, 0)' && colour !== previous ? colour : undefined;
          },
          before,
          { timeout: 30_000 },
        )
        .then((handle) => handle.jsonValue() as Promise<string>);
    // The theme the workbench started in: switching to it again changes no colour.
    let shown = { bodyClass: '', colour: await markerColour('') };
    for (const theme of THEMES) if ((await spend.locator(`body.${theme.bodyClass}`).count()) > 0) shown.bodyClass = theme.bodyClass;
    const colours: string[] = [];
    for (const theme of THEMES) {
      // As a user does: Preferences: Color Theme, then the theme's name (this sets workbench.colorTheme).
      await openCommandPalette(page);
      await page.locator('.quick-input-widget input').fill('>Preferences: Color Theme');
      await page.locator('.quick-input-list .monaco-list-row', { hasText: 'Preferences: Color Theme' }).first().click();
      await page.locator('.quick-input-widget input').fill(theme.name);
      // Its own row, not a longer name that starts alike ("Default High Contrast Light").
      await page
        .locator('.quick-input-list .monaco-list-row')
        .filter({ hasText: theme.name, hasNotText: `${theme.name} Light` })
        .first()
        .click();
      await spend.locator(`body.${theme.bodyClass}`).waitFor({ timeout: 30_000 });
      await spend.locator('.chart canvas').waitFor();
      const colour = await markerColour(theme.bodyClass === shown.bodyClass ? '' : shown.colour);
      colours.push(colour);
      shown = { bodyClass: theme.bodyClass, colour };
      const path = join(repoRoot, 'test-results', `${theme.file}.png`);
      await page.screenshot({ path });
      console.log(`screenshot: ${path}`);
    }
    // The dark and light themes give the charts different colours; each theme gives one.
    assert.equal(colours.length, 3);
    assert.ok(
      colours.every((c) => c && c !== 'rgba(0, 0, 0, 0)'),
      `series colours: ${colours.join(' | ')}`,
    );
    assert.notEqual(colours[0], colours[1], 'light and dark draw the series in different colours');
  });
});
