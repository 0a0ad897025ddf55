import * as assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { promises as fs } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { confinePath, displayPath, requestedPath } from '../../../../src/core/tools/pathConfinement';
import { confineWriteTarget } from '../../../../src/core/tools/writeGuard';

describe('tool path confinement', () => {
  let base: string;
  let workspace: string;
  let outside: string;
  const options = (roots = [workspace]) => ({ roots, realpath: (p: string) => fs.realpath(p), lstat: (p: string) => fs.lstat(p) });
  const confine = (input: string, roots = [workspace]) => confinePath(input, options(roots));

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
    symlinkSync(join(workspace, 'src', 'gone.ts'), join(workspace, 'src', 'dangling.ts'));
    symlinkSync(join(outside, 'nowhere'), join(workspace, 'dangling-dir'));
    symlinkSync(join(workspace, 'loop-a'), join(workspace, 'loop-b'));
    symlinkSync(join(workspace, 'loop-b'), join(workspace, 'loop-a'));
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

  it('allows symlinks that stay inside the workspace, and returns the real path they resolve to', async () => {
    const result = await confine('inner/greet.ts');
    assert.ok(result.ok);
    assert.equal(result.path, join(workspace, 'src', 'greet.ts'), 'the file that is read or written is the one that was checked');
    assert.equal(displayPath(result), 'src/greet.ts');
    assert.equal(requestedPath(result, [workspace]), 'inner/greet.ts');
    const fresh = await confine('inner/new/file.ts');
    assert.deepEqual(
      fresh.ok && fresh.path,
      join(workspace, 'src', 'new', 'file.ts'),
      'a file to create resolves through its existing ancestor',
    );
  });

  it('refuses dangling symlinks and link loops, wherever they would lead', async () => {
    for (const input of ['src/dangling.ts', 'dangling-dir', 'dangling-dir/new-file.txt', 'loop-a', 'loop-b/x.ts']) {
      const result = await confine(input);
      assert.equal(result.ok, false, input);
      assert.match(!result.ok ? result.error : '', /symlink whose target does not exist/, input);
    }
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

  describe('the write guard, run after the approval click', () => {
    it('refuses a symlink swapped in between prepare and run, and the outside file stays unchanged', async () => {
      const target = join(workspace, 'src', 'swap.ts');
      writeFileSync(target, 'export const a = 1;\n');
      try {
        const prepared = await confineWriteTarget('src/swap.ts', undefined, options());
        assert.ok(prepared.ok, 'a plain file inside the workspace may be written');
        // After the click, before the write: the file becomes a link to a file outside.
        unlinkSync(target);
        symlinkSync(join(outside, 'secret.txt'), target);
        const atRun = await confineWriteTarget('src/swap.ts', prepared.path, options());
        assert.equal(atRun.ok, false);
        assert.match(!atRun.ok ? atRun.error : '', /symlink/);
        assert.equal(readFileSync(join(outside, 'secret.txt'), 'utf8'), 'top secret\n');
      } finally {
        rmSync(target, { force: true });
      }
    });

    it('refuses a link to another file inside the workspace, before and after approval, and a target that now resolves elsewhere', async () => {
      const target = join(workspace, 'src', 'moved.ts');
      writeFileSync(target, 'export {};\n');
      try {
        const prepared = await confineWriteTarget('src/moved.ts', undefined, options());
        assert.ok(prepared.ok);
        unlinkSync(target);
        symlinkSync(join(workspace, 'src', 'greet.ts'), target);
        const linked = await confineWriteTarget('src/moved.ts', prepared.path, options());
        assert.match(!linked.ok ? linked.error : '', /changed after it was checked/);
        const asked = await confineWriteTarget('src/moved.ts', undefined, options());
        assert.match(!asked.ok ? asked.error : '', /is a symlink, and Tandem does not write through links/);
        // The file is named through a folder link whose target changed after the approval.
        const viaFolder = await confineWriteTarget('inner/greet.ts', join(workspace, 'other', 'greet.ts'), options());
        assert.match(!viaFolder.ok ? viaFolder.error : '', /changed after it was checked/);
      } finally {
        rmSync(target, { force: true });
      }
    });

    it('refuses a dangling link as a write target, and accepts an unchanged plain file', async () => {
      const dangling = await confineWriteTarget('src/dangling.ts', undefined, options());
      assert.equal(dangling.ok, false);
      const plain = await confineWriteTarget('src/greet.ts', join(workspace, 'src', 'greet.ts'), options());
      assert.equal(plain.ok, true);
    });
  });
});
