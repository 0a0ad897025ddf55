// Read-aloud speed in a real VS Code (code-server) and Chromium, with the simulator: the −/+ controls
// change the speed of a playing reading at once, from the audio already received (pitch kept by
// time-stretching in the webview), and the speed is kept as the user's setting.
import * as assert from 'node:assert/strict';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Frame, Locator } from 'playwright-core';
import { demoWorkspace, frameWith, goToLine, runCommand, useWorkbench, type Workbench } from './workbench';

/** One sentence (one part, so one request) that the simulator speaks in about 11 s. */
const SENTENCE =
  'Tandem reads the selection aloud while the audio is still streaming in, part after part, and you can make it faster or slower as it goes without waiting for anything.';
const FILE = 'speech-speed.md';

const speechRequests = (workbench: Workbench) => workbench.sim.requests.filter((r) => r.path === '/v1/chat/completions').length;

/** The bar's numbers, as its last progress tick (every 250 ms) left them. */
async function reading(bar: Locator): Promise<{ played: number; scheduled: number; clock: number; state?: string }> {
  const data = await bar.evaluate((el) => ({ ...(el as unknown as { dataset: Record<string, string> }).dataset }));
  return {
    played: Number(data.playedSeconds),
    scheduled: Number(data.scheduledSeconds),
    clock: Number(data.audioClock),
    state: data.state,
  };
}

/** Waits for a progress tick after this moment, and returns its numbers. */
async function nextTick(frame: Frame, bar: Locator): Promise<{ played: number; scheduled: number; clock: number }> {
  const before = (await reading(bar)).clock;
  await frame.waitForFunction(
    (clock) =>
      Number(
        (globalThis as unknown as { document: { querySelector(s: string): { dataset: Record<string, string> } } }).document.querySelector(
          '.speech-bar',
        ).dataset.audioClock,
      ) > clock,
    before,
    { timeout: 10_000 },
  );
  return reading(bar);
}

