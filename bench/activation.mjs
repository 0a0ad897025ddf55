#!/usr/bin/env node
// `npm run bench:activation`: production bundle sizes (the activation bundle, the ones loaded on first use, the webviews')
// and the activation bundle's ten largest inputs, VSIX size, and Tandem's activation time (module load + activate())
// measured in a real VS Code extension host, over several fresh starts, with the bundles loaded by then.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { runInExtensionHost } from '../scripts/extensionHost.mjs';
import { LAZY_BUNDLES } from '../scripts/bundles.mjs';
import { provision } from '../scripts/provision-vscode.mjs';
import { repoRoot } from '../scripts/vscodePaths.mjs';

const runs = Number(process.env.BENCH_RUNS ?? 5);
const quiet = { cwd: repoRoot, stdio: ['ignore', 'ignore', 'inherit'] };

execFileSync('npm', ['run', '-s', 'package'], quiet); // production bundles + VSIX
const size = (file) => {
  const bytes = readFileSync(join(repoRoot, file));
  return { bytes: bytes.length, gzipBytes: gzipSync(bytes).length };
};
// `extension` is the activation path; the lazy ones load on first use (scripts/bundles.mjs).
const bundles = {
  extension: size('dist/extension.js'),
  ...Object.fromEntries(Object.values(LAZY_BUNDLES).map((name) => [name, size(`dist/${name}.js`)])),
  webview: size('dist/webview.js'),
  spendWebview: size('dist/spend.js'),
};
const vsixBytes = statSync(join(repoRoot, 'dist/tandem.vsix')).size;
// The ten inputs that take the most room in the production extension bundle, from esbuild's metafile.
// Paths run through node_modules from wherever it resolves (a worktree's is a symlink), so they are cut to it.
const meta = JSON.parse(readFileSync(join(repoRoot, 'dist/extension.meta.json'), 'utf8'));
const largestInputs = Object.entries(meta.outputs['dist/extension.js'].inputs)
  .map(([path, input]) => ({ path: path.replace(/^(?:\.\.\/)*(?:[^/]+\/)*?(?=node_modules\/)/, ''), bytesInOutput: input.bytesInOutput }))
  .sort((a, b) => b.bytesInOutput - a.bytesInOutput)
  .slice(0, 10);

provision();
const samples = [];
const dir = mkdtempSync(join(tmpdir(), 'tandem-bench-'));
for (let i = 0; i < runs; i++) {
  const out = join(dir, `run-${i}.json`);
  const code = await runInExtensionHost({
    extensionTestsPath: join(repoRoot, 'bench/activationProbe.cjs'),
    env: { TANDEM_BENCH_OUT: out },
    timeoutMs: 120_000,
  });
  if (code !== 0) throw new Error(`activation probe failed (exit ${code})`);
  samples.push(JSON.parse(readFileSync(out, 'utf8')));
}
rmSync(dir, { recursive: true, force: true });
execFileSync(process.execPath, ['esbuild.mjs'], quiet); // back to the development build

const round = (n) => Math.round(n * 10) / 10;
const stats = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return { p50: round(sorted[Math.floor(sorted.length / 2)]), min: round(sorted[0]), max: round(sorted.at(-1)) };
};
console.log(
  JSON.stringify(
    {
      activationBundleBytes: bundles.extension.bytes,
      bundles,
      largestInputs,
      vsixBytes,
      // Module load (top-level code of the bundle) + activate(), as VS Code's Running Extensions view splits it.
      activationMs: {
        runs,
        total: stats(samples.map((s) => s.loadMs + s.activateMs)),
        moduleLoad: stats(samples.map((s) => s.loadMs)),
        activateCall: stats(samples.map((s) => s.activateMs)),
        // After activate() returns: the first look at settings and keys (Services view, status bar, notices)
        // and loading the completion engine's bundle, from its start until all of it has settled, awaits included.
        firstLookSettled: stats(samples.map((s) => s.firstLookMs)),
      },
      // Tandem's bundles in the extension host's module cache once activate() has returned: only extension.js.
      loadedAtActivation: [...new Set(samples.flatMap((s) => s.loadedBundles))],
      vscode: '1.100.3 (code-server 4.100.3, Node extension host)',
    },
    null,
    2,
  ),
);
