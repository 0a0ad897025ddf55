#!/usr/bin/env node
// Does the whole suite pass on a fresh clone of a busy machine, every time? Clones this repository's
// HEAD into a temp dir, runs `npm ci`, then `npm test` N times in a row while scripts/cpu-burn.mjs
// keeps every core busy, and prints JSON: {runs, passed, failed, durationsSec, failures, ...}.
// Usage: node scripts/flake-check.mjs [--runs 5] [--keep]
//   --keep  keep the clone and logs (they are kept anyway when a run fails). Takes about an hour for 5.
// Only committed work is checked: the clone is of HEAD, so uncommitted changes are not in it.
import { execFileSync, spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

function option(name, fallback) {
  const at = process.argv.indexOf(`--${name}`);
  if (at < 0) return fallback;
  const value = Number(process.argv[at + 1]);
  if (!Number.isInteger(value) || value < 1) {
    console.error(`flake-check: --${name} needs a whole number ≥ 1`);
    process.exit(2);
  }
  return value;
}

const runs = option('runs', 5);
const keep = process.argv.includes('--keep');
const here = dirname(fileURLToPath(import.meta.url));
const git = (args, cwd) => execFileSync('git', args, { cwd, encoding: 'utf8' }).trim();
const root = git(['rev-parse', '--show-toplevel'], here);
const commit = git(['rev-parse', 'HEAD'], root);
const uncommitted = git(['status', '--porcelain'], root) !== '';

const work = mkdtempSync(join(tmpdir(), 'tandem-flake-'));
const clone = join(work, 'tandem');
const logs = join(work, 'logs');
mkdirSync(logs);
const say = (line) => console.error(`[flake-check ${new Date().toISOString().slice(11, 19)}] ${line}`);

/** The children this script started, so a Ctrl+C or an error stops exactly them. */
const children = new Set();
function stopChildren() {
  for (const child of children) {
    try {
      process.kill(-child.pid, 'SIGTERM'); // each child leads its own process group (detached)
    } catch {
      // already gone
    }
  }
}
process.on('SIGINT', () => {
  stopChildren();
  say(`interrupted; logs in ${logs}`);
  process.exit(130);
});

/** Runs a command in the clone with its output in logs/<name>.log; resolves with the exit code and the log's text. */
function run(name, command, args) {
  return new Promise((resolve) => {
    const log = createWriteStream(join(logs, `${name}.log`));
    let text = '';
    const child = spawn(command, args, { cwd: clone, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    children.add(child);
    const keepText = (data) => {
      log.write(data);
      text += data;
    };
    child.stdout.on('data', keepText);
    child.stderr.on('data', keepText);
    child.on('close', (code) => {
      children.delete(child);
      log.end();
      resolve({ code: code ?? 1, text });
    });
  });
}

/** The failing tests' titles as mocha's summary numbers them ("1) suite title"), or the tier that failed. */
function failuresIn(text) {
  const titles = [];
  for (const summary of text.split(/^\s*\d+ failing\s*$/m).slice(1)) {
    for (const [, title] of summary.matchAll(/^\s*\d+\) (.+)$/gm)) titles.push(title.trim());
  }
  const tier = /^(\w+) failed \(exit \d+\)$/m.exec(text);
  if (titles.length === 0 && tier) titles.push(tier[0]);
  return titles.length > 0 ? titles : ['npm test failed; see its log'];
}

say(`cloning ${root} at ${commit.slice(0, 12)}${uncommitted ? ' (uncommitted changes there are not checked)' : ''} into ${clone}`);
execFileSync('git', ['clone', '--quiet', root, clone], { stdio: 'inherit' });
execFileSync('git', ['checkout', '--quiet', '--detach', commit], { cwd: clone, stdio: 'inherit' });

say('npm ci');
const install = await run('npm-ci', 'npm', ['ci', '--no-audit', '--no-fund']);
if (install.code !== 0) {
  say(`npm ci failed (exit ${install.code}); see ${join(logs, 'npm-ci.log')}`);
  process.exit(1);
}

say(`npm test × ${runs}, with every core kept busy by scripts/cpu-burn.mjs`);
const burn = spawn(process.execPath, [join(clone, 'scripts', 'cpu-burn.mjs')], { cwd: clone, detached: true, stdio: 'ignore' });
children.add(burn);

const result = { commit, uncommitted, runs, passed: 0, failed: 0, durationsSec: [], failures: [], logs };
try {
  for (let i = 1; i <= runs; i++) {
    const started = Date.now();
    const { code, text } = await run(`npm-test-${i}`, 'npm', ['test']);
    const seconds = Math.round((Date.now() - started) / 100) / 10;
    result.durationsSec.push(seconds);
    if (code === 0) {
      result.passed += 1;
    } else {
      result.failed += 1;
      for (const title of failuresIn(text)) result.failures.push(`run ${i}: ${title}`);
    }
    say(`run ${i}/${runs}: ${code === 0 ? 'passed' : `FAILED (exit ${code})`} in ${seconds} s`);
  }
} finally {
  stopChildren();
}

const keepFiles = keep || result.failed > 0;
if (!keepFiles) {
  rmSync(work, { recursive: true, force: true });
  delete result.logs;
}
console.log(JSON.stringify(result, null, 2));
process.exit(result.failed > 0 ? 1 : 0);
