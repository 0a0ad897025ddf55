#!/usr/bin/env node
// `npm run test:vscode`: the mocha suite in test/vscode, inside a real VS Code extension host, then
// test/vscode/multiRoot in a second, short window opened from a hostile `.code-workspace`.
// TANDEM_TEST_RUN=main or =multiRoot runs one of the two.
import { join } from 'node:path';
import { buildVscodeTests } from './buildTests.mjs';
import { runInExtensionHost } from './extensionHost.mjs';
import { makeHostileMultiRoot } from './hostileMultiRoot.mjs';
import { provision } from './provision-vscode.mjs';
import { repoRoot } from './vscodePaths.mjs';

const started = Date.now();
const only = process.env.TANDEM_TEST_RUN;
provision();
await buildVscodeTests();
// The env-var key fallback is part of what these tests check; real keys never reach them.
const env = { TANDEM_SERVICE_A_API_KEY: 'env-key-a', TANDEM_SERVICE_B_API_KEY: 'env-key-b' };
let exitCode = 0;
if (only !== 'multiRoot') {
  exitCode = await runInExtensionHost({ extensionTestsPath: join(repoRoot, 'out/test/vscode/index.js'), env });
}
if (only !== 'main') {
  const workspace = makeHostileMultiRoot();
  try {
    const multiRoot = await runInExtensionHost({
      extensionTestsPath: join(repoRoot, 'out/test/vscode/multiRoot/index.js'),
      workspaceFile: workspace.workspaceFile,
      env,
      timeoutMs: 3 * 60_000,
    });
    exitCode ||= multiRoot;
  } finally {
    workspace.remove();
  }
}
console.log(`vscode tier: exit ${exitCode} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
process.exit(exitCode);
