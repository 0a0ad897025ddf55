import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';

const extensionId = 'tandem.tandem';

describe('activation', () => {
  it('activates', async () => {
    const extension = vscode.extensions.getExtension(extensionId);
    assert.ok(extension, 'Tandem is installed');
    await extension.activate();
    assert.equal(extension.isActive, true);
  });
});
