// A `.git` *file* (`gitdir: some/folder`) makes that folder the repository's git data: its `config`
// can set `core.fsmonitor` or `core.hooksPath` and its `hooks` run on commit, like `.git`'s own. The
// policy only knows a folder named `.git`, so the folders such files point at are found here.
import { readFileSync, realpathSync, statSync } from 'node:fs';
import * as path from 'node:path';

/** A `.git` file is one line; anything bigger is not one. */
const MAX_GIT_FILE_BYTES = 4096;

/** The real paths of the folders that the roots' `.git` files point at. */
export function linkedGitDirs(roots: readonly string[]): string[] {
  const dirs: string[] = [];
  for (const root of roots) {
    const file = path.join(root, '.git');
    try {
      const stat = statSync(file);
      if (!stat.isFile() || stat.size > MAX_GIT_FILE_BYTES) continue;
      const match = /^gitdir:\s*(.+?)\s*$/m.exec(readFileSync(file, 'utf8'));
      if (!match) continue;
      const target = path.resolve(realpathOr(root), match[1]);
      dirs.push(target, realpathOr(target));
    } catch {
      // No `.git` file here, or it cannot be read: nothing to add.
    }
  }
  return [...new Set(dirs)];
}

function realpathOr(p: string): string {
  try {
    return realpathSync(p);
  } catch {
    return p;
  }
}
