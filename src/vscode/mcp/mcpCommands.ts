// The Services view's MCP actions: Restart and Show log per server, and the per-tool on/off switch.
import * as vscode from 'vscode';
import { COMMANDS } from '../../core/config/commandCatalog';
import type { McpToolHost } from './mcpToolHost';
import { toggleMcp } from './mcpViewSource';

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
