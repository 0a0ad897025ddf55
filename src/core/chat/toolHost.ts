// What the chat session needs from the tools: their definitions, and a way to prepare and run a call.
// The vscode layer implements it over the VS Code API; tests use a fake.
import type { FunctionTool } from '../services/wireTypes';
import type { McpCallView, McpResultPart, ToolApproval } from '../../shared/protocol';
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
      /** An MCP tool: its server, tool and description for the card. */
      mcp?: McpCallView;
      /** "Always allow in this workspace" on a card with `approval.workspaceTool`: the host records it. */
      allowInWorkspace?(): void;
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
  /** A long call's progress, shown on its card as it arrives. */
  progress?: (message: string) => void;
  /** The result's parts as the card shows them (MCP: images, resources). */
  showParts?: (parts: McpResultPart[]) => void;
}

export interface ToolHost {
  /**
   * Called before each answer: tools that start lazily (MCP servers) get ready here, for a bounded
   * time; `notice` reports what is left out (a server still starting, a tool over the cap).
   */
  prepareAnswer?(request: { service: 'A' | 'B'; strict: boolean; signal: AbortSignal }): Promise<{ notices: string[] }>;
  definitions(): FunctionTool[];
  prepare(call: { name: string; args: string }): Promise<PreparedTool>;
}
