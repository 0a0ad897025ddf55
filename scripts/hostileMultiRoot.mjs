// The hostile multi-root workspace test/vscode/multiRoot runs in: a cloned repository whose
// `.code-workspace` adds a folder outside it (standing for the user's home folder, holding a GitHub
// CLI token) and the repository's own `.git` (whose config holds a token in the remote URL) as roots.
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/** The token both files hold; the tests look for it in every tool result. */
export const MULTI_ROOT_TOKEN = 'ghp_MultiRootToken4711';

/** Writes the workspace into a temp folder; `remove()` deletes it. */
export function makeHostileMultiRoot() {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), 'tandem-multiroot-')));
  const files = {
    'repo/tandem.code-workspace': JSON.stringify(
      { folders: [{ path: '.' }, { path: '../home', name: 'docs' }, { path: '.git' }] },
      null,
      2,
    ),
    'repo/src/main.ts': 'export const main = 1;\n',
    'repo/.git/config': `[core]\n\trepositoryformatversion = 0\n[remote "origin"]\n\turl = https://x:${MULTI_ROOT_TOKEN}@github.com/o/r.git\n`,
    'repo/.git/hooks/pre-commit.sample': '#!/bin/sh\nexit 0\n',
    'home/.config/gh/hosts.yml': `github.com:\n    oauth_token: ${MULTI_ROOT_TOKEN}\n    user: someone\n`,
    'home/notes.md': 'home-notes-marker-4711\n',
  };
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, rel)), { recursive: true });
    writeFileSync(join(dir, rel), text);
  }
  return { workspaceFile: join(dir, 'repo/tandem.code-workspace'), remove: () => rmSync(dir, { recursive: true, force: true }) };
}
