// Speed-change latency for `npm run bench:speech`: while a reading plays, + is pressed in the
// read-aloud bar, and the player reports when the first samples at the new speed are scheduled to
// sound, by the webview's audio clock (data-speed-audible-in-ms: press → first stretched sample).
import type { Frame, Page } from 'playwright-core';
import { goToLine, runCommand } from '../test/e2e/workbench';
import { round } from './chatMeasure';

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};

/**
 * `runs` readings of editor line `line` (at least a few seconds of speech): after half a second of
 * playback, + (1.0× → 1.1×) is pressed and the latency read; − puts the speed back, and Stop ends it.
 */
export async function benchSpeedChange(
  page: Page,
  frame: Frame,
  runs: number,
  line: number,
): Promise<{ p50: number; p95: number; target: string; runs: number[] }> {
  const bar = frame.locator('.speech-bar');
  const latencies: number[] = [];
  for (let i = 0; i < runs; i++) {
    await goToLine(page, line);
    await page.keyboard.press('Shift+End');
    await runCommand(page, 'Tandem: Read Aloud');
    await frame.waitForFunction(
      () => {
        const data = (
          globalThis as unknown as { document: { querySelector(s: string): { dataset: Record<string, string> } } }
        ).document.querySelector('.speech-bar').dataset;
        return data.state === 'playing' && Number(data.playedSeconds) >= 0.5 && data.speedAudibleInMs === undefined;
      },
      undefined,
      { timeout: 60_000 },
    );
    await frame.getByRole('button', { name: 'Faster' }).click();
    await frame.locator('.speech-bar[data-speed-audible-in-ms]').waitFor({ state: 'attached', timeout: 10_000 });
    latencies.push(round(Number(await bar.getAttribute('data-speed-audible-in-ms'))));
    await frame.getByRole('button', { name: 'Slower' }).click();
    await frame.locator('.speech-bar[data-speed="1"]').waitFor({ state: 'attached' });
    await frame.getByRole('button', { name: 'Stop reading aloud' }).click();
    await frame.locator('.speech-bar[data-state="ended"]').waitFor({ state: 'attached', timeout: 10_000 });
  }
  return { p50: percentile(latencies, 50), p95: percentile(latencies, 95), target: '< 200', runs: latencies };
}
