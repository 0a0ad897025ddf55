// Which workspace folders the user must allow before Tandem uses them. A repository's `.code-workspace`
// decides the roots of its window: it can name the home folder, `~/.config` or the repository's own
// `.git` as a root, and a path relative to such a root (`gh/hosts.yml`, `config`) looks harmless.
import * as nodePath from 'node:path';

/** Why a root needs the user's consent; the modal says it. */
export type ConsentReason =
  /** The root is, or lies inside, a `.git` or `.vscode` folder: git's data and VS Code's settings run programs. */
  | 'gitOrVscode'
  /** The root is the home folder, holds it, or is one of its dot-folders (`~/.ssh`, `~/.config`). */
  | 'home'
  /** A `.code-workspace` file named it, and it lies outside that file's own folder. */
  | 'outsideWorkspaceFile';

export interface RootPlaces {
  /** The user's home folder, real path. */
  home: string;
  /** The folder of the window's `.code-workspace` file (real path), when the window has one on disk. */
  workspaceFileDir?: string;
}

/** Why `root` (its real path) needs consent, or undefined when Tandem may use it as it is. */
export function rootConsentReason(root: string, places: RootPlaces, p: typeof nodePath.posix = nodePath): ConsentReason | undefined {
  const segments = p.normalize(root).split(/[\\/]+/);
  if (segments.some((s) => ['.git', '.vscode'].includes(s.toLowerCase()))) return 'gitOrVscode';
  if (isInside(p, root, places.home)) return 'home';
  if (
    isInside(p, places.home, root) &&
    p
      .relative(places.home, root)
      .split(/[\\/]+/)[0]
      .startsWith('.')
  )
    return 'home';
  if (places.workspaceFileDir !== undefined && !isInside(p, places.workspaceFileDir, root)) return 'outsideWorkspaceFile';
  return undefined;
}

function isInside(p: typeof nodePath.posix, parent: string, target: string): boolean {
  const rel = p.relative(p.normalize(parent), p.normalize(target));
  return rel === '' || (!rel.startsWith('..') && !p.isAbsolute(rel));
}
