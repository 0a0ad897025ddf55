import assert from 'node:assert/strict';
import { rulesChip } from '../../../../src/webview/chat/rulesChip';

describe('header: the project rules chip', () => {
  it('shows nothing when the workspace has no rules file', () => {
    assert.equal(rulesChip([]), undefined);
  });

  it('names the files sent, and lists every file with its size and state in the tooltip', () => {
    const chip = rulesChip([
      { path: 'AGENTS.md', bytes: 20480, status: 'cut', note: '(cut at 16 KB)' },
      { path: '.tandem/rules.md', bytes: 300, status: 'used' },
    ]);
    assert.equal(chip?.label, 'Rules: AGENTS.md, .tandem/rules.md');
    assert.deepEqual(chip?.tooltip.split('\n').slice(1), ['AGENTS.md (20.0 KB) (cut at 16 KB)', '.tandem/rules.md (300 bytes)']);
  });

  it('says when a file is found but not used', () => {
    const chip = rulesChip([{ path: 'AGENTS.md', bytes: 10, status: 'sensitive' }]);
    assert.equal(chip?.label, 'Rules: none used');
    assert.ok(chip?.tooltip.includes('AGENTS.md: not used: sensitive'));
  });

  it('offers the text sent, under each file name, and says so in the tooltip', () => {
    const chip = rulesChip([
      { path: 'AGENTS.md', bytes: 20480, status: 'cut', note: '(cut at 16 KB)', text: 'Use tabs.' },
      { path: '.tandem/rules.md', bytes: 13, status: 'used', text: 'No semicolons' },
      { path: 'other/AGENTS.md', bytes: 10, status: 'sensitive' },
    ]);
    assert.deepEqual(chip?.texts, [
      { heading: 'AGENTS.md (cut at 16 KB)', text: 'Use tabs.' },
      { heading: '.tandem/rules.md', text: 'No semicolons' },
    ]);
    assert.match(chip!.tooltip, /^Project rules sent with every message as the repository's words, not yours/);
    assert.equal(chip!.tooltip.split('\n').at(-1), 'Click to read the text sent.');
  });

  it('says the rules are not sent in Restricted Mode, and why', () => {
    const chip = rulesChip([{ path: 'AGENTS.md', bytes: 10, status: 'untrusted' }]);
    assert.equal(chip?.label, 'Rules: not sent (Restricted Mode)');
    assert.deepEqual(chip?.tooltip.split('\n'), [
      'Project rules (tandem.chat.projectRules), not sent in Restricted Mode:',
      'AGENTS.md: not sent: this workspace is not trusted (Restricted Mode)',
    ]);
    assert.deepEqual(chip?.texts, []);
  });
});
