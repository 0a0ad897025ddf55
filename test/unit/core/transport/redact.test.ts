import assert from 'node:assert/strict';
import { redactSecrets } from '../../../../src/core/transport/redact';

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

describe('redactSecrets: echoes of a key cut short', () => {
  const KEY = 'sk-live-0123456789abcdefghijklmnopqrstuv';

  it('masks a run holding the stored key’s first 8 characters, anywhere in the text', () => {
    assert.equal(
      redactSecrets('Incorrect API key provided: sk-live-0123456789abcdefghijkl... You can find your key at example.test.', [KEY]),
      'Incorrect API key provided: [redacted] You can find your key at example.test.',
    );
    const plain = 'tdm_9f8e7d6c5b4a3210';
    assert.equal(redactSecrets(`key "xx-tdm_9f8e7d6c5b" rejected`, [plain]), 'key "[redacted]" rejected');
    assert.equal(redactSecrets('(tdm_9f8e7***)', [plain]), '([redacted])');
  });

  it('masks any sk-like token it was not told about, and leaves short or unrelated words alone', () => {
    assert.equal(redactSecrets('keys sk-proj-AbC123xyz and sk-other-key… were refused', []), 'keys [redacted] and [redacted] were refused');
    assert.equal(redactSecrets('ask-me sk-1 task-force', []), 'ask-me sk-1 task-force');
    assert.equal(redactSecrets('a key of 7: tdm_9f8 is short', ['tdm_9f8']), 'a key of 7: [redacted] is short');
  });
});
