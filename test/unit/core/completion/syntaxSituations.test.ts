// The cursor situations where completions came out wrong, with raw output written the
// way real FIM models produce it; each asserts the exact text the user would get.
import * as assert from 'node:assert/strict';
import { decideMode } from '../../../../src/core/completion/completionMode';
import { extractContext } from '../../../../src/core/completion/contextExtraction';
import { postProcess, type PostProcessOptions } from '../../../../src/core/completion/postProcess';
import { TreeSitterParsers } from '../../../../src/core/completion/treeSitterParsers';
import { WASM_DIR } from './wasmDir';

/** `|` marks the cursor. */
function run(doc: string, languageId: string, raw: string, options: PostProcessOptions): string | undefined {
  const offset = doc.indexOf('|');
  const ctx = extractContext(doc.slice(0, offset) + doc.slice(offset + 1), offset, languageId);
  const mode = decideMode(ctx);
  assert.ok(mode, 'a completion is asked for here');
  return postProcess(raw, ctx, mode, options);
}

describe('completion post-processing by syntax: the situations that went wrong', () => {
  const syntax = new TreeSitterParsers(WASM_DIR);
  const withParser = (doc: string, lang: string, raw: string, truncated = false) => run(doc, lang, raw, { syntax, truncated });

  before(async () => {
    for (const lang of ['typescript', 'python']) assert.ok(await syntax.load(lang), `${lang} parser loads`);
  });

  it("describe(..., () => {|} with the suffix `});`: the nested it(...) is closed, the suffix's `});` is not repeated", () => {
    const doc = "import { area } from './area';\n\ndescribe('area', () => {|\n});\n";
    const raw = "\n  it('is zero for a zero radius', () => {\n    expect(area(0)).toBe(0);\n  });\n});\n";
    assert.equal(withParser(doc, 'typescript', raw), "\n  it('is zero for a zero radius', () => {\n    expect(area(0)).toBe(0);\n  });");
  });

  it('describe: an answer that never closes the nested block is not shown', () => {
    const doc = "describe('area', () => {|\n});\n";
    // The model stopped one line early: no line end leaves the nested block closed.
    assert.equal(withParser(doc, 'typescript', "\n  it('is zero', () => {\n    expect(area(0)).toBe(0);\n"), undefined);
  });

  it("describe: a closer written differently from the suffix's (`})` for `});`) is still not repeated", () => {
    const doc = "describe('area', () => {|\n});\n";
    const raw = "\n  it('is zero', () => {\n    expect(area(0)).toBe(0);\n  });\n})";
    assert.equal(withParser(doc, 'typescript', raw), "\n  it('is zero', () => {\n    expect(area(0)).toBe(0);\n  });");
  });

  it('Python: indentation the model writes again (8 spaces instead of 4) is stripped', () => {
    const doc = 'def mean(xs):\n    |\n';
    const want = 'if not xs:\n        return 0.0\n    return sum(xs) / len(xs)';
    assert.equal(withParser(doc, 'python', '    if not xs:\n        return 0.0\n    return sum(xs) / len(xs)\n'), want, 'first line only');
    assert.equal(
      withParser(doc, 'python', '    if not xs:\n            return 0.0\n        return sum(xs) / len(xs)\n'),
      want,
      'the whole answer shifted',
    );
  });

  it('YAML: re-emitted indentation is stripped and the block ends where the indentation does', () => {
    const doc = 'services:\n  web:\n    |\n';
    const raw = '    image: nginx:1.27\n    ports:\n      - "8080:80"\n  db:\n    image: postgres:16\n';
    assert.equal(run(doc, 'yaml', raw, {}), 'image: nginx:1.27\n    ports:\n      - "8080:80"');
  });

  it('two guard clauses: the second `return;` is kept, so no `if` is left open', () => {
    const doc = 'function save(user: User, db: Db): void {\n  |\n}\n';
    const raw = 'if (!user) {\n    return;\n  }\n  if (!db.connected) {\n    return;\n  }\n  db.write(user);\n}\n';
    assert.equal(
      withParser(doc, 'typescript', raw),
      'if (!user) {\n    return;\n  }\n  if (!db.connected) {\n    return;\n  }\n  db.write(user);',
    );
  });

  it('a rewrite of the existing next line is not shown above it', () => {
    const doc = 'export function area(r: number): number {\n  const r2 = r * r;\n  |\n  return Math.PI * r * r;\n}\n';
    assert.equal(withParser(doc, 'typescript', 'return Math.PI * r2;\n'), undefined);
    assert.equal(
      withParser(doc, 'typescript', 'if (r < 0) throw new RangeError("negative radius");\n  return Math.PI * r2;\n'),
      'if (r < 0) throw new RangeError("negative radius");',
    );
  });

  it('switch: the second `break;` and the `default:` case are kept', () => {
    const doc = 'function label(kind: Kind): string {\n  let name: string;\n  switch (kind) {\n    |\n  }\n  return name;\n}\n';
    const raw =
      "case 'a':\n      name = 'first';\n      break;\n    case 'b':\n      name = 'second';\n      break;\n    default:\n      name = 'other';\n  }\n  return name;\n}\n";
    assert.equal(
      withParser(doc, 'typescript', raw),
      "case 'a':\n      name = 'first';\n      break;\n    case 'b':\n      name = 'second';\n      break;\n    default:\n      name = 'other';",
    );
  });

  it('{|}: a body is suggested between the braces, with the closer moved to its own line', () => {
    const doc = 'export function add(a: number, b: number): number {|}\n';
    assert.equal(withParser(doc, 'typescript', '\n  return a + b;\n}\n'), '\n  return a + b;\n');
  });

  it('the end of a complete statement: the next statements are suggested on the next line', () => {
    const doc = 'function total(items: Item[]): number {\n  let sum = 0;|\n}\n';
    const raw = '\n  for (const item of items) sum += item.price;\n  return sum;\n}\n';
    assert.equal(withParser(doc, 'typescript', raw), '\n  for (const item of items) sum += item.price;\n  return sum;');
    // A model that starts right after the `;` still gets its own line.
    assert.equal(withParser(doc, 'typescript', 'return sum;\n}\n'), '\n  return sum;');
  });

  it('if (value === |) {: closers the line already has are not emitted again', () => {
    const doc = 'function isMissing(value: unknown): boolean {\n  if (value === |) {\n    return true;\n  }\n  return false;\n}\n';
    assert.equal(withParser(doc, 'typescript', 'null){'), 'null');
    assert.equal(withParser(doc, 'typescript', 'null || value === undefined) {'), 'null || value === undefined');
  });

  it('a single line is trimmed to what parses, yet may open a block the next lines fill, even in a file broken further down', () => {
    const guard = 'function abs(x: number): number {\n  if (x < 0) |\n  return x;\n}\n';
    assert.equal(withParser(guard, 'typescript', '{ return -x; } }'), '{ return -x; }');
    assert.equal(withParser(guard, 'typescript', '{'), '{');
    // The function is not closed yet (the user is still writing it): the statement is still whole.
    assert.equal(withParser('const x = 1;\nexport function f() {\n  const y = |\n', 'typescript', 'x + 1;'), 'x + 1;');
  });

  it('finish_reason "length" mid-dict: the unclosed dict is not shown', () => {
    const doc = 'def defaults():\n    |\n\n\ndef main():\n    pass\n';
    const raw = 'return {\n        "host": "localhost",\n        "port": 8080,\n        "retries": 3,\n        "time';
    assert.equal(withParser(doc, 'python', raw, true), undefined);
    assert.equal(run(doc, 'python', raw, { truncated: true }), undefined, 'without a parser too');
  });

  it('finish_reason "length": the answer is cut to its last complete, balanced point', () => {
    const doc = 'def load_config():\n    |\n\n\ndef main():\n    pass\n';
    const raw = 'if not CONFIG_PATH.exists():\n        return {}\n    with CONFIG_PATH.open() as f:\n        return json.lo';
    assert.equal(withParser(doc, 'python', raw, true), 'if not CONFIG_PATH.exists():\n        return {}');
  });

  const body14 = [
    'const out: string[] = [];',
    '  const widths = columnWidths(rows);',
    '  out.push(header(widths));',
    '  out.push(separator(widths));',
    '  let total = 0;',
    '  let shown = 0;',
    '  const skipped: Row[] = [];',
    '  for (const row of rows) {',
    '    if (shown >= limit) {',
    '      skipped.push(row);',
    '      continue;',
    '    }',
    '    out.push(line(row, widths));',
    '    total += row.value;',
    '    shown++;',
    '  }',
    '  out.push(footer(total, skipped.length));',
    '  return out.join("\\n");',
  ];

  it('a long body is not cut at a fixed line count in the middle of a `for`; it ends where the function does', () => {
    const doc =
      'function render(rows: Row[], limit: number): string {\n  |\n}\n\nfunction columnWidths(rows: Row[]): number[] {\n  return [];\n}\n';
    const raw = `${body14.join('\n')}\n}\n\nfunction header(widths: number[]): string {\n  return widths.map((w) => "-".repeat(w)).join(" ");\n}\n`;
    assert.equal(withParser(doc, 'typescript', raw), body14.join('\n'));
  });

  it('Python: a long body ends where its block does, not at a fixed line count and not in the next function', () => {
    const body = [
      'counts = {}',
      '    first_seen = {}',
      '    skipped = 0',
      '    for index, word in enumerate(words):',
      '        word = word.strip().lower()',
      '        if not word:',
      '            skipped += 1',
      '            continue',
      '        if word in STOP_WORDS:',
      '            skipped += 1',
      '            continue',
      '        counts[word] = counts.get(word, 0) + 1',
      '        first_seen.setdefault(word, index)',
      '    ranked = sorted(counts, key=lambda w: (-counts[w], first_seen[w]))',
      '    return ranked[:limit], skipped',
    ];
    const doc = 'def top_words(words, limit=10):\n    |\n';
    const raw = `${body.join('\n')}\n\n\ndef load_words(path):\n    with open(path) as f:\n        return f.read().split()\n`;
    assert.equal(withParser(doc, 'python', raw), body.join('\n'));
  });

  it('prose after the code is not shown, nor prose before a fenced answer', () => {
    const doc = 'export function a(): number {\n  return 1;\n}\n\n|\n';
    const code = 'export function b(): number {\n  return 2;\n}';
    assert.equal(withParser(doc, 'typescript', `${code}\n\nThis adds a second function that returns 2.\n`), code);
    assert.equal(withParser(doc, 'typescript', `Here is the next function:\n\`\`\`typescript\n${code}\n\`\`\`\n`), code);
  });

  it('a line that does not parse ends the answer before it (the model stopped mid-expression)', () => {
    const doc = 'def mean(xs):\n    |\n';
    assert.equal(withParser(doc, 'python', 'total = sum(xs)\n    return total / (\n'), 'total = sum(xs)');
  });
});
