// Standing rules for run_command: command prefixes the user allows or denies, per workspace and in
// their user settings. A rule matches a part of a command on whole words (`npm test` matches
// `npm test -- --grep x`, not `npm testify`); every part must be allowed, and deny wins.
import { commandParts, looseWords, partText, type CommandPart } from './commandParts';

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
}

/** The words of a rule, or undefined when it is not one certain simple command (or one redirection). */
export function ruleWords(rule: string): string[] | undefined {
  const reading = commandParts(rule.trim());
  if (!reading.certain || reading.parts.length !== 1) return undefined;
  return reading.parts[0].words;
}

/** Whether a rule's words begin the part's words, word for word. */
export function ruleMatches(rule: readonly string[], part: CommandPart): boolean {
  return rule.length > 0 && rule.length <= part.words.length && rule.every((w, i) => part.words[i] === w);
}

/** A rule as stored: trimmed and in the reader's own spelling, or undefined when it cannot be a rule. */
export function normalRule(rule: string): string | undefined {
  const words = ruleWords(rule);
  return words ? partText({ words }) : undefined;
}

/** Sensitive paths never stand: such a command asks, with its warning, whatever the rules say. */
export function judgeCommand(command: string, rules: CommandRules, isSensitive: (path: string) => boolean): CommandJudgement {
  const reading = commandParts(command);
  const names = new Set(looseWords(command));
  if (reading.certain) for (const part of reading.parts) for (const word of part.words) for (const name of pathsIn(word)) names.add(name);
  const sensitive = [...names].filter((name) => isSensitive(name));
  if (sensitive.length > 0 || !reading.certain) return { verdict: 'ask', sensitive, parts: reading.certain ? reading.parts : undefined };
  const { parts } = reading;
  const deny = compiled(rules.deny);
  const allow = compiled(rules.allow);
  if (parts.some((part) => deny.some((rule) => ruleMatches(rule, part)))) return { verdict: 'deny', sensitive, parts };
  if (parts.length > 0 && parts.every((part) => allow.some((rule) => ruleMatches(rule, part))))
    return { verdict: 'allow', sensitive, parts };
  return { verdict: 'ask', sensitive, parts };
}

/**
 * The prefixes "Always allow in this workspace" offers: per part, its assignments, its command and a
 * subcommand-like next word (`npm test`, `git status`, `ls`). None when a part is a redirection.
 */
export function suggestedRules(parts: readonly CommandPart[]): string[] | undefined {
  if (parts.length === 0 || parts.some((p) => p.redirect)) return undefined;
  const rules = parts.map((part) => {
    const command = part.words.findIndex((w) => !/^[A-Za-z_][A-Za-z0-9_]*=/.test(w));
    if (command < 0) return partText(part);
    const next = part.words[command + 1];
    const end = next !== undefined && /^[a-z][a-z0-9:_-]*$/i.test(next) ? command + 2 : command + 1;
    return partText({ words: part.words.slice(0, end) });
  });
  return [...new Set(rules)];
}

function compiled(rules: readonly string[]): string[][] {
  return rules.map(ruleWords).filter((w): w is string[] => w !== undefined);
}

/** A word and the paths it may hold: `--env-file=.env` names `.env`. */
function pathsIn(word: string): string[] {
  return [word, ...word.split('=').slice(1)].filter((w) => w !== '');
}
