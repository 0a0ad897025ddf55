import assert from 'node:assert/strict';
import { MAX_RULES_BYTES, composeProjectRules, cutNote } from '../../../src/core/chat/projectRules';

describe('project rules (AGENTS.md) composition', () => {
  it('labels each file with its path and says these are the project instructions', () => {
    const rules = composeProjectRules([
      { path: 'AGENTS.md', size: 10, text: 'Use tabs.\n' },
      { path: '.tandem/rules.md', size: 13, text: 'No semicolons' },
    ]);
    assert.deepEqual(
      rules.files.map((f) => [f.path, f.status]),
      [
        ['AGENTS.md', 'used'],
        ['.tandem/rules.md', 'used'],
      ],
    );
    assert.match(rules.section!, /^Instructions from the project/);
    assert.ok(rules.section!.includes('## AGENTS.md\n\nUse tabs.\n\n## .tandem/rules.md\n\nNo semicolons'));
  });

  it('leaves out a sensitive or unreadable file but lists it for the header', () => {
    const rules = composeProjectRules([
      { path: 'AGENTS.md', size: 40, sensitive: true },
      { path: '.tandem/rules.md', size: 0, unreadable: 'outside the workspace' },
    ]);
    assert.equal(rules.section, undefined);
    assert.deepEqual(
      rules.files.map((f) => [f.path, f.status, f.note]),
      [
        ['AGENTS.md', 'sensitive', undefined],
        ['.tandem/rules.md', 'unreadable', 'outside the workspace'],
      ],
    );
  });

  it('caps all files together at 16 KB, cutting on a character boundary and saying so', () => {
    const big = 'é'.repeat(MAX_RULES_BYTES); // two bytes each: twice the cap
    const rules = composeProjectRules([
      { path: 'AGENTS.md', size: 2 * MAX_RULES_BYTES, text: big.slice(0, MAX_RULES_BYTES / 2) + 'x' },
      { path: '.tandem/rules.md', size: 5, text: 'later' },
    ]);
    const [agents, later] = rules.files;
    assert.equal(agents.status, 'cut');
    assert.equal(agents.note, '(cut at 16 KB)');
    assert.equal(later.status, 'cut', 'nothing is left for the second file');
    assert.equal(later.note, '(cut at 0 bytes)');
    assert.ok(rules.section!.includes('## AGENTS.md (cut at 16 KB)'));
    assert.ok(!rules.section!.includes('later'));
    const body = rules.section!.split('## AGENTS.md (cut at 16 KB)\n\n')[1];
    assert.equal(new TextEncoder().encode(body).length, MAX_RULES_BYTES);
    assert.ok(!body.includes('\uFFFD'));
  });

  it('a file read only in part (larger than the cap on disk) is marked cut even when what was read fits', () => {
    const rules = composeProjectRules([{ path: 'AGENTS.md', size: 100_000, text: 'a'.repeat(1000) }], 4096);
    assert.equal(rules.files[0].status, 'cut');
    assert.equal(rules.files[0].note, cutNote(1000));
  });
});
