#!/usr/bin/env node
// Desktop runner for the same extension-host suite (test/vscode): @vscode/test-electron downloads
// VS Code, so this needs internet and a display. CI and offline machines use `npm run test:vscode`.
import { join } from 'node:path';
import { runTests } from '@vscode/test-electron';
import { buildVscodeTests } from './buildTests.mjs';
import { repoRoot } from './vscodePaths.mjs';

await buildVscodeTests();
try {
  await runTests({
    version: '1.100.3',
    extensionDevelopmentPath: repoRoot,
    extensionTestsPath: join(repoRoot, 'out/test/vscode/index.js'),
    launchArgs: [join(repoRoot, 'test/fixtures/workspace'), '--disable-extensions', '--disable-workspace-trust'],
    extensionTestsEnv: { TANDEM_SERVICE_A_API_KEY: 'env-key-a', TANDEM_SERVICE_B_API_KEY: 'env-key-b' },
  });
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
