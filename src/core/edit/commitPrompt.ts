// The request that writes a commit message: the repository's recent subjects (its style), then the
// changed files' diffs within a token budget. When the diffs do not fit, each file keeps its share and
// a summary line (status, lines added and removed); a sensitive file is named but its diff never sent.
import type { ChatMessage } from '../services/wireTypes';
import { estimateTokens } from '../spend/usageTokens';

const COMMIT_SYSTEM_PROMPT =
  'You write git commit messages. Answer with the commit message only: no code fence, no quotes, no preamble. ' +
  'The first line is a subject of at most 72 characters in the style of the recent subjects shown (their tense, ' +
  'capitalisation, prefixes such as "feat:" only if they use them). Add a blank line and a short body only when ' +
  'the change needs explaining: say what changed and why.';

const COMMIT_DIFF_BUDGET = 12_000;

export interface CommitFile {
  path: string;
  /** A, M, D, R… */
  status: string;
  /** Undefined for a sensitive file (named, never sent) or when no diff could be read. */
  diff?: string;
  sensitive?: boolean;
}

export interface CommitPromptInput {
  files: readonly CommitFile[];
  /** The last commit subjects, newest first. */
  subjects: readonly string[];
  staged: boolean;
  budgetTokens?: number;
}

export function commitMessages(input: CommitPromptInput): ChatMessage[] {
  const budget = input.budgetTokens ?? COMMIT_DIFF_BUDGET;
  const parts: string[] = [];
  if (input.subjects.length > 0)
    parts.push(
      `Recent commit subjects, newest first:\n${input.subjects
        .slice(0, 20)
        .map((s) => `- ${s}`)
        .join('\n')}`,
    );
  else parts.push('The repository has no commits yet.');
  parts.push(`${input.staged ? 'Staged' : 'Uncommitted'} changes, ${input.files.length} file${input.files.length === 1 ? '' : 's'}:`);
  parts.push(fitDiffs(input.files, budget));
  parts.push('Write the commit message for these changes.');
  return [
    { role: 'system', content: COMMIT_SYSTEM_PROMPT },
    { role: 'user', content: parts.join('\n\n') },
  ];
}

/** Every file's diff when all fit; otherwise each file gets an equal share, smaller files giving theirs to the rest. */
function fitDiffs(files: readonly CommitFile[], budgetTokens: number): string {
  const sized = files.map((f) => ({ f, tokens: f.diff && !f.sensitive ? estimateTokens(f.diff) : 0 }));
  const total = sized.reduce((n, s) => n + s.tokens, 0);
  const out: string[] = [];
  let left = budgetTokens;
  let filesLeft = sized.filter((s) => s.tokens > 0).length;
  const order = [...sized].sort((a, b) => a.tokens - b.tokens);
  const shares = new Map<CommitFile, number>();
  for (const s of order) {
    if (s.tokens === 0) continue;
    const share = total <= budgetTokens ? s.tokens : Math.floor(left / filesLeft);
    shares.set(s.f, Math.min(s.tokens, share));
    left -= Math.min(s.tokens, share);
    filesLeft--;
  }
  for (const { f, tokens } of sized) {
    const stats = diffStats(f.diff);
    const head = `${f.status} ${f.path}${f.diff ? ` (+${stats.added} -${stats.removed})` : ''}`;
    if (f.sensitive) {
      out.push(`${head}: a sensitive file; its content is not shown.`);
      continue;
    }
    if (!f.diff) {
      out.push(head);
      continue;
    }
    const share = shares.get(f) ?? 0;
    if (share >= tokens) {
      out.push(`${head}\n${f.diff}`);
      continue;
    }
    out.push(`${head}, summarised:\n${cutDiff(f.diff, share)}`);
  }
  return out.join('\n\n');
}

/** The first lines of a diff that fit in `tokens`, hunk headers kept, then how much was left out. */
function cutDiff(diff: string, tokens: number): string {
  const lines = diff.split('\n');
  const kept: string[] = [];
  let used = 0;
  let dropped = 0;
  for (const line of lines) {
    const cost = estimateTokens(line) + 1;
    if (used + cost <= tokens || (line.startsWith('@@') && used + cost <= tokens + 20)) {
      kept.push(line);
      used += cost;
    } else dropped++;
  }
  return `${kept.join('\n')}\n[${dropped} more lines of this diff left out]`;
}

function diffStats(diff: string | undefined): { added: number; removed: number } {
  let added = 0;
  let removed = 0;
  for (const line of (diff ?? '').split('\n')) {
    if (line.startsWith('+') && !line.startsWith('+++')) added++;
    else if (line.startsWith('-') && !line.startsWith('---')) removed++;
  }
  return { added, removed };
}

/** The message as it goes in the input box: without a fence, quotes or a "Commit message:" label a model may add. */
export function cleanCommitMessage(text: string): string {
  let t = text.replace(/^\s*<think>[\s\S]*?<\/think>\s*/i, '').trim();
  const fenced = /^(`{3,}|~{3,})[^\n]*\n([\s\S]*?)\n\1\s*$/.exec(t);
  if (fenced) t = fenced[2];
  t = t.replace(/^(commit message|message)\s*:\s*/i, '');
  if (/^["'].*["']$/s.test(t) && !t.slice(1, -1).includes(t[0])) t = t.slice(1, -1);
  return t.trim();
}
