// Everything MCP that needs the SDK, reached only through loadMcp.ts's dynamic import, so activation
// never loads it and a later build can split it into its own bundle.
export { McpServers } from './mcpServers';
export { McpConnection } from './mcpConnection';
