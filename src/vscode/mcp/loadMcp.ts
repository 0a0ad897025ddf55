// The one door to the MCP runtime (the SDK and the server connections): loaded on first use, never at activation.
import type * as Runtime from './mcpRuntime';

export type McpRuntime = typeof Runtime;

/** The runtime is a bundle of its own (dist/mcp.js, scripts/bundles.mjs), required here the first time. */
export function loadMcp(): Promise<McpRuntime> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return Promise.resolve().then(() => require('./mcpRuntime') as McpRuntime);
}
