import * as assert from 'node:assert/strict';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { jsonSchemaValidator, schemaMismatch } from '../../../../src/core/mcp/jsonSchemaCheck';

describe('the JSON Schema checker of MCP tool results', () => {
  const weather = {
    type: 'object',
    properties: {
      city: { type: 'string', minLength: 1 },
      celsius: { type: 'number', minimum: -90, maximum: 60 },
      hours: { type: 'array', items: { type: 'integer' }, maxItems: 3 },
      sky: { enum: ['clear', 'cloudy'] },
      station: { $ref: '#/$defs/station' },
    },
    required: ['city', 'celsius'],
    additionalProperties: false,
    $defs: { station: { type: 'object', properties: { id: { type: 'string', pattern: '^[A-Z]{4}$' } }, required: ['id'] } },
  };

  it('accepts a value that matches, with optional parts and a local $ref', () => {
    assert.equal(schemaMismatch(weather, { city: 'Oslo', celsius: 4.5 }), undefined);
    assert.equal(schemaMismatch(weather, { city: 'Oslo', celsius: 4, hours: [1, 2], sky: 'clear', station: { id: 'ENGM' } }), undefined);
  });

  it('names the first mismatch and where it is', () => {
    const cases: Array<[unknown, RegExp]> = [
      [{ celsius: 4 }, /\$: lacks the required property "city"/],
      [{ city: 'Oslo', celsius: '4' }, /\$\.celsius: must be number, not string/],
      [{ city: 'Oslo', celsius: 99 }, /\$\.celsius: above the maximum 60/],
      [{ city: '', celsius: 1 }, /\$\.city: shorter than 1/],
      [{ city: 'Oslo', celsius: 1, hours: [1.5] }, /\$\.hours\[0\]: must be integer/],
      [{ city: 'Oslo', celsius: 1, hours: [1, 2, 3, 4] }, /more than 3 items/],
      [{ city: 'Oslo', celsius: 1, sky: 'rain' }, /\$\.sky: must be one of/],
      [{ city: 'Oslo', celsius: 1, wind: 3 }, /does not allow/],
      [{ city: 'Oslo', celsius: 1, station: { id: 'engm' } }, /\$\.station\.id: does not match the pattern/],
      [[], /\$: must be object, not array/],
    ];
    for (const [value, reason] of cases) assert.match(schemaMismatch(weather, value) ?? 'matched', reason, JSON.stringify(value));
  });

  it('follows anyOf, oneOf, allOf, not, const, tuples and boolean schemas', () => {
    assert.equal(schemaMismatch({ anyOf: [{ type: 'string' }, { type: 'null' }] }, null), undefined);
    assert.match(schemaMismatch({ anyOf: [{ type: 'string' }, { type: 'null' }] }, 1) ?? '', /none of anyOf/);
    assert.match(schemaMismatch({ oneOf: [{ type: 'number' }, { type: 'integer' }] }, 2) ?? '', /2 of oneOf/);
    assert.match(schemaMismatch({ allOf: [{ minimum: 1 }, { maximum: 3 }] }, 4) ?? '', /above the maximum 3/);
    assert.match(schemaMismatch({ not: { const: 'x' } }, 'x') ?? '', /under not/);
    assert.equal(schemaMismatch({ prefixItems: [{ type: 'string' }, { type: 'number' }], items: false }, ['a', 1]), undefined);
    assert.match(schemaMismatch({ prefixItems: [{ type: 'string' }], items: false }, ['a', 1]) ?? '', /\$\[1\]: no value/);
    assert.equal(schemaMismatch(true, { anything: 1 }), undefined);
    assert.match(schemaMismatch({ properties: { a: false } }, { a: 1 }) ?? '', /\$\.a: no value/);
  });

  it('lets through keywords it does not know rather than refuse a result the server calls valid', () => {
    assert.equal(schemaMismatch({ type: 'string', format: 'email' }, 'not an email'), undefined);
    assert.equal(schemaMismatch({ type: 'string', pattern: '(?<=a' }, 'b'), undefined, 'a pattern JavaScript cannot read');
  });

  it('stops at a $ref cycle with a mismatch instead of overflowing the stack', () => {
    assert.match(schemaMismatch({ $ref: '#' }, 1) ?? '', /deeper than 64/);
  });

  it('is the validator the SDK client uses: a result that breaks the outputSchema is refused, a matching one passes', async () => {
    const server = new Server({ name: 'weather', version: '1.0.0' }, { capabilities: { tools: {} } });
    server.setRequestHandler(ListToolsRequestSchema, () => ({
      tools: [{ name: 'now', inputSchema: { type: 'object' }, outputSchema: weather }],
    }));
    server.setRequestHandler(CallToolRequestSchema, (request) => {
      const structuredContent = request.params.arguments?.broken ? { city: 'Oslo', celsius: 'warm' } : { city: 'Oslo', celsius: 4 };
      return { content: [{ type: 'text', text: JSON.stringify(structuredContent) }], structuredContent };
    });
    const client = new Client({ name: 'test', version: '1.0.0' }, { jsonSchemaValidator });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
    try {
      await client.listTools();
      const good = await client.callTool({ name: 'now', arguments: {} });
      assert.deepEqual(good.structuredContent, { city: 'Oslo', celsius: 4 });
      await assert.rejects(client.callTool({ name: 'now', arguments: { broken: true } }), /\$\.celsius: must be number, not string/);
    } finally {
      await client.close();
    }
  });
});
