// "Restore files to here" and "Undo last edit": put back the files Tandem's approved edits changed.
// Shows each file's diff (now ↔ restored) first and asks; a file the user changed after Tandem's edit
// is named in the question and is overwritten only when the user says so.
import * as vscode from 'vscode';
import { contentHash, restorePlan, type CheckpointEntry, type CheckpointLog, type RestoreStep } from '../../core/chat/checkpoints';
import { confineWriteTarget } from '../../core/tools/writeGuard';
import { promises as fs } from 'node:fs';
import type { ProposedEdits } from './proposedEdits';

/** What the confirmation says: the files, the ones changed since, and whether older checkpoints were dropped. */
export interface RestoreQuestion {
  files: string[];
  /** Files whose text is no longer what Tandem wrote: the user (or something else) changed them. */
  changed: string[];
  dropped: number;
  /** Files whose earlier text Tandem did not keep (they may hold secrets): left as they are. */
  notKept?: string[];
}

/** 'all': restore every file; 'unchanged': leave the changed ones as they are; undefined: cancel. */
export type RestoreAnswer = 'all' | 'unchanged' | undefined;

export interface RestoreResult {
  restored: string[];
  skipped: string[];
  /** Nothing to restore, cancelled, or refused: why, as the user was told. */
  message?: string;
}

export class CheckpointRestorer {
  constructor(
    private readonly log: CheckpointLog,
    private readonly proposals: ProposedEdits,
    private readonly ask: (question: RestoreQuestion) => Promise<RestoreAnswer> = askToRestore,
  ) {}

  /** Restores the files as they were when the user turn `turnId` was sent (`turnIds`: the chat's user turns in order). */
  async restoreTo(chatId: string, turnIds: readonly string[], turnId: string): Promise<RestoreResult> {
    return this.revert(chatId, this.log.since(chatId, turnIds, turnId));
  }

  /** Reverts the newest recorded edit of the chat. */
  async undoLast(chatId: string): Promise<RestoreResult> {
    const last = this.log.last(chatId);
    return this.revert(chatId, last ? [last] : []);
  }

  /** A deleted chat's checkpoints go with it. */
  forget(chatId: string): Promise<void> {
    return this.log.deleteChat(chatId);
  }

  private async revert(chatId: string, entries: CheckpointEntry[]): Promise<RestoreResult> {
    const dropped = this.log.dropped(chatId);
    if (entries.length === 0) {
      const message =
        dropped > 0
          ? vscode.l10n.t('No Tandem edits to restore: older checkpoints of this chat were dropped ({0} edits) to save space.', dropped)
          : vscode.l10n.t('No Tandem edits to restore after this point.');
      void vscode.window.showInformationMessage(message);
      return { restored: [], skipped: [], message };
    }
    const plan = restorePlan(entries);
    // A file whose earlier text was withheld (it may hold secrets) cannot be put back: it is named, never written.
    const withheld = plan.filter((s) => s.withheldHash !== undefined);
    const steps = plan.filter((s) => s.withheldHash === undefined);
    const notKept = withheld.map((s) => s.rel);
    if (steps.length === 0) return this.nothingKept(chatId, entries, withheld);
    // The log is shared by every window: a file outside this window's workspace is not touched from here.
    const outside = await unconfined(steps);
    if (outside) {
      const message = vscode.l10n.t("{0} is not in this window's workspace; open its folder to restore it.", outside.rel);
      void vscode.window.showWarningMessage(message);
      return { restored: [], skipped: [], message };
    }
    const now = await Promise.all(steps.map((s) => currentText(s.path)));
    const changed = steps.filter((s, i) => contentHash(now[i]) !== s.expectedHash);
    const previews = await Promise.all(
      steps.map((s, i) =>
        this.proposals.show(
          now[i] === undefined ? undefined : vscode.Uri.file(s.path),
          s.rel,
          s.content ?? '',
          s.content === null ? vscode.l10n.t('{0} ↔ deleted on restore (Tandem)', s.rel) : vscode.l10n.t('{0} ↔ restored (Tandem)', s.rel),
        ),
      ),
    );
    try {
      const answer = await this.ask({
        files: steps.map((s) => s.rel),
        changed: changed.map((s) => s.rel),
        dropped,
        ...(notKept.length > 0 ? { notKept } : {}),
      });
      if (!answer) return { restored: [], skipped: [], message: vscode.l10n.t('Restore cancelled.') };
      const chosen = answer === 'all' ? steps : steps.filter((s) => !changed.includes(s));
      // Again after the modal, just before writing: a link swapped in while the user read the question
      // must not carry the checkpoint's text to the file it points to. Nothing is written then.
      const swapped = await unconfined(chosen);
      if (swapped) {
        const message = vscode.l10n.t(
          '{0} changed while you were deciding (it is now a link or leads to another file); nothing was restored.',
          swapped.rel,
        );
        void vscode.window.showWarningMessage(message);
        return { restored: [], skipped: [], message };
      }
      await writeBack(chosen);
      await this.log.remove(
        chatId,
        entries.map((e) => e.id),
      );
      const skipped = [...steps.filter((s) => !chosen.includes(s)).map((s) => s.rel), ...notKept];
      void vscode.window.showInformationMessage(
        skipped.length > 0
          ? vscode.l10n.t('Restored {0} file(s); left your changed files as they are: {1}.', chosen.length, skipped.join(', '))
          : vscode.l10n.t('Restored {0} file(s).', chosen.length),
      );
      return { restored: chosen.map((s) => s.rel), skipped };
    } finally {
      await Promise.all(previews.map((p) => this.proposals.close(p)));
    }
  }

