// The last check before a tool writes a file, run after the user's click: the approval was given for
// one real file, so a symlink swapped in (or a folder re-pointed) since then must not redirect the write.
import { confinePath, type ConfinedPath, type ConfineOptions } from './pathConfinement';

/**
 * Confines `input` again, refuses a target that is itself a symlink (lstat, so dangling links too)
 * and, once approved, a target whose real path is no longer the approved one.
 */
export async function confineWriteTarget(input: string, approvedPath: string | undefined, options: ConfineOptions): Promise<ConfinedPath> {
  const confined = await confinePath(input, options);
  if (!confined.ok) return confined;
  const entry = await options.lstat(confined.requested).then((s) => s, () => undefined);
  if (entry?.isSymbolicLink()) {
    return { ok: false, error: `path "${input}" is refused: it is a symlink, and Tandem does not write through links; edit the file it points to instead` };
  }
  if (approvedPath !== undefined && confined.path !== approvedPath) {
    return { ok: false, error: `path "${input}" is refused: it changed after it was approved (it now leads to another file); propose the edit again` };
  }
  return confined;
}
