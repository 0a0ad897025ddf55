import assert from 'node:assert/strict';
import { redactSecrets } from '../../../src/core/transport/redact';

describe('redactSecrets', () => {
  it('replaces every occurrence of each non-empty secret', () => {
    assert.equal(redactSecrets('a sk-123 b sk-123', ['sk-123', '']), 'a [redacted] b [redacted]');
  });

  it('masks the longer of overlapping secrets whole', () => {
    assert.equal(redactSecrets('key=abcdef', ['abc', 'abcdef']), 'key=[redacted]');
  });

  it('masks Bearer tokens and api-key headers it was not told about', () => {
    assert.equal(redactSecrets('Authorization: Bearer xyz.123', []), 'Authorization: Bearer [redacted]');
    assert.equal(redactSecrets('api-key: abc123, next', []), 'api-key: [redacted], next');
    assert.equal(redactSecrets('{"api_key":"abc"}', []), '{"api_key":"[redacted]"}');
  });

  it('leaves ordinary text alone', () => {
    assert.equal(redactSecrets('POST /v1/chat/completions 200 12ms', ['secret']), 'POST /v1/chat/completions 200 12ms');
  });
});
