// What the browser tests read from and do in the workbench's editor.
import type { Page } from 'playwright-core';
import { goToLine } from './workbench';

/** Selects lines `line` and `line + 1` (1-based), presses Ctrl+I and types `instruction` into Tandem's edit input; Enter is the caller's. */
export async function typeEditInstruction(page: Page, line: number, instruction: string): Promise<void> {
  await goToLine(page, line);
  await page.keyboard.press('Shift+ArrowDown');
  await page.keyboard.press('Shift+End');
  await page.keyboard.press('Control+I');
  // Tandem's own input, not the Go to Line box that may still be on its way out.
  await page.locator('.quick-input-widget', { hasText: 'Tandem: Edit' }).waitFor();
  await page.locator('.quick-input-widget input').fill(instruction);
}

/**
 * The editor's lines that carry a whole-line decoration (the live diff's red and green), read from the
 * rendered overlays: an overlay row and a text row at the same height are the same line.
 */
const DECORATED_LINES = `(() => {
  const editor = document.querySelector('.editor-group-container.active .monaco-editor');
  if (!editor) return [];
  const tops = new Set(
    [...editor.querySelectorAll('.view-overlays > div')]
      .filter((row) => row.querySelector('[class*="ced-"]'))
      .map((row) => row.style.top),
  );
  return [...editor.querySelectorAll('.view-lines > .view-line')]
    .filter((line) => tops.has(line.style.top))
    .sort((a, b) => parseFloat(a.style.top) - parseFloat(b.style.top))
    .map((line) => line.textContent.replace(/\\u00a0/g, ' '));
})`;

export function decoratedLines(page: Page): Promise<string[]> {
  return page.evaluate(`${DECORATED_LINES}()`);
}

/**
 * Starts watching the editor for its first decorated line; the function returned resolves with the time
 * (Date.now(), this machine's clock) of the frame that first showed one. Watching in the page, rather than
 * asking again and again from here, neither delays the answer by a round trip nor takes the page's time.
 */
export async function watchFirstDecoratedLine(page: Page, timeoutMs = 30_000): Promise<() => Promise<number>> {
  // Assigned, not returned: evaluate would wait for the promise.
  await page.evaluate(`void (window.__tandemFirstLine = new Promise((resolve, reject) => {
    const shown = () => ${DECORATED_LINES}().length > 0;
    const observer = new MutationObserver(() => {
      if (!shown()) return;
      observer.disconnect();
      clearTimeout(timer);
      requestAnimationFrame(() => resolve(Date.now()));
    });
    const timer = setTimeout(() => {
      observer.disconnect();
      reject(new Error('no decorated line within ${timeoutMs} ms'));
    }, ${timeoutMs});
    observer.observe(document.querySelector('.editor-group-container.active .monaco-editor'), {
      subtree: true, childList: true, attributes: true, characterData: true,
    });
  }))`);
  return () => page.evaluate('window.__tandemFirstLine');
}

/** Opens a workspace file through Quick Open, as a user would, and resolves once its tab is active. */
export async function openFile(page: Page, name: string): Promise<void> {
  await page.keyboard.press('Control+P');
  await page.keyboard.type(name);
  // Enter opens the focused row: wait until that is the file, not a stale row of the unfiltered list.
  await page.locator('.quick-input-list .monaco-list-row.focused', { hasText: name }).first().waitFor();
  await page.keyboard.press('Enter');
  await page.locator('.tab.active', { hasText: name }).waitFor();
}
