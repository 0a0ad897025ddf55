import * as vscode from 'vscode';
import { errorFix, fixCommand, fixText, type Feature, type FixAction } from '../../core/errors/errorFixes';
import { isServiceError } from '../../core/errors/serviceError';
import type { FixButtonLabels } from '../../shared/protocol';
import { localise } from './localise';

/** How each fix reads on its button: the one table, for notifications and for the chat's buttons alike. */
function fixLabel(action: FixAction): string {
  switch (action.kind) {
    case 'setKey':
      return vscode.l10n.t('Set Service {0} Key', action.service);
    case 'openSettings':
      return vscode.l10n.t('Open Settings');
    case 'pickModel':
      return vscode.l10n.t('Choose Model');
    case 'snooze':
      return vscode.l10n.t('Snooze {0} Minutes', action.minutes);
    case 'showLog':
      return vscode.l10n.t('Show Log');
    case 'retry':
      return vscode.l10n.t('Retry');
    case 'newChatWithSummary':
      return vscode.l10n.t('New Chat with Summary');
  }
}

/** A notification's button for a fix; the chat's own fixes (retry, new chat) have none: only the chat runs them. */
export function noticeButton(action: FixAction): string | undefined {
  return action.kind === 'retry' || action.kind === 'newChatWithSummary' ? undefined : fixLabel(action);
}

/** The chat view's fix buttons, from the same table (the setting a button opens does not change its label). */
export function fixButtonLabels(): FixButtonLabels {
  return {
    setKeyA: fixLabel({ kind: 'setKey', service: 'A' }),
    setKeyB: fixLabel({ kind: 'setKey', service: 'B' }),
    openSettings: fixLabel({ kind: 'openSettings', setting: '' }),
    pickModel: fixLabel({ kind: 'pickModel', feature: 'chat', setting: '' }),
    retry: fixLabel({ kind: 'retry' }),
    newChatWithSummary: fixLabel({ kind: 'newChatWithSummary' }),
  };
}

/** How a notice is shown and its fix run; tests pass their own to answer for the user. */
export interface NoticeUi {
  show(message: string, ...buttons: string[]): Thenable<string | undefined>;
  run(command: string, ...args: unknown[]): Thenable<unknown>;
}

const runCommand = (command: string, ...args: unknown[]) => vscode.commands.executeCommand(command, ...args);
const errorUi: NoticeUi = { show: (message, ...buttons) => vscode.window.showErrorMessage(message, ...buttons), run: runCommand };
export const warningUi: NoticeUi = {
  show: (message, ...buttons) => vscode.window.showWarningMessage(message, ...buttons),
  run: runCommand,
};

/** Runs a fix's command; the chat's own fixes are run by the chat. */
export async function runFix(action: FixAction, run: NoticeUi['run'] = runCommand): Promise<void> {
  const command = fixCommand(action);
  if (command) await run(command.command, ...command.args);
}

/**
 * A one-line user message: what went wrong and what to do; never a key (errors never carry one).
 * `feature` picks the advice where it differs (which model setting); without it, the general advice.
 */
export function describeError(error: unknown, feature: Feature = 'connection'): string {
  if (!isServiceError(error)) return error instanceof Error ? error.message : String(error);
  return fixText(errorFix(error, { feature, service: error.service, localise }), localise);
}

/** Shows an error of a feature with the button that fixes it; `also` adds what else the user should know. */
export async function showServiceError(error: unknown, feature: Feature, also?: string, ui: NoticeUi = errorUi): Promise<void> {
  if (isServiceError(error) && error.code === 'aborted') return;
  const fix = errorFix(error, { feature, service: isServiceError(error) ? error.service : 'B', localise });
  // A failure of our own already starts "Tandem failed: …".
  const text = isServiceError(error) ? `Tandem: ${fixText(fix, localise)}` : `${fix.message} — ${fix.hint}`;
  const message = `${text}${also ? ` ${also}` : ''}`;
  const label = fix.action && noticeButton(fix.action);
  if (!fix.action || !label) {
    void ui.show(message);
    return;
  }
  const choice = await ui.show(message, label);
  if (choice === label) await runFix(fix.action, ui.run);
}
