// Records each approved apply_edit as a checkpoint: per chat and user turn, the files' texts before
// the edit and a hash of what it wrote. Backed by globalState (extension storage), never the workspace.
// The earlier text of a sensitive file, or of one holding a secret the chat handled, is not kept: only its hash.
import { randomUUID } from 'node:crypto';
import * as vscode from 'vscode';
import {
  CheckpointLog,
  contentHash,
  DEFAULT_CHECKPOINT_LIMITS,
  type CheckpointFile,
  type CheckpointLimits,
} from '../../core/chat/checkpoints';
import type { RunContext } from '../../core/chat/toolHost';
import { OutflowGate } from '../security/outflowGate';

/** A file an approved edit wrote: `before` undefined when the edit created it. */
export interface WrittenFile {
  path: string;
  rel: string;
  before: string | undefined;
  after: string;
}

export class CheckpointStore {
  readonly log: CheckpointLog;

  constructor(
    storage: vscode.Memento,
    limits: CheckpointLimits = DEFAULT_CHECKPOINT_LIMITS,
    private readonly newId: () => string = randomUUID,
    private readonly now: () => number = Date.now,
    private readonly gate: Pick<OutflowGate, 'judge'> = new OutflowGate(),
  ) {
    this.log = new CheckpointLog(storage, limits);
  }

  /** A call run outside a chat (no context: a test calling run directly) has nothing to restore to and is not recorded. */
  async recordEdit(context: RunContext | undefined, files: readonly WrittenFile[]): Promise<void> {
    if (!context || files.length === 0) return;
    await this.log.record(context.chatId, {
      id: this.newId(),
      turnId: context.userTurnId ?? '',
      at: this.now(),
      files: await Promise.all(files.map((f) => this.kept(f, context))),
    });
  }

  /** What the checkpoint keeps of one file: its earlier text, or only the hash of it when that text may hold secrets. */
  private async kept(file: WrittenFile, context: RunContext): Promise<CheckpointFile> {
    const afterHash = contentHash(file.after);
    if (file.before === undefined) return { path: file.path, rel: file.rel, before: null, afterHash };
    const verdict = await this.gate.judge('checkpoint', vscode.Uri.file(file.path));
    if (verdict.sensitive || context.holdsSecret?.(file.before))
      return { path: file.path, rel: file.rel, before: null, beforeHash: contentHash(file.before), afterHash };
    return { path: file.path, rel: file.rel, before: file.before, afterHash };
  }
}
