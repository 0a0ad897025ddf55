import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { COMMANDS } from '../../src/core/config/commandCatalog';
import { tandemConfig } from './tandemApi';

const extensionId = 'tandem.tandem';

describe('the extension in a real extension host', () => {
  it('activates', async () => {
    const extension = vscode.extensions.getExtension(extensionId);
    assert.ok(extension, 'Tandem is installed');
    await extension.activate();
    assert.equal(extension.isActive, true);
  });

  it('registers every contributed command', async () => {
    const contributed: Array<{ command: string }> = vscode.extensions.getExtension(extensionId)!.packageJSON.contributes.commands;
    const registered = new Set(await vscode.commands.getCommands(true));
    const missing = contributed.map((c) => c.command).filter((command) => !registered.has(command));
    assert.deepEqual(missing, []);
    assert.ok(contributed.length >= 5);
  });

  it('has every contributed tandem.* command and every command in the table registered, hidden ones too', async () => {
    const extension = vscode.extensions.getExtension(extensionId)!;
    // Run alone (TANDEM_TEST_GREP), nothing else has activated it.
    await extension.activate();
    const contributed: Array<{ command: string }> = extension.packageJSON.contributes.commands;
    const expected = new Set([...contributed.map((c) => c.command).filter((id) => id.startsWith('tandem.')), ...Object.values(COMMANDS)]);
    const registered = new Set(await vscode.commands.getCommands(true));
    assert.deepEqual(
      [...expected].filter((id) => !registered.has(id)),
      [],
    );
    assert.ok(registered.has(COMMANDS.completionAccepted), 'the hidden accept hook is registered');
  });

  it('contributes its settings with their defaults', () => {
    const config = tandemConfig();
    assert.equal(config.inspect('serviceA.baseUrl')?.defaultValue, '');
    assert.equal(config.inspect('serviceB.baseUrl')?.defaultValue, '');
    assert.equal(config.inspect('serviceA.authHeader')?.defaultValue, 'bearer');
    assert.equal(config.inspect('completion.model')?.defaultValue, 'beta-v4-pro');
    assert.equal(config.inspect('chat.thinking')?.defaultValue, true);
  });
});
