// Starts code-server (a real VS Code 1.100.3 workbench and Node extension host) on 127.0.0.1 in its
// own process group, isolated in a temp folder, and stops it with everything it forked.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { codeServerEntry } from './vscodePaths.mjs';

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * @param {{ workspace: string, settings?: object, env?: Record<string,string>, extensionsDir?: string, quiet?: boolean, args?: string[] }} options
 */
export async function startCodeServer(options) {
  const port = await freePort();
  const home = mkdtempSync(join(tmpdir(), 'tandem-vscode-'));
  const userDataDir = join(home, 'user-data');
  const extensionsDir = options.extensionsDir ?? join(home, 'extensions');
  mkdirSync(join(userDataDir, 'User'), { recursive: true });
  mkdirSync(extensionsDir, { recursive: true });
  writeFileSync(
    join(userDataDir, 'User', 'settings.json'),
    JSON.stringify(
      {
        'workbench.startupEditor': 'none',
        'security.workspace.trust.enabled': false,
        'telemetry.telemetryLevel': 'off',
        // The demo workspace sits inside this repository; no prompt to open the parent repository.
        'git.openRepositoryInParentFolders': 'never',
        ...options.settings,
      },
      null,
      2,
    ),
  );
  const child = spawn(
    process.execPath,
    [
      codeServerEntry,
      '--auth',
      'none',
      '--bind-addr',
      `127.0.0.1:${port}`,
      '--disable-telemetry',
      '--disable-update-check',
      '--disable-workspace-trust',
      '--disable-getting-started-override',
      '--user-data-dir',
      userDataDir,
      '--extensions-dir',
      extensionsDir,
      ...(options.args ?? []),
      options.workspace,
    ],
    {
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, HOME: home, XDG_CONFIG_HOME: join(home, '.config'), ...options.env },
    },
  );
  let output = '';
  const collect = (data) => {
    output += data;
    if (!options.quiet) process.stderr.write(`[code-server] ${data}`);
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);

  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        /* already gone */
      }
      const timer = setTimeout(() => {
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          /* already gone */
        }
      }, 3000);
      await exited;
      clearTimeout(timer);
    }
    // Forked watchers share the group; make sure none outlive us.
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      /* group empty */
    }
    rmSync(home, { recursive: true, force: true });
  };

  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`code-server exited early (${child.exitCode}):\n${output}`);
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok) return { url, port, home, userDataDir, extensionsDir, stop, output: () => output };
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  await stop();
  throw new Error(`code-server did not answer within 30 s:\n${output}`);
}

/**
 * The workbench URL that opens `folder` with an extension under development (and optionally its tests).
 * @param {{ port: number, url: string }} server
 * `workspaceFile` opens a `.code-workspace` file instead of `folder`.
 * @param {{ folder: string, workspaceFile?: string, extensionDevelopmentPath?: string, extensionTestsPath?: string }} target
 */
export function workbenchUrl(server, { folder, workspaceFile, extensionDevelopmentPath, extensionTestsPath }) {
  const remote = (path) => `vscode-remote://127.0.0.1:${server.port}${path}`;
  const payload = [];
  if (extensionDevelopmentPath) payload.push(['extensionDevelopmentPath', remote(extensionDevelopmentPath)]);
  if (extensionTestsPath) payload.push(['extensionTestsPath', remote(extensionTestsPath)]);
  const query = new URLSearchParams(workspaceFile ? { workspace: workspaceFile } : { folder });
  if (payload.length) query.set('payload', JSON.stringify(payload));
  return `${server.url}/?${query}`;
}

/** Installs a VSIX into an extensions folder the way a user's `code-server --install-extension` does. */
export function installExtension(vsixPath, extensionsDir) {
  const home = mkdtempSync(join(tmpdir(), 'tandem-install-'));
  try {
    execFileSync(
      process.execPath,
      [codeServerEntry, '--extensions-dir', extensionsDir, '--user-data-dir', join(home, 'user-data'), '--install-extension', vsixPath],
      {
        env: { ...process.env, HOME: home },
        stdio: ['ignore', 'pipe', 'pipe'],
        timeout: 120_000,
      },
    );
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
