import * as vscode from 'vscode';
import type { CompletionEngine } from '../../core/completion/completionEngine';
import type { CompletionStatus } from '../../core/completion/completionStatus';
import { completionModels } from '../../core/services/modelCatalog';
import { COMMANDS } from '../../core/config/commandCatalog';
import { tandemSetting } from '../config/settings';

const MINUTE = 60_000;

/** Toggle, snooze, model choice, accept next line, and the hidden accept hook that prefetches the next completion. */
export function registerCompletionCommands(engine: () => CompletionEngine, status: CompletionStatus): vscode.Disposable[] {
  const config = () => vscode.workspace.getConfiguration('tandem.completion');
  return [
    vscode.commands.registerCommand(COMMANDS.toggleCompletions, async () => {
      // Turning on also ends a snooze, so "until re-enabled" means what it says.
      const enable = !tandemSetting('completion.enabled') || status.isSnoozed();
      status.snooze(0);
      await config().update('enabled', enable, vscode.ConfigurationTarget.Global);
      status.changed();
    }),
    vscode.commands.registerCommand(COMMANDS.snoozeCompletions, async (minutes?: unknown) => {
      let ms = typeof minutes === 'number' ? minutes * MINUTE : undefined;
      if (ms === undefined) {
        const choice = await vscode.window.showQuickPick(
          [
            { label: vscode.l10n.t('5 minutes'), ms: 5 * MINUTE },
            { label: vscode.l10n.t('30 minutes'), ms: 30 * MINUTE },
            { label: vscode.l10n.t('Until re-enabled'), ms: Infinity },
          ],
          { title: vscode.l10n.t('Tandem: Snooze inline completions') },
        );
        ms = choice?.ms;
      }
      if (ms !== undefined) status.snooze(ms);
    }),
    vscode.commands.registerCommand(COMMANDS.selectCompletionModel, async (given?: unknown) => {
      const models = completionModels().map((m) => ({ label: m.id, description: m.completionNote }));
      const current = tandemSetting('completion.model');
      const model =
        typeof given === 'string'
          ? given
          : (
              await vscode.window.showQuickPick(
                models.map((m) => ({
                  ...m,
                  picked: m.label === current,
                  detail: m.label === current ? vscode.l10n.t('current') : undefined,
                })),
                { title: vscode.l10n.t('Tandem: Inline completion model') },
              )
            )?.label;
      if (model) await config().update('model', model, vscode.ConfigurationTarget.Global);
    }),
    // VS Code's own partial accept inserts the first remaining line; the rest stays shown, and the
    // provider, asked again at the new cursor, answers it from the typed-through cache.
    vscode.commands.registerCommand(COMMANDS.acceptNextLine, () =>
      vscode.commands.executeCommand('editor.action.inlineSuggest.acceptNextLine'),
    ),
    vscode.commands.registerCommand(COMMANDS.completionAccepted, (uri?: vscode.Uri) => {
      status.accepted();
      // Manual mode asks only when the user does: no prefetch.
      if (tandemSetting('completion.mode') === 'manual') return;
      const editor = vscode.window.activeTextEditor;
      if (!editor || (uri && editor.document.uri.toString() !== uri.toString())) return;
      const doc = editor.document;
      engine().prefetch(doc.getText(), doc.offsetAt(editor.selection.active), doc.languageId);
    }),
  ];
}
