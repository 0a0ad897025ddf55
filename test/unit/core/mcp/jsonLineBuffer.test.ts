import * as assert from 'node:assert/strict';
import { JsonLineBuffer } from '../../../../src/core/mcp/jsonLineBuffer';

const readAll = (buffer: JsonLineBuffer) => {
  const lines: string[] = [];
  for (let line = buffer.readLine(); line !== null; line = buffer.readLine()) lines.push(line);
  return lines;
};

describe('the stdio line buffer of MCP servers', () => {
  it('splits messages across and within chunks, drops a \\r before the newline, and keeps a partial line for later', () => {
    const buffer = new JsonLineBuffer(1024);
    buffer.append(Buffer.from('{"a":1}\n{"b":'));
    assert.deepEqual(readAll(buffer), ['{"a":1}']);
    buffer.append(Buffer.from('2}\r\n{"c":3}\n{"d"'));
    assert.deepEqual(readAll(buffer), ['{"b":2}', '{"c":3}']);
    buffer.append(Buffer.from(':4}\n'));
    assert.deepEqual(readAll(buffer), ['{"d":4}']);
  });

  it('joins a multi-byte character split between chunks', () => {
    const bytes = Buffer.from('"é🚀"\n');
    const buffer = new JsonLineBuffer(1024);
    for (let i = 0; i < bytes.length; i++) buffer.append(bytes.subarray(i, i + 1));
    assert.deepEqual(readAll(buffer), ['"é🚀"']);
  });

  it('reads a 20 MB message that arrives in 64 KB chunks', () => {
    const message = Buffer.from(`"${'x'.repeat(20 * 1024 * 1024)}"\n`);
    const buffer = new JsonLineBuffer(64 * 1024 * 1024);
    for (let at = 0; at < message.length; at += 65536) buffer.append(message.subarray(at, at + 65536));
    const [line] = readAll(buffer);
    assert.equal(line.length, 20 * 1024 * 1024 + 2);
  });

  it('refuses a message longer than its limit, saying so, and keeps nothing of it', () => {
    const buffer = new JsonLineBuffer(10);
    buffer.append(Buffer.from('{"ok":1}\n'));
    assert.throws(() => buffer.append(Buffer.from('0123456789ab')), /it sent a message larger than 10 bytes/);
    assert.equal(buffer.readLine(), null);
    buffer.append(Buffer.from('{"n":2}\n'));
    assert.deepEqual(readAll(buffer), ['{"n":2}']);
  });
});
