import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { bundleFor, bundlePath, l10nStrings, l10nStringsInSource, repoRoot } from '../../../scripts/l10n-export.mjs';

const readJson = (file: string) => JSON.parse(readFileSync(join(repoRoot, file), 'utf8'));

/** Every string in package.json that is a whole `%key%` placeholder, with where it sits. */
function placeholders(value: unknown, at = ''): Array<{ key: string; at: string }> {
  if (typeof value === 'string') {
    const match = /^%([^%]+)%$/.exec(value);
    return match ? [{ key: match[1], at }] : [];
  }
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => placeholders(v, `${at}/${k}`));
  return [];
}

describe('localisation', () => {
  it('the extractor takes the literal first argument of vscode.l10n.t and l10n.t, across lines, and refuses a computed one', () => {
    const source = [
      "vscode.l10n.t('Tandem: {0} saved.', name);",
      'l10n.t(`plain template`);',
      "vscode.l10n.t(\n  'spread over\\nlines',\n  a,\n);",
      "other.t('not l10n');",
    ].join('\n');
    assert.deepEqual(l10nStringsInSource('x.ts', source), ['Tandem: {0} saved.', 'plain template', 'spread over\nlines']);
    assert.throws(() => l10nStringsInSource('y.ts', 'vscode.l10n.t(`Tandem: ${name}`);'), /y\.ts:1: l10n\.t needs a string literal/);
  });

  it('l10n/bundle.l10n.json holds exactly the strings the code passes to l10n.t (run node scripts/l10n-export.mjs)', () => {
    const inCode = l10nStrings();
    assert.ok(inCode.length > 50, `only ${inCode.length} l10n.t strings found in src/vscode`);
    const bundle = JSON.parse(readFileSync(bundlePath, 'utf8'));
    const missing = inCode.filter((s) => !(s in bundle));
    assert.deepEqual(missing, [], 'strings used in code but missing from the bundle');
    assert.deepEqual(bundle, bundleFor(inCode));
  });

  it('package.json points VS Code at the bundle', () => {
    assert.equal(readJson('package.json').l10n, './l10n');
  });

  it('every %key% in package.json is in package.nls.json, and every key there is used', () => {
    const nls = readJson('package.nls.json');
    const used = placeholders(readJson('package.json'));
    assert.deepEqual(
      used.filter(({ key }) => !(key in nls)),
      [],
      'placeholders with no English text',
    );
    const usedKeys = new Set(used.map(({ key }) => key));
    assert.deepEqual(
      Object.keys(nls).filter((key) => !usedKeys.has(key)),
      [],
      'package.nls.json keys nothing uses',
    );
  });

  it('every contributed user-visible string of package.json is a %key% placeholder', () => {
    const { contributes } = readJson('package.json');
    const texts: Array<[string, unknown]> = [];
    for (const c of contributes.commands) texts.push([`${c.command} title`, c.title], [`${c.command} category`, c.category]);
    texts.push(['configuration title', contributes.configuration.title]);
    for (const [key, p] of Object.entries<Record<string, unknown>>(contributes.configuration.properties)) {
      for (const field of ['description', 'markdownDescription', 'deprecationMessage', 'markdownDeprecationMessage']) {
        if (field in p) texts.push([`${key} ${field}`, p[field]]);
      }
      for (const d of (p.enumDescriptions as unknown[] | undefined) ?? []) texts.push([`${key} enumDescriptions`, d]);
    }
    for (const c of contributes.viewsContainers.activitybar) texts.push([`${c.id} title`, c.title]);
    for (const v of Object.values<Array<{ id: string; name: string }>>(contributes.views).flat()) texts.push([`${v.id} name`, v.name]);
    for (const w of contributes.walkthroughs) {
      texts.push([`${w.id} title`, w.title], [`${w.id} description`, w.description]);
      for (const s of w.steps) texts.push([`${w.id}.${s.id} title`, s.title], [`${w.id}.${s.id} description`, s.description]);
    }
    const literal = texts.filter(([, text]) => typeof text !== 'string' || !/^%[^%]+%$/.test(text)).map(([where]) => where);
    assert.deepEqual(literal, []);
  });
});
