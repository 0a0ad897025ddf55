#!/usr/bin/env node
// `npm run test:vscode`: the mocha suite in test/vscode, inside a real VS Code extension host.
import { join } from 'node:path';
import { buildVscodeTests } from './buildTests.mjs';
import { runInExtensionHost } from './extensionHost.mjs';
import { provision } from './provision-vscode.mjs';
import { repoRoot } from './vscodePaths.mjs';

const started = Date.now();
provision();
await buildVscodeTests();
const exitCode = await runInExtensionHost({
  extensionTestsPath: join(repoRoot, 'out/test/vscode/index.js'),
  // The env-var key fallback is part of what these tests check; real keys never reach them.
  env: { TANDEM_SERVICE_A_API_KEY: 'env-key-a', TANDEM_SERVICE_B_API_KEY: 'env-key-b' },
});
console.log(`vscode tier: exit ${exitCode} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
process.exit(exitCode);
