// Standing rules for run_command: commands the user allows or denies, per workspace and in their
// user settings. A deny rule matches a part of a command on whole words (`git push` matches `git push
// origin`, not `git pushy`); an allow rule covers its exact command, and longer ones only when it is a
// read-only prefix (commandPrefixes.ts). Every part must be allowed, and deny wins.
import { commandParts, looseWords, partText, type CommandPart } from './commandParts';
import { mentionsGit } from './gitDirRisks';
import { hasUnquotedGlob, outsidePrefixRules, readOnlyPrefix, recursiveRead } from './commandPrefixes';

export interface CommandRules {
  allow: readonly string[];
  deny: readonly string[];
}

export const NO_RULES: CommandRules = { allow: [], deny: [] };

/**
 * What the rules say of a command: `allow` (runs without a card), `deny` (refused without a card),
 * or `ask` (the card, as without rules). `sensitive` names the sensitive paths it mentions.
 */
export interface CommandJudgement {
  verdict: 'allow' | 'deny' | 'ask';
  sensitive: string[];
  /** The parts, when the command could be read with certainty. */
  parts?: CommandPart[];
  /** Why it reaches files that may hold secrets without naming them (a recursive read, a wildcard). */
  broadRead?: string;
  /** Why no standing allow rule applies here: the terminal's shell is not judged for. */
  rulesOff?: string;
  /** Why no standing approval covers it: it may run git, and the git folder makes git run programs. */
  gitRisks?: string;
}

/** The words of a rule, or undefined when it is not one certain simple command (or one redirection). */
export function ruleWords(rule: string): string[] | undefined {
  const reading = commandParts(rule.trim());
  if (!reading.certain || reading.parts.length !== 1) return undefined;
  return reading.parts[0].words;
}

/** Whether a rule's words begin the part's words, word for word. */
function ruleMatches(rule: readonly string[], part: CommandPart): boolean {
  return rule.length > 0 && rule.length <= part.words.length && rule.every((w, i) => part.words[i] === w);
}

/** A rule as stored: trimmed and in the reader's own spelling, or undefined when it cannot be a rule. */
export function normalRule(rule: string): string | undefined {
  const words = ruleWords(rule);
  return words ? partText({ words }) : undefined;
}

/** What judging needs besides the rules: why standing allow rules are off here, if they are. */
export interface JudgeOptions {
  /** The terminal's shell cannot be judged for (commandShell.ts): no allow rule applies. */
  shellUnjudged?: string;
  /** The repository's git folder makes git run programs (gitDirRisks.ts): no rule covers a command that may run git. */
  gitRisks?: readonly string[];
}

/**
 * Sensitive paths never stand: such a command asks, with its warning, whatever the rules say; so
 * does a recursive read or a wildcard, which reaches `.env` and keys without naming them. Deny rules
 * always apply; allow rules only where the shell is judged for and the git folder runs nothing.
 */
export function judgeCommand(
  command: string,
  rules: CommandRules,
  isSensitive: (path: string) => boolean,
  options: JudgeOptions = {},
): CommandJudgement {
  const reading = commandParts(command);
  const names = new Set(looseWords(command));
  if (reading.certain) for (const part of reading.parts) for (const word of part.words) for (const name of pathsIn(word)) names.add(name);
  const sensitive = [...names].filter((name) => isSensitive(name));
  const parts = reading.certain ? reading.parts : undefined;
  const recursive = parts?.map(recursiveRead).find((r) => r !== undefined);
  const broadRead = recursive
    ? `it reads folders recursively (\`${recursive}\`)`
    : hasUnquotedGlob(command)
      ? 'it has a wildcard'
      : undefined;
  // Only the git folder of the workspace root is checked: git run after `cd` may find another one.
  const elsewhere = parts?.some(changesFolder)
    ? ['it changes folder (`cd`) first, and only the git folder of the workspace root is checked']
    : [];
  const risky = mayRunGit(command) ? [...(options.gitRisks ?? []), ...elsewhere] : [];
  const gitRisks = risky.length > 0 ? risky.join('; ') : undefined;
  const reasons = { ...(broadRead ? { broadRead } : {}), ...(gitRisks ? { gitRisks } : {}) };
  if (sensitive.length > 0 || broadRead || !parts) return { verdict: 'ask', sensitive, parts, ...reasons };
  const deny = compiled(rules.deny);
  if (parts.some((part) => deny.some((rule) => ruleMatches(rule, part)))) return { verdict: 'deny', sensitive, parts };
  if (gitRisks) return { verdict: 'ask', sensitive, parts, gitRisks };
  if (options.shellUnjudged !== undefined) return { verdict: 'ask', sensitive, parts, rulesOff: options.shellUnjudged };
  const allow = compiled(rules.allow);
  if (parts.length > 0 && parts.every((part) => allow.some((rule) => allowRuleCovers(rule, part))))
    return { verdict: 'allow', sensitive, parts };
  return { verdict: 'ask', sensitive, parts };
}

/**
 * Whether an allow rule covers a part: a rule covers its exact command; it covers longer commands
 * only when it begins with a read-only prefix (commandPrefixes.ts) and the part has no option that
 * writes or executes. Judged at use, so a stored `python` or `find` rule covers only itself.
 */
function allowRuleCovers(rule: readonly string[], part: CommandPart): boolean {
  if (rule.length === part.words.length && ruleMatches(rule, part)) return true;
  return readOnlyPrefix(rule) !== undefined && ruleMatches(rule, part) && outsidePrefixRules(part) === undefined;
}

/**
 * The rules "Always allow in this workspace" offers, one per part: its read-only prefix (`git
 * status`, `ls`) where it has one and no option that writes or executes, else the exact part. None
 * when a part is a redirection.
 */
export function suggestedRules(parts: readonly CommandPart[]): string[] | undefined {
  if (parts.length === 0 || parts.some((p) => p.redirect)) return undefined;
  const rules = parts.map((part) => {
    const prefix = readOnlyPrefix(part.words);
    return partText({ words: prefix && outsidePrefixRules(part) === undefined ? [...prefix] : part.words });
  });
  return [...new Set(rules)];
}

/** Whether a command may run git, read loosely (a word `git` or `…/git`, wherever it stands). */
export function mayRunGit(command: string): boolean {
  return mentionsGit(looseWords(command));
}

function changesFolder(part: CommandPart): boolean {
  const command = part.words.find((w) => !/^[A-Za-z_][A-Za-z0-9_]*=/.test(w));
  return command === 'cd' || command === 'pushd' || command === 'popd';
}

function compiled(rules: readonly string[]): string[][] {
  return rules.map(ruleWords).filter((w): w is string[] => w !== undefined);
}

/** A word and the paths it may hold: `--env-file=.env` names `.env`, `HEAD:.env` names `.env`. */
function pathsIn(word: string): string[] {
  return [word, ...word.split('=').slice(1), ...word.split(':').slice(1)].filter((w) => w !== '');
}
