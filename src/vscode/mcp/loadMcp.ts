// The one door to the MCP runtime (the SDK and the server connections): loaded on first use, never at activation.
export type McpRuntime = typeof import('./mcpRuntime');

export function loadMcp(): Promise<McpRuntime> {
  return import('./mcpRuntime');
}