  /**
   * Every file to restore is one whose earlier text was not kept: nothing can be written, and the user is
   * told so, and whether each file already holds that text again. The entries are forgotten, so the next
   * Undo reaches the edit before them.
   */
  private async nothingKept(chatId: string, entries: CheckpointEntry[], withheld: RestoreStep[]): Promise<RestoreResult> {
    const back = await Promise.all(withheld.map(holdsWithheld));
    const names = withheld.map((s) => s.rel).join(', ');
    const message = back.every(Boolean)
      ? vscode.l10n.t("{0} already holds its text from before Tandem's edit; nothing to restore.", names)
      : vscode.l10n.t(
          "Tandem cannot restore {0}: it did not keep the file's earlier text because it may hold secrets. Restore it from your own history (git, a backup).",
          names,
        );
    void vscode.window.showWarningMessage(message);
    await this.log.remove(
      chatId,
      entries.map((e) => e.id),
    );
    return { restored: [], skipped: withheld.map((s) => s.rel), message };
  }
}

/**
 * The first step whose path is not, right now, the same real file inside this window's workspace and
 * not a link (the checkpoint names the real path written, so anything else has been swapped or moved).
 */
async function unconfined(steps: readonly RestoreStep[]): Promise<RestoreStep | undefined> {
  const roots = (vscode.workspace.workspaceFolders ?? []).filter((f) => f.uri.scheme === 'file').map((f) => f.uri.fsPath);
  const options = { roots, realpath: (p: string) => fs.realpath(p), lstat: (p: string) => fs.lstat(p) };
  for (const step of steps) {
    const confined = await confineWriteTarget(step.path, step.path, options);
    if (!confined.ok || confined.path !== step.path) return step;
  }
  return undefined;
}

/** Whether the file at `step` holds, right now, the earlier text whose hash the checkpoint kept. */
async function holdsWithheld(step: RestoreStep): Promise<boolean> {
  return contentHash(await currentText(step.path)) === step.withheldHash;
}

/** An open document's text wins over the disk: it is what the user sees. Undefined: no such file. */
async function currentText(path: string): Promise<string | undefined> {
  const uri = vscode.Uri.file(path);
  const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
  if (open) return open.getText();
  return vscode.workspace.fs.readFile(uri).then(
    (bytes) => Buffer.from(bytes).toString('utf8'),
    () => undefined,
  );
}

/** One WorkspaceEdit: created files deleted, changed ones given their earlier text back, then saved. */
async function writeBack(steps: readonly RestoreStep[]): Promise<void> {
  const edit = new vscode.WorkspaceEdit();
  const docs: vscode.TextDocument[] = [];
  for (const step of steps) {
    const uri = vscode.Uri.file(step.path);
    const exists = await vscode.workspace.fs.stat(uri).then(
      () => true,
      () => false,
    );
    if (step.content === null) {
      if (exists) edit.deleteFile(uri, { ignoreIfNotExists: true });
    } else if (!exists) {
      edit.createFile(uri, { contents: Buffer.from(step.content, 'utf8') });
    } else {
      const doc = await vscode.workspace.openTextDocument(uri);
      docs.push(doc);
      edit.replace(uri, new vscode.Range(doc.positionAt(0), doc.positionAt(doc.getText().length)), step.content);
    }
  }
  if (!(await vscode.workspace.applyEdit(edit))) throw new Error(vscode.l10n.t('VS Code could not restore the files.'));
  for (const doc of docs) await doc.save();
}

/** The modal question; the diffs are open behind it. */
async function askToRestore(question: RestoreQuestion): Promise<RestoreAnswer> {
  const lines = [vscode.l10n.t('Files: {0}', question.files.join(', '))];
  if (question.notKept && question.notKept.length > 0)
    lines.push(
      vscode.l10n.t(
        'Not restored: {0}. Tandem did not keep their earlier text because they may hold secrets; they stay as they are.',
        question.notKept.join(', '),
      ),
    );
  if (question.changed.length > 0)
    lines.push(vscode.l10n.t('Changed since Tandem edited them: {0}. Restoring overwrites those changes.', question.changed.join(', ')));
  if (question.dropped > 0)
    lines.push(
      vscode.l10n.t(
        '{0} older edits of this chat were dropped from the checkpoints to save space; they cannot be restored.',
        question.dropped,
      ),
    );
  const restore = vscode.l10n.t('Restore');
  const overwrite = vscode.l10n.t('Restore All, Overwriting My Changes');
  const unchanged = vscode.l10n.t('Restore Only Unchanged Files');
  const buttons = question.changed.length > 0 ? [unchanged, overwrite] : [restore];
  const picked = await vscode.window.showWarningMessage(
    vscode.l10n.t("Restore {0} file(s) to before Tandem's edits?", question.files.length),
    { modal: true, detail: lines.join('\n') },
    ...buttons,
  );
  if (picked === restore || picked === overwrite) return 'all';
  if (picked === unchanged) return 'unchanged';
  return undefined;
}
