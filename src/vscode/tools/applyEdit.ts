import { promises as fs } from 'node:fs';
import * as vscode from 'vscode';
import { EditPlanError, planEdits, type PlannedFile, type PlannedReplacement } from '../../core/tools/editPlan';
import { editArgs } from '../../core/tools/toolArgs';
import { TOOL_DEFINITIONS } from '../../core/tools/toolDefinitions';
import { ToolRefusal, type GatedTool } from '../../core/tools/toolRegistry';
import { confineWriteTarget } from '../../core/tools/writeGuard';
import { multiFileApproval, resultLine, singleFileApproval, type EditTarget, type PlannedTarget } from './editApproval';
import type { Confined, ToolContext } from './toolContext';
import { writeEdits } from './writeEdits';

interface EditCallPlan {
  files: PlannedTarget[];
  closePreviews: () => Promise<unknown>;
}

/**
 * apply_edit, one replacement or several across files: every replacement is checked against the
 * files' texts before the card appears (one that does not match exactly once refuses the whole call),
 * each file gets a diff view and, when several files change, its own approve/deny on the card.
 */
export const applyEdit: GatedTool<'apply_edit', ToolContext, EditCallPlan> = {
  definition: TOOL_DEFINITIONS.apply_edit,
  gated: true,
  async prepare(args, tools) {
    const edits = editArgs(args);
    const targets = new Map<string, EditTarget>();
    const replacements: PlannedReplacement[] = [];
    const current = new Map<string, string | undefined>();
    for (const edit of edits) {
      const target = await confineWriteTarget(edit.path, undefined, tools.confineOptions());
      if (!target.ok) throw new ToolRefusal(`apply_edit: ${target.error}`);
      // Cards and diff titles name the file as the gate shows it: its real absolute path outside the first folder.
      const judged = await tools.judged(target);
      const rel = judged.shown;
      if (!targets.has(target.path)) {
        const uri = vscode.Uri.file(target.path);
        const stat = await fs.stat(target.path).catch(() => undefined);
        if (stat?.isDirectory()) throw new ToolRefusal(`apply_edit: ${rel} is a directory`);
        current.set(target.path, stat ? await documentText(uri) : undefined);
        targets.set(target.path, { input: edit.path, target, rel, uri, kind: judged.kind });
      }
      replacements.push({ key: target.path, rel, oldText: edit.oldText, newText: edit.newText });
    }
    const planned = plan(current, replacements);
    const files = planned.map((f) => ({ ...targets.get(f.key)!, planned: f, edits: replacements.filter((r) => r.key === f.key) }));
    const { proposals } = tools.services;
    const previews = await Promise.all(
      files.map((f) => proposals.show(f.planned.before === undefined ? undefined : f.uri, f.rel, f.planned.after)),
    );
    const closePreviews = () => Promise.all(previews.map((p) => proposals.close(p)));
    return {
      plan: { files, closePreviews },
      approval: files.length === 1 ? singleFileApproval(files[0], scopeOf(tools, files[0].target)) : multiFileApproval(files),
      discard: () => void closePreviews(),
    };
  },
  async run({ files, closePreviews }, _signal, context, tools) {
    try {
      const approved = files.filter((_, i) => context?.approvedFiles?.includes(i) ?? true);
      const declined = files.filter((f) => !approved.includes(f));
      // After the click: each file still the approved real file, not a link swapped in since.
      for (const f of approved) {
        const now = await confineWriteTarget(f.input, f.target.path, tools.confineOptions());
        if (!now.ok) throw new Error(now.error);
      }
      const written = await writeEdits(approved.map((f) => ({ uri: f.uri, rel: f.rel, edits: f.edits })));
      await tools.services.checkpoints?.recordEdit(context, written);
      const applied = written.map((w) => resultLine(w.rel, w.before, w.after));
      if (declined.length > 0) applied.push(`Not applied (the user declined): ${declined.map((f) => f.rel).join(', ')}.`);
      return applied.join('\n');
    } finally {
      await closePreviews();
    }
  },
};

/** What "Always" covers for an edit: the file's workspace-relative path (its real path when several folders are open). */
function scopeOf(tools: ToolContext, p: Confined): string {
  return tools.roots().length > 1 ? p.path : tools.rel(p);
}

/** An open document's text wins over the disk: it is what the user sees. */
async function documentText(uri: vscode.Uri): Promise<string> {
  const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
  if (open) return open.getText();
  return Buffer.from(await vscode.workspace.fs.readFile(uri)).toString('utf8');
}

/** The replacements applied in memory, a refusal for the model when one does not match exactly once. */
function plan(current: ReadonlyMap<string, string | undefined>, replacements: readonly PlannedReplacement[]): PlannedFile[] {
  try {
    return planEdits(current, replacements);
  } catch (error) {
    if (error instanceof EditPlanError) throw new ToolRefusal(`apply_edit: ${error.message}`);
    throw error;
  }
}
