import * as assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { promises as fs } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { confinePath, displayPath } from '../../../src/core/tools/pathConfinement';

describe('tool path confinement', () => {
  let base: string;
  let workspace: string;
  let outside: string;
  const confine = (input: string, roots = [workspace]) => confinePath(input, { roots, realpath: (p) => fs.realpath(p) });

  before(() => {
    base = realpathSync(mkdtempSync(join(tmpdir(), 'tandem-confine-')));
    workspace = join(base, 'workspace');
    outside = join(base, 'outside');
    mkdirSync(join(workspace, 'src'), { recursive: true });
    mkdirSync(outside);
    writeFileSync(join(workspace, 'src', 'greet.ts'), 'export {}\n');
    writeFileSync(join(outside, 'secret.txt'), 'top secret\n');
    symlinkSync(outside, join(workspace, 'escape'));
    symlinkSync(join(outside, 'secret.txt'), join(workspace, 'src', 'link.txt'));
    symlinkSync(join(workspace, 'src'), join(workspace, 'inner'));
  });
  after(() => rmSync(base, { recursive: true, force: true }));

  it('accepts relative paths inside the workspace, existing or not yet', async () => {
    const found = await confine('src/greet.ts');
    assert.deepEqual(found.ok && [found.path, displayPath(found)], [join(workspace, 'src', 'greet.ts'), 'src/greet.ts']);
    const fresh = await confine('src/new/file.ts');
    assert.equal(fresh.ok, true, 'a file apply_edit may create');
    const root = await confine('.');
    assert.deepEqual(root.ok && displayPath(root), '.');
  });

  it('accepts an absolute path inside a workspace folder', async () => {
    assert.equal((await confine(join(workspace, 'src', 'greet.ts'))).ok, true);
  });

  it('refuses ".." segments, even ones that would land inside', async () => {
    for (const input of ['../outside/secret.txt', 'src/../../outside', 'src/../src/greet.ts', '..\\outside']) {
      const result = await confine(input);
      assert.equal(result.ok, false, input);
      assert.match(!result.ok ? result.error : '', /"\.\." segments are not allowed/);
    }
  });

  it('refuses absolute paths outside the workspace folders', async () => {
    for (const input of [join(outside, 'secret.txt'), '/etc/passwd']) {
      const result = await confine(input);
      assert.equal(result.ok, false);
      assert.match(!result.ok ? result.error : '', /outside the workspace folders/);
    }
  });

  it('refuses symlinks that escape, including files under an escaping directory and new files there', async () => {
    for (const input of ['escape', 'escape/secret.txt', 'src/link.txt', 'escape/new-file.txt']) {
      const result = await confine(input);
      assert.equal(result.ok, false, input);
      assert.match(!result.ok ? result.error : '', /symlink that leads outside/);
    }
  });

  it('allows symlinks that stay inside the workspace', async () => {
    assert.equal((await confine('inner/greet.ts')).ok, true);
  });

  it('resolves against the first folder and accepts paths in any folder of a multi-root workspace', async () => {
    const other = join(base, 'other');
    mkdirSync(other, { recursive: true });
    assert.equal((await confine(join(other, 'x.ts'), [workspace, other])).ok, true);
    assert.equal((await confine(join(other, 'x.ts'), [workspace])).ok, false);
  });

  it('refuses everything when no folder is open', async () => {
    const result = await confine('src/greet.ts', []);
    assert.match(!result.ok ? result.error : '', /no workspace folder/);
  });
});
