// The README's Configuration table is where a user looks a setting up: every setting package.json
// contributes must have a row, and no row may name a setting that no longer exists.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { USER_ONLY_KEYS, settingId } from '../../../src/core/config/settingsCatalog';

const root = join(__dirname, '..', '..', '..');

function contributedSettings(): string[] {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    contributes: { configuration: { properties: Record<string, unknown> } | Array<{ properties: Record<string, unknown> }> };
  };
  const sections = [pkg.contributes.configuration].flat();
  return sections.flatMap((section) => Object.keys(section.properties));
}

/** The table rows of the README's `## Configuration` section, as text. */
function configurationRows(): string[] {
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  const start = readme.indexOf('\n## Configuration\n');
  assert.ok(start >= 0, 'the README has a Configuration section');
  const end = readme.indexOf('\n## ', start + 1);
  return readme
    .slice(start, end < 0 ? undefined : end)
    .split('\n')
    .filter((line) => line.startsWith('| `'));
}

const namedIn = (row: string) => [...row.matchAll(/`(tandem\.[\w.]+)`/g)].map((m) => m[1]);

describe("the README's settings table", () => {
  it('has a row for every setting package.json contributes, and names no other', () => {
    const rows = configurationRows();
    const named = new Set(rows.flatMap(namedIn));
    const contributed = contributedSettings();
    assert.ok(contributed.length > 30, 'package.json contributes the settings');
    assert.deepEqual(
      contributed.filter((s) => !named.has(s)),
      [],
      'settings missing from the README table',
    );
    assert.deepEqual(
      [...named].filter((s) => !contributed.includes(s)),
      [],
      'README rows naming settings package.json does not have',
    );
  });

  it('says "user settings only" on the row of every setting only the user decides', () => {
    const rows = configurationRows();
    for (const key of USER_ONLY_KEYS) {
      const id = settingId(key);
      const row = rows.find((r) => namedIn(r).includes(id));
      assert.ok(row, `${id} has a row`);
      assert.match(row, /user settings only/, `${id}: its row says a workspace cannot set it`);
    }
  });
});
