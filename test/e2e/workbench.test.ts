import * as assert from 'node:assert/strict';
import { until } from '../until';
import { frameWith, runCommand, useWorkbench } from './workbench';

describe('Tandem in a real VS Code workbench', function () {
  this.timeout(120_000);

  const workbench = useWorkbench();

  it('loads the workbench with the Tandem status bar item', async () => {
    const { page } = workbench();
    const status = page.locator('.statusbar-item', { hasText: 'Tandem' }).first();
    await status.waitFor({ timeout: 60_000 });
    // Both services point at the simulator with env keys, so nothing needs setup: no warning icon.
    await status.locator('.codicon-sparkle').waitFor();
    assert.equal(await status.locator('.codicon-warning').count(), 0);
  });

  it('shows the Tandem activity-bar container with both services ready: the chat, and no Services view', async () => {
    const { page } = workbench();
    await page.locator('.activitybar [aria-label="Tandem"]').first().click();
    // The Services view steps aside while both services are ready (test/e2e/chatLayout.test.ts
    // shows it coming back when one needs setup, with its rows).
    await frameWith(page, '.composer-input', 60_000);
    await page.locator('.part.sidebar .pane-header', { hasText: 'Services' }).waitFor({ state: 'detached', timeout: 30_000 });
  });

  it('opens a file from the explorer', async () => {
    const { page } = workbench();
    await page.keyboard.press('Control+Shift+E');
    const explorer = page.locator('.explorer-folders-view');
    await explorer.locator('.monaco-list-row', { hasText: 'src' }).first().click();
    await explorer.locator('.monaco-list-row', { hasText: 'greet.ts' }).click();
    await page.locator('.tab', { hasText: 'greet.ts' }).waitFor();
    await page.locator('.monaco-editor .view-line', { hasText: 'export interface Person' }).waitFor();
  });

  it('checks both services against the simulator from the Command Palette', async () => {
    const { page, sim } = workbench();
    sim.reset();
    await runCommand(page, 'Tandem: Check Connection');
    const toast = page.locator('.notification-toast', { hasText: 'Service A reachable' });
    await toast.waitFor();
    assert.match(await toast.innerText(), /Service B reachable \(models: beta-v4-flash, beta-v4-pro; balance 110\.00 CNY\)/);
    const paths = sim.requests.map((request) => `${request.service} ${request.method} ${request.path}`).sort();
    assert.deepEqual(paths, ['A POST /v1/chat/completions', 'B GET /models', 'B GET /user/balance']);
  });
});

describe('setting a key through the real UI', function () {
  this.timeout(120_000);

  // No environment keys here: the key must come from what the user types.
  const workbench = useWorkbench({ env: { TANDEM_SERVICE_A_API_KEY: '', TANDEM_SERVICE_B_API_KEY: '' } });

  it('asks for the service, takes the key in a password box, and uses it', async () => {
    const { page, sim } = workbench();
    await page.locator('.activitybar [aria-label="Tandem"]').first().click();
    const view = page.locator('.pane', { hasText: 'Services' });
    await view.locator('.monaco-list-row', { hasText: 'needs setup' }).first().waitFor();

    await runCommand(page, 'Tandem: Set API Key');
    await page.locator('.quick-input-list .monaco-list-row', { hasText: 'Service B' }).click();
    const input = page.locator('.quick-input-widget input');
    await page.locator('.quick-input-widget', { hasText: 'Service B API key' }).waitFor();
    assert.equal(await input.getAttribute('type'), 'password');
    await input.fill(sim.keyB);
    await page.keyboard.press('Enter');
    await view.locator('.monaco-list-row', { hasText: 'Secret Storage' }).waitFor();

    sim.reset();
    await runCommand(page, 'Tandem: Check Connection');
    // One notification: Service A has no key, so its failure leads and names the fix; B answered.
    // Read in the notification centre, which lists it whether or not VS Code still shows it as a toast
    // (a toast raised as the check's progress notification closes was at times not shown: 1 of 3 runs).
    await until(() => sim.requests.some((r) => r.path === '/models' && r.endedAt !== undefined), 'the check of Service B', 30_000);
    await runCommand(page, 'Notifications: Show Notifications');
    const notice = page.locator('.notifications-center .notification-list-item', { hasText: 'Set your Service A key' });
    await notice.waitFor();
    assert.match(await notice.innerText(), /Service B reachable/);
    await notice.locator('.monaco-button', { hasText: 'Set Service A Key' }).waitFor();
    assert.equal(sim.requests.find((r) => r.path === '/models')?.headers.authorization, `Bearer ${sim.keyB}`);
  });
});
