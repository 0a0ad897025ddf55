// Where the provisioned code-server and the browser live; shared by provisioning, tests and `npm start`.
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const codeServerVersion = '4.100.3';
export const cacheDir = join(repoRoot, '.cache', 'code-server');
export const codeServerEntry = join(cacheDir, 'node_modules', 'code-server', 'out', 'node', 'entry.js');

/** CHROME_PATH wins; else Debian's Chromium. */
export function findChromium() {
  for (const candidate of [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser']) {
    if (candidate && existsSync(candidate)) return candidate;
  }
  return undefined;
}
