#!/usr/bin/env node
// `npm test`: every tier in order, stopping at the first failure. Ends with each tier's wall time
// and one "N passed, N failed" line summing mocha's counts over all tiers.
import { spawn } from 'node:child_process';

const tiers = [
  ['lint', 'npm run -s lint'],
  ['typecheck', 'npm run -s typecheck'],
  ['build', 'npm run -s build'],
  ['unit', 'npm run -s test:unit'],
  ['vscode', 'npm run -s test:vscode'],
  ['e2e', 'npm run -s test:e2e'],
];

const counts = { passed: 0, failed: 0, skipped: 0 };
const times = [];

function runTier(command) {
  return new Promise((resolve) => {
    const child = spawn(command, { shell: true, stdio: ['ignore', 'pipe', 'inherit'] });
    let tail = '';
    child.stdout.on('data', (data) => {
      process.stdout.write(data);
      tail = (tail + data).slice(-4000);
      for (const [, n, kind] of String(data).matchAll(/^\s*(\d+) (passing|failing|pending)\b/gm)) {
        counts[{ passing: 'passed', failing: 'failed', pending: 'skipped' }[kind]] += Number(n);
      }
    });
    child.on('exit', (code) => resolve(code ?? 1));
  });
}

let failed;
for (const [name, command] of tiers) {
  const started = Date.now();
  console.log(`\n=== ${name}: ${command}`);
  const status = await runTier(command);
  times.push(`${name} ${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (status !== 0) {
    failed = `${name} failed (exit ${status})`;
    break;
  }
}
console.log(`\nTier times: ${times.join(', ')}${failed ? `\n${failed}` : ''}`);
console.log(`${counts.passed} passed, ${counts.failed} failed${counts.skipped ? `, ${counts.skipped} skipped` : ''}`);
process.exit(failed ? 1 : 0);
