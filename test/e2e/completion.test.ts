import * as assert from 'node:assert/strict';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { until } from '../until';
import { openFile } from './editorView';
import { completionSteps, isAnswer, type CompletionStep } from './tandemLog';
import { demoWorkspace, goToLine, useWorkbench } from './workbench';

const file = join(demoWorkspace, 'src/shapes.ts');

// 10,000 lines, the cursor near the end: far past the 6000-character prompt window, which slides
// as the user types. The line to type repeats one above it, so the simulator suggests its rest.
const longFile = join(demoWorkspace, 'src/long.ts');
const suggestion = 'formatLabel("total", items[0].price.toFixed(2), { unit: "EUR" });';
const longLines = [
  ...Array.from({ length: 9990 }, (_, i) => `export const v${i} = ${i};`),
  'export function total(items: Item[]): string {',
  `  const label = ${suggestion}`,
  '  return label;',
  '}',
  '',
  'export function again(items: Item[]): string {',
  '',
  '  return label;',
  '}',
  '',
  'export function sum(items: Item[]): number {',
  '  let total = 0;',
  '  for (const item of items) total += item.price;',
  '  return total;',
  '}',
  '',
  'export function sum2(items: Item[]): number {',
  '',
  '}',
];
const cursorLine = longLines.indexOf('export function again(items: Item[]): string {') + 2; // 1-based: the empty line in again()
const bodyLine = longLines.length - 1; // 1-based: the empty line in sum2()

