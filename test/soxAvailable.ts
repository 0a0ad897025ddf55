import { execFileSync } from 'node:child_process';

let found: boolean | undefined;

/** Whether the `sox` command runs on this machine (asked once per process). */
function soxAvailable(): boolean {
  if (found === undefined) {
    try {
      execFileSync('sox', ['--version'], { stdio: 'ignore' });
      found = true;
    } catch {
      found = false;
    }
  }
  return found;
}

function inCi(): boolean {
  const ci = process.env.CI;
  return ci !== undefined && ci !== '' && !/^(0|false|no)$/i.test(ci);
}

/**
 * The one way a test that needs sox says so: `requireSox(this)` (in a `function () {}` test) before
 * the part that runs sox. Without sox it prints why and skips the test (mocha shows it as pending) —
 * except in CI, which installs sox (.ci/run): there a missing sox is a broken set-up, so it fails.
 */
export function requireSox(test: Mocha.Context): void {
  if (soxAvailable()) return;
  const title = test.test?.fullTitle() ?? 'a test';
  if (inCi()) throw new Error(`sox is not installed, and CI is set: .ci/run should have installed it (needed by "${title}")`);
  console.log(`      skipped: sox is not installed (apt-get install sox), so "${title}" cannot cross-check with it`);
  test.skip();
}
