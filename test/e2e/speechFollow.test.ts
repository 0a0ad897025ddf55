// Follow along in a real browser: the sentence being spoken carries the highlight's class on its text
// in the editor, sentence after sentence; Next/Previous Sentence restart the reading elsewhere; Pause/
// Resume Reading holds and releases the player.
import * as assert from 'node:assert/strict';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Frame, Page } from 'playwright-core';
import { until } from '../until';
import { demoWorkspace, frameWith, goToLine, runCommand, useWorkbench } from './workbench';

/** Three sentences of different lengths on one line: each highlight must be exactly its sentence. */
const THREE = [
  'Tandem reads aloud.',
  'It highlights the sentence you are hearing, and keeps it in view while it is spoken.',
  'Then the third.',
];
/**
 * Four sentences that fit in the read-ahead (20 s of audio), so all are requested at once; the first
 * is long (~10 s), so the commands below act while it plays even on a busy machine.
 */
const FOUR = [
  'The first sentence is long on purpose, so that there is plenty of time to pause it, resume it and then skip ahead to the next one.',
  'The second sentence is also long enough to step back from it to the first.',
  'Third.',
  'Fourth and last.',
];
const files = {
  three: join(demoWorkspace, 'follow-three.md'),
  four: join(demoWorkspace, 'follow-four.md'),
};

// Scripts run in the workbench page (this tsconfig has no DOM types, so they are strings).
/** The editor text that carries a decoration's class (only follow along decorates), in reading order. */
const DECORATED = `(() => {
  const lines = [...document.querySelectorAll('.monaco-editor .view-lines .view-line')]
    .sort((a, b) => parseFloat(a.style.top) - parseFloat(b.style.top));
  return lines
    .map((line) => [...line.querySelectorAll('span[class*="TextEditorDecorationType"]')].map((span) => span.textContent).join(''))
    .join('')
    .replace(/\u00a0/g, ' ')
    .trim();
})()`;

const decoratedText = (page: Page): Promise<string> => page.evaluate(DECORATED);

/** Records in the page every change of the decorated text, so no sentence is missed between looks. */
async function recordHighlights(page: Page): Promise<void> {
  await page.evaluate(`(() => {
    window.followObserver?.disconnect();
    window.followLog = [];
    const read = () => {
      const text = ${DECORATED};
      if (window.followLog.at(-1) !== text) window.followLog.push(text);
    };
    window.followObserver = new MutationObserver(read);
    window.followObserver.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: ['class'] });
    read();
  })()`);
}

/** Every sentence highlighted so far, in order. */
const highlights = (page: Page): Promise<string[]> => page.evaluate("window.followLog.filter((text) => text !== '')");

/** Waits until the highlight is `text` ('' for none). */
async function waitForHighlight(page: Page, text: string): Promise<void> {
  await page.waitForFunction(`window.followLog.at(-1) === ${JSON.stringify(text)}`, undefined, { timeout: 30_000 });
}

