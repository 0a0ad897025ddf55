import * as assert from 'node:assert/strict';
import { safeUrl } from '../../../src/shared/safeUrl';

describe('safeUrl: only web links from model or server output', () => {
  it('keeps http and https addresses, normalised', () => {
    assert.equal(safeUrl('https://nodejs.org/en/about/previous-releases'), 'https://nodejs.org/en/about/previous-releases');
    assert.equal(safeUrl('http://example.com'), 'http://example.com/');
    assert.equal(safeUrl('  HTTPS://Example.com/a b '), 'https://example.com/a%20b');
  });

  it('refuses every scheme that reaches VS Code or the machine instead of a web page', () => {
    for (const url of [
      'vscode://settings/tandem.serviceB.baseUrl',
      'vscode-insiders://x',
      'command:workbench.action.terminal.sendSequence',
      'file:///etc/passwd',
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      'java\nscript:alert(1)',
      ' \tjavascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'mailto:a@example.com',
      'ftp://example.com/',
    ]) {
      assert.equal(safeUrl(url), undefined, url);
    }
  });

  it('refuses relative links and text that is no URL', () => {
    for (const url of ['/etc/passwd', 'example.com', '#top', '', 'https://', 'http://[::1']) assert.equal(safeUrl(url), undefined, url);
  });

  it('refuses links carrying credentials', () => {
    assert.equal(safeUrl('https://user:secret@example.com/login'), undefined);
    assert.equal(safeUrl('https://user@example.com/'), undefined);
  });
});
