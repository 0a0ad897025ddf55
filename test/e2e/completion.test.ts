import * as assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { demoWorkspace, openWorkbench, type Workbench } from './workbench';

const file = join(demoWorkspace, 'src/shapes.ts');

describe('inline completions in a real browser', function () {
  this.timeout(180_000);
  let workbench: Workbench;
  const original = readFileSync(file, 'utf8');

  before(async () => {
    // IntelliSense's own list would cover ghost text after `.`; this test is about ours.
    workbench = await openWorkbench({ settings: { 'editor.quickSuggestions': { other: false, comments: false, strings: false }, 'editor.suggestOnTriggerCharacters': false } });
  });
  afterEach(async function () {
    if (this.currentTest?.state === 'failed') console.log(`screenshot: ${await workbench.screenshot(this.currentTest.fullTitle())}`);
  });
  after(async () => {
    await workbench?.close();
    writeFileSync(file, original); // the test saves its typing; the fixture stays as it was
  });

  const ghost = () => workbench.page.locator('.ghost-text-decoration, .ghost-text').first();
  const ghostText = async () => (await workbench.page.locator('.ghost-text-decoration, .ghost-text').allInnerTexts()).join('').replace(/\u00a0/g, ' ');

  it('shows ghost text while typing in a TypeScript file, types through it with no request, and Tab accepts it', async () => {
    const { page, sim } = workbench;
    // Tandem activates on startup finished; its status item says it is ready.
    await page.locator('.statusbar-item', { hasText: 'Tandem' }).first().waitFor({ timeout: 60_000 });
    await page.keyboard.press('Control+Shift+E');
    const explorer = page.locator('.explorer-folders-view');
    await explorer.locator('.monaco-list-row', { hasText: 'src' }).first().click();
    await explorer.locator('.monaco-list-row', { hasText: 'shapes.ts' }).click();
    await page.locator('.tab', { hasText: 'shapes.ts' }).waitFor();
    // The empty, indented line in perimeter(): click it, go to its end, type.
    await page.locator('.monaco-editor .view-line').nth(10).click();
    await page.keyboard.press('End');
    sim.reset();
    await page.keyboard.type('return shape.', { delay: 40 });
    await ghost().waitFor({ timeout: 15_000 }).catch((error) => {
      throw new Error(`${error}\nrequests: ${JSON.stringify(sim.requests.map((r) => [r.path, r.status, r.aborted, (r.body as { prompt?: string })?.prompt?.slice(-20)]))}`);
    });
    const shown = await ghostText();
    assert.ok(shown.length >= 4, `ghost text: ${JSON.stringify(shown)}`);
    const fim = sim.requests.filter((r) => r.path === '/beta/completions');
    assert.ok(fim.length >= 1, 'the ghost text came from the simulator');
    // On a slow machine the request may have left mid-word, with the rest of `return shape.` typed
    // through its suggestion: its prompt ends with part of the line typed so far.
    const last = fim.at(-1)!.body as { prompt: string; suffix: string };
    const promptLine = last.prompt.slice(last.prompt.lastIndexOf('\n') + 1);
    assert.ok(promptLine.length > 2 && '  return shape.'.startsWith(promptLine), JSON.stringify(promptLine));

    // Type the first characters of the suggestion: the rest stays, with no new request.
    const requests = sim.requests.length;
    const typed = shown.slice(0, 3);
    await page.keyboard.type(typed, { delay: 60 });
    await page.waitForTimeout(300);
    assert.equal(await ghostText(), shown.slice(3), 'the rest of the suggestion is still shown');
    assert.equal(sim.requests.length, requests, 'typing through sent no request');

    await page.keyboard.press('Tab');
    await page.keyboard.press('Control+S');
    const expected = original.replace('perimeter(shape: Shape): number {\n  \n', `perimeter(shape: Shape): number {\n  return shape.${shown}\n`);
    const deadline = Date.now() + 10_000;
    while (readFileSync(file, 'utf8') !== expected && Date.now() < deadline) await page.waitForTimeout(100);
    assert.equal(readFileSync(file, 'utf8'), expected);
  });
});
