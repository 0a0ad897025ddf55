// Confines every path a model names to the workspace folders: `..` segments, absolute paths outside
// the folders, symlinks whose real target lies outside and dangling symlinks are refused with a
// message for the model. What comes back is the resolved real path, so the file checked is the file used.
import * as nodePath from 'node:path';

export type ConfinedPath =
  | {
      ok: true;
      /** The real path: every symlink resolved (a file that does not exist yet: its nearest existing ancestor's). */
      path: string;
      /** The real path of the workspace folder it lies in. */
      root: string;
      /** The path as named, made absolute but not resolved. */
      requested: string;
    }
  | { ok: false; error: string };

export interface ConfineOptions {
  /** Absolute file-system paths of the workspace folders; relative paths resolve against the first. */
  roots: readonly string[];
  /** Resolves symlinks (fs.promises.realpath); rejects when the path does not exist. */
  realpath: (p: string) => Promise<string>;
  /** Describes a path without following a final symlink (fs.promises.lstat); rejects when nothing is there. */
  lstat: (p: string) => Promise<{ isSymbolicLink(): boolean }>;
  /** Path flavour; defaults to the platform's. */
  path?: typeof nodePath.posix;
}

export async function confinePath(input: string, options: ConfineOptions): Promise<ConfinedPath> {
  const p = options.path ?? nodePath;
  if (typeof input !== 'string') return { ok: false, error: 'path must be a string' };
  if (options.roots.length === 0) return { ok: false, error: 'no workspace folder is open, so no file can be accessed' };
  const raw = input.trim() === '' ? '.' : input.trim();
  if (raw.includes('\0')) return { ok: false, error: 'path contains a NUL character' };
  if (raw.split(/[\\/]+/).includes('..')) {
    return { ok: false, error: `path "${input}" is refused: ".." segments are not allowed; use a path inside the workspace folder` };
  }
  const absolute = p.isAbsolute(raw) ? p.normalize(raw) : p.resolve(options.roots[0], raw);
  const root = options.roots.find((r) => isInside(p, r, absolute));
  if (!root) return { ok: false, error: `path "${input}" is refused: it is outside the workspace folders` };

  // A symlink may point anywhere: compare real paths. A file that does not exist yet (apply_edit may
  // create one) is judged by its nearest existing ancestor; a link to nothing is refused, because
  // writing through it would create its target wherever it points.
  const realRoot = await options.realpath(root).catch(() => root);
  let probe = absolute;
  let rest = '';
  for (;;) {
    const real = await options.realpath(probe).then(
      (r) => r,
      () => undefined,
    );
    if (real !== undefined) {
      const resolved = rest ? p.join(real, rest) : real;
      if (!isInside(p, realRoot, resolved)) {
        return { ok: false, error: `path "${input}" is refused: it is a symlink that leads outside the workspace folders` };
      }
      return { ok: true, path: resolved, root: realRoot, requested: absolute };
    }
    const entry = await options.lstat(probe).then(
      (s) => s,
      () => undefined,
    );
    if (entry?.isSymbolicLink()) {
      return {
        ok: false,
        error: `path "${input}" is refused: ${p.relative(root, probe) || probe} is a symlink whose target does not exist`,
      };
    }
    if (entry) return { ok: false, error: `path "${input}" is refused: its real location cannot be resolved` };
    const parent = p.dirname(probe);
    if (parent === probe) return { ok: false, error: `path "${input}" is refused: its real location cannot be resolved` };
    rest = rest ? p.join(p.basename(probe), rest) : p.basename(probe);
    probe = parent;
  }
}

/**
 * Confines `input` again when the call runs (after any approval): it must still lead, inside the
 * workspace, to the real file checked before (`checkedPath`), not to one a link swapped in since.
 */
export async function confineAgain(input: string, checkedPath: string | undefined, options: ConfineOptions): Promise<ConfinedPath> {
  const result = await confinePath(input, options);
  if (result.ok && checkedPath !== undefined && result.path !== checkedPath) {
    return { ok: false, error: `path "${input}" is refused: it changed after it was checked (it now leads to another file); ask again` };
  }
  return result;
}

function isInside(p: typeof nodePath.posix, root: string, target: string): boolean {
  const rel = p.relative(p.normalize(root), p.normalize(target));
  return rel === '' || (!rel.startsWith('..') && !p.isAbsolute(rel));
}

/** How a confined path is shown to the model and the user: relative to its workspace folder. */
export function displayPath(confined: { path: string; root: string }, p: typeof nodePath.posix = nodePath): string {
  return p.relative(confined.root, confined.path).split(p.sep).join('/') || '.';
}

/** The path as the model named it, relative to its workspace folder (a symlink's own name, not its target's). */
export function requestedPath(confined: { requested: string }, roots: readonly string[], p: typeof nodePath.posix = nodePath): string {
  const root = roots.find((r) => isInside(p, r, confined.requested)) ?? '';
  return p.relative(root, confined.requested).split(p.sep).join('/') || '.';
}
