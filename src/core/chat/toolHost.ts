// What the chat session needs from the tools: their definitions, and a way to prepare and run a call.
// The vscode layer implements it over the VS Code API; tests use a fake.
import type { FunctionTool } from '../services/wireTypes';
import type { ToolApproval } from '../../shared/protocol';
import type { RuleVerdict } from '../tools/commandApproval';

export type PreparedTool =
  /** The call cannot run (bad arguments, a path outside the workspace…); `error` goes to the model. */
  | { kind: 'refused'; error: string }
  | {
      kind: 'ready';
      /** Present for gated tools: exactly what will happen, shown in the approval card. */
      approval?: ToolApproval;
      /** What the user's standing command rules decided (run without a card, or refuse); absent: ask. */
      rules?: RuleVerdict;
      /** The result holds a sensitive file's content: it goes to the model but is never saved in chat history. */
      sensitive?: boolean;
      /** Runs the call; its result (or thrown message) goes to the model. */
      run(signal: AbortSignal, context?: RunContext): Promise<string>;
      /** Called when the user declines or the answer is stopped (closes a diff preview, say). */
      discard?(): void;
    };

/** Where a call runs: the chat and its user turn (checkpoints are kept per turn), and what the user approved. */
export interface RunContext {
  chatId: string;
  userTurnId?: string;
  /** Approve-each on a multi-file edit: the indices of the files the user approved; absent means all. */
  approvedFiles?: number[];
  /**
   * Whether a text holds a secret this chat has handled (a `.env` read earlier): a checkpoint keeps only
   * the hash of such a text, never the text.
   */
  holdsSecret?: (text: string) => boolean;
}

export interface ToolHost {
  definitions(): FunctionTool[];
  prepare(call: { name: string; args: string }): Promise<PreparedTool>;
}
