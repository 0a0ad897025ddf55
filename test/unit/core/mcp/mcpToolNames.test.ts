import * as assert from 'node:assert/strict';
import { assignToolNames, baseToolName, TOOL_NAME_MAX } from '../../../../src/core/mcp/mcpToolNames';
import { chatTools } from '../../../../src/core/tools/toolDefinitions';

const RULE = /^[A-Za-z0-9_-]{1,64}$/;

describe('MCP tool names', () => {
  it('are mcp_<server>_<tool>, with characters outside the name rule made _', () => {
    assert.equal(baseToolName('everything', 'get-sum'), 'mcp_everything_get-sum');
    assert.equal(baseToolName('my server', 'read.file/v2'), 'mcp_my_server_read_file_v2');
    assert.match(baseToolName('ünï cödé', '工具'), RULE);
  });

  it('are cut to 64 characters, and a collision gets _2, _3 within the limit', () => {
    const long = 'x'.repeat(100);
    const names = assignToolNames(
      [],
      [
        { server: 's', tool: long },
        { server: 's', tool: long + 'y' },
        { server: 's', tool: long + 'z' },
      ],
    );
    assert.equal(names[0].length, TOOL_NAME_MAX);
    assert.ok(names[1].endsWith('_2') && names[1].length === TOOL_NAME_MAX);
    assert.ok(names[2].endsWith('_3') && names[2].length === TOOL_NAME_MAX);
    for (const n of names) assert.match(n, RULE);
  });

  it('never rename a built-in tool: the MCP tool that collides with one is renamed', () => {
    const builtIns = chatTools({ trusted: true }).map((t) => t.function.name);
    // A server named "mcp" with a tool "x" and a server "mcp_x"… the same name, both from MCP.
    const names = assignToolNames(
      [...builtIns, 'mcp_a_b'],
      [
        { server: 'a', tool: 'b' },
        { server: 'a', tool: 'b' },
      ],
    );
    assert.deepEqual(names, ['mcp_a_b_2', 'mcp_a_b_3']);
    for (const b of builtIns) assert.ok(!names.includes(b));
  });

  it('give servers whose names differ only in characters outside the rule different names', () => {
    const names = assignToolNames(
      [],
      [
        { server: 'a.b', tool: 't' },
        { server: 'a b', tool: 't' },
      ],
    );
    assert.deepEqual(names, ['mcp_a_b_t', 'mcp_a_b_t_2']);
  });
});
