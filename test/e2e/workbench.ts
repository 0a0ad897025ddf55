// A real VS Code (code-server) with Tandem under development, the simulator behind both services,
// and a real Chromium driving the workbench.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Frame, type Locator, type Page } from 'playwright-core';
import type { EditMode } from '../../sim/editMode';
import type { SimClock } from '../../sim/pacing';
import { startSimulator, type Simulator } from '../../sim/simulator';
import { chromiumArgs, installExtension, startCodeServer, workbenchUrl } from '../../scripts/codeServer.mjs';
import { provision } from '../../scripts/provision-vscode.mjs';
import { findChromium, repoRoot } from '../../scripts/vscodePaths.mjs';
import { until } from '../until';

export const demoWorkspace = join(repoRoot, 'test/fixtures/workspace');

export interface Workbench {
  page: Page;
  sim: Simulator;
  /** code-server's user data (its logs, the Tandem log among them, are under `logs/`). */
  userDataDir: string;
  close(): Promise<void>;
  /** Saves a screenshot under test-results/ (git-ignored) for a failed test. */
  screenshot(name: string): Promise<string>;
}

export interface WorkbenchOptions {
  settings?: Record<string, unknown>;
  env?: Record<string, string>;
  /** Run Tandem installed from this VSIX instead of from the source tree. */
  vsix?: string;
  /** Other VSIX files installed beside it (another extension a test needs). */
  alsoInstall?: string[];
  /** The simulator's clock (default the real one): a test can hold a stream at a chosen point. */
  simClock?: SimClock;
  /** code-server's log level, and so the extension host's and Tandem's log's (default info). */
  logLevel?: 'trace' | 'debug';
  /** The shape of the simulator's inline edit answers (default 'fenced'). */
  simEdit?: EditMode;
}

export async function openWorkbench(options: WorkbenchOptions = {}): Promise<Workbench> {
  provision();
  const sim = await startSimulator({ clock: options.simClock, ...(options.simEdit ? { edit: options.simEdit } : {}) });
  const vsixes = [...(options.vsix ? [options.vsix] : []), ...(options.alsoInstall ?? [])];
  const extensionsDir = vsixes.length ? mkdtempSync(join(tmpdir(), 'tandem-extensions-')) : undefined;
  for (const vsix of vsixes) installExtension(vsix, extensionsDir!);
  const server = await startCodeServer({
    workspace: demoWorkspace,
    extensionsDir,
    quiet: !process.env.TANDEM_DEBUG,
    settings: { 'tandem.serviceA.baseUrl': sim.urlA, 'tandem.serviceB.baseUrl': sim.urlB, ...options.settings },
    env: { TANDEM_SERVICE_A_API_KEY: sim.keyA, TANDEM_SERVICE_B_API_KEY: sim.keyB, ...options.env },
    ...(options.logLevel ? { args: ['--log', options.logLevel] } : {}),
  });
  let browser: Browser | undefined;
  try {
    browser = await chromium.launch({ executablePath: findChromium(), args: chromiumArgs });
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await page.goto(workbenchUrl(server, { folder: demoWorkspace, extensionDevelopmentPath: options.vsix ? undefined : repoRoot }));
    await page.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
    const opened = browser;
    return {
      page,
      sim,
      userDataDir: server.userDataDir,
      async close() {
        await opened.close();
        await server.stop();
        await sim.close();
        if (extensionsDir) rmSync(extensionsDir, { recursive: true, force: true });
      },
      async screenshot(name) {
        const dir = join(repoRoot, 'test-results');
        mkdirSync(dir, { recursive: true });
        const path = join(dir, `${name.replace(/[^\w.-]+/g, '_')}.png`);
        await page.screenshot({ path });
        return path;
      },
    };
  } catch (error) {
    await browser?.close();
    await server.stop();
    await sim.close();
    throw error;
  }
}

/** Webview views live in nested iframes: find the frame that holds `selector`. */
export async function frameWith(page: Page, selector: string, timeoutMs = 30_000): Promise<Frame> {
  const holder = async () => {
    for (const frame of page.frames()) {
      if (
        await frame
          .locator(selector)
          .count()
          .catch(() => 0)
      )
        return frame;
    }
    return undefined;
  };
  return until(holder, `a frame that contains ${selector}`, timeoutMs, 100);
}

/**
 * Opens the Command Palette with F1, as a user does. A webview that has the keyboard hands the key to
 * the workbench by a message, and one that is still settling after a reload can drop it (the palette
 * never showed, a CI failure): like a user, press F1 again when nothing opened.
 */
export async function openCommandPalette(page: Page): Promise<void> {
  const input = page.locator('.quick-input-widget input');
  for (let press = 1; ; press++) {
    await page.keyboard.press('F1');
    if (
      await input.waitFor({ timeout: 5_000 }).then(
        () => true,
        () => false,
      )
    )
      return;
    if (press === 3) throw new Error('F1 did not open the Command Palette (pressed 3 times)');
  }
}

/** Runs a command through the Command Palette, as a user would. */
export async function runCommand(page: Page, title: string): Promise<void> {
  await openCommandPalette(page);
  const input = page.locator('.quick-input-widget input');
  await input.fill(`>${title}`);
  // Enter runs the focused row: wait until that is the command, not just until it is listed (on a
  // busy machine the list can show it before the filter has moved the focus off a stale row).
  await page.locator('.quick-input-list .monaco-list-row.focused', { hasText: title }).first().waitFor();
  await page.keyboard.press('Enter');
}

