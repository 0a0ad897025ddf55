// The gate's verdicts for the completion path, kept per file: the provider runs on every keystroke and
// the context looks at up to twenty tabs, while a verdict changes only when the settings, the workspace
// folders or the files on disk (a link made, moved or deleted) do.
import * as vscode from 'vscode';
import { Disposable } from '../../core/lifecycle/disposable';
import type { Verdict } from '../../core/security/outflowGate';
import type { SensitivePathPolicy } from '../../core/security/sensitivePaths';
import type { OutflowGate } from '../security/outflowGate';

export class CompletionVerdicts extends Disposable implements vscode.Disposable {
  private readonly verdicts = new Map<string, Verdict>();

  constructor(
    private readonly gate: OutflowGate,
    /** The policy the completion settings already hold, so a verdict does not read the settings again. */
    private readonly policy: () => SensitivePathPolicy,
  ) {
    super();
    const clear = () => this.clear();
    for (const listener of [
      vscode.workspace.onDidChangeWorkspaceFolders(clear),
      vscode.workspace.onDidCreateFiles(clear),
      vscode.workspace.onDidDeleteFiles(clear),
      vscode.workspace.onDidRenameFiles(clear),
      // Reopening a file judges it afresh: a link may have been changed outside VS Code meanwhile.
      vscode.workspace.onDidCloseTextDocument((document) => this.verdicts.delete(document.uri.toString())),
    ]) {
      this._register(listener);
    }
  }

  /** The gate's verdict on `uri` for completions (the completed file and its context). */
  judge(uri: vscode.Uri): Verdict {
    const key = uri.toString();
    let verdict = this.verdicts.get(key);
    if (!verdict) {
      verdict = this.gate.judgeNow('completionContext', uri, this.policy());
      this.verdicts.set(key, verdict);
    }
    return verdict;
  }

  /** Whether `uri`'s text may go out as context for another file: a non-sensitive file inside a workspace folder, by real path. */
  contextAllowed(uri: vscode.Uri): boolean {
    const verdict = this.judge(uri);
    return verdict.inWorkspace && !verdict.sensitive;
  }

  /** Forgets every verdict: the sensitive settings changed. */
  clear(): void {
    this.verdicts.clear();
  }
}
