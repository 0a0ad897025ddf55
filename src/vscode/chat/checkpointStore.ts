// Records each approved apply_edit as a checkpoint: per chat and user turn, the files' texts before
// the edit and a hash of what it wrote. Backed by globalState (extension storage), never the workspace.
import { randomUUID } from 'node:crypto';
import type * as vscode from 'vscode';
import { CheckpointLog, contentHash, DEFAULT_CHECKPOINT_LIMITS, type CheckpointLimits } from '../../core/chat/checkpoints';
import type { RunContext } from '../../core/chat/toolHost';

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
      files: files.map((f) => ({ path: f.path, rel: f.rel, before: f.before ?? null, afterHash: contentHash(f.after) })),
    });
  }
}
