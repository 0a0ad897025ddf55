// Tandem: Manage Approvals — the standing command rules in a quick pick: this workspace's allow and
// deny rules (pick one to remove it), the user's global ones (edited in the user settings), and
// entries to add a rule. Each allow rule says what it covers (its exact command, or longer forms of
// a read-only command); where the terminal's shell cannot be judged for, a first line says the allow
// rules are off.
import * as vscode from 'vscode';
import { readOnlyPrefix } from '../../core/tools/commandPrefixes';
import { normalRule, ruleWords } from '../../core/tools/commandRules';
import type { CommandRulesStore, RuleKind } from './commandRulesStore';
import { terminalShell } from './terminalShell';

type Action =
  { action: 'remove'; list: RuleKind; rule: string } | { action: 'add'; list: RuleKind } | { action: 'settings' } | { action: 'none' };
type Entry = vscode.QuickPickItem & Action;

export async function manageApprovals(store: CommandRulesStore): Promise<void> {
  const named = (list: RuleKind) => (list === 'allow' ? vscode.l10n.t('allow') : vscode.l10n.t('deny'));
  // Deny rules match longer commands too; an allow rule only where it is a read-only prefix (commandPrefixes.ts).
  const covers = (list: RuleKind, rule: string) =>
    list === 'deny' || readOnlyPrefix(ruleWords(rule) ?? []) ? vscode.l10n.t('and longer forms') : vscode.l10n.t('this exact command');
  const shell = terminalShell()();
  const off: Entry[] =
    shell.kind === 'unjudged'
      ? [{ label: `$(warning) ${vscode.l10n.t('Allow rules are off here: {0}. Every command asks.', shell.reason)}`, action: 'none' }]
      : [];
  const icon = (list: RuleKind) => (list === 'allow' ? '$(check)' : '$(circle-slash)');
  const separator = (label: string): Entry => ({ label, kind: vscode.QuickPickItemKind.Separator, action: 'none' });
  const workspace = store.workspace();
  const user = store.user();
  const lists = ['allow', 'deny'] as const;
  const entries: Entry[] = [
    ...off,
    separator(vscode.l10n.t('This workspace')),
    ...lists.flatMap((list) =>
      workspace[list].map((rule): Entry => ({
        label: `${icon(list)} ${rule}`,
        description: vscode.l10n.t('{0} · {1} · pick to remove', named(list), covers(list, rule)),
        action: 'remove',
        list,
        rule,
      })),
    ),
    { label: `$(add) ${vscode.l10n.t('Add an allow rule…')}`, action: 'add', list: 'allow' },
    { label: `$(add) ${vscode.l10n.t('Add a deny rule…')}`, action: 'add', list: 'deny' },
    separator(vscode.l10n.t('Your user settings (every workspace)')),
    ...lists.flatMap((list) =>
      user[list].map((rule): Entry => ({
        label: `${icon(list)} ${rule}`,
        description: vscode.l10n.t('{0} · {1} · user setting', named(list), covers(list, rule)),
        action: 'settings',
      })),
    ),
    { label: `$(settings-gear) ${vscode.l10n.t('Edit global rules in your user settings…')}`, action: 'settings' },
  ];
  const picked = await vscode.window.showQuickPick(entries, {
    title: vscode.l10n.t('Tandem: standing approvals for run_command'),
    placeHolder: vscode.l10n.t(
      'Commands the chat runs without asking (allow) or never runs (deny); deny wins. An allow rule covers longer forms only of read-only commands such as `git status`.',
    ),
  });
  if (!picked || picked.action === 'none') return;
  if (picked.action === 'remove') {
    await store.remove(picked.list, picked.rule);
    void vscode.window.showInformationMessage(
      vscode.l10n.t('Tandem: removed the {0} rule `{1}` from this workspace.', named(picked.list), picked.rule),
    );
  } else if (picked.action === 'add') {
    const rule = await vscode.window.showInputBox({
      title: picked.list === 'allow' ? vscode.l10n.t('Allow commands that begin with') : vscode.l10n.t('Deny commands that begin with'),
      placeHolder: 'npm test',
      validateInput: (value) =>
        normalRule(value) === undefined ? vscode.l10n.t('Write one plain command prefix, such as `npm test` or `git status`.') : undefined,
    });
    if (rule !== undefined) await store.add(picked.list, [rule]);
  } else if (picked.action === 'settings') {
    await vscode.commands.executeCommand('workbench.action.openSettings', 'tandem.chat.commandRules');
  }
}
