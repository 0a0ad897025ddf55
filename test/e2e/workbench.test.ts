import * as assert from 'node:assert/strict';
import { openWorkbench, runCommand, type Workbench } from './workbench';

describe('Tandem in a real VS Code workbench', function () {
  this.timeout(120_000);
  let workbench: Workbench;

  before(async () => {
    workbench = await openWorkbench();
  });

  afterEach(async function () {
    if (this.currentTest?.state === 'failed') console.log(`screenshot: ${await workbench.screenshot(this.currentTest.fullTitle())}`);
  });

  after(async () => {
    await workbench?.close();
  });

  it('loads the workbench with the Tandem status bar item', async () => {
    const { page } = workbench;
    const status = page.locator('.statusbar-item', { hasText: 'Tandem' }).first();
    await status.waitFor({ timeout: 60_000 });
    // Both services point at the simulator with env keys, so nothing needs setup: no warning icon.
    await status.locator('.codicon-sparkle').waitFor();
    assert.equal(await status.locator('.codicon-warning').count(), 0);
  });

  it('shows the Tandem activity-bar container with both services ready', async () => {
    const { page } = workbench;
    await page.locator('.activitybar [aria-label="Tandem"]').first().click();
    const view = page.locator('.pane', { hasText: 'Services' });
    await view.locator('.monaco-list-row', { hasText: 'Service A' }).waitFor();
    const rows = await view.locator('.monaco-list-row').allInnerTexts();
    const text = rows.join('\n');
    assert.match(text, /Service A\s*ready/);
    assert.match(text, /Service B\s*ready/);
    assert.match(text, /environment \(TANDEM_SERVICE_B_API_KEY\)/);
  });

  it('opens a file from the explorer', async () => {
    const { page } = workbench;
    await page.keyboard.press('Control+Shift+E');
    const explorer = page.locator('.explorer-folders-view');
    await explorer.locator('.monaco-list-row', { hasText: 'src' }).first().click();
    await explorer.locator('.monaco-list-row', { hasText: 'greet.ts' }).click();
    await page.locator('.tab', { hasText: 'greet.ts' }).waitFor();
    await page.locator('.monaco-editor .view-line', { hasText: 'export interface Person' }).waitFor();
  });

  it('checks both services against the simulator from the Command Palette', async () => {
    const { page, sim } = workbench;
    sim.reset();
    await runCommand(page, 'Tandem: Check Connection');
    await page.locator('.notifications-toasts', { hasText: 'Service B reachable' }).waitFor();
    await page.locator('.notifications-toasts', { hasText: 'Service A reachable' }).waitFor();
    const paths = sim.requests.map((request) => `${request.service} ${request.method} ${request.path}`).sort();
    assert.deepEqual(paths, ['A POST /v1/chat/completions', 'B GET /models', 'B GET /user/balance']);
  });
});
