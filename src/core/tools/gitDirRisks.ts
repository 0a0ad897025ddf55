// Whether the workspace's git folder makes plain git commands run programs. `git status`, a typical
// standing rule, runs `core.fsmonitor`, hooks such as post-index-change, pagers, diff drivers…: a
// repository that ships its own git folder (or a `.git` file pointing to one inside the workspace)
// turns an allowed `git status` into any command. When such a setting is found no standing rule
// covers a git command, and the card says why. The folder is read in vscode/ (gitDirFacts.ts).

/** What vscode/ read of the repository's git folder for the workspace root. */
export interface GitDirFacts {
  /** `.git` is a file whose `gitdir:` names this folder (shown relative to the workspace when inside it). */
  redirect?: { target: string; insideWorkspace: boolean };
  /** The workspace folder itself is a bare repository (HEAD, objects/): git uses it as the git folder. */
  bareRoot?: boolean;
  /** Each config file git reads for this repository: text, or undefined when it was too large to read. */
  configs: Array<{ name: string; text: string | undefined }>;
  /** Hook files that are not the `.sample`s git installs. */
  hooks: string[];
}

/**
 * Config variable names (the last part, case-insensitive) whose value git runs as a program, or that
 * point git at more config: core.fsmonitor/hooksPath/sshCommand/pager/editor/gitProxy/askPass/
 * alternateRefsCommand, diff.external, diff.*.textconv/command, merge.*.driver,
 * filter.*.clean/smudge/process, credential.helper, sequence.editor, gpg.program,
 * uploadpack.packObjectsHook, remote.*.uploadpack/receivepack, difftool/mergetool/man/browser *.cmd/path,
 * include.path, includeIf.*.path. Matched whatever the section: a false alarm costs one card.
 */
const RUNS_PROGRAM = [
  'fsmonitor',
  'hookspath',
  'sshcommand',
  'pager',
  'editor',
  'gitproxy',
  'askpass',
  'alternaterefscommand',
  'external',
  'textconv',
  'command',
  'driver',
  'clean',
  'smudge',
  'process',
  'helper',
  'program',
  'packobjectshook',
  'uploadpack',
  'receivepack',
  'cmd',
  'path',
  'browser',
  'difffilter',
];
// A name at the start of a line (or after a section header), then `=`, a comment or the line's end:
// what git reads as a variable. Continuation lines are read as lines too, which only adds false alarms.
const VARIABLE = new RegExp(`(?:^|[\\s\\]])(${RUNS_PROGRAM.join('|')})\\s*(?=$|=|[#;])`, 'gim');
/** Sections every variable of which runs a program or loads more config. */
const SECTION = /\[\s*(alias|include|includeif|pager)\b/gi;

/** The variables of one config file that run programs, lower-cased (`fsmonitor`, `[alias]`). */
export function configRunsPrograms(text: string): string[] {
  const found = new Set<string>();
  for (const match of text.matchAll(VARIABLE)) found.add(match[1].toLowerCase());
  for (const match of text.matchAll(SECTION)) found.add(`[${match[1].toLowerCase()}]`);
  return [...found];
}

/** Why no standing rule may cover a git command in this repository, or [] when nothing was found. */
export function gitDirRisks(facts: GitDirFacts): string[] {
  const risks: string[] = [];
  if (facts.redirect?.insideWorkspace)
    risks.push(`the \`.git\` file points to the folder \`${facts.redirect.target}\` inside the workspace`);
  if (facts.bareRoot) risks.push('the workspace folder is itself a bare git repository');
  for (const config of facts.configs) {
    if (config.text === undefined) {
      risks.push(`\`${config.name}\` is too large to check`);
      continue;
    }
    const found = configRunsPrograms(config.text);
    if (found.length > 0) risks.push(`\`${config.name}\` sets ${found.map((k) => `\`${k}\``).join(', ')}, which run programs`);
  }
  if (facts.hooks.length > 0) risks.push(`the git folder has hooks (${facts.hooks.map((h) => `\`${h}\``).join(', ')})`);
  return risks;
}

/** Whether a command may run git: a word that is `git` or a path ending in `/git`, however it is read. */
export function mentionsGit(words: readonly string[]): boolean {
  return words.some((w) => w === 'git' || w.endsWith('/git'));
}
