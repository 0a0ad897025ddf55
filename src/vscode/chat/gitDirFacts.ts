// Reads, for the workspace root, the git folder git would use there (a `.git` folder, the folder a
// `.git` file's `gitdir:` names, or the root itself when it is a bare repository) and what in it can
// make git run programs: its config files and hooks. The decision is core's (gitDirRisks.ts).
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import type { GitDirFacts } from '../../core/tools/gitDirRisks';

/** A config larger than this is not read; it counts as a risk. */
const MAX_CONFIG_BYTES = 256 * 1024;
const MAX_POINTER_BYTES = 4096;

export async function gitDirFacts(root: string): Promise<GitDirFacts> {
  const facts: GitDirFacts = { configs: [], hooks: [] };
  const dotGit = path.join(root, '.git');
  const stat = await fs.stat(dotGit).catch(() => undefined);
  let gitDir: string | undefined;
  if (stat?.isDirectory()) gitDir = dotGit;
  else if (stat?.isFile()) {
    const pointer = await readCapped(dotGit, MAX_POINTER_BYTES);
    const named = /^gitdir:\s*(.*?)\s*$/m.exec(pointer ?? '')?.[1];
    if (named) {
      gitDir = path.resolve(root, named);
      const inside = await isInside(root, gitDir);
      facts.redirect = { target: inside ? path.relative(root, gitDir) || '.' : gitDir, insideWorkspace: inside };
    } else facts.configs.push({ name: '.git', text: undefined });
  } else if ((await exists(path.join(root, 'HEAD'))) && (await exists(path.join(root, 'objects')))) {
    // git takes a folder with HEAD and objects/ for a bare repository's git folder.
    facts.bareRoot = true;
    gitDir = root;
  }
  if (!gitDir) return facts;
  const dirs = [gitDir];
  const common = (await readCapped(path.join(gitDir, 'commondir'), MAX_POINTER_BYTES))?.trim();
  if (common) dirs.push(path.resolve(gitDir, common));
  for (const dir of dirs) {
    for (const file of ['config', 'config.worktree']) {
      const full = path.join(dir, file);
      if (!(await exists(full))) continue;
      facts.configs.push({ name: shown(root, full), text: await readCapped(full, MAX_CONFIG_BYTES) });
    }
    const hooks = await fs.readdir(path.join(dir, 'hooks')).catch(() => [] as string[]);
    facts.hooks.push(...hooks.filter((h) => !h.endsWith('.sample')).map((h) => shown(root, path.join(dir, 'hooks', h))));
  }
  return facts;
}

/** The text of a file, or undefined when it is missing or larger than the cap. */
async function readCapped(file: string, max: number): Promise<string | undefined> {
  const stat = await fs.stat(file).catch(() => undefined);
  if (!stat?.isFile() || stat.size > max) return undefined;
  return fs.readFile(file, 'utf8').catch(() => undefined);
}

async function exists(file: string): Promise<boolean> {
  return (await fs.stat(file).catch(() => undefined)) !== undefined;
}

/** Inside the workspace by its real path too (a link inside may lead out, a link outside may lead in). */
async function isInside(root: string, target: string): Promise<boolean> {
  const within = (base: string, p: string) => {
    const rel = path.relative(base, p);
    return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
  };
  if (within(root, target)) return true;
  const [realRoot, realTarget] = await Promise.all([fs.realpath(root).catch(() => root), fs.realpath(target).catch(() => target)]);
  return within(realRoot, realTarget);
}

function shown(root: string, file: string): string {
  const rel = path.relative(root, file);
  return !rel.startsWith('..') && !path.isAbsolute(rel) ? rel.split(path.sep).join('/') : file;
}
