import * as vscode from 'vscode';
import { until } from '../until';
import { tandemConfig } from './tandemApi';

describe('retired model ids in settings', () => {
  const config = tandemConfig();

  before(() => vscode.extensions.getExtension('tandem.tandem')!.activate());

  afterEach(async () => {
    await config.reset('chat.model', 'chat.thinking', 'completion.model');
  });

  it('rewrites beta-reasoner to beta-v4-flash with thinking on', async () => {
    await config.set('chat.thinking', false);
    await config.set('chat.model', 'beta-reasoner');
    await until(() => config.get('chat.model') === 'beta-v4-flash', 'chat.model migrated', 5_000);
    await until(() => config.get('chat.thinking') === true, 'thinking turned on', 5_000);
  });

  it('rewrites beta-chat to beta-v4-flash with thinking off', async () => {
    await config.set('chat.model', 'beta-chat');
    await until(() => config.get('chat.model') === 'beta-v4-flash', 'chat.model migrated', 5_000);
    await until(() => config.get('chat.thinking') === false, 'thinking turned off', 5_000);
  });

  it('rewrites a retired completion model', async () => {
    await config.set('completion.model', 'beta-chat');
    await until(() => config.get('completion.model') === 'beta-v4-flash', 'completion.model migrated', 5_000);
  });
});
