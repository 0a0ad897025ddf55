// A git folder that makes `git status` run programs (core.fsmonitor, hooks, a `.git` file pointing to
// a folder inside the workspace): no standing rule covers a git command there, and the card says why.
// gitDirFacts reads the folder (fs only); gitDirRisks decides.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sensitivePathPolicy } from '../../../../src/core/security/sensitivePaths';
import { preparedCommand } from '../../../../src/core/tools/commandApproval';
import { configRunsPrograms, gitDirRisks } from '../../../../src/core/tools/gitDirRisks';
import { gitDirFacts } from '../../../../src/vscode/chat/gitDirFacts';

const policy = sensitivePathPolicy();
const isSensitive = (p: string) => policy.isSensitive(p);

describe('git folder risks: config that runs programs', () => {
  it('finds the variables that run programs, whatever the spelling git accepts', () => {
    assert.deepEqual(configRunsPrograms('[core]\n\tfsmonitor = "touch x"\n'), ['fsmonitor']);
    assert.deepEqual(configRunsPrograms('[CORE] FsMonitor=touch'), ['fsmonitor']);
    assert.deepEqual(configRunsPrograms('[core]\r\n  hooksPath\n'), ['hookspath']);
    assert.deepEqual(configRunsPrograms('[diff "x"]\n textconv = cat\n[filter "f"]\n smudge = sh\n'), ['textconv', 'smudge']);
    assert.deepEqual(configRunsPrograms('[alias]\n st = !sh x\n'), ['[alias]']);
    assert.deepEqual(configRunsPrograms('[includeIf "gitdir:/"]\n path = ../evil\n'), ['path', '[includeif]']);
    for (const key of [
      'sshCommand',
      'pager',
      'editor',
      'gitProxy',
      'external',
      'helper',
      'program',
      'uploadpack',
      'receivepack',
      'packObjectsHook',
    ])
      assert.deepEqual(configRunsPrograms(`[x]\n${key} = y\n`), [key.toLowerCase()], key);
    assert.deepEqual(
      configRunsPrograms(
        '[core]\n\trepositoryformatversion = 0\n\tbare = false\n[remote "origin"]\n\turl = https://example.com/fsmonitor.git\n',
      ),
      [],
      'a plain config runs nothing',
    );
  });

  it('the card asks for a git command, says why, and offers nothing standing; other commands are unaffected', () => {
    const gitRisks = gitDirRisks({ configs: [{ name: 'g/config', text: '[core]\n fsmonitor = touch x\n' }], hooks: [] });
    const context = { rules: { allow: ['git status', 'ls'], deny: [] }, isSensitive, gitRisks };
    const git = preparedCommand('git status', 'demo', context);
    assert.equal(git.rules, undefined, 'no standing rule covers it');
    assert.match(git.approval.warning!, /git may run programs here: `g\/config` sets `fsmonitor`/);
    assert.equal(git.approval.alwaysScope, undefined);
    assert.equal(git.approval.workspaceRule, undefined);
    assert.equal(preparedCommand('/usr/bin/git status', 'demo', context).rules, undefined);
    assert.equal(preparedCommand('ls', 'demo', context).rules, 'allow');
    const plain = { rules: { allow: ['git status', 'cd sub'], deny: [] }, isSensitive, gitRisks: [] };
    assert.equal(preparedCommand('git status', 'demo', plain).rules, 'allow');
    const moved = preparedCommand('cd sub && git status', 'demo', plain);
    assert.equal(moved.rules, undefined, 'git after cd may use a git folder nobody checked');
    assert.match(moved.approval.warning!, /changes folder \(`cd`\) first/);
  });
});

describe('gitDirFacts: reading the git folder git uses for the workspace', () => {
  let root: string;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'tandem-gitdir-'));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));
  const git = (...args: string[]) => execFileSync('git', args, { cwd: root, stdio: 'pipe', encoding: 'utf8' });

  it('a `.git` file `gitdir: g` whose config sets core.fsmonitor: real git runs it on status, and the risks name both', async () => {
    git('init', '-q', '--separate-git-dir', join(root, 'g'), join(root));
    writeFileSync(join(root, '.git'), 'gitdir: g\n');
    git('config', '-f', join(root, 'g', 'config'), 'core.fsmonitor', 'touch fsmonitor-ran; false');
    const risks = gitDirRisks(await gitDirFacts(root));
    assert.equal(risks.length, 2, risks.join('\n'));
    assert.match(risks[0], /`.git` file points to the folder `g` inside the workspace/);
    assert.match(risks[1], /`g\/config` sets `fsmonitor`/);
    git('status');
    assert.ok(existsSync(join(root, 'fsmonitor-ran')), 'the fixture is real: git status ran the fsmonitor command');
  });

  it('a `.git` folder with a hook or a hooksPath; a bare repository as the root; a plain repository has none', async () => {
    git('init', '-q');
    assert.deepEqual(gitDirRisks(await gitDirFacts(root)), [], 'a fresh repository: only .sample hooks');
    writeFileSync(join(root, '.git', 'hooks', 'post-index-change'), '#!/bin/sh\ntouch x\n');
    assert.match(gitDirRisks(await gitDirFacts(root)).join(), /hooks \(`.git\/hooks\/post-index-change`\)/);
    rmSync(join(root, '.git'), { recursive: true });
    git('init', '-q', '--bare', '.');
    git('config', 'core.hooksPath', '.husky');
    const risks = gitDirRisks(await gitDirFacts(root));
    assert.match(risks.join('\n'), /bare git repository/);
    assert.match(risks.join('\n'), /`config` sets `hookspath`/);
  });

  it('a worktree: the `.git` file points outside the workspace, and the shared config is read too', async () => {
    const main = join(root, 'main');
    mkdirSync(main);
    execFileSync('git', ['init', '-q', main]);
    execFileSync('git', ['-C', main, '-c', 'user.name=t', '-c', 'user.email=t@example.com', 'commit', '-q', '--allow-empty', '-m', 'x']);
    execFileSync('git', ['-C', main, 'worktree', 'add', '-q', join(root, 'wt')], { stdio: 'pipe' });
    const facts = await gitDirFacts(join(root, 'wt'));
    assert.equal(facts.redirect?.insideWorkspace, false);
    assert.deepEqual(gitDirRisks(facts), []);
    execFileSync('git', ['-C', main, 'config', 'core.pager', 'sh x']);
    assert.match(gitDirRisks(await gitDirFacts(join(root, 'wt'))).join(), /sets `pager`/);
  });
});
