// The one door to the MCP runtime (the SDK and the server connections): loaded on first use, never at activation.
import type * as Runtime from './mcpRuntime';

export type McpRuntime = typeof Runtime;

export function loadMcp(): Promise<McpRuntime> {
  return import('./mcpRuntime');
}
