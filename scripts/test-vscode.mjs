#!/usr/bin/env node
// Runs test/vscode inside a real VS Code extension host: code-server + headless Chromium. The
// workbench reports the mocha result through `codeAutomationExit`, which becomes our exit code.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { buildVscodeTests } from './buildTests.mjs';
import { chromiumArgs, startCodeServer, workbenchUrl } from './codeServer.mjs';
import { provision } from './provision-vscode.mjs';
import { findChromium, repoRoot } from './vscodePaths.mjs';

const outputTag = '[tandem-test]'; // the tag test/vscode/index.ts puts on mocha's lines

const started = Date.now();
provision();
await buildVscodeTests();

// The env-var fallback is part of what these tests check; real keys never reach them.
const testKeys = { TANDEM_SERVICE_A_API_KEY: 'env-key-a', TANDEM_SERVICE_B_API_KEY: 'env-key-b' };
const server = await startCodeServer({ workspace: join(repoRoot, 'test/fixtures/workspace'), env: testKeys, quiet: true });
const browser = await chromium.launch({ executablePath: findChromium(), args: chromiumArgs });
let exitCode = 1;
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
      folder: join(repoRoot, 'test/fixtures/workspace'),
      extensionDevelopmentPath: repoRoot,
      extensionTestsPath: join(repoRoot, 'out/test/vscode/index.js'),
    }),
  );
  const timeout = new Promise((resolve) => setTimeout(() => resolve('timeout'), 10 * 60_000));
  const code = await Promise.race([result, timeout]);
  if (code === 'timeout') {
    mkdirSync(join(repoRoot, 'test-results'), { recursive: true });
    await page.screenshot({ path: join(repoRoot, 'test-results/vscode-timeout.png') });
    console.error('extension-host tests did not finish within 10 minutes');
  } else {
    exitCode = Number(code);
  }
  await printing;
} finally {
  await browser.close();
  await server.stop();
}
console.log(`vscode tier: exit ${exitCode} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
process.exit(exitCode);
