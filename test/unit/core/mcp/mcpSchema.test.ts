import * as assert from 'node:assert/strict';
import { looseParameters, strictParameters, withoutStrictNulls } from '../../../../src/core/mcp/mcpSchema';

describe('MCP schema conversion', () => {
  it('non-strict: the server schema with an object root; $schema dropped; a missing schema takes no arguments', () => {
    assert.deepEqual(looseParameters(undefined), { type: 'object', properties: {} });
    assert.deepEqual(
      looseParameters({
        $schema: 'http://json-schema.org/draft-07/schema#',
        type: 'object',
        properties: { a: { type: 'number', minimum: 1 } },
      }),
      {
        type: 'object',
        properties: { a: { type: 'number', minimum: 1 } },
      },
    );
  });

  it('strict: every object closed with all properties required; optional ones nullable; defaults dropped', () => {
    const result = strictParameters({
      type: 'object',
      properties: {
        duration: { type: 'number', default: 10, description: 'seconds' },
        mode: { type: 'string', enum: ['a', 'b'] },
        nested: { type: 'object', properties: { x: { type: 'integer' } }, required: ['x'] },
        list: { type: 'array', items: { type: 'string' } },
      },
      required: ['nested'],
    });
    assert.ok(result.ok);
    assert.deepEqual(result.parameters, {
      type: 'object',
      properties: {
        duration: { type: ['number', 'null'], description: 'seconds' },
        mode: { type: ['string', 'null'], enum: ['a', 'b', null] },
        nested: { type: 'object', properties: { x: { type: 'integer' } }, required: ['x'], additionalProperties: false },
        list: { type: ['array', 'null'], items: { type: 'string' } },
      },
      required: ['duration', 'mode', 'nested', 'list'],
      additionalProperties: false,
    });
  });

  it('strict: refuses what the subset cannot express, naming it', () => {
    const refused = (schema: unknown) => {
      const r = strictParameters(schema);
      assert.equal(r.ok, false);
      return (r as { reason: string }).reason;
    };
    assert.match(refused({ type: 'object', properties: { a: { type: 'string', minLength: 1 } } }), /minLength/);
    assert.match(refused({ type: 'object', properties: { a: { oneOf: [{ type: 'string' }] } } }), /oneOf/);
    assert.match(refused({ type: 'object', additionalProperties: true }), /free-form/);
    assert.match(refused({ type: 'object', properties: { a: {} } }), /no declared type/);
  });

  it('strict: the nulls the model sends for optional arguments are removed before the call, required ones kept', () => {
    const schema = {
      type: 'object',
      properties: { a: { type: 'string' }, b: { type: 'string' }, n: { type: 'object', properties: { c: { type: 'number' } } } },
      required: ['a'],
    };
    assert.deepEqual(withoutStrictNulls({ a: null, b: null, n: { c: null } }, schema), { a: null, n: {} });
  });
});
