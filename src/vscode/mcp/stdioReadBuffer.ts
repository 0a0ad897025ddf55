// The stdio transport's read buffer, replaced: the SDK's copies all it holds at each chunk and searches
// it again from the start, so a 20 MB result cost seconds of the extension host. JsonLineBuffer reads a
// message in time linear in its size, so a large result is read and then capped (mcpResult.ts) before
// the card and the model see it.
import type { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { deserializeMessage } from '@modelcontextprotocol/sdk/shared/stdio.js';
import { JsonLineBuffer } from '../../core/mcp/jsonLineBuffer';

/** Largest single message read from a stdio server; a larger one stops the connection with a clear error. */
export const MAX_STDIO_MESSAGE_BYTES = 64 * 1024 * 1024;

/** The SDK transport's buffer, as the transport uses it. */
interface ReadBufferLike {
  append(chunk: Buffer): void;
  readMessage(): unknown;
  clear(): void;
}

/**
 * Puts a JsonLineBuffer in the transport. `_readBuffer` is the SDK's own field; should a later SDK lack
 * it, the SDK's buffer stays (slow on large messages, and stopping at 10 MB) and `warn` says so.
 * Returns whether it was replaced.
 */
export function useLinearReadBuffer(transport: StdioClientTransport, warn: (message: string) => void): boolean {
  const holder = transport as unknown as { _readBuffer?: ReadBufferLike };
  if (typeof holder._readBuffer?.readMessage !== 'function' || typeof holder._readBuffer.append !== 'function') {
    warn('The MCP SDK changed its stdio read buffer: large results read slowly and stop at 10 MB.');
    return false;
  }
  const lines = new JsonLineBuffer(MAX_STDIO_MESSAGE_BYTES);
  holder._readBuffer = {
    append: (chunk) => lines.append(chunk),
    readMessage: () => {
      // Blank lines between messages are skipped, as servers that end a line with \r\n may leave them.
      for (let line = lines.readLine(); line !== null; line = lines.readLine()) if (line.trim()) return deserializeMessage(line);
      return null;
    },
    clear: () => lines.clear(),
  };
  return true;
}
