#!/usr/bin/env node
// `npm run bench:activation`: production bundle sizes and their ten largest inputs, VSIX size, and Tandem's activation time
// (module load + activate()) measured in a real VS Code extension host, over several fresh starts.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { runInExtensionHost } from '../scripts/extensionHost.mjs';
import { provision } from '../scripts/provision-vscode.mjs';
import { repoRoot } from '../scripts/vscodePaths.mjs';

const runs = Number(process.env.BENCH_RUNS ?? 5);
const quiet = { cwd: repoRoot, stdio: ['ignore', 'ignore', 'inherit'] };

execFileSync('npm', ['run', '-s', 'package'], quiet); // production bundles + VSIX
const size = (file) => {
  const bytes = readFileSync(join(repoRoot, file));
  return { bytes: bytes.length, gzipBytes: gzipSync(bytes).length };
};
const bundles = { extension: size('dist/extension.js'), webview: size('dist/webview.js') };
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
      bundles,
      largestInputs,
      vsixBytes,
      // Module load (top-level code of the bundle) + activate(), as VS Code's Running Extensions view splits it.
      activationMs: {
        runs,
        total: stats(samples.map((s) => s.loadMs + s.activateMs)),
        moduleLoad: stats(samples.map((s) => s.loadMs)),
        activateCall: stats(samples.map((s) => s.activateMs)),
      },
      vscode: '1.100.3 (code-server 4.100.3, Node extension host)',
    },
    null,
    2,
  ),
);
