// Runs an extensionTestsPath module (`run(): Promise<void>`) inside a real VS Code extension host:
// code-server + headless Chromium. The workbench reports the result through `codeAutomationExit`.
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { chromium } from 'playwright-core';
import { chromiumArgs, startCodeServer, workbenchUrl } from './codeServer.mjs';
import { findChromium, repoRoot } from './vscodePaths.mjs';

/** test/vscode/index.ts tags mocha's lines with this so they can be told from the workbench's own logs. */
export const outputTag = '[tandem-test]';

/**
 * @param {{ extensionTestsPath: string, env?: Record<string,string>, workspace?: string, workspaceFile?: string, timeoutMs?: number, extensionDevelopmentPath?: string }} options
 *   `workspaceFile` opens a `.code-workspace` (its folder is the server's) instead of the `workspace` folder.
 * @returns {Promise<number>} the exit code the tests reported
 */
export async function runInExtensionHost(options) {
  const workspace = options.workspaceFile
    ? dirname(options.workspaceFile)
    : (options.workspace ?? join(repoRoot, 'test/fixtures/workspace'));
  const server = await startCodeServer({ workspace, env: options.env, quiet: !process.env.TANDEM_DEBUG });
  const browser = await chromium.launch({ executablePath: findChromium(), args: chromiumArgs });
  try {
    const page = await browser.newPage();
    const result = new Promise((resolve) => page.exposeFunction('codeAutomationExit', (code) => resolve(code)));
    let printing = Promise.resolve(); // keeps lines in order while their arguments are fetched
    page.on('console', (message) => {
      const values = Promise.all(message.args().map((arg) => arg.jsonValue().catch(() => '')));
      printing = printing.then(async () => {
        const line = (await values).find((value) => typeof value === 'string' && value.startsWith(outputTag));
        if (line) process.stdout.write(line.slice(outputTag.length + 1) + '\n');
      });
    });
    await page.goto(
      workbenchUrl(server, {
        folder: workspace,
        workspaceFile: options.workspaceFile,
        extensionDevelopmentPath: options.extensionDevelopmentPath ?? repoRoot,
        extensionTestsPath: options.extensionTestsPath,
      }),
    );
    let timer;
    const timeout = new Promise((resolve) => (timer = setTimeout(() => resolve('timeout'), options.timeoutMs ?? 10 * 60_000)));
    const code = await Promise.race([result, timeout]);
    clearTimeout(timer);
    await printing;
    if (code !== 'timeout') return Number(code);
    mkdirSync(join(repoRoot, 'test-results'), { recursive: true });
    await page.screenshot({ path: join(repoRoot, 'test-results/extension-host-timeout.png') });
    console.error('the extension host did not report a result in time (screenshot in test-results/)');
    return 1;
  } finally {
    await browser.close();
    await server.stop();
  }
}
