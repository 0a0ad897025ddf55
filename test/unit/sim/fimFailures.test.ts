import assert from 'node:assert/strict';
import {
  FIM_FAILURE_CLASSES,
  pickRealisticClass,
  REALISTIC_CLASSES,
  realisticOutput,
  type FimSite,
  type RealisticClass,
} from '../../../sim/fimFailures';

// Concrete cursor situations (the cursor sits between prompt and suffix; `ideal` is the right answer).
const DESCRIBE: FimSite = {
  prompt: "import { sum } from './sum';\n\ndescribe('sum', () => {",
  suffix: '\n});\n',
  ideal: "\n  it('adds two numbers', () => {\n    expect(sum(1, 2)).toBe(3);\n  });",
};
const PY_FUNCTION: FimSite = { prompt: 'def area(r):\n    ', suffix: '\n', ideal: 'return 3.14159 * r * r' };
const PY_METHOD: FimSite = {
  prompt: 'import math\n\n\nclass Circle:\n    def __init__(self, r):\n        self.r = r\n\n    def area(self):\n        ',
  suffix: '\n\n    def perimeter(self):\n        return 2 * math.pi * self.r\n',
  ideal: 'r2 = self.r * self.r\n        return math.pi * r2',
};
const PY_OPENER: FimSite = { prompt: 'class Circle:\n    def area(self):', suffix: '\n', ideal: '\n        return math.pi * self.r ** 2' };
const IF_NULL: FimSite = {
  prompt: 'function check(value: string | null): void {\n  if (value === ',
  suffix: ') {\n    return;\n  }\n}\n',
  ideal: 'null',
};
const IMPORT: FimSite = { prompt: "import { readFile } from '", suffix: "';\n", ideal: 'node:fs/promises' };
const SWITCH: FimSite = {
  prompt: 'function label(kind: number): string {\n  switch (kind) {\n    case 1:\n      return "one";\n    case 2:\n',
  suffix: '\n  }\n}\n',
  ideal: '      return "two";\n    default:\n      return "many";',
};
const PY_DICT: FimSite = {
  prompt: 'def defaults():\n    config = ',
  suffix: '\n    return config\n',
  ideal: '{\n        "host": "127.0.0.1",\n        "port": 8080,\n        "debug": False,\n    }',
};
const AREA: FimSite = {
  prompt: 'function area(r: number): number {\n  const r2 = r * r;\n  ',
  suffix: 'return Math.PI * r * r;\n}\n',
  ideal: '',
};
const STATEMENTS: FimSite = { prompt: 'const a = 1;\nconst b = 2;\n', suffix: '', ideal: 'const c = 3;' };
const AFTER_GREETING: FimSite = { prompt: "const greeting = 'hello';\n", suffix: '', ideal: 'console.log(greeting);' };
const SITES = [DESCRIBE, PY_FUNCTION, PY_METHOD, PY_OPENER, IF_NULL, IMPORT, SWITCH, PY_DICT, AREA, STATEMENTS, AFTER_GREETING];

const SEEDS = Array.from({ length: 32 }, (_, i) => i);

/** Every distinct raw text a class produces at a site over the seeds, sorted. */
function texts(cls: RealisticClass, site: FimSite): string[] {
  return [...new Set(SEEDS.map((seed) => realisticOutput(cls, site.ideal, site.prompt, site.suffix, seed).text))].sort();
}

/** The file the user would have after accepting `text` as is. */
function accepted(site: FimSite, text: string): string {
  return site.prompt + text + site.suffix;
}

