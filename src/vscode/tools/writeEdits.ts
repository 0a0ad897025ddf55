import * as vscode from 'vscode';
import { planEdits, type PlannedFile, type PlannedReplacement } from '../../core/tools/editPlan';
import type { WrittenFile } from '../chat/checkpointStore';

/**
 * Writes the approved files in one WorkspaceEdit, after applying the replacements again to the texts as
 * they are now (they may have changed while the user looked at the diffs): if one no longer matches,
 * nothing is written. Returns each file's text before and after, for the checkpoint.
 */
export async function writeEdits(
  files: ReadonlyArray<{ uri: vscode.Uri; rel: string; edits: PlannedReplacement[] }>,
): Promise<WrittenFile[]> {
  const current = new Map<string, string | undefined>();
  const docs = new Map<string, vscode.TextDocument>();
  for (const f of files) {
    if ((await statOf(f.uri.fsPath)) === undefined) {
      current.set(f.uri.fsPath, undefined);
      continue;
    }
    const doc = await vscode.workspace.openTextDocument(f.uri);
    docs.set(f.uri.fsPath, doc);
    current.set(f.uri.fsPath, doc.getText());
  }
  let planned: PlannedFile[];
  try {
    planned = planEdits(
      current,
      files.flatMap((f) => f.edits.map((e) => ({ ...e, key: f.uri.fsPath }))),
    );
  } catch (error) {
    throw new Error(`apply_edit: ${error instanceof Error ? error.message : String(error)}`);
  }
  const edit = new vscode.WorkspaceEdit();
  for (const p of planned) {
    const uri = vscode.Uri.file(p.key);
    const doc = docs.get(p.key);
    if (!doc) edit.createFile(uri, { contents: Buffer.from(p.after, 'utf8') });
    else edit.replace(uri, new vscode.Range(doc.positionAt(0), doc.positionAt(doc.getText().length)), p.after);
  }
  const names = planned.map((p) => p.rel).join(', ');
  if (!(await vscode.workspace.applyEdit(edit))) {
    throw new Error(
      planned.length === 1 && !docs.has(planned[0].key)
        ? `VS Code could not create ${names}`
        : `VS Code could not apply the edit to ${names}`,
    );
  }
  for (const doc of docs.values()) await doc.save();
  return planned.map((p) => ({ path: p.key, rel: p.rel, before: p.before, after: p.after }));
}

async function statOf(p: string): Promise<vscode.FileStat | undefined> {
  return vscode.workspace.fs.stat(vscode.Uri.file(p)).then(
    (s) => s,
    () => undefined,
  );
}
