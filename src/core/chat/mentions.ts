// What @-mentions (and the "+ Selection" / "+ File" buttons, which are mentions too) put in a message:
// the heading each kind of attachment gets in the user message, the text of a folder or of the
// workspace's problems, and the budget that keeps many mentions from filling the model's context.
import type { Attachment } from '../../shared/protocol';

/** Characters of attached text one message may carry, across all its mentions. */
export const MENTION_BUDGET = 60_000;
/** Entries a folder listing shows; a bigger folder is listed in part with a count of the rest. */
const MAX_FOLDER_ENTRIES = 500;
/** Diagnostics `@problems` lists; the rest are counted. */
const MAX_PROBLEMS = 200;

/** The line that introduces an attachment's text in the user message, path label included. */
export function attachmentHeading(attachment: Attachment): string {
  switch (attachment.kind) {
    case 'selection':
      return `Selected code ${attachment.label}`;
    case 'folder':
      return `Folder ${attachment.label} (listing)`;
    case 'symbol':
      return `Symbol ${attachment.label}`;
    case 'problems':
      return `Problems in the workspace`;
    case 'resource':
      return `MCP resource ${attachment.label} (the server's data)`;
    case 'prompt':
      return `MCP prompt ${attachment.label}`;
    case 'file':
    case 'image':
      return `File ${attachment.label}`;
  }
}

/**
 * Shares `budget` characters fairly between the attachments' texts: small ones are kept whole and what
 * they leave is split among the bigger ones, so one huge file cannot starve the rest. Each text that is
 * cut says so at its end, with how much was kept, so neither the model nor the user mistakes it for
 * the whole. Images and attachments without text are left as they are.
 */
export function withinBudget(attachments: readonly Attachment[], budget = MENTION_BUDGET): Attachment[] {
  const sized = attachments.map((a, index) => ({ index, length: a.kind === 'image' || a.text === undefined ? 0 : a.text.length }));
  const allowed = new Map<number, number>();
  let remaining = Math.max(0, budget);
  const pending = sized.filter((s) => s.length > 0).sort((a, b) => a.length - b.length);
  while (pending.length > 0) {
    const share = Math.floor(remaining / pending.length);
    const next = pending[0];
    if (next.length <= share) {
      allowed.set(next.index, next.length);
      remaining -= next.length;
      pending.shift();
      continue;
    }
    // Every one left is bigger than an equal share: each gets that share.
    for (const s of pending) allowed.set(s.index, share);
    break;
  }
  return attachments.map((a, index) => {
    const keep = allowed.get(index);
    if (keep === undefined || a.text === undefined || keep >= a.text.length) return a;
    return {
      ...a,
      text: `${a.text.slice(0, keep)}\n… [cut: ${keep} of ${a.text.length} characters kept, to stay within the mentions' budget of ${budget}]`,
    };
  });
}

/** A folder mention's text: the paths below it (workspace-relative, sorted), bounded. */
export function folderListing(folder: string, paths: readonly string[], max = MAX_FOLDER_ENTRIES): string {
  const prefix = folder === '' || folder.endsWith('/') ? folder : `${folder}/`;
  const below = paths
    .filter((p) => p.startsWith(prefix))
    .map((p) => p.slice(prefix.length))
    .sort();
  if (below.length === 0) return `${folder} holds no files that can be shown`;
  const more = below.length > max ? `\n… and ${below.length - max} more` : '';
  return below.slice(0, max).join('\n') + more;
}

export interface Problem {
  /** Workspace-relative path. */
  path: string;
  /** 1-based. */
  line: number;
  severity: 'error' | 'warning' | 'info' | 'hint';
  message: string;
  source?: string;
}

/** `@problems`: one line per diagnostic, errors first, `path:line: severity: message (source)`. */
export function problemsText(problems: readonly Problem[], max = MAX_PROBLEMS): string {
  if (problems.length === 0) return 'No problems are reported in the workspace.';
  const rank = { error: 0, warning: 1, info: 2, hint: 3 };
  const sorted = [...problems].sort(
    (a, b) => rank[a.severity] - rank[b.severity] || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0) || a.line - b.line,
  );
  const lines = sorted
    .slice(0, max)
    .map((p) => `${p.path}:${p.line}: ${p.severity}: ${p.message.replace(/\s+/g, ' ').trim()}${p.source ? ` (${p.source})` : ''}`);
  const more = sorted.length > max ? `\n… and ${sorted.length - max} more` : '';
  return lines.join('\n') + more;
}

/** A symbol mention's chip: `name — path:line`. */
export function symbolLabel(name: string, path: string, line: number): string {
  return `${name} — ${path}:${line}`;
}
