// The one sensitive-content gate. Every way workspace text leaves the editor is listed in OUTFLOWS and
// asks `judgeFile` about the file the text comes from, so no outflow keeps its own idea of "sensitive"
// or of "the workspace". A path is judged relative to each root that holds it, and as an absolute path
// both as named and with every symlink resolved: a repository's `.code-workspace` can make `.git` or a
// folder of the home directory a root, where the relative path alone (`config`, `gh/hosts.yml`) looks harmless.
import * as nodePath from 'node:path';
import type { SensitiveKind, SensitivePathPolicy } from './sensitivePaths';

/**
 * Every outflow of workspace content. A new one is added here, goes through the gate, and is listed in
 * test/unit/core/security/outflowGate.test.ts's table of call sites, which fails for an outflow that skips it.
 */
export const OUTFLOWS = [
  /** Chat tools: read_file, search_text, find_files, get_selection, apply_edit, run_command's file names. */
  'tool',
  /** Diagnostics quoted by get_diagnostics and @problems. */
  'diagnostics',
  /** @-mentions of files, folders and symbols. */
  'mention',
  /** Files and selections attached to a chat message from the editor. */
  'attachment',
  /** The open tabs, recent edits and definitions sent with a completion request, and the completed file itself. */
  'completionContext',
  /** Text read aloud by Service A. */
  'speech',
  /** A chat written out by Export or Copy. */
  'export',
  /** The pre-edit text a checkpoint keeps for Restore and Undo. */
  'checkpoint',
  /** Project rules (AGENTS.md and the like) sent as system text. */
  'projectRules',
  /** An inline edit's selection, the code around it and its diagnostics (Ctrl+I, the code actions). */
  'inlineEdit',
  /** The staged or working-tree diff a commit message is written from. */
  'commitDiff',
] as const;

export type Outflow = (typeof OUTFLOWS)[number];

export interface GateRoot {
  /** The workspace folder as VS Code names it (absolute). */
  path: string;
  /** Its real path, every symlink resolved. */
  realPath: string;
  /** False for a root the user has not yet allowed (see rootConsent.ts): nothing in it may leave. */
  usable: boolean;
}

export interface GateFile {
  /** The absolute path as named (a link's own path). */
  path: string;
  /** The real path, when the file exists (every symlink resolved). */
  realPath?: string;
}

export interface Verdict {
  /**
   * How the file is shown on cards and diff titles: relative to the first root when it lies there,
   * otherwise its real absolute path, so a file in another root is never mistaken for one of the project's.
   */
  shown: string;
  /** Why the file is sensitive, or undefined. */
  sensitive?: SensitiveKind;
  /** Whether the real file lies inside a root the user may use. */
  inWorkspace: boolean;
}

export function judgeFile(
  file: GateFile,
  roots: readonly GateRoot[],
  policy: SensitivePathPolicy,
  p: typeof nodePath.posix = nodePath,
): Verdict {
  const real = file.realPath ?? file.path;
  const candidates = [file.path, real];
  for (const root of roots) {
    for (const base of [root.path, root.realPath]) {
      for (const candidate of [file.path, real]) {
        if (isInside(p, base, candidate)) candidates.push(slashed(p, p.relative(base, candidate)) || '.');
      }
    }
  }
  let sensitive: SensitiveKind | undefined;
  for (const candidate of candidates) {
    sensitive = policy.classify(candidate);
    if (sensitive) break;
  }
  const usable = roots.filter((r) => r.usable);
  const inWorkspace = usable.some((r) => isInside(p, r.realPath, real));
  const first = roots[0];
  const shown = first && isInside(p, first.realPath, real) ? slashed(p, p.relative(first.realPath, real)) || '.' : slashed(p, real);
  return { shown, sensitive, inWorkspace };
}

function isInside(p: typeof nodePath.posix, root: string, target: string): boolean {
  const rel = p.relative(p.normalize(root), p.normalize(target));
  return rel === '' || (!rel.startsWith('..') && !p.isAbsolute(rel));
}

function slashed(p: typeof nodePath.posix, path: string): string {
  return path.split(p.sep).join('/');
}
