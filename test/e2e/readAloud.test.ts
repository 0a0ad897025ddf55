import * as assert from 'node:assert/strict';
import type { Frame, Locator } from 'playwright-core';
import { parseWav } from '../../src/core/speech/wav';
import { until } from '../until';
import { frameWith, goToLine, runCommand, useWorkbench, type Workbench } from './workbench';

/** What the simulator speaks for this request, measured independently: the same body, as one WAV. */
async function simAudioSeconds(workbench: Workbench, body: Record<string, unknown>): Promise<number> {
  const { sim } = workbench;
  const response = await fetch(`${sim.urlA}/v1/chat/completions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${sim.keyA}`, 'content-type': 'application/json' },
    body: JSON.stringify({ ...body, stream: false, audio: { ...(body.audio as object), format: 'wav' } }),
  });
  const reply = (await response.json()) as { choices: Array<{ message: { audio: { data: string } } }> };
  return parseWav(Buffer.from(reply.choices[0].message.audio.data, 'base64')).durationSeconds;
}

describe('read aloud in a real browser', function () {
  this.timeout(180_000);
  let bar: Locator;

  const workbench = useWorkbench();

  /** Opens README.md and selects its line `line` (1-based, as the editor shows it). */
  async function selectLine(line: number): Promise<void> {
    const { page } = workbench();
    await page.keyboard.press('Control+Shift+E');
    await page.locator('.explorer-folders-view .monaco-list-row', { hasText: 'README.md' }).click();
    await page.locator('.tab', { hasText: 'README.md' }).waitFor();
    await goToLine(page, line);
    await page.keyboard.press('Shift+End');
  }

  it('speaks the selection: the view opens without taking focus and schedules all of the simulator’s audio', async () => {
    const { page, sim } = workbench();
    await page.locator('.statusbar-item', { hasText: 'Tandem' }).first().waitFor({ timeout: 60_000 });
    await selectLine(1);
    sim.reset();
    await runCommand(page, 'Tandem: Read Aloud');

    const frame: Frame = await frameWith(page, '.speech-bar', 60_000);
    bar = frame.locator('.speech-bar');
    await frame.locator('.speech-bar[data-state="playing"]').waitFor({ timeout: 30_000 });
    assert.ok(await page.evaluate("document.activeElement?.closest('.monaco-editor') !== null"), 'the editor keeps the focus');
    await page
      .locator('.statusbar-item', { hasText: /Reading/ })
      .first()
      .waitFor();

    await frame.locator('.speech-bar[data-state="ended"]').waitFor({ state: 'attached', timeout: 60_000 });
    const scheduled = Number(await bar.getAttribute('data-scheduled-seconds'));
    const request = sim.requests.find((r) => r.path === '/v1/chat/completions')!;
    const expected = await simAudioSeconds(workbench(), request.body as Record<string, unknown>);
    assert.ok(expected > 0.5, `the simulator spoke ${expected} s`);
    assert.ok(Math.abs(scheduled - expected) < 0.01, `scheduled ${scheduled} s of the simulator's ${expected} s`);
    assert.ok(Math.abs(Number(await bar.getAttribute('data-played-seconds')) - expected) < 0.01, 'all of it played');
    await page
      .locator('.statusbar-item', { hasText: /Reading/ })
      .first()
      .waitFor({ state: 'hidden' });
  });

  it('pauses and resumes from the view, then stops at once from the status bar item: silence, and the request closes', async () => {
    const { page, sim } = workbench();
    sim.reset();
    sim.configure({ tokensPerSecond: 25 }); // real time: the stream is still open when Stop comes
    await selectLine(3);
    await runCommand(page, 'Tandem: Read Aloud');
    const frame = await frameWith(page, '.speech-bar[data-state="playing"]', 30_000);
    await page.waitForTimeout(800);
    const bar = frame.locator('.speech-bar');
    const played = async () => Number(await bar.getAttribute('data-played-seconds'));
    await frame.locator('button[aria-label="Pause reading aloud"]').click();
    await page.waitForTimeout(300);
    const pausedAt = await played();
    await page.waitForTimeout(700);
    assert.ok(Math.abs((await played()) - pausedAt) < 0.01, 'the clock stands still while paused');
    await page
      .locator('.statusbar-item', { hasText: /Paused \d:\d\d/ })
      .first()
      .waitFor({ timeout: 2_000 });
    await frame.locator('button[aria-label="Resume reading aloud"]').click();
    await until(async () => (await played()) >= pausedAt + 0.2, 'playback to go on after Resume', 5_000, 100);
    await page
      .locator('.statusbar-item', { hasText: /Reading \d:\d\d/ })
      .first()
      .click();
    await frame.locator('.speech-bar[data-state="ended"]').waitFor({ state: 'attached', timeout: 5_000 });
    assert.equal(await frame.locator('.speech-bar').getAttribute('data-sources'), '0', 'no audio is left scheduled');
    const stoppedAt = await played();
    assert.ok(stoppedAt > 0.3 && stoppedAt < 4, `stopped after ${stoppedAt} s`);
    await until(() => sim.abortedCount > 0, 'the simulator to see the speech request close', 30_000);
    assert.equal(sim.abortedCount, 1, 'the open speech request was aborted');
    sim.configure({ tokensPerSecond: 0 });
  });
});
