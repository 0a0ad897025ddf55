import * as assert from 'node:assert/strict';
import { extractContext, WINDOW_BLOCK_LINES } from '../../../../src/core/completion/contextExtraction';

/** A 400-line file (about 14,000 characters): far more than the 6000-character prefix window. */
const lines = Array.from({ length: 400 }, (_, i) => `  const value${i} = compute(${i}, items[${i % 7}]);`);
const lineOffset = (text: string, line: number) => text.split('\n').slice(0, line).join('\n').length + (line > 0 ? 1 : 0);
const startLineOf = (text: string, prefix: string, offset: number) => text.slice(0, offset - prefix.length).split('\n').length - 1;

describe('completion prompt window: snapped to line blocks so the prompt start stays byte-identical', () => {
  it('works on every line of a file that opens with empty lines (the walk back to the first line ends)', () => {
    const text = '\n\nconst a = 1;\nconst b = 2;\n';
    for (let offset = 0; offset <= text.length; offset++) {
      const ctx = extractContext(text, offset, 'typescript');
      assert.equal(ctx.prefix, text.slice(0, offset), `the whole file before the cursor at ${offset}`);
    }
  });

  it('typing a whole line keeps the prompt start identical: only the typed text grows at the end', () => {
    const typed = 'const total = values.reduce((sum, v) => sum + v, 0);';
    const base = [...lines.slice(0, 250), '  ', ...lines.slice(250)].join('\n');
    const cursor = lineOffset(base, 250) + 2;
    const prompts: string[] = [];
    for (let k = 0; k <= typed.length; k++) {
      const text = base.slice(0, cursor) + typed.slice(0, k) + base.slice(cursor);
      prompts.push(extractContext(text, cursor + k, 'typescript').prefix);
    }
    const stable = prompts[0];
    for (const [k, prompt] of prompts.entries()) {
      assert.equal(prompt, stable + typed.slice(0, k), `keystroke ${k}: the prompt is the first prompt plus what was typed`);
    }
    assert.ok(stable.length <= 6000 && stable.length > 4000, `a full window (${stable.length} chars)`);
  });

  it('the window starts at a block line and moves only when the cursor crosses into the next block', () => {
    const text = lines.join('\n');
    const startAt = (line: number) => {
      const offset = lineOffset(text, line) + 4;
      return startLineOf(text, extractContext(text, offset, 'typescript').prefix, offset);
    };
    const inBlock = [224, 230, 240, 255].map(startAt);
    assert.equal(new Set(inBlock).size, 1, `one start in the block 224–255: ${inBlock}`);
    assert.equal(inBlock[0] % WINDOW_BLOCK_LINES, 0);
    assert.ok(startAt(256) > inBlock[0], 'the next block moves the window forward');
    assert.equal(startAt(256) % WINDOW_BLOCK_LINES, 0);
  });

  it("inside a block, the suffix stops after the block's closing line and a few more: the code past it is a cache miss on every request", () => {
    const after = Array.from({ length: 40 }, (_, i) => `function next${i}() {\n  return ${i};\n}`).join('\n');
    const text = `function total(xs) {\n  let sum = 0;\n  \n  return sum;\n}\n${after}\n`;
    const cursor = text.indexOf('  \n  return') + 2;
    const ctx = extractContext(text, cursor, 'javascript');
    assert.equal(ctx.suffix, '\n  return sum;\n}\nfunction next0() {\n  return 0;\n}\n');
    assert.ok(ctx.judgeSuffix!.length > 1000, 'the syntax judge still reads on');
    // At the top level there is no block to end: the suffix takes its whole budget.
    const top = extractContext(text, text.indexOf('function next0'), 'javascript');
    assert.ok(top.suffix.length > 900 && top.suffix.length <= 1000, `${top.suffix.length} characters`);
  });
});
