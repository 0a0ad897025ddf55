// Cold start of read aloud: the first reading in a new window, whose Tandem view has not been opened
// yet (so the command has to open it and load its webview before anything can sound). Each run
// reloads the window with the Explorer in the side bar, waits for Tandem to be up, selects line 1
// and runs Tandem: Read Aloud; the time runs from the Enter to the first sound by the webview's clock.
import type { Frame, Page } from 'playwright-core';
import { frameWith, goToLine, reloadWindow, type Workbench } from '../test/e2e/workbench';
import { round } from './chatMeasure';

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
  /** Script fetched and evaluated: the webview's navigation timing, ms from its start. */
  scriptLoadedMs: number;
}

/** The frame of the chat view once its read-aloud bar has started a reading. */
async function speechFrame(page: Page): Promise<Frame> {
  return frameWith(page, '.speech-bar:not([hidden])', 60_000);
}

export async function measureColdStart(
  { page, sim }: Workbench,
  runs: number,
  runCommandTimed: (page: Page, title: string) => Promise<number>,
): Promise<ColdStartRun[]> {
  const results: ColdStartRun[] = [];
  for (let i = 0; i < runs; i++) {
    // The Explorer in the side bar: the reloaded window restores it, not the Tandem view.
    await page.keyboard.press('Control+Shift+E');
    await page.locator('.part.sidebar .title-label', { hasText: /explorer/i }).waitFor();
    await reloadWindow(page);
    await page.locator('.statusbar-item', { hasText: 'Tandem' }).first().waitFor({ timeout: 60_000 });
    await page.locator('.monaco-editor .view-line').first().waitFor();
    // A user reads a moment after the window is up, not while it is still activating.
    await page.waitForTimeout(2000);
    sim.reset();
    await goToLine(page, 1);
    await page.keyboard.press('Shift+End');
    const enterAt = await runCommandTimed(page, 'Tandem: Read Aloud');
    const frame = await speechFrame(page);
    await frame.locator('.speech-bar[data-state="ended"]').waitFor({ state: 'attached', timeout: 60_000 });
    const firstSoundAt = Number(await frame.locator('.speech-bar').getAttribute('data-first-sound-at'));
    const view = await frame.evaluate(() => ({
      at: performance.timeOrigin,
      readyMs: performance.getEntriesByName('tandem:ready')[0]?.startTime ?? Number.NaN,
      scriptMs:
        (performance.getEntriesByType('resource').find((e) => e.name.includes('webview.js')) as { responseEnd: number } | undefined)
          ?.responseEnd ?? Number.NaN,
    }));
    const scheduledAt = Number(await frame.locator('.speech-bar').getAttribute('data-first-scheduled-at'));
    const request = sim.requests.find((r) => r.path === '/v1/chat/completions');
    const run = {
      commandToFirstSoundMs: round(firstSoundAt - enterAt),
      commandToRequestMs: round((request?.receivedAt ?? Number.NaN) - enterAt),
      commandToViewMs: round(view.at - enterAt),
      commandToReadyMs: round(view.at + view.readyMs - enterAt),
      commandToFirstChunkMs: round((request?.firstDataAt ?? Number.NaN) - enterAt),
      commandToScheduledMs: round(scheduledAt - enterAt),
      scriptLoadedMs: round(view.scriptMs),
    };
    console.error(`cold start ${i + 1}/${runs}: ${JSON.stringify(run)}`);
    results.push(run);
  }
  return results;
}
