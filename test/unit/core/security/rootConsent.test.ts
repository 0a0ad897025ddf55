import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { rootConsentReason } from '../../../../src/core/security/rootConsent';

const p = path.posix;
const home = '/home/u';

describe('rootConsentReason (which workspace folders the user must allow)', () => {
  it('a folder opened on its own, anywhere but home, needs no consent', () => {
    for (const root of ['/home/u/code/repo', '/srv/work', '/home/u/code/repo/packages/api']) {
      assert.equal(rootConsentReason(root, { home }, p), undefined, root);
    }
  });

  it('a .git or .vscode folder as a root, or a folder inside one, always needs consent', () => {
    for (const root of ['/home/u/code/repo/.git', '/home/u/code/repo/.git/hooks', '/w/repo/.vscode', '/w/repo/.GIT']) {
      assert.equal(rootConsentReason(root, { home }, p), 'gitOrVscode', root);
      assert.equal(rootConsentReason(root, { home, workspaceFileDir: '/home/u/code/repo' }, p), 'gitOrVscode', root);
    }
    assert.equal(rootConsentReason('/w/repo/.github', { home }, p), undefined);
  });

  it('the home folder, a folder that holds it, and its dot-folders need consent', () => {
    for (const root of ['/home/u', '/home/u/', '/home', '/', '/home/u/.config', '/home/u/.ssh', '/home/u/.config/gh']) {
      assert.equal(rootConsentReason(root, { home }, p), 'home', root);
    }
    assert.equal(rootConsentReason('/home/u/Documents', { home }, p), undefined);
    assert.equal(rootConsentReason('/home/u2/.config', { home }, p), undefined, 'another home is judged by the other rules');
  });

  it("with a .code-workspace file, a root outside that file's folder needs consent; one inside does not", () => {
    const places = { home, workspaceFileDir: '/w/repo' };
    assert.equal(rootConsentReason('/w/repo', places, p), undefined);
    assert.equal(rootConsentReason('/w/repo/docs', places, p), undefined);
    assert.equal(rootConsentReason('/w/home', places, p), 'outsideWorkspaceFile');
    assert.equal(rootConsentReason('/w/repo-other', places, p), 'outsideWorkspaceFile');
    assert.equal(rootConsentReason('/etc', places, p), 'outsideWorkspaceFile');
  });

  it('judges Windows paths too', () => {
    const w = path.win32;
    assert.equal(rootConsentReason('C:\\Users\\u\\.aws', { home: 'C:\\Users\\u' }, w), 'home');
    assert.equal(rootConsentReason('C:\\code\\repo\\.git', { home: 'C:\\Users\\u' }, w), 'gitOrVscode');
    assert.equal(rootConsentReason('D:\\other', { home: 'C:\\Users\\u', workspaceFileDir: 'C:\\code\\repo' }, w), 'outsideWorkspaceFile');
    assert.equal(rootConsentReason('C:\\code\\repo\\src', { home: 'C:\\Users\\u', workspaceFileDir: 'C:\\code\\repo' }, w), undefined);
  });
});
