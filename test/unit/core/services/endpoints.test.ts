import assert from 'node:assert/strict';
import { SERVICE_A_PATHS, SERVICE_B_PATHS, authHeaders, endpointUrl, normalizeBaseUrl } from '../../../../src/core/services/endpoints';
import { expectInvalid, expectServiceError } from './expectServiceError';

describe('normalizeBaseUrl', () => {
  const table: Array<[service: 'A' | 'B', raw: string, expected: string]> = [
    ['A', 'https://a.example.com', 'https://a.example.com'],
    ['A', 'https://a.example.com/', 'https://a.example.com'],
    ['A', 'https://a.example.com///', 'https://a.example.com'],
    ['A', '  https://a.example.com  \n', 'https://a.example.com'],
    ['A', 'https://a.example.com/v1', 'https://a.example.com'],
    ['A', 'https://a.example.com/v1/', 'https://a.example.com'],
    ['A', 'https://a.example.com/proxy/v1', 'https://a.example.com/proxy'],
    ['A', 'http://127.0.0.1:8787', 'http://127.0.0.1:8787'],
    ['A', 'http://localhost:8787/api/', 'http://localhost:8787/api'],
    // /beta is Service B's, so for A it is a real path segment and stays.
    ['A', 'https://a.example.com/beta', 'https://a.example.com/beta'],
    // A host named v1 is not a pasted path.
    ['A', 'https://v1', 'https://v1'],
    // Plain http is fine for this computer: 127.0.0.0/8, localhost and [::1] (however they are spelled).
    ['B', 'http://127.0.0.1:8787/beta', 'http://127.0.0.1:8787'],
    ['B', 'http://127.45.6.7', 'http://127.45.6.7'],
    ['B', 'http://127.1:9000', 'http://127.0.0.1:9000'],
    ['B', 'http://LOCALHOST:9000', 'http://localhost:9000'],
    ['A', 'http://[::1]:9000/v1', 'http://[::1]:9000'],
    ['A', 'http://[0:0:0:0:0:0:0:1]:9000', 'http://[::1]:9000'],
    ['B', 'https://b.example.com', 'https://b.example.com'],
    ['B', 'https://b.example.com/', 'https://b.example.com'],
    ['B', 'https://b.example.com/beta', 'https://b.example.com'],
    ['B', 'https://b.example.com/beta/', 'https://b.example.com'],
    ['B', 'https://b.example.com/v1', 'https://b.example.com'],
    ['B', ' https://b.example.com/v1/ ', 'https://b.example.com'],
    ['B', 'HTTPS://B.Example.com/path', 'https://b.example.com/path'],
  ];
  for (const [service, raw, expected] of table) {
    it(`${service}: ${JSON.stringify(raw)} → ${expected}`, () => {
      assert.equal(normalizeBaseUrl(service, raw), expected);
    });
  }

  it('empty or blank → missing_base_url with a settings hint', () => {
    expectServiceError(() => normalizeBaseUrl('A', ''), {
      service: 'A',
      code: 'missing_base_url',
      message: 'Service A has no base URL',
      hint: 'Set the base URL (tandem.serviceA.baseUrl) in Settings',
    });
    expectServiceError(() => normalizeBaseUrl('B', '   '), {
      service: 'B',
      code: 'missing_base_url',
      message: 'Service B has no base URL',
      hint: 'Set the base URL (tandem.serviceB.baseUrl) in Settings',
    });
  });

  it('malformed URLs → invalid_request naming the problem', () => {
    expectInvalid(
      'A',
      () => normalizeBaseUrl('A', 'a.example.com'),
      'Service A base URL "a.example.com" is malformed: it is not a valid URL',
    );
    expectInvalid('A', () => normalizeBaseUrl('A', 'ftp://a.example.com'), /must start with http:\/\/ or https:\/\//);
    expectInvalid('B', () => normalizeBaseUrl('B', 'https://b.example.com/?x=1'), /must not contain a query/);
    expectInvalid('B', () => normalizeBaseUrl('B', 'https://user:pw@b.example.com'), /must not contain credentials/);
  });

  it('plain http to anything but this computer → invalid_request telling the user to use https', () => {
    // Each of these would carry the key in clear text over the network (or to a look-alike host).
    for (const raw of [
      'http://b.example.com',
      'http://v1',
      'http://10.0.0.5:8080',
      'http://192.168.1.20',
      'http://0.0.0.0:8787',
      'http://128.0.0.1',
      'http://localhost.attacker.example',
      'http://127.0.0.1.attacker.example',
      'http://[::2]',
      'http://[::ffff:10.0.0.1]',
    ]) {
      expectServiceError(() => normalizeBaseUrl('B', raw), {
        service: 'B',
        code: 'invalid_request',
        message: `Service B base URL "${raw}" is not secure: plain http:// would send your key unencrypted to another computer`,
        hint: 'Use https:// in tandem.serviceB.baseUrl (http:// is allowed only for localhost, 127.0.0.1 and [::1])',
      });
    }
  });
});

describe('endpointUrl', () => {
  it('joins base and contract paths', () => {
    assert.equal(endpointUrl('https://a.example.com', SERVICE_A_PATHS.chat), 'https://a.example.com/v1/chat/completions');
    assert.equal(endpointUrl('https://b.example.com/', SERVICE_B_PATHS.chat), 'https://b.example.com/chat/completions');
    assert.equal(endpointUrl('https://b.example.com', SERVICE_B_PATHS.strictChat), 'https://b.example.com/beta/chat/completions');
    assert.equal(endpointUrl('https://b.example.com', SERVICE_B_PATHS.fim), 'https://b.example.com/beta/completions');
    assert.equal(endpointUrl('https://b.example.com', SERVICE_B_PATHS.models), 'https://b.example.com/models');
    assert.equal(endpointUrl('https://b.example.com', 'user/balance'), 'https://b.example.com/user/balance');
  });

  it('a pasted /v1 or /beta never doubles up', () => {
    assert.equal(
      endpointUrl(normalizeBaseUrl('A', 'https://a.example.com/v1/'), SERVICE_A_PATHS.chat),
      'https://a.example.com/v1/chat/completions',
    );
    assert.equal(
      endpointUrl(normalizeBaseUrl('B', 'https://b.example.com/beta'), SERVICE_B_PATHS.fim),
      'https://b.example.com/beta/completions',
    );
  });
});

describe('authHeaders', () => {
  it('Service A sends exactly one header per scheme', () => {
    assert.deepEqual(authHeaders('A', 'sk-a', 'bearer'), { Authorization: 'Bearer sk-a' });
    assert.deepEqual(authHeaders('A', 'sk-a', 'api-key'), { 'api-key': 'sk-a' });
    assert.deepEqual(authHeaders('A', 'sk-a'), { Authorization: 'Bearer sk-a' });
    for (const scheme of ['bearer', 'api-key'] as const) {
      assert.equal(Object.keys(authHeaders('A', 'k', scheme)).length, 1);
    }
  });

  it('Service B always uses Bearer', () => {
    assert.deepEqual(authHeaders('B', 'sk-b'), { Authorization: 'Bearer sk-b' });
    assert.deepEqual(authHeaders('B', 'sk-b', 'api-key'), { Authorization: 'Bearer sk-b' });
  });

  it('trims a pasted newline', () => {
    assert.deepEqual(authHeaders('B', ' sk-b\n'), { Authorization: 'Bearer sk-b' });
  });

  it('empty key → missing_key with the command hint', () => {
    expectServiceError(() => authHeaders('A', ''), {
      service: 'A',
      code: 'missing_key',
      message: 'No API key for Service A',
      hint: 'Set your Service A key (Tandem: Set API Key…)',
    });
    expectServiceError(() => authHeaders('B', '  '), {
      service: 'B',
      code: 'missing_key',
      message: 'No API key for Service B',
      hint: 'Set your Service B key (Tandem: Set API Key…)',
    });
  });
});
