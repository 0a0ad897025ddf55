import * as vscode from 'vscode';
import type { PreparedTool, ToolHost } from '../../core/chat/toolHost';
import type { FunctionTool } from '../../core/services/wireTypes';
import { NO_RULES, type CommandRules } from '../../core/tools/commandRules';
import { prepareToolCall } from '../../core/tools/prepareToolCall';
import { chatTools } from '../../core/tools/toolDefinitions';
import type { CheckpointStore } from '../chat/checkpointStore';
import type { ProposedEdits } from '../chat/proposedEdits';
import { TandemTerminal } from '../chat/terminalRunner';
import { terminalShell } from '../chat/terminalShell';
import { OutflowGate } from '../security/outflowGate';
import { ToolContext } from './toolContext';
import { WORKSPACE_TOOLS } from './toolRegistry';

/**
 * The chat's tools as a ToolHost: the definitions offered, and each call prepared by its entry in
 * WORKSPACE_TOOLS (toolRegistry.ts). A sensitive file is read only after an approval card that says
 * so, and the search tools skip it.
 */
export class WorkspaceToolHost implements ToolHost {
  private readonly context: ToolContext;

  /** `service` names where a tool result goes ("Service B"), for the warnings. */
  constructor(
    proposals: ProposedEdits,
    service: () => string | undefined = () => undefined,
    /** The standing command rules in effect (commandRulesStore.ts), read on each call. */
    commandRules: () => CommandRules = () => NO_RULES,
    /** Where approved edits are recorded for "Restore files to here" and "Undo last edit". */
    checkpoints?: CheckpointStore,
    /** The sensitive-content gate: which folders may be used, what is sensitive, how a path is shown. */
    gate: OutflowGate = new OutflowGate(),
  ) {
    const terminal = new TandemTerminal(vscode.window, terminalShell());
    this.context = new ToolContext({ proposals, service, commandRules, checkpoints, gate, terminal });
  }

  definitions(): FunctionTool[] {
    return chatTools({ trusted: vscode.workspace.isTrusted });
  }

  prepare(call: { name: string; args: string }): Promise<PreparedTool> {
    // A folder a `.code-workspace` added from outside (or home, or `.git`) is asked about first.
    return prepareToolCall(WORKSPACE_TOOLS, call, this.context, () => this.context.gate.requestRoots());
  }
}
