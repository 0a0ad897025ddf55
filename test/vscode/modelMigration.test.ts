import * as vscode from 'vscode';
import { until } from '../until';

describe('retired model ids in settings', () => {
  const config = () => vscode.workspace.getConfiguration('tandem');

  before(() => vscode.extensions.getExtension('tandem.tandem')!.activate());

  afterEach(async () => {
    for (const key of ['chat.model', 'chat.thinking', 'completion.model'])
      await config().update(key, undefined, vscode.ConfigurationTarget.Global);
  });

  it('rewrites beta-reasoner to beta-v4-flash with thinking on', async () => {
    await config().update('chat.thinking', false, vscode.ConfigurationTarget.Global);
    await config().update('chat.model', 'beta-reasoner', vscode.ConfigurationTarget.Global);
    await until(() => config().get('chat.model') === 'beta-v4-flash', 'chat.model migrated', 5_000);
    await until(() => config().get('chat.thinking') === true, 'thinking turned on', 5_000);
  });

  it('rewrites beta-chat to beta-v4-flash with thinking off', async () => {
    await config().update('chat.model', 'beta-chat', vscode.ConfigurationTarget.Global);
    await until(() => config().get('chat.model') === 'beta-v4-flash', 'chat.model migrated', 5_000);
    await until(() => config().get('chat.thinking') === false, 'thinking turned off', 5_000);
  });

  it('rewrites a retired completion model', async () => {
    await config().update('completion.model', 'beta-chat', vscode.ConfigurationTarget.Global);
    await until(() => config().get('completion.model') === 'beta-v4-flash', 'completion.model migrated', 5_000);
  });
});
