// "Always allow in this workspace" for MCP tools: one entry per server and tool, in workspaceState,
// beside the command rules (commandRulesStore.ts). Nothing wider: another tool of the same server asks.
import type * as vscode from 'vscode';

const KEY = 'tandem.mcp.allowedTools';

export class McpWorkspaceApprovals {
  constructor(private readonly state: vscode.Memento) {}

  allowed(key: string): boolean {
    return this.state.get<string[]>(KEY, []).includes(key);
  }

  async allow(key: string): Promise<void> {
    const list = this.state.get<string[]>(KEY, []);
    if (!list.includes(key)) await this.state.update(KEY, [...list, key]);
  }

  list(): string[] {
    return this.state.get<string[]>(KEY, []);
  }

  async remove(key: string): Promise<void> {
    await this.state.update(
      KEY,
      this.list().filter((k) => k !== key),
    );
  }
}
