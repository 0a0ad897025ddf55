// The lightbulb's Tandem entries: "Fix with Tandem" on errors and warnings, and Explain, Document and
// Write tests on a selection. Built from what VS Code hands over, with no request and no file read,
// so the lightbulb is never slowed (bench/codeActions.ts measures it).
import * as vscode from 'vscode';
import { COMMANDS } from '../../core/config/commandCatalog';
import type { EditArgs } from './inlineEditController';

/** Lines of code on each side of a diagnostic that its fix may rewrite. */
const FIX_CONTEXT_LINES = 3;

export const EXPLAIN_KIND = vscode.CodeActionKind.Refactor.append('tandem.explain');
export const DOCUMENT_KIND = vscode.CodeActionKind.RefactorRewrite.append('tandem.document');
export const TESTS_KIND = vscode.CodeActionKind.Refactor.append('tandem.tests');

export class EditCodeActions implements vscode.CodeActionProvider {
  static readonly kinds = [vscode.CodeActionKind.QuickFix, EXPLAIN_KIND, DOCUMENT_KIND, TESTS_KIND];

  constructor(private readonly enabled: () => boolean) {}

  provideCodeActions(
    document: vscode.TextDocument,
    range: vscode.Range | vscode.Selection,
    context: vscode.CodeActionContext,
  ): vscode.CodeAction[] {
    if (!this.enabled()) return [];
    const wants = (kind: vscode.CodeActionKind) => !context.only || context.only.contains(kind) || kind.contains(context.only);
    const actions: vscode.CodeAction[] = [];
    if (wants(vscode.CodeActionKind.QuickFix)) {
      for (const diagnostic of context.diagnostics) {
        if (diagnostic.severity !== vscode.DiagnosticSeverity.Error && diagnostic.severity !== vscode.DiagnosticSeverity.Warning) continue;
        const action = new vscode.CodeAction(vscode.l10n.t('Fix with Tandem'), vscode.CodeActionKind.QuickFix);
        action.diagnostics = [diagnostic];
        const args: EditArgs = {
          uri: document.uri,
          startLine: Math.max(0, diagnostic.range.start.line - FIX_CONTEXT_LINES),
          endLine: Math.min(document.lineCount - 1, diagnostic.range.end.line + FIX_CONTEXT_LINES),
          instruction: fixInstruction(diagnostic),
        };
        action.command = { command: COMMANDS.edit, title: 'Fix with Tandem', arguments: [args] };
        actions.push(action);
      }
    }
    if (range.isEmpty) return actions;
    const lines = {
      uri: document.uri,
      startLine: range.start.line,
      endLine: range.end.character === 0 && range.end.line > range.start.line ? range.end.line - 1 : range.end.line,
    };
    if (wants(EXPLAIN_KIND)) {
      const explain = new vscode.CodeAction(vscode.l10n.t('Explain with Tandem'), EXPLAIN_KIND);
      explain.command = { command: COMMANDS.explainSelection, title: 'Explain with Tandem' };
      actions.push(explain);
    }
    if (wants(DOCUMENT_KIND)) {
      const documentIt = new vscode.CodeAction(vscode.l10n.t('Document with Tandem'), DOCUMENT_KIND);
      const args: EditArgs = {
        ...lines,
        instruction: 'Add documentation comments to this code in the idiomatic style of the language. Do not change the code itself.',
      };
      documentIt.command = { command: COMMANDS.edit, title: 'Document with Tandem', arguments: [args] };
      actions.push(documentIt);
    }
    if (wants(TESTS_KIND)) {
      const tests = new vscode.CodeAction(vscode.l10n.t('Write tests with Tandem'), TESTS_KIND);
      const args: EditArgs = {
        ...lines,
        instruction:
          'Keep this code exactly as it is and add unit tests for it right after it, using the test framework the file or project already uses.',
      };
      tests.command = { command: COMMANDS.edit, title: 'Write tests with Tandem', arguments: [args] };
      actions.push(tests);
    }
    return actions;
  }
}

function fixInstruction(diagnostic: vscode.Diagnostic): string {
  const kind = diagnostic.severity === vscode.DiagnosticSeverity.Error ? 'error' : 'warning';
  const source = diagnostic.source ? ` (${diagnostic.source}${diagnostic.code !== undefined ? ` ${codeOf(diagnostic.code)}` : ''})` : '';
  return `Fix this ${kind} on line ${diagnostic.range.start.line + 1}${source}: ${diagnostic.message}`;
}

function codeOf(code: NonNullable<vscode.Diagnostic['code']>): string {
  return typeof code === 'object' ? String(code.value) : String(code);
}
