// The last check before a tool writes a file, run after the user's click: the approval was given for
// one real file, so a symlink swapped in (or a folder re-pointed) since then must not redirect the write.
import { confineAgain, type ConfinedPath, type ConfineOptions } from './pathConfinement';

/**
 * Confines `input` again (once approved, it must still be the approved real file) and refuses a
 * target that is itself a symlink (lstat), so a link cannot redirect the write even inside the workspace.
 */
export async function confineWriteTarget(input: string, approvedPath: string | undefined, options: ConfineOptions): Promise<ConfinedPath> {
  const confined = await confineAgain(input, approvedPath, options);
  if (!confined.ok) return confined;
  const entry = await options.lstat(confined.requested).then(
    (s) => s,
    () => undefined,
  );
  if (entry?.isSymbolicLink()) {
    return {
      ok: false,
      error: `path "${input}" is refused: it is a symlink, and Tandem does not write through links; edit the file it points to instead`,
    };
  }
  return confined;
}
