import * as assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { JudgeWorker } from '../../src/core/completion/judgeWorker';
import { LAZY_BUNDLES, WORKER_BUNDLES } from '../../scripts/bundles.mjs';
import { repoRoot } from '../../scripts/vscodePaths.mjs';
import { until } from '../until';
import { frameWith, openWorkbench } from './workbench';

async function answers(url: string): Promise<boolean> {
  try {
    await fetch(url, { signal: AbortSignal.timeout(2000) });
    return true;
  } catch {
    return false;
  }
}

describe('npm run package and npm start', function () {
  this.timeout(240_000);

  it('builds a lean VSIX that installs into VS Code and activates; another extension gets no exports and no key from it', async () => {
    execFileSync('npm', ['run', '-s', 'package'], { cwd: repoRoot, stdio: ['ignore', 'ignore', 'inherit'] });
    const vsix = join(repoRoot, 'dist/tandem.vsix');
    const listing = execFileSync('unzip', ['-l', vsix], { encoding: 'utf8' });
    for (const required of [
      'extension/dist/extension.js',
      ...[...Object.values(LAZY_BUNDLES), ...Object.values(WORKER_BUNDLES)].map((name) => `extension/dist/${name}.js`),
      'extension/dist/webview.js',
      'extension/dist/spend.js',
      'extension/dist/spend.css',
      'extension/package.json',
      'extension/readme.md',
      'extension/LICENSE.txt',
    ]) {
      assert.ok(listing.includes(required), `${required} is packaged`);
    }
    for (const excluded of ['src/', 'sim/', 'test/', 'node_modules/', '.map'])
      assert.ok(!listing.includes(excluded), `${excluded} is not packaged`);
    assert.ok(statSync(vsix).size < 1_000_000, 'under 1 MB');
    // The packaged syntax judge works: its worker bundle, on the minified runtime and the compressed grammars.
    const judges = new JudgeWorker(join(repoRoot, 'dist/judgeWorker.js'), join(repoRoot, 'dist/tree-sitter'));
    try {
      assert.ok(await judges.load('typescript'), 'the packaged TypeScript grammar loads');
      const judge = judges.judgeAt('typescript', 'function add(a: number, b: number) {\n  ', '\n}\n');
      assert.equal(await judge.firstFit([['return a + b;\n}'], ['return a + b;']]), 1);
    } finally {
      judges.dispose();
    }

    // Beside it, another extension (test/e2e/fixtures/exportsProbe) that activates Tandem and searches
    // what it returns for a key. The keys are set, through the environment variables.
    const temp = mkdtempSync(join(tmpdir(), 'tandem-probe-'));
    const probeVsix = join(temp, 'probe.vsix');
    const probeOut = join(temp, 'report.json');
    execFileSync(
      join(repoRoot, 'node_modules/.bin/vsce'),
      ['package', '--no-dependencies', '--allow-missing-repository', '--skip-license', '-o', probeVsix],
      {
        cwd: join(repoRoot, 'test/e2e/fixtures/exportsProbe'),
        stdio: ['ignore', 'ignore', 'inherit'],
      },
    );
    const workbench = await openWorkbench({ vsix, alsoInstall: [probeVsix], env: { TANDEM_PROBE_OUT: probeOut } });
    try {
      // Installed, not under development: the status item and the container prove it activated.
      await workbench.page.locator('.statusbar-item', { hasText: 'Tandem' }).first().waitFor({ timeout: 60_000 });

      await until(() => existsSync(probeOut), "the probe extension's report", 60_000);
      const report = JSON.parse(readFileSync(probeOut, 'utf8')) as {
        installed: boolean;
        exportsType: string;
        exportKeys: string[];
        strings: string[];
        error?: string;
      };
      assert.equal(report.error, undefined);
      assert.equal(report.installed, true, 'the probe saw Tandem');
      const leaked = report.strings.filter((text) => text.includes(workbench.sim.keyA) || text.includes(workbench.sim.keyB));
      assert.deepEqual(leaked, [], 'the probe found a key');
      assert.equal(report.exportsType, 'undefined', `activate() exported ${report.exportKeys.join(', ')}`);

      await workbench.page.locator('.activitybar [aria-label="Tandem"]').first().click();
      // Both services are ready, so the container shows the chat (the Services view steps aside).
      await frameWith(workbench.page, '.composer-input', 60_000);
    } finally {
      await workbench.close();
      rmSync(temp, { recursive: true, force: true });
    }
    execFileSync(process.execPath, ['esbuild.mjs'], { cwd: repoRoot, stdio: 'ignore' }); // back to the development build
  });

  it('npm start serves VS Code with Tandem and the simulator, and Ctrl+C stops everything', async () => {
    const child = spawn('npm', ['start', '--', '--no-open'], {
      cwd: repoRoot,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, CI: 'true' },
    });
    let output = '';
    child.stdout.on('data', (data) => (output += data));
    child.stderr.on('data', (data) => (output += data));
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    try {
      await until(
        () => /Ctrl\+C stops/.test(output),
        () => `npm start to say Ctrl+C stops it; it printed:\n${output}`,
        120_000,
        200,
      );
      const workbenchUrl = /(http:\/\/127\.0\.0\.1:\d+\/\?folder=\S+)/.exec(output)?.[1];
      const [, simA, simB] = /Service A (http:\/\/127\.0\.0\.1:\d+)\s+Service B (http:\/\/127\.0\.0\.1:\d+)/.exec(output) ?? [];
      assert.ok(workbenchUrl && simA && simB, `printed the URLs:\n${output}`);
      assert.match(decodeURIComponent(workbenchUrl), /extensionDevelopmentPath/);
      assert.equal((await fetch(workbenchUrl)).status, 200);
      assert.equal((await fetch(`${simB}/__sim/stats`)).status, 200);

      process.kill(-child.pid!, 'SIGINT'); // what Ctrl+C in the terminal sends to the foreground group
      await exited;
      // Its children may take a while to go on a busy machine.
      await until(
        async () => !(await answers(workbenchUrl)) && !(await answers(simA)) && !(await answers(simB)),
        'code-server and both simulators to stop',
        30_000,
        100,
      );
      assert.equal(await answers(workbenchUrl), false, 'code-server stopped');
      assert.equal(await answers(simA), false, 'Service A simulator stopped');
      assert.equal(await answers(simB), false, 'Service B simulator stopped');
    } finally {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        /* already gone */
      }
    }
  });
});
