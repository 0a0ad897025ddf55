// Which shell Tandem's terminal runs, and so whether the standing command rules can judge for it.
// The rules read commands as POSIX shell (commandParts.ts); a command judged that way but run by
// PowerShell or cmd may run more than was judged (`\` is no escape there, `;` and `&` still separate).
// So on Linux and macOS the "Tandem" terminal is started with bash (or sh) named explicitly, and the
// rules judge for it; where no such shell can be named (Windows) standing allow rules are off.

/** The shell the "Tandem" terminal runs, named to createTerminal, or why the rules cannot judge for one. */
export type CommandShell = { kind: 'posix'; path: string; name: string } | { kind: 'unjudged'; reason: string };

export interface ShellFacts {
  /** process.platform of the extension host (where the terminal's shell starts). */
  platform: string;
  /** The user's default terminal shell (vscode.env.shell), '' when unknown. */
  defaultShell: string;
  /** The extension host's PATH. */
  path: string | undefined;
  isExecutable(file: string): boolean;
}

/**
 * Fixed places first (Homebrew's before macOS's old /bin/bash 3.2), then absolute PATH entries (Nix…);
 * a relative PATH entry could name a `bash` shipped inside the workspace. sh last: the terminal's
 * shell integration (the command's output and exit code) works with bash, not with sh.
 */
const SYSTEM_BASH = ['/opt/homebrew/bin/bash', '/usr/local/bin/bash', '/bin/bash', '/usr/bin/bash'];
const SYSTEM_SH = ['/bin/sh', '/usr/bin/sh'];

/**
 * bash only: zsh reads words the POSIX reader takes as plain (`=cmd`, glob qualifiers such as
 * `x(e:cmd:)`), fish has other quoting, and sh (dash) lacks the terminal's shell integration. A
 * user whose default shell is zsh or fish gets bash in the "Tandem" terminal (their own terminals
 * are unchanged).
 */
export function commandShell(facts: ShellFacts): CommandShell {
  if (facts.platform === 'win32') {
    return {
      kind: 'unjudged',
      reason:
        'on Windows the terminal runs PowerShell or cmd, which read quotes, `\\` and `&` differently from the POSIX shell rules are judged for',
    };
  }
  const fromPath = (facts.path ?? '')
    .split(':')
    .filter((dir) => dir.startsWith('/'))
    .map((dir) => `${dir.replace(/\/+$/, '')}/bash`);
  const preferred = baseName(facts.defaultShell) === 'bash' && facts.defaultShell.startsWith('/') ? [facts.defaultShell] : [];
  for (const file of [...preferred, ...SYSTEM_BASH, ...fromPath, ...SYSTEM_SH]) {
    if (facts.isExecutable(file)) return { kind: 'posix', path: file, name: baseName(file) };
  }
  return { kind: 'unjudged', reason: 'no POSIX shell (bash or sh) was found to run the terminal with' };
}

function baseName(file: string): string {
  return file.split(/[\\/]/).pop() ?? '';
}
