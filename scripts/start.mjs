#!/usr/bin/env node
// `npm start`: build Tandem, start the simulator of both services, and open a real VS Code with
// Tandem loaded, the demo workspace open and everything pointed at the simulator — no API key needed.
//   npm start                 code-server in your browser (the URL is printed and opened)
//   npm start -- --no-open    print the URL only
//   npm start -- --desktop    desktop VS Code (`code`), when installed
// Ctrl+C stops every process this started.
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSimulator } from '../sim/simulator.ts';
import { startCodeServer, workbenchUrl } from './codeServer.mjs';
import { provision } from './provision-vscode.mjs';
import { repoRoot } from './vscodePaths.mjs';

const args = new Set(process.argv.slice(2));
const workspace = join(repoRoot, 'test/fixtures/workspace');

function which(binary) {
  try {
    return execFileSync('sh', ['-c', `command -v ${binary}`], { encoding: 'utf8' }).trim() || undefined;
  } catch {
    return undefined;
  }
}

console.log('Building Tandem…');
execFileSync(process.execPath, ['esbuild.mjs'], { cwd: repoRoot, stdio: ['ignore', 'ignore', 'inherit'] });

const sim = await startSimulator();
console.log(`Simulator: Service A ${sim.urlA}  Service B ${sim.urlB}`);
const settings = { 'tandem.serviceA.baseUrl': sim.urlA, 'tandem.serviceB.baseUrl': sim.urlB };
const env = { TANDEM_SERVICE_A_API_KEY: sim.keyA, TANDEM_SERVICE_B_API_KEY: sim.keyB };
const cleanups = [() => sim.close()];

if (args.has('--desktop')) {
  const code = which('code');
  if (!code) {
    console.error('No `code` binary on PATH: install desktop VS Code, or run `npm start` for the browser workbench.');
    await sim.close();
    process.exit(1);
  }
  const userDataDir = mkdtempSync(join(tmpdir(), 'tandem-desktop-'));
  mkdirSync(join(userDataDir, 'User'), { recursive: true });
  writeFileSync(join(userDataDir, 'User', 'settings.json'), JSON.stringify(settings, null, 2));
  const child = spawn(
    code,
    ['--wait', '--new-window', `--user-data-dir=${userDataDir}`, `--extensionDevelopmentPath=${repoRoot}`, workspace],
    {
      stdio: 'inherit',
      detached: true,
      env: { ...process.env, ...env },
    },
  );
  cleanups.push(() => {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      /* gone */
    }
    rmSync(userDataDir, { recursive: true, force: true });
  });
  child.on('exit', () => void shutdown());
  console.log('Desktop VS Code started with Tandem under development. Ctrl+C stops everything.');
} else {
  console.log('Preparing VS Code (code-server; the first run installs it, about 2 minutes)…');
  provision();
  const server = await startCodeServer({ workspace, settings, env, quiet: true });
  cleanups.unshift(() => server.stop());
  const url = workbenchUrl(server, { folder: workspace, extensionDevelopmentPath: repoRoot });
  console.log(`\nVS Code with Tandem is running:\n\n  ${url}\n\nCtrl+C stops VS Code and the simulator.`);
  const opener = !args.has('--no-open') && !process.env.CI && which('xdg-open');
  if (opener) spawn(opener, [url], { stdio: 'ignore', detached: true }).unref();
}

let stopping = false;
async function shutdown() {
  if (stopping) return;
  stopping = true;
  console.log('\nStopping…');
  for (const cleanup of cleanups) await cleanup();
  process.exit(0);
}
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
