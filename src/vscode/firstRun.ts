import * as vscode from 'vscode';
import type { SetupView } from './setupView';
import { openSettings } from './settings';

const seenKey = 'tandem.firstRunNoticeShown';

/**
 * On the first start with a service not set up, say what is missing once, with the two actions
 * that fix it; afterwards the Services view and each error's button carry that job.
 */
export async function showFirstRunNotice(state: vscode.Memento, setup: SetupView): Promise<void> {
  if (state.get(seenKey)) return;
  const missing = (await setup.setups()).filter((s) => !s.ready);
  if (missing.length === 0) return;
  await state.update(seenKey, true);
  const names = missing.map((s) => `Service ${s.service}`).join(' and ');
  const choice = await vscode.window.showInformationMessage(
    `Tandem: set the base URL and API key of ${names} to start.`,
    'Open Settings',
    'Set API Key',
  );
  if (choice === 'Open Settings') await openSettings('@ext:tandem.tandem baseUrl');
  else if (choice === 'Set API Key') await vscode.commands.executeCommand('tandem.setApiKey', missing[0].service);
}