/**
 * Opens the Tandem container (unless it is open already) and returns the chat webview's frame.
 * Clicking the icon of a container that is open closes it, and right after a reload the sidebar may
 * still be restoring when we look: so look again after each click, giving a busy machine ten seconds
 * to show the view before the next click (a shorter look clicked a slowly opening view shut again).
 */
export async function chatFrame(page: Page): Promise<Frame> {
  const opened = async () => {
    const frame = await frameWith(page, '.composer-input', 10_000).catch(() => undefined);
    if (frame) return frame;
    const shown = await page.locator('.part.sidebar:visible .title-label', { hasText: /tandem/i }).count();
    if (!shown) await page.locator('.activitybar [aria-label="Tandem"]').first().click();
    return undefined;
  };
  return until(opened, 'the Tandem chat view to open', 90_000, 0);
}

/** Sends a question in the chat and returns its answer's turn (not an earlier one still on screen). */
export async function ask(chat: Frame, question: string): Promise<Locator> {
  const earlier = await chat.locator('.turn.assistant').count();
  const input = chat.locator('.composer-input');
  await input.fill(question);
  await input.press('Enter');
  const answer = chat.locator('.turn.assistant').nth(earlier);
  await answer.waitFor({ timeout: 60_000 });
  return answer;
}

/** Resolves once the composer offers Send again (not Stop): the answer, tools included, is complete. */
export async function idle(chat: Frame): Promise<void> {
  await chat.locator('button[aria-label="Send message"]').waitFor({ state: 'visible', timeout: 90_000 });
}

/**
 * Reloads the window the way a user does (Developer: Reload Window), so the workbench writes its
 * storage before it goes: a raw page reload can drop what was stored a moment earlier (a chat saved as
 * its answer ended) on a busy machine. Resolves once the new workbench is up.
 */
export async function reloadWindow(page: Page): Promise<void> {
  const navigated = page.waitForEvent('framenavigated', { predicate: (frame) => frame === page.mainFrame(), timeout: 60_000 });
  await runCommand(page, 'Developer: Reload Window');
  await navigated;
  await page.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
}

/**
 * Puts the cursor at the start of `line` (1-based) of the active editor, through Go to Line (which
 * focuses the editor, wherever the keyboard was), and resolves
 * only once the editor has the keyboard again: Go to Line moves the cursor (and the status bar) while
 * its input is still open, so a test that typed then could type into the input instead of the file.
 */
export async function goToLine(page: Page, line: number): Promise<void> {
  await page.keyboard.press('Control+G');
  const input = page.locator('.quick-input-widget input');
  await input.waitFor();
  await input.fill(`:${line}`);
  // Enter goes to the line the picker offers: wait until it offers this one (its row names the line).
  await page
    .locator('.quick-input-list .monaco-list-row', { hasText: new RegExp(`\\b${line}\\b`) })
    .first()
    .waitFor();
  // The row names the line before the picker has read the input too ("Current Line: 1…"): an Enter
  // that came first leaves the picker open, so Enter again, as a user would.
  for (let enter = 1; ; enter++) {
    await page.keyboard.press('Enter');
    if (
      await page
        .locator('.quick-input-widget')
        .waitFor({ state: 'hidden', timeout: 5_000 })
        .then(
          () => true,
          () => false,
        )
    )
      break;
    if (enter === 3) throw new Error(`Go to Line stayed open at "${await input.inputValue()}"`);
  }
  await page.locator('.monaco-editor :focus').first().waitFor({ state: 'attached' }); // the editor's (hidden) input has the keyboard
  await page.keyboard.press('Home');
  await page.locator('.statusbar-item', { hasText: `Ln ${line}, Col` }).waitFor({ timeout: 10_000 });
}

export interface WorkbenchLifecycle {
  /** Runs before the workbench opens: fixture files it should find. */
  setUp?: () => void | Promise<void>;
  /** Runs once it is open, before the first test: wait for the extension, open a view. */
  ready?: (workbench: Workbench) => Promise<void>;
  /** Runs after it closed (or failed to open): remove or restore the fixtures. */
  tearDown?: () => void | Promise<void>;
}

/**
 * The lifecycle the browser suites share, registered as the calling suite's hooks: open a workbench
 * before its tests, log a screenshot of each failed test (and of a failed `ready`), close it after
 * them. Returns a getter for the open workbench, to call inside the tests.
 */
export function useWorkbench(options: WorkbenchOptions & WorkbenchLifecycle = {}): () => Workbench {
  const { setUp, ready, tearDown, ...opening } = options;
  let workbench: Workbench | undefined;
  before(async function () {
    await setUp?.();
    workbench = await openWorkbench(opening);
    try {
      await ready?.(workbench);
    } catch (error) {
      console.log(`screenshot: ${await workbench.screenshot(this.test?.fullTitle() ?? 'before all')}`);
      throw error;
    }
  });
  afterEach(async function () {
    if (workbench && this.currentTest?.state === 'failed')
      console.log(`screenshot: ${await workbench.screenshot(this.currentTest.fullTitle())}`);
  });
  after(async () => {
    try {
      await workbench?.close();
    } finally {
      workbench = undefined;
      await tearDown?.();
    }
  });
  return () => {
    if (!workbench) throw new Error('the workbench is open only inside the tests of the suite that uses it');
    return workbench;
  };
}
