import * as vscode from 'vscode';
import type { SetupView } from './setupView';
import { openSettings } from '../config/settings';
import { COMMANDS } from '../../core/config/commandCatalog';

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
  const names = missing.map((s) => vscode.l10n.t('Service {0}', s.service)).reduce((a, b) => vscode.l10n.t('{0} and {1}', a, b));
  // The buttons are compared with the answer, so each label is translated once.
  const [openSettingsLabel, setKeyLabel] = [vscode.l10n.t('Open Settings'), vscode.l10n.t('Set API Key')];
  const choice = await vscode.window.showInformationMessage(
    vscode.l10n.t('Tandem: set the base URL and API key of {0} to start.', names),
    openSettingsLabel,
    setKeyLabel,
  );
  if (choice === openSettingsLabel) await openSettings('@ext:tandem.tandem baseUrl');
  else if (choice === setKeyLabel) await vscode.commands.executeCommand(COMMANDS.setApiKey, missing[0].service);
}
