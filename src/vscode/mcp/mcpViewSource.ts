// What the Services view shows of MCP: each server's state, last error, and tools with
// an on/off switch (`tandem.mcp.disabled`, user settings). The actions are in mcpCommands.ts.
import * as vscode from 'vscode';
import type { McpServerStatus } from './mcpServers';

export interface McpViewSource {
  /** The servers' states; undefined before the first chat loaded the MCP runtime. */
  statuses(): McpServerStatus[] | undefined;
  /** `server` and `server/tool` switched off. */
  disabled(): ReadonlySet<string>;
  readonly onDidChange: vscode.Event<void>;
}

export function disabledMcp(): Set<string> {
  return new Set(vscode.workspace.getConfiguration('tandem').inspect<string[]>('mcp.disabled')?.globalValue ?? []);
}

/** Switches a server (`name`) or a tool (`name/tool`) on or off, in the user's settings. */
export async function toggleMcp(key: string): Promise<void> {
  const disabled = disabledMcp();
  if (disabled.has(key)) disabled.delete(key);
  else disabled.add(key);
  await vscode.workspace.getConfiguration('tandem').update('mcp.disabled', [...disabled], vscode.ConfigurationTarget.Global);
}
