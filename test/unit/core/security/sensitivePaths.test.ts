import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BUILT_IN_SENSITIVE_GLOBS, sensitivePathPolicy } from '../../../../src/core/security/sensitivePaths';

/** One real-looking path for each built-in entry (the list below must name every one). */
const EXAMPLES: Record<string, string> = {
  '**/.git/hooks/**': '.git/hooks/pre-commit',
  '**/.husky/**': '.husky/pre-commit',
  '**/.githooks/**': '.githooks/pre-push',
  '**/.git/**': '.git/config',
  '**/.git': 'vendor/lib/.git',
  '**/.git-credentials': '.git-credentials',
  '**/.vscode/settings.json': '.vscode/settings.json',
  '**/.vscode/tasks.json': '.vscode/tasks.json',
  '**/.vscode/launch.json': '.vscode/launch.json',
  '**/*.code-workspace': 'tandem.code-workspace',
  '**/.env': '.env',
  '**/.env.*': '.env.production',
  '**/.envrc': '.envrc',
  '**/.netrc': '.netrc',
  '**/_netrc': '_netrc',
  '**/.npmrc': '.npmrc',
  '**/.pypirc': '.pypirc',
  '**/.pgpass': '.pgpass',
  '**/credentials.json': 'credentials.json',
  '**/*.tfvars': 'prod.tfvars',
  '**/*.tfvars.json': 'prod.tfvars.json',
  '**/.docker/config.json': '.docker/config.json',
  '**/.kube/config': '.kube/config',
  '**/.aws/credentials': '.aws/credentials',
  '**/*.pem': 'server.pem',
  '**/*.key': 'server.key',
  '**/*.p12': 'cert.p12',
  '**/*.pfx': 'cert.pfx',
  '**/*.jks': 'release.jks',
  '**/*.keystore': 'debug.keystore',
  '**/*.crt': 'site.crt',
  '**/*.cer': 'site.cer',
  '**/id_rsa*': 'id_rsa',
  '**/id_dsa*': 'id_dsa',
  '**/id_ecdsa*': 'id_ecdsa.pub',
  '**/id_ed25519*': 'id_ed25519',
  '**/*service-account*.json': 'my-service-account-key.json',
  '**/*service_account*.json': 'service_account.json',
  '**/*-sa.json': 'deploy-sa.json',
  '**/application_default_credentials.json': 'application_default_credentials.json',
  '**/secrets.*': 'secrets.yaml',
  '**/terraform.tfstate*': 'terraform.tfstate.backup',
  '**/.yarnrc.yml': '.yarnrc.yml',
  '**/.cargo/credentials*': '.cargo/credentials.toml',
  '**/.dev.vars': '.dev.vars',
  '**/local.settings.json': 'local.settings.json',
  '**/*.ppk': 'server.ppk',
  '**/*.p8': 'AuthKey_ABC123.p8',
  '**/.htpasswd': '.htpasswd',
  '**/.my.cnf': '.my.cnf',
  '**/.vault-token': '.vault-token',
  '**/gh/hosts.yml': '.config/gh/hosts.yml',
  '**/.s3cfg': '.s3cfg',
  '**/.boto': '.boto',
  '**/*.kdbx': 'passwords.kdbx',
  '**/.*_history': '.bash_history',
  '**/fish_history': '.local/share/fish/fish_history',
  '**/.histfile': '.histfile',
  '**/.lesshst': '.lesshst',
  '**/.viminfo': '.viminfo',
};

