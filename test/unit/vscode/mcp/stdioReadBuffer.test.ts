import * as assert from 'node:assert/strict';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { MAX_STDIO_MESSAGE_BYTES, useLinearReadBuffer } from '../../../../src/vscode/mcp/stdioReadBuffer';

describe("the MCP stdio transport's read buffer", () => {
  it("replaces the SDK's buffer (the SDK still has the field) and reads JSON-RPC messages through it", () => {
    const transport = new StdioClientTransport({ command: 'node' });
    const warnings: string[] = [];
    assert.equal(
      useLinearReadBuffer(transport, (w) => warnings.push(w)),
      true,
    );
    assert.deepEqual(warnings, []);
    const buffer = (transport as unknown as { _readBuffer: { append(b: Buffer): void; readMessage(): unknown } })._readBuffer;
    buffer.append(Buffer.from('{"jsonrpc":"2.0","id":1,"res'));
    assert.equal(buffer.readMessage(), null);
    buffer.append(Buffer.from('ult":{}}\n\n{"jsonrpc":"2.0","method":"notifications/initialized"}\n'));
    assert.deepEqual(buffer.readMessage(), { jsonrpc: '2.0', id: 1, result: {} });
    assert.deepEqual(buffer.readMessage(), { jsonrpc: '2.0', method: 'notifications/initialized' });
    assert.equal(buffer.readMessage(), null);
  });

  it('reads messages up to 64 MB, above the SDK default of 10 MB', () => {
    assert.equal(MAX_STDIO_MESSAGE_BYTES, 64 * 1024 * 1024);
  });

  it("keeps the SDK's buffer, and says so, when a transport has no such field", () => {
    const warnings: string[] = [];
    assert.equal(
      useLinearReadBuffer({} as StdioClientTransport, (w) => warnings.push(w)),
      false,
    );
    assert.match(warnings[0], /changed its stdio read buffer/);
  });
});
