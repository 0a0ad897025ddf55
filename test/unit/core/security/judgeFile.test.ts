import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { judgeFile, type GateRoot } from '../../../../src/core/security/outflowGate';
import { sensitivePathPolicy } from '../../../../src/core/security/sensitivePaths';

const p = path.posix;
const policy = sensitivePathPolicy();
const root = (dir: string, usable = true): GateRoot => ({ path: dir, realPath: dir, usable });

describe('judgeFile (the one sensitive-content gate)', () => {
  it('judges a file in a `.git` root by its absolute path, not by the harmless name relative to that root', () => {
    const roots = [root('/w/repo'), root('/w/repo/.git')];
    const verdict = judgeFile({ path: '/w/repo/.git/config' }, [roots[1]], policy, p);
    assert.equal(verdict.sensitive, 'git');
    assert.equal(judgeFile({ path: '/w/repo/.git/hooks/pre-commit' }, [roots[1]], policy, p).sensitive, 'gitHook');
  });

  it('judges a symlink by its real target: notes.txt → .env is sensitive', () => {
    const verdict = judgeFile({ path: '/w/repo/notes.txt', realPath: '/w/repo/.env' }, [root('/w/repo')], policy, p);
    assert.equal(verdict.sensitive, 'credentials');
    assert.equal(verdict.shown, '.env');
  });

  it('shows a file outside the first root by its real absolute path', () => {
    const roots = [root('/w/repo'), root('/home/u/docs')];
    const verdict = judgeFile({ path: '/home/u/docs/a.md' }, roots, policy, p);
    assert.equal(verdict.shown, '/home/u/docs/a.md');
    assert.equal(verdict.inWorkspace, true);
    assert.equal(judgeFile({ path: '/w/repo/src/a.ts' }, roots, policy, p).shown, 'src/a.ts');
  });

  it('a file in a root the user has not allowed, or in no root, is not in the workspace', () => {
    const roots = [root('/w/repo'), root('/home/u', false)];
    assert.equal(judgeFile({ path: '/home/u/notes.md' }, roots, policy, p).inWorkspace, false);
    assert.equal(judgeFile({ path: '/etc/hosts' }, roots, policy, p).inWorkspace, false);
    // A link inside the workspace that leads out of it is judged where it leads.
    assert.equal(judgeFile({ path: '/w/repo/link', realPath: '/etc/hosts' }, roots, policy, p).inWorkspace, false);
  });

  it('a file a `.code-workspace` root names harmlessly is judged by its absolute path: gh/hosts.yml, a folder a .git file points at', () => {
    const roots = [root('/w/repo'), root('/w/home', false)];
    const hosts = judgeFile({ path: '/w/home/.config/gh/hosts.yml' }, [root('/w/repo'), root('/w/home/.config')], policy, p);
    assert.equal(hosts.sensitive, 'credentials');
    assert.equal(hosts.shown, '/w/home/.config/gh/hosts.yml');
    const linked = sensitivePathPolicy({ gitDirs: ['/w/repo/g'] });
    assert.equal(judgeFile({ path: '/w/repo/g/config' }, roots, linked, p).sensitive, 'git');
    assert.equal(judgeFile({ path: '/w/repo/g/hooks/pre-commit' }, [root('/w/repo/g')], linked, p).sensitive, 'gitHook');
  });

  it('an ordinary source file is neither sensitive nor outside', () => {
    assert.deepEqual(judgeFile({ path: '/w/repo/src/a.ts' }, [root('/w/repo')], policy, p), {
      shown: 'src/a.ts',
      sensitive: undefined,
      inWorkspace: true,
    });
  });
});
