// package.json's `contributes` against the typed tables (settingsCatalog.ts, commandCatalog.ts).
// Titles and descriptions are only required to be strings: they may be `%key%` references into
// package.nls.json, so their text is never compared.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { COMMANDS, HIDDEN_COMMANDS } from '../../../src/core/config/commandCatalog';
import {
  SETTINGS,
  SETTINGS_SECTION,
  clampSetting,
  enumSetting,
  settingDefault,
  type SettingSpec,
} from '../../../src/core/config/settingsCatalog';

type Json = Record<string, unknown>;

const packageJson = JSON.parse(readFileSync(join(__dirname, '../../../package.json'), 'utf8')) as { contributes: Json };

/** VS Code's own commands that package.json binds (they exist in every VS Code; a typo here is caught by review). */
const BUILT_IN_COMMANDS: ReadonlySet<string> = new Set(['editor.action.inlineSuggest.trigger']);

interface Tables {
  settings: Readonly<Record<string, SettingSpec>>;
  commands: readonly string[];
  hidden: ReadonlySet<string>;
}

const realTables: Tables = { settings: SETTINGS, commands: Object.values(COMMANDS), hidden: HIDDEN_COMMANDS };

/** Every disagreement between `contributes` and the tables, one line each; [] when they agree. */
function contributesProblems(contributes: Json, tables: Tables): string[] {
  return [...settingProblems(contributes, tables.settings), ...commandProblems(contributes, tables)];
}

function configurationProperties(contributes: Json): Record<string, Json> {
  const sections = ([] as Json[]).concat((contributes.configuration ?? []) as Json | Json[]);
  return Object.assign({}, ...sections.map((s) => (s.properties ?? {}) as Record<string, Json>));
}

function settingProblems(contributes: Json, table: Readonly<Record<string, SettingSpec>>): string[] {
  const problems: string[] = [];
  const properties = configurationProperties(contributes);
  const prefix = `${SETTINGS_SECTION}.`;
  for (const id of Object.keys(properties)) {
    if (!id.startsWith(prefix) || !(id.slice(prefix.length) in table)) problems.push(`${id}: in package.json, not in the settings table`);
  }
  for (const [key, spec] of Object.entries(table)) {
    const id = prefix + key;
    const p = properties[id];
    if (!p) {
      problems.push(`${id}: in the settings table, not in package.json`);
      continue;
    }
    const differs = (field: string, inPackage: unknown, inTable: unknown) => {
      if (!isDeepStrictEqual(inPackage, inTable))
        problems.push(`${id}: ${field} is ${JSON.stringify(inPackage)} in package.json, ${JSON.stringify(inTable)} in the table`);
    };
    differs('type', p.type, spec.type);
    differs('default', p.default, spec.default);
    differs('scope', p.scope, spec.scope);
    differs('enum', p.enum, spec.type === 'string' && spec.enum ? [...spec.enum] : undefined);
    differs('minimum', p.minimum, spec.type === 'integer' || spec.type === 'number' ? spec.minimum : undefined);
    differs('maximum', p.maximum, spec.type === 'integer' || spec.type === 'number' ? spec.maximum : undefined);
    differs('items', p.items, spec.type === 'array' ? { type: spec.items } : undefined);
    differs('deprecated', p.deprecationMessage !== undefined || p.markdownDeprecationMessage !== undefined, spec.deprecated === true);
    if (typeof p.description !== 'string' && typeof p.markdownDescription !== 'string') problems.push(`${id}: has no description`);
  }
  return problems;
}