describe('sensitive-path policy', () => {
  const policy = sensitivePathPolicy();

  it('covers every built-in entry, at the root and nested in any folder', () => {
    assert.deepEqual(Object.keys(EXAMPLES).sort(), [...BUILT_IN_SENSITIVE_GLOBS].sort(), 'every built-in glob has an example');
    for (const example of Object.values(EXAMPLES)) {
      assert.equal(policy.isSensitive(example), true, example);
      assert.equal(policy.isSensitive(`packages/api/${example}`), true, `nested ${example}`);
      assert.equal(policy.isSensitive(`C:\\work\\repo\\${example.replace(/\//g, '\\')}`), true, `Windows ${example}`);
    }
  });

  it('knows the shell and REPL histories, and the other credential files people keep in a home folder', () => {
    for (const path of [
      '.bash_history',
      '.zsh_history',
      '.python_history',
      '.node_repl_history',
      '.psql_history',
      '.mysql_history',
      '.sqlite_history',
      '.local/share/fish/fish_history',
      'terraform.tfstate',
      '.cargo/credentials',
      '/home/u/.config/gh/hosts.yml',
      'C:\\Users\\u\\AppData\\Roaming\\GitHub CLI\\..\\gh\\hosts.yml',
    ]) {
      assert.equal(policy.classify(path), 'credentials', path);
    }
  });

  it('judges hook folders outside .git (husky, core.hooksPath) as git hooks', () => {
    for (const path of ['.husky/pre-commit', '.husky/_/husky.sh', '.githooks/post-checkout', 'web/.husky/pre-push']) {
      assert.equal(policy.classify(path), 'gitHook', path);
    }
  });

  it('judges the folder a `.git` file points at as git data, its hooks as hooks, and nothing beside it', () => {
    const linked = sensitivePathPolicy({ gitDirs: ['/w/repo/g', 'C:\\w\\other\\gd\\'] });
    assert.equal(linked.classify('/w/repo/g/config'), 'git');
    assert.equal(linked.classify('/w/repo/g'), 'git');
    assert.equal(linked.classify('/W/Repo/G/hooks/pre-commit'), 'gitHook');
    assert.equal(linked.classify('C:\\w\\other\\gd\\config'), 'git');
    assert.equal(linked.classify('/w/repo/g2/config'), undefined);
    assert.equal(linked.classify('/w/repo/src/g/config'), undefined);
    assert.equal(policy.classify('/w/repo/g/config'), undefined, 'only the folders given');
  });

  it('treats everything under any .git folder as sensitive, including nested repositories', () => {
    for (const path of [
      '.git/config',
      '.git/HEAD',
      '.git/info/exclude',
      'vendor/lib/.git/config',
      '.git/modules/sub/config',
      '/home/u/repo/.git/FETCH_HEAD',
    ]) {
      assert.equal(policy.isSensitive(path), true, path);
    }
  });

  it('catches backup and editor copies of every built-in entry', () => {
    for (const example of Object.values(EXAMPLES)) {
      const slash = example.lastIndexOf('/');
      const dir = example.slice(0, slash + 1);
      const name = example.slice(slash + 1);
      for (const copy of [
        `${name}~`,
        `${name}.bak`,
        `${name}.swp`,
        `#${name}#`,
        `${name}.orig`,
        `${name}.old`,
        `.#${name}`,
        `${name}.~1~`,
        `${name}.save`,
      ]) {
        assert.equal(policy.isSensitive(dir + copy), true, dir + copy);
      }
    }
    for (const copy of [
      '.env~',
      '.env.bak',
      '.env.swp',
      '#.env#',
      '.env.orig',
      '.id_rsa.swp',
      '.id_ed25519.un~',
      'credentials (1).json',
      'credentials copy.json',
      'credentials - Copy.json',
      '.npmrc.bak~',
    ]) {
      assert.equal(policy.isSensitive(copy), true, copy);
    }
  });

  it('ignores case, as the file systems of Windows and macOS do', () => {
    for (const path of [
      '.ENV',
      '.Env.Local',
      '.VSCode/Settings.JSON',
      '.GIT/config',
      'ID_RSA',
      'Server.PEM',
      'Credentials.Json',
      '.Git/Hooks/Pre-Commit',
    ]) {
      assert.equal(policy.isSensitive(path), true, path);
    }
  });

  it('leaves ordinary source files alone', () => {
    for (const path of [
      'src/greet.ts',
      'src/environment.ts',
      'keyboard.ts',
      'docs/pem.md',
      '.gitignore',
      '.github/workflows/ci.yml',
      '.vscode/extensions.json',
      'src/git/config.ts',
      'src/secrets/handler.ts',
      'visa.json',
      'credentials.ts',
      'README.md',
      'env/setup.sh',
      'src/history.ts',
      'docs/shell_history.md',
      'husky.config.js',
      'terraform/main.tf',
    ]) {
      assert.equal(policy.isSensitive(path), false, path);
    }
  });

  it('says why a path is sensitive, so an edit card can explain the danger', () => {
    assert.equal(policy.classify('.git/hooks/pre-commit'), 'gitHook');
    assert.equal(policy.classify('.git/config'), 'git');
    assert.equal(policy.classify('.vscode/settings.json'), 'vscodeSettings');
    assert.equal(policy.classify('.vscode/tasks.json'), 'vscodeTasks');
    assert.equal(policy.classify('.vscode/launch.json'), 'vscodeTasks');
    assert.equal(policy.classify('app.code-workspace'), 'workspaceFile');
    assert.equal(policy.classify('.env'), 'credentials');
    assert.equal(policy.classify('src/greet.ts'), undefined);
  });

  it('adds the user patterns and the workspace patterns, matched by path and by name', () => {
    const custom = sensitivePathPolicy({
      user: ['**/generated/**', '*.{lock,snap}'],
      workspace: ['config/prod-[0-9].yml', 'deploy/*.json'],
    });
    for (const path of [
      'src/generated/api.ts',
      'yarn.lock',
      'ui/__snapshots__/a.snap',
      'config/prod-1.yml',
      'deploy/target.json',
      'src/generated/api.ts.bak',
    ]) {
      assert.equal(custom.classify(path), 'pattern', path);
    }
    for (const path of ['src/api.ts', 'config/prod-a.yml', 'deploy/nested/target.json'])
      assert.equal(custom.isSensitive(path), false, path);
  });

  it('lets no pattern remove a built-in entry', () => {
    const hostile = sensitivePathPolicy({ user: [], workspace: ['!**/.env', '!.git/**', '', '{', '[', '**'] });
    for (const example of Object.values(EXAMPLES)) assert.equal(hostile.isSensitive(example), true, example);
    // "**" from a workspace makes everything sensitive: it can only add.
    assert.equal(hostile.isSensitive('src/greet.ts'), true);
  });

  it('declares the user patterns application-scoped (user settings only, as the key settings) and the workspace patterns as an additive resource setting', () => {
    const pkg = JSON.parse(readFileSync(join(__dirname, '../../../../package.json'), 'utf8'));
    const settings = pkg.contributes.configuration.properties;
    assert.equal(settings['tandem.sensitiveFiles'].scope, 'application', 'a workspace cannot replace or shrink the user list');
    assert.deepEqual(settings['tandem.sensitiveFiles'].default, []);
    assert.equal(settings['tandem.workspaceSensitiveFiles'].scope, 'resource');
    assert.equal(settings['tandem.completion.exclude'].scope, 'application', 'the former setting is still read, from user settings only');
  });
});
