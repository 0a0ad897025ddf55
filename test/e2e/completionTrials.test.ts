// Nine times in a row, as a user tries the feature out: type the start of a line, see the suggestion,
// dismiss it with Escape, type the rest of the line yourself, go on to the next line. Every answer the service completed must be shown:
// once, each run lost the seventh although the service had answered it in full.
import * as assert from 'node:assert/strict';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { until } from '../until';
import { openFile } from './editorView';
import { demoWorkspace, goToLine, useWorkbench } from './workbench';

const file = join(demoWorkspace, 'src/palette.ts');
const TRIALS = 9;
// Lines the simulator copies the rest of when the start of one is typed again further down.
const swatches = Array.from({ length: TRIALS }, (_, i) => `export const swatch${i} = mix("tone${i}", ${i + 1}0, { alpha: 0.${i + 1} });`);
const source = ['// Colour swatches.', ...swatches, '', '// Tried again below.', ...Array.from({ length: TRIALS * 2 }, () => ''), ''].join(
  '\n',
);
const firstTrialLine = swatches.length + 4; // 1-based: the first empty line under "Tried again below."

describe('inline completions: nine dismiss-and-type-on trials in a real browser', function () {
  this.timeout(240_000);
  const workbench = useWorkbench({
    // IntelliSense's own list would cover the ghost text; this test is about ours.
    settings: {
      'editor.quickSuggestions': { other: false, comments: false, strings: false },
      'editor.suggestOnTriggerCharacters': false,
    },
    setUp() {
      writeFileSync(file, source);
    },
    async ready({ page }) {
      await page.locator('.statusbar-item', { hasText: 'Tandem' }).first().waitFor({ timeout: 60_000 });
    },
    tearDown() {
      rmSync(file, { force: true });
    },
  });

  const ghostText = async () =>
    (await workbench().page.locator('.ghost-text-decoration, .ghost-text').allInnerTexts()).join('').replace(/\u00a0/g, ' ');
  /** The ghost text on the cursor's line (a suggestion may go on over more lines, drawn below it). */
  const ghostOnLine = async () =>
    (await workbench().page.locator('.ghost-text-decoration').allInnerTexts()).join('').replace(/\u00a0/g, ' ');

  it('shows each of nine suggestions the service completed, each dismissed with Escape and the line typed on by hand', async () => {
    const { page, sim } = workbench();
    await openFile(page, 'palette.ts');
    await goToLine(page, firstTrialLine);
    sim.reset();
    const shown: string[] = [];
    for (let i = 0; i < TRIALS; i++) {
      const typed = `export const swatch${i} = `;
      const rest = swatches[i].slice(typed.length);
      await page.keyboard.type(typed, { delay: 40 });
      await until(async () => (await ghostOnLine()) === rest, `trial ${i + 1}: the suggestion "${rest}"`, 15_000, 50).catch(
        async (error) => {
          const asked = sim.requests.filter((r) => r.path === '/beta/completions');
          const answered = asked.filter((r) => r.status === 200 && !r.aborted);
          // Every request with how it ended, and the status bar: what to look at when no answer came.
          const requests = asked.map((r) => `${r.status}${r.aborted ? ' aborted' : ''}`).join(', ');
          const status = await page.locator('.statusbar-item', { hasText: 'Tandem' }).first().getAttribute('aria-label');
          throw new Error(
            `${error}; shown so far: ${shown.length}; ghost now: ${JSON.stringify(await ghostText())}; completed answers: ${answered.length}; requests: [${requests}]; status bar: ${status}`,
          );
        },
      );
      shown.push(rest);
      await page.keyboard.press('Escape');
      await until(async () => (await ghostText()) === '', `trial ${i + 1}: the suggestion to go on Escape`, 5_000, 50);
      // Typed on by hand; the editor closes brackets and quotes as they are opened and types over them.
      await page.keyboard.type(rest, { delay: 20 });
      await page.keyboard.press('Escape'); // whatever the typing brought up
      await page.keyboard.press('End');
      await page.keyboard.press('Enter');
    }
    assert.equal(shown.length, TRIALS, 'every trial showed its suggestion');
    // Escape dismissed each suggestion; the lines are as typed (each Enter added the next one).
    await page.keyboard.press('Control+S');
    const lines = source.split('\n');
    const expected = [...lines.slice(0, firstTrialLine - 1), ...swatches, '', ...lines.slice(firstTrialLine)].join('\n');
    await until(() => readFileSync(file, 'utf8') === expected, 'palette.ts saved with the nine lines as typed', 10_000, 100).catch(() => {
      assert.equal(readFileSync(file, 'utf8'), expected);
    });
  });
});
