// `.gitignore` for the search tools: a file git ignores (build output, local config, secrets the
// repository keeps out of version control) is not offered to the model by find_files or search_text.
import ignore, { type Ignore } from 'ignore';

export interface IgnoreFile {
  /** Folder of the ignore file, relative to the workspace folder, `/`-separated ("" for the root). */
  dir: string;
  text: string;
}

/**
 * Whether git would ignore a workspace-relative path. Each file's rules apply below its folder, with
 * its own `!` negations; a deeper file cannot un-ignore what a shallower one ignores (git would not
 * even look inside an ignored folder), so the answer errs towards hiding.
 */
export function gitignoreFilter(files: readonly IgnoreFile[]): (relativePath: string) => boolean {
  const rules: Array<{ prefix: string; ig: Ignore }> = files.map((f) => ({
    prefix: f.dir.replace(/^\/+|\/+$/g, '') === '' ? '' : `${f.dir.replace(/^\/+|\/+$/g, '')}/`,
    ig: ignore().add(f.text),
  }));
  return (relativePath) => {
    const path = relativePath.replace(/\\/g, '/').replace(/^\/+/, '');
    return rules.some(({ prefix, ig }) => {
      if (!path.startsWith(prefix) || path.length === prefix.length) return false;
      const rel = path.slice(prefix.length);
      return ignore.isPathValid(rel) && ig.ignores(rel);
    });
  };
}
