// Cold start of read aloud: the first reading in a window whose Tandem view has not been opened yet,
// so the command has to open the view and load its webview before anything can sound. Two kinds:
//   newWindow — a new browser window (its own profile) opens the workspace: the first window of a
//               day, and what desktop VS Code does (it loads webviews without a service worker);
//   reload    — Developer: Reload Window with the Explorer in the side bar. VS Code web then first
//               hands its webview service worker over from the old page, which adds its own delay.
// Each run opens the file, waits for Tandem to be up and idle, selects line 1 and runs Tandem: Read
// Aloud; the time runs from the Enter to the first sound by the webview's audio clock.
import type { Frame, Page } from 'playwright-core';
import { frameWith, goToLine, reloadWindow, type Workbench } from '../test/e2e/workbench';
import { round, runCommandTimed } from './chatMeasure';

export type ColdStartKind = 'newWindow' | 'reload';

export interface ColdStartRun {
  commandToFirstSoundMs: number;
  /** Enter → the speech request reached the simulator. */
  commandToRequestMs: number;
  /** Enter → the webview's document started loading (the view was created). */
  commandToViewMs: number;
  /** Enter → the webview's script said `ready`. */
  commandToReadyMs: number;
  /** Enter → the simulator wrote the first audio. */
  commandToFirstChunkMs: number;
  /** Enter → the first audio was scheduled in the webview. */
  commandToScheduledMs: number;
  /** The webview's own document: requested this long after it started (a service worker's wait shows here). */
  documentRequestedMs: number;
  /** The script fetched, ms from the webview's start. */
  scriptLoadedMs: number;
}

/** A new window (browser context) on the same workbench URL, with `file` open. */
async function newWindow(page: Page, file: string): Promise<{ window: Page; close: () => Promise<void> }> {
  const context = await page
    .context()
    .browser()!
    .newContext({ viewport: { width: 1400, height: 900 } });
  const window = await context.newPage();
  await window.goto(page.url());
  await window.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
  await window.locator('.statusbar-item', { hasText: 'Tandem' }).first().waitFor({ timeout: 60_000 });
  await window.keyboard.press('Control+P');
  await window.keyboard.type(file);
  await window.locator('.quick-input-list .monaco-list-row', { hasText: file }).first().waitFor();
  await window.keyboard.press('Enter');
  await window.locator('.tab.active', { hasText: file }).waitFor();
  return { window, close: () => context.close() };
}

/** Reloads `page` with the Explorer, not the Tandem view, in the side bar. */
async function reloaded(page: Page): Promise<{ window: Page; close: () => Promise<void> }> {
  await page.keyboard.press('Control+Shift+E');
  await page.locator('.part.sidebar .title-label', { hasText: /explorer/i }).waitFor();
  await reloadWindow(page);
  await page.locator('.statusbar-item', { hasText: 'Tandem' }).first().waitFor({ timeout: 60_000 });
  return { window: page, close: async () => {} };
}

export async function measureColdStart({ page, sim }: Workbench, kind: ColdStartKind, file: string, runs: number): Promise<ColdStartRun[]> {
  const results: ColdStartRun[] = [];
  for (let i = 0; i < runs; i++) {
    const { window, close } = kind === 'newWindow' ? await newWindow(page, file) : await reloaded(page);
    try {
      await window.locator('.monaco-editor .view-line').first().waitFor();
      // A user reads a moment after the window is up, not while it is still activating.
      await window.waitForTimeout(2000);
      sim.reset();
      await goToLine(window, 1);
      await window.keyboard.press('Shift+End');
      const enterAt = await runCommandTimed(window, 'Tandem: Read Aloud');
      const frame: Frame = await frameWith(window, '.speech-bar:not([hidden])', 60_000);
      await frame.locator('.speech-bar[data-state="ended"]').waitFor({ state: 'attached', timeout: 60_000 });
      const bar = frame.locator('.speech-bar');
      const firstSoundAt = Number(await bar.getAttribute('data-first-sound-at'));
      const scheduledAt = Number(await bar.getAttribute('data-first-scheduled-at'));
      const view = await frame.evaluate(() => {
        const script = performance.getEntriesByType('resource').find((e) => e.name.includes('webview.js')) as
          { responseEnd: number } | undefined;
        // Node's types know no navigation entries; the browser that runs this does.
        const document = performance.getEntriesByType('navigation' as 'resource')[0] as unknown as { requestStart: number } | undefined;
        return {
          at: performance.timeOrigin,
          readyMs: performance.getEntriesByName('tandem:ready')[0]?.startTime ?? Number.NaN,
          scriptMs: script?.responseEnd ?? Number.NaN,
          documentMs: document?.requestStart ?? Number.NaN,
        };
      });
      const request = sim.requests.find((r) => r.path === '/v1/chat/completions');
      const run = {
        commandToFirstSoundMs: round(firstSoundAt - enterAt),
        commandToRequestMs: round((request?.receivedAt ?? Number.NaN) - enterAt),
        commandToViewMs: round(view.at - enterAt),
        commandToReadyMs: round(view.at + view.readyMs - enterAt),
        commandToFirstChunkMs: round((request?.firstDataAt ?? Number.NaN) - enterAt),
        commandToScheduledMs: round(scheduledAt - enterAt),
        documentRequestedMs: round(view.documentMs),
        scriptLoadedMs: round(view.scriptMs),
      };
      console.error(`cold start (${kind}) ${i + 1}/${runs}: ${JSON.stringify(run)}`);
      results.push(run);
    } finally {
      await close();
    }
  }
  return results;
}
