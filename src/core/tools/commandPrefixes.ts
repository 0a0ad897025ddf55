// Which standing allow rules may cover more than the exact command they name. A prefix rule such as
// `python`, `find` or `npm test` lets the model run anything that program can do (`python -c …`,
// `find -exec …`, `npm test -- --require ./x.js`), so only commands that can neither execute code
// nor write files may stand as prefixes; every other allow rule covers only its exact command. And
// even under a prefix rule, the option forms that write or execute fall outside it.
import type { CommandPart } from './commandParts';

/**
 * The prefixes an allow rule may stand as: read-only commands. Not here, on purpose: interpreters and
 * shells (`python`, `node`, `bash`), `find`/`xargs`/`env`/`sudo`/`make`/`npx`, package scripts (`npm
 * test` runs the repository's code), readers of file contents (`cat`, `grep`, `head`: they read any
 * path, a link to a key included, without naming it), and git subcommands that write (`git branch`,
 * `git remote`, `git config`).
 */
export const READ_ONLY_PREFIXES: readonly (readonly string[])[] = [
  ['git', 'status'],
  ['git', 'diff'],
  ['git', 'log'],
  ['git', 'show'],
  ['git', 'blame'],
  ['git', 'ls-files'],
  ['git', 'rev-parse'],
  ['ls'],
  ['pwd'],
  ['echo'],
  ['which'],
];

/** Option words that write a file, run a program or reach outside the repository, in any command under a prefix rule. */
const WRITE_OR_EXECUTE = new Set([
  '-c',
  '-e',
  '-x',
  '-o',
  '-C',
  '-exec',
  '-execdir',
  '-ok',
  '-okdir',
  '-delete',
  '-fprint',
  '-fprint0',
  '-fprintf',
  '-fls',
  '--eval',
  '--ext-diff',
  '--no-index',
]);
/** Long options that write or execute, alone or with `=value`. */
const WRITE_OR_EXECUTE_LONG = [
  '--output',
  '--exec',
  '--upload-pack',
  '--receive-pack',
  '--config',
  '--git-dir',
  '--work-tree',
  '--exec-path',
];
/**
 * Characters another shell would read differently (PowerShell: `` ` `` and `$`; cmd: `%` and `^`;
 * both: `\` is no escape, quotes differ). In a word they came from quotes or escapes; a prefix rule
 * does not cover such words, so it never bets on one shell's quoting.
 */
const SHELL_SPECIAL = /[;&|<>"'`\\$%^()\n]/;

/** The read-only prefix a rule's words begin with, if any. */
export function readOnlyPrefix(words: readonly string[]): readonly string[] | undefined {
  return READ_ONLY_PREFIXES.find((prefix) => prefix.length <= words.length && prefix.every((w, i) => words[i] === w));
}

/** Why a part falls outside any prefix rule (an option that writes or executes, a word another shell reads otherwise), or undefined. */
export function outsidePrefixRules(part: CommandPart): string | undefined {
  for (const word of part.words) {
    if (WRITE_OR_EXECUTE.has(word) || WRITE_OR_EXECUTE_LONG.some((o) => word === o || word.startsWith(`${o}=`)))
      return `\`${word}\` writes a file or runs a program`;
    if (/core\.fsmonitor|core\.hookspath|core\.sshcommand/i.test(word)) return `\`${word}\` sets a git setting that runs a program`;
    if (SHELL_SPECIAL.test(word)) return 'a word holds quoted shell characters';
  }
  return undefined;
}

const GREP = new Set(['grep', 'egrep', 'fgrep', 'zgrep', 'rgrep']);
const SEARCHERS = new Set(['rg', 'ag', 'ack', 'ack-grep', 'find', 'fd', 'fdfind']);

/**
 * Whether a part reads whole folders: it reaches `.env` and keys without naming them, so it counts as
 * touching sensitive files. grep with -r/-R (also in a bundle such as `-rn`), rg, ag, ack, find, git grep.
 */
export function recursiveRead(part: CommandPart): string | undefined {
  const at = part.words.findIndex((w) => !/^[A-Za-z_][A-Za-z0-9_]*=/.test(w));
  if (at < 0) return undefined;
  const command = baseName(part.words[at]);
  const rest = part.words.slice(at + 1);
  if (SEARCHERS.has(command)) return command;
  if (command === 'git' && rest.includes('grep')) return 'git grep';
  if (GREP.has(command)) {
    if (command === 'rgrep') return command;
    const recursive = rest.some(
      (w, i) =>
        w === '--recursive' ||
        w === '--dereference-recursive' ||
        /^--directories=recurse$/.test(w) ||
        (w === '-d' && rest[i + 1] === 'recurse') ||
        /^-[A-Za-z]*[rR]/.test(w),
    );
    if (recursive) return `${command} -r`;
  }
  return undefined;
}

/** A wildcard outside quotes: the shell expands it to names nobody read (`cat *` reaches `.env`). */
export function hasUnquotedGlob(command: string): boolean {
  let quote: string | undefined;
  for (let i = 0; i < command.length; i++) {
    const c = command[i];
    if (quote) {
      if (c === quote) quote = undefined;
      else if (c === '\\' && quote === '"') i++;
    } else if (c === '\\') i++;
    else if (c === '"' || c === "'") quote = c;
    else if (c === '*' || c === '?' || c === '[') return true;
  }
  return false;
}

function baseName(word: string): string {
  return word.split('/').pop() ?? word;
}