function commandProblems(contributes: Json, tables: Tables): string[] {
  const problems: string[] = [];
  const entries = (contributes.commands ?? []) as Json[];
  const contributed = entries.map((c) => String(c.command));
  const known = new Set(tables.commands);
  const seen = new Set<string>();
  for (const [i, id] of contributed.entries()) {
    if (seen.has(id)) problems.push(`${id}: contributed twice`);
    seen.add(id);
    if (!known.has(id)) problems.push(`${id}: contributed, not in the command table`);
    else if (tables.hidden.has(id)) problems.push(`${id}: contributed, but the table marks it hidden`);
    if (typeof entries[i].title !== 'string') problems.push(`${id}: has no title`);
  }
  for (const id of tables.commands) {
    if (!tables.hidden.has(id) && !seen.has(id)) problems.push(`${id}: in the command table, not contributed`);
  }
  const usable = (id: string) => seen.has(id) || BUILT_IN_COMMANDS.has(id);
  for (const [menu, items] of Object.entries((contributes.menus ?? {}) as Record<string, Json[]>)) {
    for (const item of items) {
      if (item.command !== undefined && !usable(String(item.command)))
        problems.push(`menus.${menu}: ${String(item.command)} is not a contributed command`);
    }
  }
  for (const binding of (contributes.keybindings ?? []) as Json[]) {
    if (!usable(String(binding.command))) problems.push(`keybindings: ${String(binding.command)} is not a contributed command`);
  }
  return problems;
}

function isDeepStrictEqual(a: unknown, b: unknown): boolean {
  try {
    assert.deepStrictEqual(a, b);
    return true;
  } catch {
    return false;
  }
}

/** A copy of contributes with `change` applied to it. */
function changed(change: (c: Json) => void): Json {
  const copy = structuredClone(packageJson.contributes);
  change(copy);
  return copy;
}

const property = (c: Json, id: string) => configurationProperties(c)[id];