describe('inline completions in a real browser', function () {
  this.timeout(180_000);
  const original = readFileSync(file, 'utf8');

  const workbench = useWorkbench({
    // Tandem traces each completion answer with its place: a test knows when the last keystroke was answered.
    logLevel: 'trace',
    // IntelliSense's own list would cover ghost text after `.`; this test is about ours.
    settings: {
      'editor.quickSuggestions': { other: false, comments: false, strings: false },
      'editor.suggestOnTriggerCharacters': false,
    },
    setUp() {
      writeFileSync(longFile, longLines.join('\n') + '\n');
    },
    async ready({ page }) {
      // Tandem activates on startup finished; its status item says it is ready.
      await page.locator('.statusbar-item', { hasText: 'Tandem' }).first().waitFor({ timeout: 60_000 });
    },
    tearDown() {
      writeFileSync(file, original); // the test saves its typing; the fixture stays as it was
      rmSync(longFile, { force: true });
    },
  });

  /** Opens long.ts through Quick Open (it focuses the editor if already open) and goes to `line`. */
  const openLongFileAt = async (line: number) => {
    const { page } = workbench();
    await openFile(page, 'long.ts');
    await goToLine(page, line);
  };
  /**
   * Waits for Tandem's answer at `line`:`column` (1-based) of `file`, traced in its log, and returns every
   * step traced in that file. The editor asks again only when something changes, so once the last
   * keystroke's answer is in, any request a keystroke made has been traced (asking comes before answering).
   */
  const answeredAt = async (file: string, line: number, column: number): Promise<CompletionStep[]> => {
    const steps = () => completionSteps(workbench().userDataDir).filter((s) => s.file === file);
    const here = (s: CompletionStep) => s.line === line && s.column === column && isAnswer(s);
    await until(() => steps().some(here), `Tandem's answer at ${file}:${line}:${column}`, 10_000, 100).catch((error) => {
      throw new Error(`${error}\ntraced: ${JSON.stringify(steps())}`);
    });
    return steps();
  };
  /** The requests asked on `line`, at column `from` or after. */
  const askedOn = (steps: CompletionStep[], line: number, from = 1) =>
    steps.filter((s) => s.line === line && s.column >= from && s.step.startsWith('asking'));
  const ghost = () => workbench().page.locator('.ghost-text-decoration, .ghost-text').first();
  const ghostText = async () =>
    (await workbench().page.locator('.ghost-text-decoration, .ghost-text').allInnerTexts()).join('').replace(/\u00a0/g, ' ');

  it('shows ghost text while typing in a TypeScript file, types through it with no request, and Tab accepts it', async () => {
    const { page, sim } = workbench();
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
    await ghost()
      .waitFor({ timeout: 15_000 })
      .catch((error) => {
        throw new Error(
          `${error}\nrequests: ${JSON.stringify(sim.requests.map((r) => [r.path, r.status, r.aborted, (r.body as { prompt?: string })?.prompt?.slice(-20)]))}`,
        );
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
    // Seen, not slept for: a busy editor may take a while to redraw.
    await until(async () => (await ghostText()) === shown.slice(3), 'the rest of the suggestion as ghost text', 10_000, 100);
    assert.equal(await ghostText(), shown.slice(3), 'the rest of the suggestion is still shown');
    const bodyOfPerimeter = original.split('\n').indexOf('export function perimeter(shape: Shape): number {') + 2;
    const shownAt = '  return shape.'.length + 1;
    const steps = await answeredAt('src/shapes.ts', bodyOfPerimeter, shownAt + typed.length);
    assert.deepEqual(askedOn(steps, bodyOfPerimeter, shownAt + 1), [], 'typing through asked nothing');
    assert.equal(sim.requests.length, requests, 'typing through sent no request');

    await page.keyboard.press('Tab');
    await page.keyboard.press('Control+S');
    const expected = original.replace(
      'perimeter(shape: Shape): number {\n  \n',
      `perimeter(shape: Shape): number {\n  return shape.${shown}\n`,
    );
    await until(() => readFileSync(file, 'utf8') === expected, 'shapes.ts saved with the suggestion', 10_000, 100);
    assert.equal(readFileSync(file, 'utf8'), expected);

    // The status bar tooltip counts it: this session's acceptance rate and keystroke→suggestion time.
    // (The tooltip is drawn when hovered: one hovered before the accept was counted says "No suggestions
    // shown yet this session", so it is hovered again until it has the count.)
    const counted = /This session: 1 of \d+ suggestions accepted \(\d+%\), p50 \d+ ms from keystroke to suggestion\./;
    const statusItem = page.locator('.statusbar-item', { hasText: 'Tandem' }).first();
    const tooltip = page.locator('.monaco-hover, .workbench-hover', { hasText: 'this session' }).first();
    let text = '';
    await until(
      async () => {
        await statusItem.hover();
        await tooltip.waitFor({ timeout: 5_000 });
        text = await tooltip.innerText();
        if (counted.test(text)) return true;
        await page.keyboard.press('Escape');
        await page.mouse.move(400, 400);
        return false;
      },
      "the status bar tooltip with this session's count",
      15_000,
      250,
    ).catch(() => undefined);
    assert.match(text, counted);
    await page.keyboard.press('Escape');
  });

  it('types through a suggestion with quotes and brackets that the editor auto-closes, 10,000 lines into a file, with no request', async () => {
    const { page, sim } = workbench();
    const fim = () => sim.requests.filter((r) => r.path === '/beta/completions');
    await openLongFileAt(cursorLine);
    await page.keyboard.type('  const label = ', { delay: 40 });
    await until(async () => (await ghostText()) === suggestion, 'the whole suggestion as ghost text', 15_000, 100).catch((error) => {
      throw new Error(
        `${error}\nrequests: ${JSON.stringify(fim().map((r) => [r.status, (r.body as { prompt?: string }).prompt?.slice(-30)]))}`,
      );
    });

    // VS Code's defaults (autoClosingBrackets/Quotes on) add `)`, `"`, `]` and `}` as the user types
    // the openers: the rest of the suggestion stays shown, and no request is sent.
    const requests = fim().length;
    for (const ch of suggestion.slice(0, -1)) {
      await page.keyboard.type(ch);
      await ghost()
        .waitFor({ timeout: 5_000 })
        .catch((error) => {
          throw new Error(`no ghost text after typing ${JSON.stringify(ch)}: ${error}`);
        });
    }
    await until(async () => (await ghostText()) === ';', 'only the last character as ghost text', 5_000, 100);
    assert.equal(await ghostText(), ';', 'the last character is still suggested');
    const steps = await answeredAt('src/long.ts', cursorLine, `  const label = ${suggestion.slice(0, -1)}`.length + 1);
    assert.deepEqual(askedOn(steps, cursorLine, '  const label = '.length + 2), [], 'typing through asked nothing');
    assert.equal(fim().length, requests, 'typing through sent no request');

    await page.keyboard.press('Tab');
    await page.keyboard.press('Control+S');
    const expected = longLines.map((line, i) => (i === cursorLine - 1 ? `  const label = ${suggestion}` : line)).join('\n') + '\n';
    await until(() => readFileSync(longFile, 'utf8') === expected, 'long.ts saved with the suggestion', 10_000, 100);
    assert.equal(
      readFileSync(longFile, 'utf8').split('\n')[cursorLine - 1],
      `  const label = ${suggestion}`,
      'accepted with no doubled closer',
    );
    assert.equal(readFileSync(longFile, 'utf8'), expected);
  });

  it('Alt+\\ asks for a suggestion where nothing was typed, and Alt+End accepts its next line with the rest still shown and no request', async () => {
    const { page, sim } = workbench();
    // Requests for sum2's body; a prefetch the previous test's Tab started goes elsewhere.
    const asked = () =>
      sim.requests.filter(
        (r) => r.path === '/beta/completions' && (r.body as { prompt: string }).prompt.endsWith('sum2(items: Item[]): number {\n'),
      ).length;
    await openLongFileAt(bodyLine);
    await page.keyboard.press('Alt+Backslash');
    await until(async () => (await ghostText()).includes('return total;'), 'a block of ghost text', 15_000, 100);
    const block = await ghostText(); // the first line's ghost text comes after the others in the DOM
    assert.ok(block.includes('let total = 0;') && block.includes('return total;'), `a block of ghost text: ${JSON.stringify(block)}`);
    // Moving the cursor there asked nothing: a stray request would be traced as asking.
    const steps = await answeredAt('src/long.ts', bodyLine, 1);
    assert.equal(askedOn(steps, bodyLine).length, 1, `Alt+\\ asked once, nothing else did: ${JSON.stringify(steps)}`);
    assert.equal(asked(), 1, 'Alt+\\ sent one request');

    await page.keyboard.press('Alt+End');
    await until(async () => !(await ghostText()).includes('let total'), 'the first line to leave the ghost text', 5_000, 100);
    assert.doesNotMatch(await ghostText(), /let total/, 'the first line is no longer ghost text');
    assert.match(await ghostText(), /return total;/, 'the rest is still shown');
    // The editor asks again at the start of the next line; the rest of the block answers it.
    const accepted = await answeredAt('src/long.ts', bodyLine + 1, 1);
    assert.deepEqual([...askedOn(accepted, bodyLine, 2), ...askedOn(accepted, bodyLine + 1)], [], 'accepting a line asked nothing');
    await page.keyboard.press('Escape');
    await page.keyboard.press('Control+S');
    const line = () => readFileSync(longFile, 'utf8').split('\n')[bodyLine - 1];
    await until(() => line() === '  let total = 0;', 'the next line saved', 10_000, 100);
    assert.equal(line(), '  let total = 0;', 'the next line was inserted');
    assert.equal(asked(), 1, 'accepting a line sent no request');
  });
});
