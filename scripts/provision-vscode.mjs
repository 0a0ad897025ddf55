#!/usr/bin/env node
// Installs code-server (a real VS Code workbench + Node extension host, from the npm registry) into
// a git-ignored cache, using only steps that work without internet beyond npm and Debian.
// Idempotent: a second run only checks a marker file. See REAL-VSCODE-TESTING.md for why each step exists.
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, rmSync, symlinkSync, writeFileSync, chmodSync } from 'node:fs';
import { join } from 'node:path';
import { cacheDir, codeServerEntry, codeServerVersion, findChromium } from './vscodePaths.mjs';

const debianPackages = { 'libkrb5-dev': '/usr/include/gssapi/gssapi.h', ripgrep: '/usr/bin/rg', chromium: '/usr/bin/chromium' };

function run(cmd, args, cwd, env = {}) {
  console.log(`[provision] ${cwd ? `(in ${cwd}) ` : ''}${cmd} ${args.join(' ')}`);
  execFileSync(cmd, args, { cwd, stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, ...env } });
}

function ensureDebianPackages() {
  const missing = Object.entries(debianPackages)
    .filter(([name, file]) => !existsSync(file) && !(name === 'chromium' && findChromium()))
    .map(([name]) => name);
  if (missing.length === 0) return;
  if (process.getuid?.() !== 0) {
    throw new Error(
      `Missing Debian packages: ${missing.join(' ')}. Run: sudo apt-get update && sudo apt-get install -y ${missing.join(' ')}`,
    );
  }
  run('apt-get', ['update', '-qq']);
  run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...missing], undefined, { DEBIAN_FRONTEND: 'noninteractive' });
}

export function provision() {
  const marker = join(cacheDir, `.provisioned-${codeServerVersion}`);
  ensureDebianPackages();
  if (existsSync(marker) && existsSync(codeServerEntry)) return;
  const started = Date.now();
  mkdirSync(cacheDir, { recursive: true });
  writeFileSync(join(cacheDir, 'package.json'), JSON.stringify({ name: 'tandem-vscode-cache', private: true }) + '\n');
  const npmQuiet = ['--no-audit', '--no-fund', '--loglevel=error'];
  run('npm', ['install', `code-server@${codeServerVersion}`, '--ignore-scripts', ...npmQuiet], cacheDir);

  const modules = join(cacheDir, 'node_modules');
  // argon2's prebuilt download comes from GitHub; build it from source instead.
  run('npx', ['--yes', 'node-pre-gyp', 'rebuild', '--build-from-source', '--loglevel=error'], join(modules, 'argon2'));

  const vscodeDir = join(modules, 'code-server', 'lib', 'vscode');
  run('npm', ['install', '--omit=dev', '--ignore-scripts', ...npmQuiet], vscodeDir);
  run('npm', ['rebuild', '@parcel/watcher', '@vscode/spdlog', 'kerberos', 'native-watchdog', 'node-pty', '@vscode/deviceid'], vscodeDir, {
    npm_config_yes: 'true',
  });
  // @vscode/ripgrep's postinstall downloads rg from GitHub: use Debian's.
  const rgDir = join(vscodeDir, 'node_modules', '@vscode', 'ripgrep', 'bin');
  mkdirSync(rgDir, { recursive: true });
  copyFileSync('/usr/bin/rg', join(rgDir, 'rg'));
  chmodSync(join(rgDir, 'rg'), 0o755);

  // The rest of code-server's own postinstall.sh.
  const link = (target, path) => {
    rmSync(path, { force: true });
    symlinkSync(target, path);
  };
  link('node_modules', join(vscodeDir, 'node_modules.asar'));
  link('code-linux.sh', join(vscodeDir, 'bin', 'remote-cli', 'code-server'));
  link('browser-linux.sh', join(vscodeDir, 'bin', 'helpers', 'browser.sh'));
  run('npm', ['install', '--omit=dev', '--ignore-scripts', ...npmQuiet], join(vscodeDir, 'extensions'));

  writeFileSync(marker, new Date().toISOString() + '\n');
  console.log(`[provision] code-server ${codeServerVersion} ready in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    provision();
    console.log(`[provision] code-server: ${codeServerEntry}`);
    console.log(`[provision] chromium: ${findChromium() ?? 'not found (set CHROME_PATH)'}`);
  } catch (error) {
    console.error(`[provision] ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  }
}