// The functions given to waitForFunction run in the page, so they name `document` through
// globalThis: this file is compiled without the DOM types.
describe('read-aloud speed in a real browser', function () {
  this.timeout(180_000);

  const workbench = useWorkbench({
    setUp() {
      writeFileSync(join(demoWorkspace, FILE), `${SENTENCE}\n`);
    },
    async ready({ page }) {
      await page.locator('.statusbar-item', { hasText: 'Tandem' }).first().waitFor({ timeout: 60_000 });
    },
    tearDown() {
      rmSync(join(demoWorkspace, FILE), { force: true });
    },
  });

  /** Selects the sentence and reads it; resolves once it plays, with the view's frame and bar. */
  async function readSentence(): Promise<{ frame: Frame; bar: Locator }> {
    const { page } = workbench();
    await page.keyboard.press('Control+Shift+E');
    await page.locator('.explorer-folders-view .monaco-list-row', { hasText: FILE }).click();
    await page.locator('.tab', { hasText: FILE }).waitFor();
    await goToLine(page, 1);
    // The whole file (Shift+End would stop where the long line wraps).
    await page.keyboard.press('Control+A');
    workbench().sim.reset();
    await runCommand(page, 'Tandem: Read Aloud');
    const frame = await frameWith(page, '.speech-bar[data-state="playing"]', 60_000);
    return { frame, bar: frame.locator('.speech-bar') };
  }

  it('a speed change shortens the remaining playback accordingly, from the audio already received: no new request', async () => {
    const { frame, bar } = await readSentence();
    const faster = frame.getByRole('button', { name: 'Faster' });
    assert.equal(await frame.locator('.speech-speed-value').innerText(), '1.0×');
    // All of the sentence has come (the simulator is unpaced here), and a second of it has played at 1×.
    await frame.waitForFunction(
      () => {
        const data = (
          globalThis as unknown as { document: { querySelector(s: string): { dataset: Record<string, string> } } }
        ).document.querySelector('.speech-bar').dataset;
        return Number(data.playedSeconds) >= 1 && Number(data.scheduledSeconds) > 5;
      },
      undefined,
      { timeout: 30_000 },
    );
    const atOne = await nextTick(frame, bar);
    const atOneLater = await nextTick(frame, bar);
    const rateAtOne = (atOneLater.played - atOne.played) / (atOneLater.clock - atOne.clock);
    assert.ok(Math.abs(rateAtOne - 1) < 0.15, `played ${rateAtOne} source seconds per second at 1×`);

    // Nine presses while paused (however slow the machine, the reading cannot run out meanwhile),
    // then the tenth while it plays: 1.9× → 2.0×.
    await frame.getByRole('button', { name: 'Pause reading aloud' }).click();
    await frame.locator('.speech-bar[data-state="paused"]').waitFor();
    for (let i = 0; i < 9; i++) await faster.click();
    await frame.getByRole('button', { name: 'Resume reading aloud' }).click();
    await frame.locator('.speech-bar[data-state="playing"]').waitFor();
    await nextTick(frame, bar);
    await faster.click();
    await frame.locator('.speech-bar[data-speed="2"]').waitFor();
    assert.equal(await frame.locator('.speech-speed-value').innerText(), '2.0×');
    const changed = await nextTick(frame, bar);
    const remainingSource = changed.scheduled - changed.played;
    assert.ok(remainingSource > 2, `${remainingSource} s were left to play after the change`);
    // The new speed is heard within 200 ms of the last press, by the audio clock.
    const audibleIn = Number(await bar.getAttribute('data-speed-audible-in-ms'));
    assert.ok(audibleIn < 200, `the new speed sounded ${audibleIn} ms after the press`);

    await frame.locator('.speech-bar[data-state="ended"]').waitFor({ state: 'attached', timeout: 30_000 });
    const end = await reading(bar);
    assert.ok(Math.abs(end.played - end.scheduled) < 1e-6, `all of it played: ${JSON.stringify(end)}`);
    const remainingClock = end.clock - changed.clock;
    // At 2× the rest takes half as long (a block at the old speed and event delivery add a little).
    const ratio = remainingClock / remainingSource;
    assert.ok(ratio > 0.42 && ratio < 0.62, `${remainingSource} s of audio took ${remainingClock} s after the change (ratio ${ratio})`);
    assert.equal(speechRequests(workbench()), 1, 'the simulator received no new speech request');
  });

  it('− and + stop at 0.5× and 2.0× (shown disabled); the speed is kept as the user setting', async () => {
    const { frame } = await readSentence();
    // Paused, the reading cannot end while the buttons are pressed, however slow the machine.
    await frame.getByRole('button', { name: 'Pause reading aloud' }).click();
    await frame.locator('.speech-bar[data-state="paused"]').waitFor();
    const slower = frame.getByRole('button', { name: 'Slower' });
    const faster = frame.getByRole('button', { name: 'Faster' });
    const value = frame.locator('.speech-speed-value');
    for (let i = 0; i < 16 && !(await faster.isDisabled()); i++) await faster.click();
    assert.equal(await value.innerText(), '2.0×');
    assert.equal(await faster.isDisabled(), true, '+ is disabled at 2.0×');
    for (let i = 0; i < 16 && !(await slower.isDisabled()); i++) await slower.click();
    assert.equal(await value.innerText(), '0.5×');
    assert.equal(await slower.isDisabled(), true, '− is disabled at 0.5×');
    assert.equal(await faster.isDisabled(), false, '+ is enabled again below 2.0×');
    await faster.click();
    assert.equal(await value.innerText(), '0.6×');
    await frame.getByRole('button', { name: 'Stop reading aloud' }).click();
    await frame.locator('.speech-bar[data-state="ended"]').waitFor({ state: 'attached', timeout: 10_000 });

    // Kept as the user's setting: the Settings editor shows it.
    const { page } = workbench();
    await runCommand(page, 'Preferences: Open User Settings');
    await page.locator('.settings-editor').waitFor();
    await page.keyboard.type('tandem.speech.speed');
    await page.waitForFunction(
      () =>
        (globalThis as unknown as { document: { querySelector(s: string): { value: string } | null } }).document.querySelector(
          '.settings-editor .setting-item-number input',
        )?.value === '0.6',
      undefined,
      { timeout: 30_000 },
    );
    await page.keyboard.press('Control+W');
  });
});
