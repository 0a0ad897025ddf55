// Inline edit in a real browser: Ctrl+I on a selection, the instruction typed into the box, the live
// diff drawn in the editor, Accept All, and the saved file; and the Quick Fix menu's "Fix with Tandem"
// on a TypeScript error. The simulator answers edits with drifted SEARCH/REPLACE blocks, as models do.
import * as assert from 'node:assert/strict';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { until } from '../until';
import { decoratedLines, openFile, typeEditInstruction } from './editorView';
import { demoWorkspace, useWorkbench } from './workbench';

const editFile = join(demoWorkspace, 'src/editProbe.ts');
const EDIT_SOURCE = [
  'export function area(width: number, height: number): number {',
  '  const count = width * height;',
  '  return count;',
  '}',
  '',
].join('\n');

const fixFile = join(demoWorkspace, 'src/fixProbe.ts');
// No indented line within the fix's reach: the simulator's SEARCH drift (two spaces off indented lines
// only) says nothing then about where the new line's indentation should go.
const FIX_SOURCE = [
  "export const width: number = 'wide';",
  'export const height = 2;',
  '',
  'export const depth = 3;',
  'export const label = "box";',
  '',
].join('\n');

const codeLens = (page: Page, title: string) => page.locator('.codelens-decoration a', { hasText: title }).first();

describe('inline edit in a real browser', function () {
  this.timeout(180_000);
  const workbench = useWorkbench({
    simEdit: 'searchReplace',
    setUp() {
      writeFileSync(editFile, EDIT_SOURCE);
      writeFileSync(fixFile, FIX_SOURCE);
    },
    async ready({ page }) {
      await page.locator('.statusbar-item', { hasText: 'Tandem' }).first().waitFor({ timeout: 60_000 });
    },
    tearDown() {
      rmSync(editFile, { force: true });
      rmSync(fixFile, { force: true });
    },
  });

  it('Ctrl+I on a selection: the instruction, the live diff, Accept All, and the saved file has the change', async () => {
    const { page, sim } = workbench();
    await openFile(page, 'editProbe.ts');
    sim.reset();
    await typeEditInstruction(page, 2, 'rename count to total');
    await page.keyboard.press('Enter');

    // The live diff: the old lines (red) above the new ones (green), with Accept and Reject on the hunk.
    await codeLens(page, 'Accept All').waitFor({ timeout: 30_000 });
    await until(async () => (await decoratedLines(page)).length === 4, 'four decorated lines', 10_000, 100);
    assert.deepEqual(await decoratedLines(page), [
      '  const count = width * height;',
      '  return count;',
      '  const total = width * height;',
      '  return total;',
    ]);
    assert.ok(
      sim.requests.some((r) => r.path.endsWith('/chat/completions')),
      'the edit was asked of the simulator',
    );
    assert.equal(readFileSync(editFile, 'utf8'), EDIT_SOURCE, 'nothing is saved while the edit is pending');

    await codeLens(page, 'Accept All').click();
    await until(async () => (await decoratedLines(page)).length === 0, 'the diff to be gone', 10_000, 100);
    await page.keyboard.press('Control+S');
    const expected = EDIT_SOURCE.replace(/\bcount\b/g, 'total');
    await until(() => readFileSync(editFile, 'utf8') === expected, 'the saved file to have the change', 10_000, 100);
  });

  it('offers "Fix with Tandem" in the Quick Fix menu on a TypeScript error, and choosing it produces the edit', async () => {
    const { page } = workbench();
    await openFile(page, 'fixProbe.ts');
    // The TypeScript server starts and reports the error: a red squiggle. Clicking it puts the cursor there.
    const squiggle = page.locator('.editor-group-container.active .squiggly-error').first();
    await squiggle.waitFor({ timeout: 90_000 });
    // The squiggle is drawn under the text: the click lands on the word it marks.
    await squiggle.click({ force: true });
    const fix = page.locator('.action-widget .monaco-list-row', { hasText: 'Fix with Tandem' }).first();
    // Ctrl+. asks for the quick fixes at the cursor when pressed (the lightbulb can still hold actions
    // asked for before the error was reported); until the error is known there, it may offer none of ours.
    await until(
      async () => {
        if (await page.locator('.action-widget').isVisible()) await page.keyboard.press('Escape');
        await page.keyboard.press('Control+Period');
        return fix.waitFor({ timeout: 5_000 }).then(
          () => true,
          () => false,
        );
      },
      'the Quick Fix menu to list "Fix with Tandem"',
      60_000,
      100,
    );
    // The menu is driven by the keyboard (a pointer block covers it while it opens): move to our row, Enter.
    const focusedFix = page.locator('.action-widget .monaco-list-row.focused', { hasText: 'Fix with Tandem' });
    for (let row = 0; row < 10 && !(await focusedFix.isVisible()); row++) await page.keyboard.press('ArrowDown');
    await focusedFix.waitFor({ timeout: 5_000 });
    await page.keyboard.press('Enter');

    // The diff shows the simulator's fix (the instruction written above the code) as a new line.
    await codeLens(page, 'Accept All').waitFor({ timeout: 30_000 });
    const firstLine = page.locator('.editor-group-container.active .view-line', { hasText: 'Fix this error on line 1' }).first();
    await firstLine.waitFor({ timeout: 10_000 });
    await page.keyboard.press('Control+Enter');
    await codeLens(page, 'Accept All').waitFor({ state: 'detached', timeout: 10_000 });
    await page.keyboard.press('Control+S');
    await until(() => readFileSync(fixFile, 'utf8') !== FIX_SOURCE, 'the saved file to change', 10_000, 100);
    const saved = readFileSync(fixFile, 'utf8');
    const [first, ...rest] = saved.split('\n');
    assert.match(first, /^\/\/ Fix this error on line 1 \(ts 2322\): Type 'string' is not assignable to type 'number'\.$/);
    assert.equal(rest.join('\n'), FIX_SOURCE, 'the rest of the file is as it was');
  });
});
