import * as assert from 'node:assert/strict';
import { SecretRedactor, secretValues } from '../../../../src/core/security/secretRedaction';

describe('secretValues: what a sensitive file holds that must not be kept', () => {
  it('takes the values of assignments that look secret, and credential-shaped tokens anywhere', () => {
    const env = [
      '# settings',
      'API_TOKEN=sk-live-4f9c2e7a1b',
      'export DB_PASSWORD="correct horse"',
      "SESSION_SECRET='s3cr3t-value'",
      'DATABASE_URL=postgres://app:hunter22@db.internal:5432/app # primary',
      'NODE_ENV=development',
      'PORT=3000',
      'DEBUG=true',
      'GITHUB=ghp_0123456789abcdefghijABCDEFGHIJ012345',
      'aws: AKIAIOSFODNN7EXAMPLE',
      'jwt eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U',
      'SLACK=xoxb-1234-5678-abcdefgh',
    ].join('\n');
    const values = secretValues(env);
    for (const v of [
      'sk-live-4f9c2e7a1b',
      'correct horse',
      's3cr3t-value',
      'postgres://app:hunter22@db.internal:5432/app',
      'ghp_0123456789abcdefghijABCDEFGHIJ012345',
      'AKIAIOSFODNN7EXAMPLE',
      'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U',
      'xoxb-1234-5678-abcdefgh',
    ])
      assert.ok(values.includes(v), v);
    for (const v of ['development', '3000', 'true', 'settings']) assert.ok(!values.includes(v), v);
  });

  it('takes a PEM block whole and line by line', () => {
    const body = 'MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC7';
    const pem = `-----BEGIN PRIVATE KEY-----\n${body}\n-----END PRIVATE KEY-----`;
    const values = secretValues(`key:\n${pem}\n`);
    assert.ok(values.includes(pem));
    assert.ok(values.includes(body));
  });
});

describe('SecretRedactor', () => {
  it('replaces each secret with a marker naming its source, also as escaped in JSON and in a URL', () => {
    const r = new SecretRedactor();
    assert.equal(r.empty, true);
    r.add('PASS=a"b\\c-9x!\nTOKEN=sk-live-4f9c2e7a1b', '.env');
    const args = JSON.stringify({ command: 'login --pass a"b\\c-9x! --token sk-live-4f9c2e7a1b' });
    assert.equal(r.redact(args), '{"command":"login --pass [redacted: from .env] --token [redacted: from .env]"}');
    assert.equal(r.redact('https://x.test/?p=a%22b%5Cc-9x!'), 'https://x.test/?p=[redacted: from .env]');
    assert.equal(r.holds('uses sk-live-4f9c2e7a1b'), true);
    assert.equal(r.holds('uses sk-live-4f9c2e7a1b'), true, 'asking twice gives the same answer');
    assert.equal(r.holds('nothing here'), false);
  });
});
