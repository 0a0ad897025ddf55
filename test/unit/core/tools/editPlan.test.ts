import * as assert from 'node:assert/strict';
import { EditPlanError, planEdits, type PlannedReplacement } from '../../../../src/core/tools/editPlan';
import { editArgs, ToolArgumentError } from '../../../../src/core/tools/toolArgs';
import { MAX_EDITS_PER_CALL } from '../../../../src/shared/toolLimits';
import { TOOL_DEFINITIONS } from '../../../../src/core/tools/toolDefinitions';

const r = (key: string, oldText: string, newText: string): PlannedReplacement => ({ key, rel: key, oldText, newText });

describe('apply_edit with several replacements and files', () => {
  it('applies a two-file, three-replacement edit in order, each on the text the previous one left', () => {
    const current = new Map<string, string | undefined>([
      ['a.ts', 'const one = 1;\nconst two = 2;\n'],
      ['b.ts', 'export const name = "old";\n'],
    ]);
    const files = planEdits(current, [
      r('a.ts', 'one = 1', 'one = 10'),
      r('b.ts', '"old"', '"new"'),
      // Matches only after the first replacement: they apply in order.
      r('a.ts', 'one = 10;\nconst two', 'one = 10;\nconst twenty'),
    ]);
    assert.deepEqual(
      files.map((f) => [f.key, f.before, f.after, f.replacements]),
      [
        ['a.ts', 'const one = 1;\nconst two = 2;\n', 'const one = 10;\nconst twenty = 2;\n', 2],
        ['b.ts', 'export const name = "old";\n', 'export const name = "new";\n', 1],
      ],
    );
  });

  it('one replacement that does not match exactly once fails the whole call and names it', () => {
    const current = new Map<string, string | undefined>([
      ['a.ts', 'x = 1\nx = 1\n'],
      ['b.ts', 'y = 2\n'],
    ]);
    assert.throws(
      () => planEdits(current, [r('b.ts', 'y = 2', 'y = 3'), r('a.ts', 'missing', 'z')]),
      (e: Error) => e instanceof EditPlanError && /not found in a\.ts.*edit 2 of 2; nothing was written/.test(e.message),
    );
    assert.throws(
      () => planEdits(current, [r('b.ts', 'y = 2', 'y = 3'), r('a.ts', 'x = 1', 'z')]),
      (e: Error) => e instanceof EditPlanError && /occurs 2 times in a\.ts/.test(e.message),
    );
    // A later replacement of the same file sees the earlier one's result: "y = 2" is gone.
    assert.throws(() => planEdits(current, [r('b.ts', 'y = 2', 'y = 3'), r('b.ts', 'y = 2', 'y = 4')]), EditPlanError);
  });

  it('creates a file with old_text "" and may edit it further in the same call', () => {
    const files = planEdits(new Map([['new.ts', undefined]]), [r('new.ts', '', 'a\nb\n'), r('new.ts', 'b', 'c')]);
    assert.deepEqual(
      files.map((f) => [f.before, f.after]),
      [[undefined, 'a\nc\n']],
    );
    assert.throws(() => planEdits(new Map([['gone.ts', undefined]]), [r('gone.ts', 'x', 'y')]), /gone\.ts does not exist/);
  });

  it('reads either form of the arguments; both at once, a malformed entry or too many are refused', () => {
    assert.deepEqual(editArgs({ path: 'a.ts', old_text: 'x', new_text: 'y' }), [{ path: 'a.ts', oldText: 'x', newText: 'y' }]);
    assert.deepEqual(editArgs({ path: 'a.ts', old_text: 'x', new_text: 'y', edits: [] }), [{ path: 'a.ts', oldText: 'x', newText: 'y' }]);
    const edits = [
      { path: 'a.ts', old_text: 'x', new_text: 'y' },
      { path: 'b.ts', old_text: '', new_text: 'z' },
    ];
    assert.deepEqual(editArgs({ edits }), [
      { path: 'a.ts', oldText: 'x', newText: 'y' },
      { path: 'b.ts', oldText: '', newText: 'z' },
    ]);
    assert.equal(editArgs({ path: '', old_text: '', new_text: '', edits }).length, 2);
    assert.throws(() => editArgs({ path: 'a.ts', old_text: 'x', new_text: 'y', edits }), ToolArgumentError);
    assert.throws(() => editArgs({ edits: [{ path: 'a.ts', old_text: 'x' }] }), /edits\[0\]\.new_text must be a string/);
    assert.throws(() => editArgs({ edits: [{ path: 'a.ts', old_text: 'x', new_text: 'y', mode: 'append' }] }), /unknown field "mode"/);
    assert.throws(() => editArgs({ edits: 'a.ts' }), ToolArgumentError);
    const many = Array.from({ length: MAX_EDITS_PER_CALL + 1 }, () => edits[0]);
    assert.throws(() => editArgs({ edits: many }), /at most 32 edits/);
    assert.equal(editArgs({ edits: many.slice(1) }).length, MAX_EDITS_PER_CALL);
  });

  it("the schema stays valid for Service B's strict mode: every property required, no others, inside the items too", () => {
    const schema = TOOL_DEFINITIONS.apply_edit.function.parameters as {
      properties: Record<string, { items?: { properties: Record<string, unknown>; required: string[]; additionalProperties: boolean } }>;
      required: string[];
      additionalProperties: boolean;
    };
    assert.deepEqual([...schema.required].sort(), Object.keys(schema.properties).sort());
    assert.equal(schema.additionalProperties, false);
    const items = schema.properties.edits.items!;
    assert.deepEqual([...items.required].sort(), Object.keys(items.properties).sort());
    assert.equal(items.additionalProperties, false);
  });
});