describe('follow along in a real browser', function () {
  this.timeout(180_000);
  let frame: Frame;

  const workbench = useWorkbench({
    setUp() {
      writeFileSync(files.three, `${THREE.join(' ')}\n`);
      writeFileSync(files.four, `Skipped: the cursor is below this line.\n\n${FOUR.join(' ')}\n`);
    },
    tearDown() {
      for (const file of Object.values(files)) rmSync(file, { force: true });
    },
  });

  async function open(name: string): Promise<void> {
    const { page } = workbench();
    await page.keyboard.press('Control+Shift+E');
    await page.locator('.explorer-folders-view .monaco-list-row', { hasText: name }).click();
    await page.locator('.tab', { hasText: name }).waitFor();
  }

  const speechTexts = () =>
    workbench()
      .sim.requests.filter((r) => r.path === '/v1/chat/completions')
      .map((r) => ((r.body as { messages: Array<{ content: string }> }).messages.at(-1)?.content ?? '') as string);
  const played = async () => Number(await frame.locator('.speech-bar').getAttribute('data-played-seconds'));

  it('highlights sentence 1, then 2, then 3, each exactly its sentence, and clears when the reading ends', async () => {
    const { page, sim } = workbench();
    await page.locator('.statusbar-item', { hasText: 'Tandem' }).first().waitFor({ timeout: 60_000 });
    await open('follow-three.md');
    await goToLine(page, 1);
    await page.keyboard.press('Control+A');
    sim.reset();
    await recordHighlights(page);
    await runCommand(page, 'Tandem: Read Aloud');
    frame = await frameWith(page, '.speech-bar', 60_000);
    await frame.locator('.speech-bar[data-state="ended"]').waitFor({ state: 'attached', timeout: 60_000 });
    // The reading has ended; the highlight goes with it.
    await waitForHighlight(page, '');

    assert.deepEqual(speechTexts(), THREE, 'one speech request per sentence');
    assert.deepEqual(await highlights(page), THREE, 'the highlight moved sentence by sentence, in order, covering exactly each');
    assert.equal(await decoratedText(page), '');
  });

  it('Read from Cursor, Pause/Resume Reading (command and keybinding), Next and Previous Sentence', async () => {
    const { page, sim } = workbench();
    await open('follow-four.md');
    await goToLine(page, 3);
    sim.reset();
    await recordHighlights(page);
    await runCommand(page, 'Tandem: Read from Cursor');
    await waitForHighlight(page, FOUR[0]);
    assert.equal(speechTexts()[0], FOUR[0], 'Read from Cursor starts at the sentence at the cursor, not at the top of the file');
    await until(
      () => speechTexts().length === FOUR.length && sim.requests.every((r) => r.status === 200),
      'every sentence requested',
      30_000,
    );
    assert.deepEqual(speechTexts(), FOUR, 'to the end of the file');

    // Pause by command: the player's clock stands still, and so does the highlight.
    await runCommand(page, 'Tandem: Pause/Resume Reading');
    await frame.locator('.speech-bar[data-state="paused"]').waitFor({ state: 'attached', timeout: 10_000 });
    await page
      .locator('.statusbar-item', { hasText: /Paused \d:\d\d/ })
      .first()
      .waitFor({ timeout: 10_000 });
    // suspend() takes effect a moment after the state changes: wait until two ticks apart agree.
    let pausedAt = await played();
    for (;;) {
      await page.waitForTimeout(400);
      const now = await played();
      if (now === pausedAt) break;
      pausedAt = now;
    }
    await page.waitForTimeout(1000); // time passes; nothing may move
    assert.equal(await played(), pausedAt, 'played seconds hold still while paused');
    assert.equal(await decoratedText(page), FOUR[0], 'the highlight holds too');

    // Resume by the keybinding (the editor has the focus again after the palette).
    await page.keyboard.press('Control+Alt+P');
    await frame.locator('.speech-bar[data-state="playing"]').waitFor({ state: 'attached', timeout: 10_000 });
    await waitForPlayed(pausedAt + 0.2);

    // Next Sentence: the reading starts again from sentence 2.
    sim.reset();
    await runCommand(page, 'Tandem: Next Sentence');
    await waitForHighlight(page, FOUR[1]);
    await until(() => speechTexts().length > 0, 'the restarted reading', 10_000);
    assert.equal(speechTexts()[0], FOUR[1], 'the new reading starts at the next sentence');
    // The rest of that reading is requested before the simulator forgets, so no late request is taken for the next one.
    await until(() => speechTexts().length === 3 && sim.requests.every((r) => r.status === 200), 'the rest requested', 30_000);

    // Previous Sentence: back to sentence 1.
    sim.reset();
    await runCommand(page, 'Tandem: Previous Sentence');
    await waitForHighlight(page, FOUR[0]);
    await until(() => speechTexts().length > 0, 'the restarted reading', 10_000);
    assert.equal(speechTexts()[0], FOUR[0], 'the new reading starts at the previous sentence');

    await runCommand(page, 'Tandem: Stop Reading');
    await frame.locator('.speech-bar[data-state="ended"]').waitFor({ state: 'attached', timeout: 10_000 });
    await waitForHighlight(page, '');
    const seen = await highlights(page);
    assert.deepEqual(seen.slice(0, 3), [FOUR[0], FOUR[1], FOUR[0]], `highlights: ${JSON.stringify(seen)}`);
  });

  async function waitForPlayed(seconds: number): Promise<void> {
    let seen = 0;
    await until(
      async () => (seen = await played()) >= seconds,
      () => `${seconds} s played (it stayed at ${seen} s)`,
      10_000,
      50,
    );
  }
});
