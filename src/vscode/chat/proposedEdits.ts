import * as vscode from 'vscode';

const PROPOSED_SCHEME = 'tandem-proposed';

/**
 * Read-only documents holding the text an `apply_edit` call proposes, so VS Code's diff editor can
 * show it next to the file before the user approves; nothing touches the file until then.
 */
export class ProposedEdits implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly texts = new Map<string, string>();
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;
  private readonly registration = vscode.workspace.registerTextDocumentContentProvider(PROPOSED_SCHEME, this);
  private serial = 0;

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.texts.get(uri.toString()) ?? '';
  }

  /**
   * Shows `proposed` against `original` (undefined for a new file) in a diff editor; returns its uri.
   * `title` names the right side when it is not an edit the model proposes (a checkpoint to restore).
   */
  async show(original: vscode.Uri | undefined, displayPath: string, proposed: string, title?: string): Promise<vscode.Uri> {
    this.serial += 1;
    // A file outside the first folder is shown by its absolute path, which already starts with `/`.
    const path = displayPath.startsWith('/') ? displayPath : `/${displayPath}`;
    const uri = vscode.Uri.from({ scheme: PROPOSED_SCHEME, path, query: `edit=${this.serial}` });
    this.texts.set(uri.toString(), proposed);
    const left = original ?? vscode.Uri.from({ scheme: PROPOSED_SCHEME, path, query: `empty=${this.serial}` });
    await vscode.commands.executeCommand('vscode.diff', left, uri, title ?? vscode.l10n.t('{0} ↔ proposed edit (Tandem)', displayPath), {
      preview: true,
      preserveFocus: true,
    });
    return uri;
  }

  /** Forgets a proposal and closes its diff editor. */
  async close(uri: vscode.Uri): Promise<void> {
    this.texts.delete(uri.toString());
    const tabs = vscode.window.tabGroups.all
      .flatMap((g) => g.tabs)
      .filter((t) => t.input instanceof vscode.TabInputTextDiff && t.input.modified.toString() === uri.toString());
    if (tabs.length > 0) await vscode.window.tabGroups.close(tabs, true);
  }

  dispose(): void {
    this.registration.dispose();
    this.changed.dispose();
    this.texts.clear();
  }
}
