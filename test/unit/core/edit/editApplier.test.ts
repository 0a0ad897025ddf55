import * as assert from 'node:assert/strict';
import { applyEditAnswer } from '../../../../src/core/edit/editApplier';
import { applied, refused } from './applierHelpers';

const FILE = [
  'import { readFile } from "node:fs/promises";',
  '',
  'export class Store {',
  '  private items: string[] = [];',
  '',
  '  add(item: string): void {',
  '    this.items.push(item);',
  '  }',
  '',
  '  count(): number {',
  '    return this.items.length;',
  '  }',
  '}',
  '',
].join('\n');

const ADD = { startLine: 5, endLine: 7 };
const CHANGED = FILE.replace('    this.items.push(item);', '    if (item) this.items.push(item.trim());');

describe('the edit applier', () => {
  describe('a rewritten block in a fence', () => {
    it('applies the block with prose around it and a language tag', () => {
      const answer = [
        'Sure! Here is the updated method:',
        '',
        '```typescript',
        '  add(item: string): void {',
        '    if (item) this.items.push(item.trim());',
        '  }',
        '```',
        '',
        'This skips empty items and trims the rest.',
      ].join('\n');
      assert.equal(applied(applyEditAnswer(FILE, ADD, answer)), CHANGED);
    });

    it('restores the base indentation a model dropped', () => {
      const answer = '```\nadd(item: string): void {\n  if (item) this.items.push(item.trim());\n}\n```';
      assert.equal(applied(applyEditAnswer(FILE, ADD, answer)), CHANGED);
    });

    it("keeps the enclosing class's closing brace when the block wraps the last method's body in a scope of its own", () => {
      const COUNT = { startLine: 9, endLine: 11 };
      const wrapped = FILE.replace(
        '    return this.items.length;\n',
        '    if (this.items) {\n      return this.items.length;\n    }\n    return 0;\n',
      );
      const block = 'count(): number {\n  if (this.items) {\n    return this.items.length;\n  }\n  return 0;\n}';
      const indented = block.replace(/^/gm, '  ');
      assert.equal(applied(applyEditAnswer(FILE, COUNT, `\`\`\`ts\n${indented}\n\`\`\``)), wrapped);
      assert.equal(applied(applyEditAnswer(FILE, COUNT, `\`\`\`ts\n${block}\n\`\`\``)), wrapped, 'the base indentation dropped');
    });

    it("re-indents a block written with another unit (4 spaces a level, or spaces for tabs) by level, at the file's own", () => {
      const nested = FILE.replace('    this.items.push(item);\n', '    if (item) {\n      this.items.push(item);\n    }\n');
      const wide = '```ts\n  add(item: string): void {\n      if (item) {\n          this.items.push(item);\n      }\n  }\n```';
      assert.equal(applied(applyEditAnswer(FILE, ADD, wide)), nested);
      const tabbed = FILE.replace(/^((?: {2})+)/gm, (lead) => '\t'.repeat(lead.length / 2));
      const tabbedNested = nested.replace(/^((?: {2})+)/gm, (lead) => '\t'.repeat(lead.length / 2));
      assert.equal(applied(applyEditAnswer(tabbed, ADD, wide)), tabbedNested, 'spaces in the answer, tabs in the file');
      const flat = '```ts\n        if (item) this.items.push(item.trim());\n```';
      assert.equal(
        applied(applyEditAnswer(tabbed, { startLine: 6, endLine: 6 }, flat)),
        tabbed.replace('\t\tthis.items.push(item);', '\t\tif (item) this.items.push(item.trim());'),
        'a one-line answer in spaces lands at the tabs of the line it replaces',
      );
    });

    it('does not duplicate context lines the model repeated around the selection', () => {
      const answer = [
        '```ts',
        '  private items: string[] = [];',
        '',
        '  add(item: string): void {',
        '    if (item) this.items.push(item.trim());',
        '  }',
        '',
        '  count(): number {',
        '```',
      ].join('\n');
      assert.equal(applied(applyEditAnswer(FILE, ADD, answer)), CHANGED);
    });

    it('accepts the whole file repeated back', () => {
      assert.equal(applied(applyEditAnswer(FILE, ADD, '```ts\n' + CHANGED + '```\n')), CHANGED);
    });

    it('keeps a selection that starts with the same line as the one above it', () => {
      const file = 'x();\nx();\ny();\n';
      assert.equal(applied(applyEditAnswer(file, { startLine: 1, endLine: 2 }, '```\nx();\nz();\n```')), 'x();\nx();\nz();\n');
    });

    it('keeps CRLF endings and the bytes of unchanged lines', () => {
      const crlf = FILE.replace(/\n/g, '\r\n').replace('  add(item: string): void {', '  add(item: string): void {  ');
      const answer = '```ts\n  add(item: string): void {\n    if (item) this.items.push(item.trim());\n  }\n```';
      const out = applied(applyEditAnswer(crlf, ADD, answer));
      assert.equal(out, CHANGED.replace(/\n/g, '\r\n').replace('  add(item: string): void {', '  add(item: string): void {  '));
    });

    it('applies a bare answer with no fence', () => {
      const answer = '  add(item: string): void {\n    if (item) this.items.push(item.trim());\n  }\n';
      assert.equal(applied(applyEditAnswer(FILE, ADD, answer)), CHANGED);
    });

    it('deletes the selection for an empty block', () => {
      const out = applied(applyEditAnswer('a\nb\nc\n', { startLine: 1, endLine: 1 }, 'Removed:\n```\n```'));
      assert.equal(out, 'a\nc\n');
    });

    it('keeps the code an "... existing code ..." comment stands for', () => {
      const answer = '```ts\n  add(item: string): void {\n    // ... existing code ...\n    this.log(item);\n  }\n```';
      assert.equal(
        applied(applyEditAnswer(FILE, ADD, answer)),
        FILE.replace('    this.items.push(item);\n', '    this.items.push(item);\n    this.log(item);\n'),
      );
    });

    it('refuses a placeholder comment where code should be', () => {
      const answer = '```ts\n  add(item: string): void {\n    // ... validate the item here ...\n  }\n```\nFill in the validation.';
      assert.equal(refused(applyEditAnswer(FILE, ADD, answer)).why, 'noCode');
    });

    it('refuses prose with no code, and an answer that changes nothing', () => {
      const prose = 'This method already ignores nothing. Could you say which items should be skipped? I can then change it.';
      assert.equal(refused(applyEditAnswer(FILE, ADD, prose)).why, 'noCode');
      const same = '```ts\n  add(item: string): void {\n    this.items.push(item);\n  }\n```';
      assert.equal(refused(applyEditAnswer(FILE, ADD, same)).why, 'noChange');
    });

    it('refuses a block holding edit markers rather than writing them into the file', () => {
      const answer = '```ts\n------- SEARCH\n    this.items.push(item);\n=======\n    x();\n+++++++ SEARCH\n```';
      assert.equal(applyEditAnswer(FILE, ADD, answer).kind, 'refuse');
    });

    it('refuses an answer cut off inside its code block', () => {
      const answer = 'Here:\n```ts\n  add(item: string): void {\n    if (item)';
      assert.equal(refused(applyEditAnswer(FILE, ADD, answer)).why, 'truncated');
    });

    it('refuses an empty answer', () => {
      assert.equal(refused(applyEditAnswer(FILE, ADD, '  \n')).why, 'empty');
    });
  });

  describe('search/replace blocks', () => {
    const sr = (search: string, replace: string) => `Here you go.\n\n<<<<<<< SEARCH\n${search}\n=======\n${replace}\n>>>>>>> REPLACE\n`;

    it('applies an exact block', () => {
      assert.equal(
        applied(applyEditAnswer(FILE, ADD, sr('    this.items.push(item);', '    if (item) this.items.push(item.trim());'))),
        CHANGED,
      );
    });

    it('tolerates other indentation and re-indents the replacement', () => {
      const answer = sr(
        'add(item: string): void {\n  this.items.push(item);\n}',
        'add(item: string): void {\n  if (item) this.items.push(item.trim());\n}',
      );
      assert.equal(applied(applyEditAnswer(FILE, ADD, answer)), CHANGED);
    });

    it('re-indents level by level when the model used another indent width (4 spaces a level where the file has 2)', () => {
      const answer = sr(
        '    add(item: string): void {\n        this.items.push(item);\n    }',
        '    add(item: string): void {\n        if (item) {\n            this.items.push(item);\n        }\n    }',
      );
      const nested = FILE.replace('    this.items.push(item);\n', '    if (item) {\n      this.items.push(item);\n    }\n');
      assert.equal(applied(applyEditAnswer(FILE, ADD, answer)), nested);
      // And the other way: a file with 4 spaces a level, a model with 2.
      const wide = FILE.replace(/^( +)/gm, (lead) => lead + lead);
      const narrow = sr(
        '  add(item: string): void {\n    this.items.push(item);\n  }',
        '  add(item: string): void {\n    if (item) {\n      this.items.push(item);\n    }\n  }',
      );
      const wideNested = wide.replace(
        '        this.items.push(item);\n',
        '        if (item) {\n            this.items.push(item);\n        }\n',
      );
      assert.equal(applied(applyEditAnswer(wide, { startLine: 5, endLine: 7 }, narrow)), wideNested);
    });

    it("puts the model's own lines at the file's unit when it quoted the file's lines as they are but wrote its new ones 2 spaces a level", () => {
      const wide = FILE.replace(/^( +)/gm, (lead) => lead + lead);
      const answer = sr(
        '    add(item: string): void {\n        this.items.push(item);',
        '    add(item: string): void {\n      if (!item) {\n        return;\n      }\n        this.items.push(item);',
      );
      const guarded = '        if (!item) {\n            return;\n        }\n        this.items.push(item);\n';
      assert.equal(
        applied(applyEditAnswer(wide, { startLine: 5, endLine: 7 }, answer)),
        wide.replace('        this.items.push(item);\n', guarded),
      );
    });

    it('tolerates trailing spaces and CRLF in the search text', () => {
      const answer = sr(
        '  add(item: string): void {   \r\n    this.items.push(item);  ',
        '  add(item: string): void {\n    if (item) this.items.push(item.trim());',
      );
      assert.equal(applied(applyEditAnswer(FILE, ADD, answer)), CHANGED);
    });

    it('tolerates one misremembered line and keeps the file version of it', () => {
      const answer = sr(
        '  add(item: string) {\n    this.items.push(item);\n  }\n\n  count(): number {',
        '  add(item: string) {\n    if (item) this.items.push(item.trim());\n  }\n\n  count(): number {',
      );
      assert.equal(applied(applyEditAnswer(FILE, ADD, answer)), CHANGED);
    });

    it('tolerates blank lines the model dropped', () => {
      const answer = sr(
        '  private items: string[] = [];\n  add(item: string): void {',
        '  private items: string[] = [];\n  add(item: string | undefined): void {',
      );
      assert.equal(
        applied(applyEditAnswer(FILE, ADD, answer)),
        FILE.replace('add(item: string): void', 'add(item: string | undefined): void'),
      );
    });

    it('applies several blocks in order, inside fences', () => {
      // Both methods selected: a block that matches only outside the selection is refused (answerShapes.test.ts).
      const both = { startLine: 5, endLine: 11 };
      const answer =
        '```\n' +
        sr('    this.items.push(item);', '    if (item) this.items.push(item.trim());') +
        '```\n```\n' +
        sr('    return this.items.length;', '    return this.items.length | 0;') +
        '```';
      assert.equal(
        applied(applyEditAnswer(FILE, both, answer)),
        CHANGED.replace('return this.items.length;', 'return this.items.length | 0;'),
      );
    });

    it('refuses a block that matches more than one place, naming why', () => {
      const file = 'function a() {\n  return 1;\n}\nfunction b() {\n  return 1;\n}\n';
      const outcome = refused(applyEditAnswer(file, { startLine: 0, endLine: 5 }, sr('  return 1;', '  return 2;')));
      assert.equal(outcome.why, 'ambiguous');
      assert.match(outcome.message, /matches 2 places/);
    });

    it('uses the one place inside the selection when the text repeats elsewhere', () => {
      const file = 'function a() {\n  return 1;\n}\nfunction b() {\n  return 1;\n}\n';
      const out = applied(applyEditAnswer(file, { startLine: 3, endLine: 5 }, sr('  return 1;', '  return 2;')));
      assert.equal(out, 'function a() {\n  return 1;\n}\nfunction b() {\n  return 2;\n}\n');
    });

    it('refuses a block whose search text is not in the file', () => {
      const outcome = refused(applyEditAnswer(FILE, ADD, sr('    this.things.append(item);', '    x();')));
      assert.equal(outcome.why, 'notFound');
      assert.match(outcome.message, /this\.things\.append/);
    });

    it("reads Cline's markers", () => {
      const answer =
        '<replace_in_file>\n------- SEARCH\n    this.items.push(item);\n=======\n    if (item) this.items.push(item.trim());\n+++++++ REPLACE\n</replace_in_file>';
      assert.equal(applied(applyEditAnswer(FILE, ADD, answer)), CHANGED);
    });

    it('keeps the lines "..." skips in both SEARCH and REPLACE', () => {
      const answer = sr(
        '  add(item: string): void {\n    ...\n  }\n\n  count(): number {',
        '  add(item: string): void {\n    ...\n  }\n\n  size(): number {',
      );
      assert.equal(applied(applyEditAnswer(FILE, ADD, answer)), FILE.replace('count(): number', 'size(): number'));
    });

    it('refuses a block cut off before its REPLACE marker', () => {
      assert.equal(refused(applyEditAnswer(FILE, ADD, '<<<<<<< SEARCH\n    this.items.push(item);\n=======\n    x();')).why, 'truncated');
    });
  });

  describe('unified diffs', () => {
    it('applies a fenced diff with headers and wrong line numbers', () => {
      const answer = [
        'The change:',
        '```diff',
        '--- a/store.ts',
        '+++ b/store.ts',
        '@@ -40,3 +40,3 @@',
        '   add(item: string): void {',
        '-    this.items.push(item);',
        '+    if (item) this.items.push(item.trim());',
        '   }',
        '```',
      ].join('\n');
      assert.equal(applied(applyEditAnswer(FILE, ADD, answer)), CHANGED);
    });

    it('applies a bare diff whose blank context lines lost their space', () => {
      const answer = '@@ -6,5 +6,5 @@\n   }\n\n   count(): number {\n-    return this.items.length;\n+    return this.items.length | 0;\n';
      assert.equal(applied(applyEditAnswer(FILE, ADD, answer)), FILE.replace('return this.items.length;', 'return this.items.length | 0;'));
    });

    it('refuses a hunk that matches more than one place', () => {
      const file = 'if (a) {\n  go();\n}\nif (a) {\n  go();\n}\n';
      const answer = '```diff\n@@ -1,3 +1,3 @@\n if (a) {\n-  go();\n+  stop();\n }\n```';
      assert.equal(refused(applyEditAnswer(file, { startLine: 0, endLine: 5 }, answer)).why, 'ambiguous');
    });
  });
});

describe('the edit applier on markdown and reasoning', () => {
  it('skips reasoning written into the answer before it', () => {
    const out = applyEditAnswer(
      'a\nb\nc\n',
      { startLine: 1, endLine: 1 },
      '<think>\nThe user wants B.\n```\nnot this\n```\n</think>\n```\nB\n```',
    );
    assert.equal(out.kind === 'apply' && out.fileText, 'a\nB\nc\n');
  });

  it('keeps a nested fence inside a markdown block', () => {
    const file = '# Title\n\nUse it:\n\n```js\nrun();\n```\n';
    const answer = '```markdown\nUse it like this:\n\n```js\nrun(1);\n```\n```';
    const out = applyEditAnswer(file, { startLine: 2, endLine: 6 }, answer);
    assert.equal(out.kind === 'apply' && out.fileText, '# Title\n\nUse it like this:\n\n```js\nrun(1);\n```\n');
  });
});
