import * as assert from 'node:assert/strict';
import { inputIds, parseEnvFile, parseMcpJson, parseUserServers, resolveVariables } from '../../../../src/core/mcp/mcpConfig';
import { definitionFingerprint, describeDefinition } from '../../../../src/core/mcp/mcpTrust';

describe('MCP configuration', () => {
  it("reads .vscode/mcp.json in VS Code's shape (comments, inputs, stdio and http, type inferred)", () => {
    const config = parseMcpJson(`{
      // a comment
      "inputs": [{ "type": "promptString", "id": "token", "description": "API token", "password": true }],
      "servers": {
        "fs": { "type": "stdio", "command": "npx", "args": ["-y", "@modelcontextprotocol/server-filesystem", "\${workspaceFolder}"], "env": { "N": 1 } },
        "web": { "url": "https://example.com/mcp", "headers": { "Authorization": "Bearer \${input:token}" } },
      },
    }`);
    assert.deepEqual(config.problems, []);
    assert.deepEqual(config.inputs, [{ id: 'token', description: 'API token', password: true }]);
    assert.deepEqual(config.servers[0].transport, {
      type: 'stdio',
      command: 'npx',
      args: ['-y', '@modelcontextprotocol/server-filesystem', '${workspaceFolder}'],
      env: { N: '1' },
    });
    assert.equal(config.servers[1].transport.type, 'http');
    assert.deepEqual(inputIds(config.servers[1]), ['token']);
  });

  it('reports a definition it cannot read exactly, and leaves that server out', () => {
    const config = parseUserServers({
      bad: { type: 'stdio', command: '' },
      worse: { type: 'ftp' },
      ok: { command: 'node' },
      url: { type: 'http', url: 'file:///x' },
    });
    assert.deepEqual(
      config.servers.map((s) => s.name),
      ['ok'],
    );
    assert.equal(config.problems.length, 3);
  });

  it('fills in inputs, ${workspaceFolder} and ${env:…}; an envFile is KEY=value lines', () => {
    const [def] = parseUserServers({ s: { type: 'http', url: 'https://h/${env:REGION}', headers: { A: '${input:k}' } } }).servers;
    const resolved = resolveVariables(def, { inputs: new Map([['k', 'secret']]), env: { REGION: 'eu' } });
    assert.deepEqual(resolved.transport, { type: 'http', url: 'https://h/eu', headers: { A: 'secret' } });
    assert.deepEqual(parseEnvFile('# c\nA=1\nexport B="two"\n\nC = \'3\''), { A: '1', B: 'two', C: '3' });
  });
});

describe('MCP trust fingerprint', () => {
  const def = (args: string[], env: Record<string, string> = {}) =>
    parseUserServers({ s: { type: 'stdio', command: 'node', args, env } }).servers[0];

  it('is the same for the same definition whatever the key order, and changes with any field', () => {
    const a = parseMcpJson('{"servers":{"s":{"type":"stdio","command":"node","args":["x"],"env":{"A":"1","B":"2"}}}}').servers[0];
    const b = parseMcpJson('{"servers":{"s":{"env":{"B":"2","A":"1"},"args":["x"],"command":"node","type":"stdio"}}}').servers[0];
    assert.equal(definitionFingerprint(a), definitionFingerprint(b));
    const base = definitionFingerprint(def(['x']));
    assert.notEqual(definitionFingerprint(def(['x', 'y'])), base);
    assert.notEqual(definitionFingerprint(def(['x'], { A: '1' })), base);
    assert.notEqual(definitionFingerprint({ ...def(['x']), name: 't' }), base);
  });

  it('describes the exact command line, quoting what a shell would split', () => {
    assert.equal(
      describeDefinition(def(['-e', "require('fs').writeFileSync('m', '')"], { K: 'v w' })),
      `Command: node -e 'require('\\''fs'\\'').writeFileSync('\\''m'\\'', '\\'''\\'')'\nEnvironment: K='v w'`,
    );
  });
});
