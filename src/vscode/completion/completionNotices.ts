import * as vscode from 'vscode';
import { NoticeThrottle, noticeKindOf, type NoticeKind } from '../../core/completion/noticeThrottle';
import { isServiceError } from '../../core/serviceError';
import { describeError } from '../errorNotice';
import { openSettings } from '../settings';

/** The button that fixes each kind of problem, and what it runs. */
const fixes: Record<NoticeKind, { label: string; run: () => Thenable<unknown> }> = {
  missing_key: { label: 'Set Service B key', run: () => vscode.commands.executeCommand('tandem.setApiKey', 'B') },
  invalid_key: { label: 'Set Service B key', run: () => vscode.commands.executeCommand('tandem.setApiKey', 'B') },
  rate_limited: { label: 'Snooze 5 minutes', run: () => vscode.commands.executeCommand('tandem.completion.snooze', 5) },
  unreachable: { label: 'Open Settings', run: () => openSettings('tandem.serviceB.baseUrl') },
};

/** Completion failures as notifications: at most one per kind per 10 minutes, each with its fix. */
export class CompletionNotices {
  private readonly throttle = new NoticeThrottle(() => Date.now());

  /** Returns the notice kind when one was shown (tests and logs use it). */
  report(error: unknown): NoticeKind | undefined {
    if (!isServiceError(error)) return undefined;
    const kind = noticeKindOf(error);
    if (!kind || !this.throttle.shouldShow(kind)) return undefined;
    const fix = fixes[kind];
    void vscode.window.showWarningMessage(`Tandem completions: ${describeError(error)}`, fix.label).then((choice) => {
      if (choice === fix.label) void fix.run();
    });
    return kind;
  }
}
