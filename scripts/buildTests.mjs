// Bundles the extension-host tests (test/vscode/*.ts) to out/test/vscode/*.js: one file per suite,
// with the simulator inside, `vscode` and `mocha` left to the host and the repo's node_modules.
import { readdirSync, rmSync } from 'node:fs';
import * as esbuild from 'esbuild';

export async function buildVscodeTests() {
  // test/vscode/multiRoot runs in its own window (a hostile multi-root workspace): its own folder and index.
  const entryPoints = ['test/vscode', 'test/vscode/multiRoot'].flatMap((dir) =>
    readdirSync(dir)
      .filter((f) => f.endsWith('.ts'))
      .map((f) => `${dir}/${f}`),
  );
  rmSync('out/test/vscode', { recursive: true, force: true }); // no suite outlives its source
  await esbuild.build({
    entryPoints,
    outdir: 'out/test/vscode',
    outbase: 'test/vscode',
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    sourcemap: 'inline',
    external: ['vscode', 'mocha'],
    logLevel: 'warning',
  });
}

if (import.meta.url === `file://${process.argv[1]}`) await buildVscodeTests();
