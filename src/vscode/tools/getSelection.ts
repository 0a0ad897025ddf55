import * as vscode from 'vscode';
import { readWarning } from '../../core/security/sensitiveWarnings';
import { confinePath } from '../../core/tools/pathConfinement';
import { truncateOutput } from '../../core/tools/toolArgs';
import { TOOL_DEFINITIONS } from '../../core/tools/toolDefinitions';
import { ToolRefusal, type OpenTool } from '../../core/tools/toolRegistry';
import type { ToolContext } from './toolContext';
import { MAX_RESULT_CHARS } from './toolLimits';

interface SelectionPlan {
  doc: vscode.TextDocument;
  sel: vscode.Selection;
  name: string;
}

/** The selection as it is when the model asks; in a sensitive file it is shared only after approval. */
export const getSelection: OpenTool<'get_selection', ToolContext, SelectionPlan | undefined> = {
  definition: TOOL_DEFINITIONS.get_selection,
  gated: false,
  async prepare(_args, tools) {
    const editor = vscode.window.activeTextEditor;
    if (!editor) return { plan: undefined };
    const doc = editor.document;
    const sel = editor.selection;
    let name = doc.isUntitled ? doc.uri.path : doc.fileName;
    let sensitive = false;
    if (doc.uri.scheme === 'file') {
      const confined = await confinePath(doc.uri.fsPath, tools.confineOptions());
      const verdict = await tools.gate.judge('tool', doc.uri);
      if (!confined.ok || !verdict.inWorkspace)
        throw new ToolRefusal('get_selection: the active editor shows a file outside the workspace folders');
      name = verdict.shown;
      sensitive = (await tools.judged(confined)).kind !== undefined;
    } else if (!doc.isUntitled) {
      sensitive = (await tools.gate.judge('tool', doc.uri)).sensitive !== undefined;
    }
    const plan = { doc, sel, name };
    if (!sensitive || sel.isEmpty) return { plan };
    return {
      plan,
      sensitive: true,
      approval: { summary: `Share the selection in ${name}`, warning: readWarning(name, tools.services.service()) },
    };
  },
  async run(plan) {
    if (!plan) return 'No editor is active.';
    const { doc, sel, name } = plan;
    if (sel.isEmpty) return `Nothing is selected in ${name} (cursor at line ${sel.active.line + 1}).`;
    const text = truncateOutput(doc.getText(sel), MAX_RESULT_CHARS);
    return `${name}, lines ${sel.start.line + 1}-${sel.end.line + 1} (${doc.languageId}):\n${text}`;
  },
};