describe('sim: realistic FIM failure classes', () => {
  it('lists the eight failure classes, and ideal first among the realistic classes', () => {
    assert.deepEqual(
      [...FIM_FAILURE_CLASSES],
      [
        'repeat-suffix',
        'reindent',
        'close-brackets',
        'rewrite-line',
        'run-past-block',
        'duplicate-previous-line',
        'max-tokens',
        'prose-or-fence',
      ],
    );
    assert.deepEqual([...REALISTIC_CLASSES], ['ideal', ...FIM_FAILURE_CLASSES]);
  });

  it('ideal returns the expected text unchanged, finish_reason "stop"', () => {
    for (const site of SITES)
      assert.deepEqual(realisticOutput('ideal', site.ideal, site.prompt, site.suffix, 7), { text: site.ideal, finishReason: 'stop' });
  });

  it('is deterministic for a seed', () => {
    for (const cls of REALISTIC_CLASSES) {
      for (const site of SITES) {
        for (const seed of [0, 1, 99]) {
          assert.deepEqual(
            realisticOutput(cls, site.ideal, site.prompt, site.suffix, seed),
            realisticOutput(cls, site.ideal, site.prompt, site.suffix, seed),
          );
        }
      }
    }
  });

  it('repeat-suffix: after `describe(…, () => {|` the answer is followed by the `});` the suffix already has', () => {
    assert.deepEqual(texts('repeat-suffix', DESCRIBE), [DESCRIBE.ideal + '\n});']);
    assert.ok(accepted(DESCRIBE, DESCRIBE.ideal + '\n});').endsWith('  });\n});\n});\n'));
  });

  it('repeat-suffix: mid-line, the rest of the line comes again, or several lines of the suffix', () => {
    assert.deepEqual(texts('repeat-suffix', IF_NULL), ['null) {', 'null) {\n    return;\n  }\n}']);
    assert.ok(accepted(IF_NULL, 'null) {').includes('if (value === null) {) {'));
  });

  it('repeat-suffix: at the start of a line holding `}`, the repeated line keeps its own line', () => {
    const site: FimSite = { prompt: 'function one(): number {\n', suffix: '}\n', ideal: '  return 1;\n' };
    assert.deepEqual(texts('repeat-suffix', site), ['  return 1;\n}\n']);
    assert.equal(accepted(site, '  return 1;\n}\n'), 'function one(): number {\n  return 1;\n}\n}\n');
  });

  it('reindent: a Python function body lands at 8 spaces instead of 4', () => {
    assert.deepEqual(texts('reindent', PY_FUNCTION), ['    return 3.14159 * r * r']);
    assert.equal(accepted(PY_FUNCTION, texts('reindent', PY_FUNCTION)[0]).split('\n')[1], '        return 3.14159 * r * r');
  });

  it('reindent: in a Python method body, the first line or every line is a level too deep', () => {
    assert.deepEqual(texts('reindent', PY_METHOD), [
      '        r2 = self.r * self.r\n                return math.pi * r2',
      '        r2 = self.r * self.r\n        return math.pi * r2',
    ]);
    for (const text of texts('reindent', PY_METHOD)) {
      const line = accepted(PY_METHOD, text)
        .split('\n')
        .find((l) => l.includes('r2 = self.r'));
      assert.equal(line, '                r2 = self.r * self.r', 'the first body line re-emits the 8 spaces the cursor line has');
    }
  });

  it("reindent: after a block opener the body re-emits the opener line's indentation", () => {
    assert.deepEqual(texts('reindent', PY_OPENER), ['\n            return math.pi * self.r ** 2']);
  });

  it('close-brackets: `if (value === |) {` gets `null){`, so the line reads `if (value === null){) {`', () => {
    assert.deepEqual(texts('close-brackets', IF_NULL), ['null)', 'null){']);
    assert.ok(accepted(IF_NULL, 'null){').includes('  if (value === null){) {\n'));
  });

  it('close-brackets: a quote and the semicolon the suffix already has', () => {
    assert.deepEqual(texts('close-brackets', IMPORT), ["node:fs/promises'", "node:fs/promises';"]);
    assert.equal(accepted(IMPORT, "node:fs/promises';"), "import { readFile } from 'node:fs/promises';';\n");
  });

  it("close-brackets: whole closing lines (`});`, the switch's and the function's `}`) before a suffix that starts with them", () => {
    assert.deepEqual(texts('close-brackets', DESCRIBE), [DESCRIBE.ideal + '\n});']);
    assert.deepEqual(texts('close-brackets', SWITCH), [SWITCH.ideal + '\n  }\n}']);
  });

  it('rewrite-line: the rest of the line is rewritten above the existing one (`return Math.PI * r2;`)', () => {
    assert.deepEqual(texts('rewrite-line', AREA), ['return Math.PI * r2;\n  ']);
    assert.equal(
      accepted(AREA, 'return Math.PI * r2;\n  '),
      'function area(r: number): number {\n  const r2 = r * r;\n  return Math.PI * r2;\n  return Math.PI * r * r;\n}\n',
    );
  });

  it('rewrite-line: mid-line, its version of the rest of the line comes first and the old rest moves down', () => {
    assert.deepEqual(texts('rewrite-line', IF_NULL), ['null) {\n  ']);
    assert.ok(accepted(IF_NULL, 'null) {\n  ').includes('if (value === null) {\n  ) {\n'));
  });

  it("rewrite-line: on a new line, the line above is written again in the model's own style", () => {
    assert.deepEqual(texts('rewrite-line', AFTER_GREETING), [
      'const greeting = "hello";\nconsole.log(greeting);',
      "const greeting = 'hello'\nconsole.log(greeting);",
      "const greeting = 'hello';\nconsole.log(greeting);",
    ]);
  });

  it('run-past-block: the describe block is closed by the model and a new describe begins', () => {
    const outs = texts('run-past-block', DESCRIBE);
    assert.ok(outs.length >= 2, 'the new title depends on the seed');
    for (const text of outs) {
      assert.ok(text.startsWith(DESCRIBE.ideal + "\n});\n\ndescribe('"), text);
      assert.match(
        text.slice(DESCRIBE.ideal.length),
        /^\n\}\);\n\ndescribe\('(handles empty input|rejects invalid values|works with defaults)', \(\) => \{\n {2}expect\(sum\(1, 2\)\)\.toBe\(3\);\n\}\);$/,
      );
    }
  });

  it('run-past-block: a Python method body runs on into the next method', () => {
    for (const text of texts('run-past-block', PY_METHOD)) {
      assert.match(
        text.slice(PY_METHOD.ideal.length),
        /^\n\n {4}def (helper|validate|reset|format)\(self\):\n {8}r2 = self\.r \* self\.r$/,
      );
    }
  });

  it('run-past-block: after the last case it closes the switch and goes on with the next statement', () => {
    assert.deepEqual(texts('run-past-block', SWITCH), [SWITCH.ideal + '\n  }\n  return "two";']);
  });

  it("duplicate-previous-line: the line above again before the answer, or the answer's last line twice", () => {
    assert.deepEqual(texts('duplicate-previous-line', STATEMENTS), ['const b = 2;\nconst c = 3;', 'const c = 3;\nconst c = 3;']);
    assert.deepEqual(texts('duplicate-previous-line', PY_METHOD), [
      'def area(self):\n        r2 = self.r * self.r\n        return math.pi * r2',
      'r2 = self.r * self.r\n        return math.pi * r2\n        return math.pi * r2',
    ]);
  });

  it('max-tokens: a dict cut at the token limit is left open, sometimes mid-word, finish_reason "length"', () => {
    const outs = SEEDS.map((seed) => realisticOutput('max-tokens', PY_DICT.ideal, PY_DICT.prompt, PY_DICT.suffix, seed));
    for (const { text, finishReason } of outs) {
      assert.equal(finishReason, 'length');
      assert.ok(PY_DICT.ideal.startsWith(text) && text.length < PY_DICT.ideal.length, JSON.stringify(text));
      assert.ok(text.startsWith('{') && !text.includes('}'), `the dict is not closed: ${JSON.stringify(text)}`);
    }
    assert.ok(
      outs.some(({ text }) => /\w$/.test(text) && /^\w/.test(PY_DICT.ideal.slice(text.length))),
      'some cut falls inside a word, like `"debug": Fals`',
    );
  });

  it('prose-or-fence: the code in a markdown fence, or with a sentence before or after it', () => {
    assert.deepEqual(texts('prose-or-fence', PY_FUNCTION), [
      'Here is the completed code:\n\nreturn 3.14159 * r * r',
      "Sure! Here's the implementation:\n\nreturn 3.14159 * r * r",
      '```python\nreturn 3.14159 * r * r\n```',
      'return 3.14159 * r * r\n\nLet me know if you need anything else!',
      'return 3.14159 * r * r\n\nThis completes the function.',
    ]);
  });

  it('a class whose trigger is absent answers with the ideal text', () => {
    const endOfFile: FimSite = { prompt: 'const total = ', suffix: '', ideal: '0;' };
    for (const cls of ['repeat-suffix', 'close-brackets'] as const) assert.deepEqual(texts(cls, endOfFile), ['0;']);
    assert.deepEqual(
      texts('run-past-block', IF_NULL),
      ['null'],
      'mid-line, before the rest of the line, a model does not run past the block',
    );
  });

  it('the realistic pick is a stable hash of the site and reaches every class', () => {
    assert.equal(pickRealisticClass(IF_NULL.prompt, IF_NULL.suffix), pickRealisticClass(IF_NULL.prompt, IF_NULL.suffix));
    const picked = new Set(Array.from({ length: 200 }, (_, i) => pickRealisticClass(`const value${i} = `, ';\n')));
    assert.deepEqual([...picked].sort(), [...REALISTIC_CLASSES].sort());
  });
});
