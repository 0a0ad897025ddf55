// Accept and Reject buttons over each pending hunk of an inline edit.
import * as vscode from 'vscode';
import { COMMANDS } from '../../core/config/commandCatalog';
import type { LiveDiff } from './liveDiff';

export class EditCodeLenses implements vscode.CodeLensProvider {
  private readonly changes = new vscode.EventEmitter<void>();
  readonly onDidChangeCodeLenses = this.changes.event;

  constructor(private readonly diffOf: (uri: vscode.Uri) => LiveDiff | undefined) {}

  changed(): void {
    this.changes.fire();
  }

  provideCodeLenses(document: vscode.TextDocument): vscode.CodeLens[] {
    const diff = this.diffOf(document.uri);
    if (!diff) return [];
    const lenses: vscode.CodeLens[] = [];
    for (const { hunk, line } of diff.hunkLines) {
      if (line >= document.lineCount) continue;
      const range = new vscode.Range(line, 0, line, 0);
      lenses.push(
        new vscode.CodeLens(range, {
          title: vscode.l10n.t('$(check) Accept'),
          command: COMMANDS.acceptEditHunk,
          arguments: [document.uri, hunk],
        }),
        new vscode.CodeLens(range, {
          title: vscode.l10n.t('$(close) Reject'),
          command: COMMANDS.rejectEditHunk,
          arguments: [document.uri, hunk],
        }),
      );
    }
    if (lenses.length > 0) {
      const first = lenses[0].range;
      lenses.push(
        new vscode.CodeLens(first, { title: vscode.l10n.t('Accept All (Ctrl+Enter)'), command: COMMANDS.acceptAllEdits }),
        new vscode.CodeLens(first, { title: vscode.l10n.t('Reject All (Esc)'), command: COMMANDS.rejectAllEdits }),
      );
    }
    return lenses;
  }
}
