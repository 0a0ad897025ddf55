// The one sensitive-path policy. Completions never send these files; chat tools read or change them
// only after a warning card, and search skips them; attaching one asks first. A built-in list that
// nothing can remove, plus the user's patterns, plus patterns a workspace may add (never remove).
import { globToRegExp } from './globPattern';

/** Why a path is sensitive: it decides the warning an edit card shows. */
export type SensitiveKind = 'gitHook' | 'git' | 'vscodeSettings' | 'vscodeTasks' | 'workspaceFile' | 'credentials' | 'pattern';

const BUILT_IN: ReadonlyArray<readonly [SensitiveKind, readonly string[]]> = [
  // Husky and `core.hooksPath` folders hold hooks git runs as programs, like `.git/hooks`.
  ['gitHook', ['**/.git/hooks/**', '**/.husky/**', '**/.githooks/**']],
  // A `.git` file (`gitdir: …`) chooses where git reads its config and hooks from.
  ['git', ['**/.git', '**/.git/**', '**/.git-credentials']],
  ['vscodeSettings', ['**/.vscode/settings.json']],
  ['vscodeTasks', ['**/.vscode/tasks.json', '**/.vscode/launch.json']],
  ['workspaceFile', ['**/*.code-workspace']],
  [
    'credentials',
    [
      '**/.env',
      '**/.env.*',
      '**/.envrc',
      '**/.netrc',
      '**/_netrc',
      '**/.npmrc',
      '**/.pypirc',
      '**/.pgpass',
      '**/credentials.json',
      '**/*.tfvars',
      '**/*.tfvars.json',
      '**/.docker/config.json',
      '**/.kube/config',
      '**/.aws/credentials',
      '**/*.pem',
      '**/*.key',
      '**/*.p12',
      '**/*.pfx',
      '**/*.jks',
      '**/*.keystore',
      '**/*.crt',
      '**/*.cer',
      '**/id_rsa*',
      '**/id_dsa*',
      '**/id_ecdsa*',
      '**/id_ed25519*',
      // Google service-account keys ("type": "service_account") are matched by their usual names.
      '**/*service-account*.json',
      '**/*service_account*.json',
      '**/*-sa.json',
      '**/application_default_credentials.json',
      '**/secrets.*',
      '**/terraform.tfstate*',
      '**/.yarnrc.yml',
      '**/.cargo/credentials*',
      '**/.dev.vars',
      '**/local.settings.json',
      '**/*.ppk',
      '**/*.p8',
      '**/.htpasswd',
      '**/.my.cnf',
      '**/.vault-token',
      '**/gh/hosts.yml',
      '**/.s3cfg',
      '**/.boto',
      '**/*.kdbx',
      // Shell and REPL histories keep the tokens people typed or pasted.
      '**/.*_history',
      '**/fish_history',
      '**/.histfile',
      '**/.lesshst',
      '**/.viminfo',
    ],
  ],
];

/** The built-in globs, for documentation and tests; they apply whatever the settings say. */
export const BUILT_IN_SENSITIVE_GLOBS: readonly string[] = BUILT_IN.flatMap(([, globs]) => globs);

export interface SensitivePathPolicy {
  /** Why `path` is sensitive, or undefined. `path` is workspace-relative (or absolute outside a workspace), `/` or `\` separated. */
  classify(path: string): SensitiveKind | undefined;
  isSensitive(path: string): boolean;
}

export interface SensitivePatterns {
  /** The user's own globs (a machine-scoped setting: a workspace cannot set it). */
  user?: readonly string[];
  /** Globs a workspace adds; they can only add. */
  workspace?: readonly string[];
  /**
   * Absolute folders that hold a repository's git data somewhere else than `.git`: a `.git` file
   * (`gitdir: g`) points at one. Their `config` and `hooks` run programs as `.git`'s do.
   */
  gitDirs?: readonly string[];
}

/**
 * Matching is case-insensitive everywhere: on the file systems that ignore case `.ENV` is `.env`, and
 * on the others a look-alike name costs at most one extra approval. A glob is tried against the whole
 * path and against the file name alone, and every name is also tried without backup decorations.
 */
export function sensitivePathPolicy(patterns: SensitivePatterns = {}): SensitivePathPolicy {
  const extra = [...(patterns.user ?? []), ...(patterns.workspace ?? [])].filter((g) => typeof g === 'string' && g.trim() !== '');
  const rules: Array<{ kind: SensitiveKind; re: RegExp }> = [
    ...BUILT_IN.flatMap(([kind, globs]) => globs.map((g) => ({ kind, re: globToRegExp(g) }))),
    ...extra.map((g) => ({ kind: 'pattern' as const, re: globToRegExp(g.trim()) })),
  ];
  const gitDirs = (patterns.gitDirs ?? []).map((d) => d.replace(/\\/g, '/').replace(/\/+$/, '').toLowerCase()).filter((d) => d !== '');
  const classify = (path: string): SensitiveKind | undefined => {
    const normal = path.replace(/\\/g, '/').replace(/\/+$/, '');
    const inGitDir = gitDirKind(gitDirs, normal.toLowerCase());
    if (inGitDir) return inGitDir;
    const slash = normal.lastIndexOf('/');
    const dir = normal.slice(0, slash + 1);
    for (const name of originalNames(normal.slice(slash + 1))) {
      const full = dir + name;
      const rule = rules.find((r) => r.re.test(full) || r.re.test(name));
      if (rule) return rule.kind;
    }
    return undefined;
  };
  return { classify, isSensitive: (path) => classify(path) !== undefined };
}

/** Inside a folder a `.git` file points at: its hooks are hooks, the rest is git's data. */
function gitDirKind(gitDirs: readonly string[], lower: string): SensitiveKind | undefined {
  const dir = gitDirs.find((d) => lower === d || lower.startsWith(`${d}/`));
  if (dir === undefined) return undefined;
  const rest = lower.slice(dir.length + 1);
  return rest === 'hooks' || rest.startsWith('hooks/') ? 'gitHook' : 'git';
}

// Editors and people leave copies next to a file: `.env~`, `#.env#`, `.#.env`, `.env.bak`, `.env.swp`,
// `.id_rsa.swp` (vim adds a dot), `.env.~1~`, `credentials (1).json`, `credentials copy.json`.
const BACKUP_SUFFIX = /(?:~|\.~\d+~|\.(?:bak|backup|bk|old|orig|save|sav|tmp|temp|copy|prev|rej|swp|swo|swn|swx|un~))$/i;
const COPY_MARK = /(?: copy(?: \d+)?| - copy(?: \(\d+\))?| \(\d+\))(?=\.[^.]*$|$)/i;

/** The name itself and every name it may be a backup copy of. */
function originalNames(name: string): string[] {
  const names = new Set([name]);
  const queue = [name];
  while (queue.length > 0 && names.size < 32) {
    const n = queue.pop()!;
    const stripped = n.replace(BACKUP_SUFFIX, '');
    const candidates = [stripped, n.replace(COPY_MARK, '')];
    // vim names the swap and undo files of `id_rsa` `.id_rsa.swp` and `.id_rsa.un~`.
    if (stripped !== n && stripped.startsWith('.')) candidates.push(stripped.slice(1));
    const autosave = /^#(.+)#$/.exec(n);
    if (autosave) candidates.push(autosave[1]);
    if (n.startsWith('.#')) candidates.push(n.slice(2));
    for (const c of candidates) {
      if (c !== '' && !names.has(c)) {
        names.add(c);
        queue.push(c);
      }
    }
  }
  return [...names];
}
