// What apply_edit's card shows: one file as a summary and its diff lines, or several files, each
// approved on its own. The card is saved with the chat: a sensitive file's current text does not go into it.
import type * as vscode from 'vscode';
import type { SensitiveKind } from '../../core/security/sensitivePaths';
import { editWarning } from '../../core/security/sensitiveWarnings';
import type { PlannedFile, PlannedReplacement } from '../../core/tools/editPlan';
import { truncateOutput } from '../../core/tools/toolArgs';
import type { ToolApproval } from '../../shared/protocol';
import type { Confined } from './toolContext';

export interface EditTarget {
  input: string;
  target: Confined;
  rel: string;
  uri: vscode.Uri;
  kind: SensitiveKind | undefined;
}

export interface PlannedTarget extends EditTarget {
  planned: PlannedFile;
  edits: PlannedReplacement[];
}

/** One file, as the card always showed it: "Always" may cover this one file in this chat (`alwaysScope`), never a sensitive one. */
export function singleFileApproval(file: PlannedTarget, alwaysScope: string): ToolApproval {
  const { summary, detail } = fileChange(file);
  return file.kind ? { summary, detail, warning: editWarning(file.kind, file.rel) } : { summary, detail, alwaysScope };
}

/** Several files: one line per file, approved one by one; no "Always", a multi-file edit always asks. */
export function multiFileApproval(files: readonly PlannedTarget[]): ToolApproval {
  const changes = files.map(fileChange);
  const count = files.reduce((n, f) => n + f.edits.length, 0);
  const warnings = files.filter((f) => f.kind).map((f) => editWarning(f.kind!, f.rel));
  const detail = truncateOutput(files.map((f, i) => `${f.rel}\n${changes[i].detail}`).join('\n\n'), 8000);
  return {
    summary: `Edit ${files.length} files (${count} replacements)`,
    detail,
    ...(warnings.length > 0 ? { warning: warnings.join('\n') } : {}),
    files: files.map((f, i) => ({
      path: f.rel,
      summary: changes[i].summary,
      ...(f.kind ? { warning: editWarning(f.kind, f.rel) } : {}),
    })),
  };
}

/** What the model reads back for one written file. */
export function resultLine(rel: string, before: string | undefined, after: string): string {
  return before === undefined
    ? `Created ${rel} (${lineCount(after)} lines).`
    : `Applied the edit to ${rel} (${lineCount(after)} lines now).`;
}

/** A file's summary line and the diff lines the card shows. */
function fileChange(file: PlannedTarget): { summary: string; detail: string } {
  const { rel, planned, edits, kind } = file;
  const current = planned.before;
  const only = edits.length === 1 ? edits[0] : undefined;
  const summary =
    current === undefined
      ? `Create ${rel} (${lineCount(planned.after)} lines)`
      : only && only.oldText === ''
        ? `Replace all of ${rel} (${lineCount(current)} → ${lineCount(planned.after)} lines)`
        : only
          ? `Edit ${rel}: replace ${lineCount(only.oldText)} line(s) with ${lineCount(only.newText)} line(s)`
          : `Edit ${rel}: ${edits.length} replacements (${lineCount(current)} → ${lineCount(planned.after)} lines)`;
  const detail = edits
    .map((e) => {
      const replaced = e.oldText === '' ? (current ?? '') : e.oldText;
      return kind && e.oldText === '' && current
        ? `- (the current ${lineCount(current)} lines are not shown: the file may hold secrets)\n${diffText('', e.newText)}`
        : diffText(replaced, e.newText);
    })
    .join('\n');
  return { summary, detail: truncateOutput(detail, 4000) };
}

function lineCount(text: string): number {
  return text === '' ? 0 : text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
}

/** What the approval card shows: the lines that go and the lines that come. */
function diffText(oldText: string, newText: string): string {
  const minus =
    oldText === ''
      ? []
      : oldText
          .replace(/\n$/, '')
          .split('\n')
          .map((l) => `- ${l}`);
  const plus =
    newText === ''
      ? []
      : newText
          .replace(/\n$/, '')
          .split('\n')
          .map((l) => `+ ${l}`);
  return [...minus, ...plus].join('\n');
}