describe('package.json contributes against the settings and command tables', () => {
  it('agree: every setting (type, default, enum, bounds, scope) and every command, menu and keybinding', () => {
    assert.deepEqual(contributesProblems(packageJson.contributes, realTables), []);
  });

  it('the settings table holds together: enum defaults are in their enum, integer defaults within their bounds', () => {
    for (const [key, spec] of Object.entries(SETTINGS) as Array<[string, SettingSpec]>) {
      if (spec.type === 'string' && spec.enum) assert.ok(spec.enum.includes(spec.default), key);
      if (spec.type === 'integer') assert.ok(spec.minimum <= spec.default && spec.default <= spec.maximum, key);
    }
  });

  describe('finds a change made on one side only', () => {
    // Only what the change adds: a real disagreement fails the test above, not each of these too.
    const baseline = new Set(contributesProblems(packageJson.contributes, realTables));
    const problemsWith = (contributes: Json, settings: Readonly<Record<string, SettingSpec>> = SETTINGS) =>
      contributesProblems(contributes, { ...realTables, settings }).filter((p) => !baseline.has(p));
    const tableWith = (key: string, spec: SettingSpec) => ({ ...SETTINGS, [key]: spec });

    it('a default changed in package.json, or in the table', () => {
      assert.deepEqual(problemsWith(changed((c) => (property(c, 'tandem.completion.maxTokens').default = 256))), [
        'tandem.completion.maxTokens: default is 256 in package.json, 128 in the table',
      ]);
      assert.deepEqual(problemsWith(packageJson.contributes, tableWith('chat.model', { type: 'string', default: 'beta-v4-pro' })), [
        'tandem.chat.model: default is "beta-v4-flash" in package.json, "beta-v4-pro" in the table',
      ]);
      assert.deepEqual(problemsWith(changed((c) => (property(c, 'tandem.chat.thinking').default = false))), [
        'tandem.chat.thinking: default is false in package.json, true in the table',
      ]);
    });

    it('an enum, a bound, a scope, a type, an item type or a deprecation', () => {
      const problems = problemsWith(
        changed((c) => {
          property(c, 'tandem.speech.voice').enum = ['alpha_default', 'Mia'];
          property(c, 'tandem.completion.contextTokens').maximum = 4096;
          property(c, 'tandem.chat.maxToolIterations').minimum = 0;
          delete property(c, 'tandem.serviceB.baseUrl').scope;
          property(c, 'tandem.speech.sampleRate').type = 'number';
          property(c, 'tandem.completion.disabledLanguages').items = { type: 'number' };
          delete property(c, 'tandem.completion.exclude').markdownDeprecationMessage;
        }),
      );
      assert.deepEqual(
        problems.map((p) => p.slice(0, p.indexOf(' is '))),
        [
          'tandem.serviceB.baseUrl: scope',
          'tandem.chat.maxToolIterations: minimum',
          'tandem.completion.contextTokens: maximum',
          'tandem.completion.disabledLanguages: items',
          'tandem.completion.exclude: deprecated',
          'tandem.speech.voice: enum',
          'tandem.speech.sampleRate: type',
        ],
      );
    });

    it('a setting on one side only', () => {
      const problems = problemsWith(
        changed((c) => {
          const sections = ([] as Json[]).concat(c.configuration as Json | Json[]);
          for (const section of sections) delete (section.properties as Record<string, Json>)['tandem.speech.stripMarkup'];
          (sections[0].properties as Record<string, Json>)['tandem.chat.newThing'] = { type: 'string', default: '', description: 'x' };
        }),
        Object.fromEntries(Object.entries(SETTINGS).filter(([key]) => key !== 'speech.voiceSample')),
      );
      assert.deepEqual(problems.sort(), [
        'tandem.chat.newThing: in package.json, not in the settings table',
        'tandem.speech.stripMarkup: in the settings table, not in package.json',
        'tandem.speech.voiceSample: in package.json, not in the settings table',
      ]);
    });

    it('a command on one side only, contributed twice, or used by a menu or keybinding without being contributed', () => {
      const problems = problemsWith(
        changed((c) => {
          const commands = c.commands as Json[];
          commands.splice(
            commands.findIndex((x) => x.command === COMMANDS.saveSpeech),
            1,
          );
          commands.push(
            { command: 'tandem.renamed', title: 'x' },
            { command: COMMANDS.completionAccepted, title: 'x' },
            { command: COMMANDS.readAloud, title: 'x' },
          );
          ((c.menus as Record<string, Json[]>)['view/title'] ??= []).push({ command: 'tandem.typo' });
          (c.keybindings as Json[]).push({ command: 'tandem.otherTypo', key: 'alt+x' });
        }),
      );
      assert.deepEqual(problems, [
        'tandem.renamed: contributed, not in the command table',
        'tandem.completion.accepted: contributed, but the table marks it hidden',
        'tandem.readAloud: contributed twice',
        'tandem.saveSpeech: in the command table, not contributed',
        'menus.view/title: tandem.typo is not a contributed command',
        'menus.editor/context: tandem.saveSpeech is not a contributed command',
        'keybindings: tandem.otherTypo is not a contributed command',
      ]);
    });
  });
});

describe('settings table readers', () => {
  it('settingDefault gives a copy of a list, so a caller cannot change the table', () => {
    const list = settingDefault('completion.disabledLanguages');
    list.push('python');
    assert.deepEqual(SETTINGS['completion.disabledLanguages'].default, []);
  });

  it('enumSetting reads a value outside the enum (or not a string) as the default', () => {
    assert.equal(enumSetting('completion.mode', 'manual'), 'manual');
    assert.equal(enumSetting('completion.mode', 'sometimes'), 'automatic');
    assert.equal(enumSetting('chat.service', 'A'), 'A');
    assert.equal(enumSetting('chat.service', 7), 'B');
    assert.equal(enumSetting('chat.reasoningEffort', 'low'), 'high');
  });

  it('clampSetting rounds into the bounds: completion tokens within the FIM cap, tool iterations 1–50', () => {
    assert.deepEqual(
      [clampSetting('completion.maxTokens', 0), clampSetting('completion.maxTokens', 99.6), clampSetting('completion.maxTokens', 1e9)],
      [1, 100, 4096],
    );
    assert.deepEqual([clampSetting('completion.contextTokens', -5), clampSetting('completion.contextTokens', 9000)], [0, 8192]);
    assert.deepEqual([clampSetting('chat.maxToolIterations', 0), clampSetting('chat.maxToolIterations', 51)], [1, 50]);
  });
});
