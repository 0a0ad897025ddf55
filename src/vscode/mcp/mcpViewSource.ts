// What the Services view shows of MCP, and its actions: each server's state, last error, tools with
// an on/off switch (`tandem.mcp.disabled`, user settings), Restart and Show log.
import * as vscode from 'vscode';
import { COMMANDS } from '../../core/config/commandCatalog';
import type { McpServerStatus } from './mcpServers';
import type { McpToolHost } from './mcpToolHost';

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

export function registerMcpCommands(mcp: McpToolHost): vscode.Disposable[] {
  return [
    vscode.commands.registerCommand(COMMANDS.restartMcpServer, async (node?: { status?: { name: string } } | string) => {
      const name = typeof node === 'string' ? node : node?.status?.name;
      if (!name) return;
      const servers = await mcp.runtime();
      await servers.connection(name)?.restart();
    }),
    vscode.commands.registerCommand(COMMANDS.showMcpLog, async (node?: { status?: { name: string } } | string) => {
      const name = typeof node === 'string' ? node : node?.status?.name;
      if (name) (await mcp.runtime()).showLog(name);
    }),
    vscode.commands.registerCommand(COMMANDS.toggleMcpTool, (key?: string) => (typeof key === 'string' ? toggleMcp(key) : undefined)),
  ];
}
