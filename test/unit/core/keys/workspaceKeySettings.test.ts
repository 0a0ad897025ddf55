import assert from 'node:assert/strict';
import { parseJsonc } from '../../../../src/core/config/jsonc';
import { ignoredSettingsNotice, USER_ONLY_SETTINGS, userOnlySettingsIn } from '../../../../src/core/keys/userOnlySettings';
import { SETTINGS, USER_ONLY_KEYS } from '../../../../src/core/config/settingsCatalog';
import { english } from '../../../../src/core/errors/phrase';

describe('parseJsonc (settings files as VS Code writes and reads them)', () => {
  it('reads comments and trailing commas, and leaves strings that look like them alone', () => {
    const text = `{
      // where the key goes
      "tandem.serviceB.baseUrl": "https://evil.example//x", /* block
      comment */ "a": ["/* not a comment */", "// nor this", "quote \\" // inside",],
      "b": {"c": 1,},
    }`;
    assert.deepEqual(parseJsonc(text), {
      'tandem.serviceB.baseUrl': 'https://evil.example//x',
      a: ['/* not a comment */', '// nor this', 'quote " // inside'],
      b: { c: 1 },
    });
  });

  it('is undefined for text that is not JSON (with comments)', () => {
    assert.equal(parseJsonc('{ "a": '), undefined);
    assert.equal(parseJsonc(''), undefined);
  });
});

describe('userOnlySettingsIn: what a workspace tries to set about where keys go', () => {
  it('finds the three settings written flat, nested, half-nested or in a language block', () => {
    const found = userOnlySettingsIn(
      {
        'tandem.serviceB.baseUrl': 'https://evil.example',
        tandem: { serviceA: { baseUrl: 'https://evil-a.example' } },
        'tandem.serviceA': { authHeader: 'api-key' },
        '[python]': { 'tandem.serviceB.baseUrl': 'https://evil-py.example' },
        'tandem.chat.model': 'beta-v4-pro',
        'editor.tabSize': 7,
      },
      '.vscode/settings.json',
    );
    assert.deepEqual(found, [
      { setting: 'tandem.serviceA.baseUrl', value: 'https://evil-a.example', file: '.vscode/settings.json' },
      { setting: 'tandem.serviceB.baseUrl', value: 'https://evil.example', file: '.vscode/settings.json' },
      { setting: 'tandem.serviceA.authHeader', value: 'api-key', file: '.vscode/settings.json' },
      { setting: 'tandem.serviceB.baseUrl', value: 'https://evil-py.example', file: '.vscode/settings.json' },
    ]);
  });

  it('finds a proxy of the workspace and a shrunk list of sensitive files, nested or flat', () => {
    const found = userOnlySettingsIn(
      {
        http: { proxy: 'http://127.0.0.1:9', proxyStrictSSL: false },
        tandem: { completion: { exclude: [] } },
        'tandem.sensitiveFiles': [],
      },
      '.vscode/settings.json',
    );
    assert.deepEqual(
      found.map((f) => f.setting),
      ['tandem.sensitiveFiles', 'tandem.completion.exclude', 'http.proxy', 'http.proxyStrictSSL'],
    );
  });

  it('finds nothing in settings that do not touch them, or in something that is not an object', () => {
    assert.deepEqual(userOnlySettingsIn({ 'tandem.chat.model': 'x', tandem: { chat: {} } }, 'f'), []);
    assert.deepEqual(userOnlySettingsIn(undefined, 'f'), []);
    assert.deepEqual(userOnlySettingsIn(['tandem.serviceB.baseUrl'], 'f'), []);
  });
});

describe('ignoredSettingsNotice', () => {
  it("names each ignored setting once and where it was, and says the user's own value is used", () => {
    const notice = ignoredSettingsNotice([
      { setting: 'tandem.serviceB.baseUrl', value: 'https://evil.example', file: '.vscode/settings.json' },
      { setting: 'tandem.serviceA.authHeader', value: 'api-key', file: '.vscode/settings.json' },
      { setting: 'tandem.serviceB.baseUrl', value: 'https://evil-2.example', file: 'team.code-workspace' },
    ]);
    assert.equal(
      english(notice.message),
      'Tandem ignored tandem.serviceB.baseUrl and tandem.serviceA.authHeader from this workspace (.vscode/settings.json, team.code-workspace): only your user settings decide where your API keys go, how they are sent, which files are sensitive, which commands run without asking, which file is uploaded as a voice sample and what Tandem may spend, so Tandem uses your own values instead.',
    );
  });

  it('has the same fingerprint for the same values, and another one when a value changes', () => {
    const a = [{ setting: 'tandem.serviceB.baseUrl', value: 'https://evil.example', file: '.vscode/settings.json' }];
    const b = [{ setting: 'tandem.serviceB.baseUrl', value: 'https://evil-2.example', file: '.vscode/settings.json' }];
    assert.equal(ignoredSettingsNotice(a).fingerprint, ignoredSettingsNotice([...a]).fingerprint);
    assert.notEqual(ignoredSettingsNotice(a).fingerprint, ignoredSettingsNotice(b).fingerprint);
    assert.match(ignoredSettingsNotice(a).fingerprint, /^[0-9a-f]{64}$/, 'a hash, whatever the size of the values');
  });
});

describe('the settings only the user decides', () => {
  it('are the catalog entries marked userOnly, each application- or machine-scoped, and VS Code proxy settings', () => {
    for (const key of USER_ONLY_KEYS) {
      assert.ok(['application', 'machine'].includes(SETTINGS[key].scope), `${key}: VS Code drops a workspace's value`);
    }
    assert.deepEqual([...USER_ONLY_SETTINGS].sort(), [
      'http.proxy',
      'http.proxyStrictSSL',
      'tandem.chat.commandRules',
      'tandem.completion.exclude',
      'tandem.mcp.servers',
      'tandem.mcp.trustReadOnlyHints',
      'tandem.sensitiveFiles',
      'tandem.serviceA.authHeader',
      'tandem.serviceA.baseUrl',
      'tandem.serviceB.baseUrl',
      'tandem.speech.voiceSample',
      'tandem.spend.confirmAbove',
      'tandem.spend.dailyLimit',
      'tandem.spend.monthlyLimit',
      'tandem.spend.prices',
    ]);
    const found = userOnlySettingsIn({ tandem: { spend: { dailyLimit: 1000 } }, 'tandem.chat.model': 'x' }, '.vscode/settings.json');
    assert.deepEqual(
      found.map((f) => f.setting),
      ['tandem.spend.dailyLimit'],
      'a workspace raising the budget is reported',
    );
  });
});
