// Post-processing mechanisms, each through the real engine with the syntax judge loaded: a service
// answers with a raw FIM text as a model does, and the test checks what the user would be shown.
import * as assert from 'node:assert/strict';
import { CompletionEngine } from '../../../../src/core/completion/completionEngine';
import type { StreamFim } from '../../../../src/core/completion/streamedCompletion';
import { inThreadJudges } from '../../../../src/core/completion/inThreadJudge';
import { TreeSitterParsers } from '../../../../src/core/completion/treeSitterParsers';
import type { FimOptions } from '../../../../src/core/services/serviceB/fimRequest';
import type { FimCompletion } from '../../../../src/core/services/serviceBClient';
import { WASM_DIR } from './wasmDir';

const syntax = new TreeSitterParsers(WASM_DIR);

/** What the engine shows for `doc` (`|` marks the cursor) when the model answers `raw`; `asked` records the request. */
async function shown(doc: string, languageId: string, raw: string, finishReason = 'stop', asked: FimOptions[] = []) {
  assert.ok(await syntax.load(languageId));
  const streamFim: StreamFim = (options) => {
    asked.push(options);
    return (async function* () {
      yield { choices: [{ index: 0, text: raw, finish_reason: finishReason }] } satisfies FimCompletion;
    })();
  };
  const engine = new CompletionEngine({
    streamFim,
    syntax: inThreadJudges(syntax),
    settings: () => ({ model: 'beta-v4-pro', maxTokens: 128, debounceMs: 0 }),
    now: () => 0,
    delay: () => Promise.resolve(),
  });
  const outcome = await engine.complete({ text: doc.replace('|', ''), offset: doc.indexOf('|'), languageId });
  return outcome.text;
}

describe('post-processing mechanisms, through the engine', () => {
  describe('control tokens', () => {
    it('ends the answer at the first control token, whatever follows it', async () => {
      const doc = 'def add(a, b):\n    |\n';
      assert.equal(await shown(doc, 'python', 'return a + b<|endoftext|>\n\ndef other():\n    pass'), 'return a + b');
      assert.equal(await shown(doc, 'python', 'return a + b<|file_sep|>src/other.py\nimport os'), 'return a + b');
      assert.equal(await shown(doc, 'python', 'return a + b <MID>'), 'return a + b');
      assert.equal(await shown(doc, 'python', 'return a + b<｜end▁of▁sentence｜>'), 'return a + b');
    });

    it('shows nothing for an answer that is only control tokens, even one cut by the token limit', async () => {
      assert.equal(await shown('def add(a, b):\n    |\n', 'python', '<|fim_pad|>'.repeat(40), 'length'), undefined);
      assert.equal(await shown('const x = 1;\n|\n', 'typescript', '</s>'), undefined);
    });

    it('asks the service to stop at them, within the 16 stop sequences, and never at a fence', async () => {
      const asked: FimOptions[] = [];
      await shown('def add(a, b):\n    |\n', 'python', 'return a + b', 'stop', asked);
      await shown('const total = add(|)\n', 'typescript', '1, 2', 'stop', asked);
      for (const options of asked) {
        const stops = options.stop as string[];
        assert.ok(stops.length <= 16, `${stops.length} stop sequences`);
        for (const token of ['<|endoftext|>', '<|fim_suffix|>', '<｜end▁of▁sentence｜>', '</s>', '<EOT>', '<|file_sep|>'])
          assert.ok(stops.includes(token), token);
        assert.ok(!stops.some((s) => s.includes('```')));
      }
      // A service that ignores the stops still has its answer cut there.
      for (const stop of (asked[0].stop as string[]).filter((s) => s.startsWith('<'))) {
        assert.equal(await shown('def add(a, b):\n    |\n', 'python', `return a + b${stop}\n\ndef more():`), 'return a + b', stop);
      }
    });
  });

  describe("the file's indentation", () => {
    it('is read from the code below the suffix sent, when the suffix ends with the block', async () => {
      const below = Array.from({ length: 30 }, (_, i) => `function f${i}(\n  a,\n  b,\n) {\n  return a + b;\n}`).join('\n\n');
      const doc = `import type { A } from './a.js';\nimport {\n  |\n} from './options.js';\nimport type { B } from './b.js';\n\n${below}\n`;
      assert.equal(
        await shown(doc, 'typescript', 'type InternalOptions,\n\ttype CheerioOptions,'),
        'type InternalOptions,\n  type CheerioOptions,',
      );
    });
  });

  describe('the syntax judge window', () => {
    it('reads past the 1,000-character suffix to the end of the block the answer opens', async () => {
      const later = Array.from({ length: 60 }, (_, i) => `    count += ${i};`).join('\n');
      const file = `function count(xs) {\n  let count = 0;\n  |\n${later}\n  }\n  return count;\n}\n`;
      assert.equal(await shown(file, 'typescript', 'for (const x of xs) {'), 'for (const x of xs) {');
    });
  });

  describe('a line like the next one', () => {
    it('keeps a new line that resembles the next (an import above an import, an assignment above its twin)', async () => {
      assert.equal(await shown('"""Tools."""\n\n|\nimport re\nimport sys\n', 'python', 'import os'), 'import os');
      const java =
        'package java.lang;\n\nimport java.lang.constant.Constable;\n|\nimport java.lang.constant.ConstantDescs;\n\nclass A {}\n';
      assert.equal(await shown(java, 'java', 'import java.lang.constant.ConstantDesc;'), 'import java.lang.constant.ConstantDesc;');
    });

    it('still drops the next line said again, restyled', async () => {
      assert.equal(await shown('def f(a):\n    |\n    total = a + 1\n    return total\n', 'python', 'total = a+1'), undefined);
    });
  });

  describe('the end of a statement without a semicolon', () => {
    it('shows the next statement, and asks without a newline stop', async () => {
      const asked: FimOptions[] = [];
      const doc = "const fs = require('node:fs')|\n\nmodule.exports = fs\n";
      assert.equal(
        await shown(doc, 'javascript', "\nconst path = require('node:path')", 'stop', asked),
        "\nconst path = require('node:path')",
      );
      assert.ok(!(asked[0].stop as string[]).includes('\n'));
      assert.equal(await shown('import os|\n\nprint(os.sep)\n', 'python', '\nimport sys'), '\nimport sys');
    });

    it('still reads an answer that goes on with the line as one line', async () => {
      assert.equal(await shown('const total = count|\n', 'typescript', ' + 1\nconsole.log(total)'), ' + 1');
    });
  });

  describe('indentation characters', () => {
    it('never gives a space-indented Python file a tab, on any line', async () => {
      const doc = 'def first(xs):\n    for x in xs:\n        |\n    return None\n';
      assert.equal(await shown(doc, 'python', 'if x:\n\t\t\treturn x\n\t\tprint(x)'), 'if x:\n            return x\n        print(x)');
    });

    it('gives a tab-indented file tabs for a model’s spaces', async () => {
      const doc = 'function f(xs) {\n\tfor (const x of xs) {\n\t\t|\n\t}\n}\n';
      assert.equal(await shown(doc, 'javascript', 'const y = x * 2;\n    total += y;'), 'const y = x * 2;\n\t\ttotal += y;');
    });
  });

  describe('closers', () => {
    it('shows a lone `}` at the end of a file under another `}`', async () => {
      const doc = 'export class Page {\n  next() {\n    return 1;\n  }\n|\n';
      assert.equal(await shown(doc, 'typescript', '}'), '}');
    });

    it('shows a `}` that closes a block when the window starts inside a class it cannot see open', async () => {
      const methods = Array.from({ length: 200 }, (_, i) => `    int m${i}() {\n        return ${i};\n    }\n`).join('\n');
      const doc = `class A {\n${methods}\n    void merge(int size) {\n        if (size == 0) {\n            return;\n        |\n        size++;\n    }\n}\n`;
      assert.equal(await shown(doc, 'java', '}'), '}');
    });
  });

  describe('later lines indented from column 0', () => {
    it('moves the body of a block the first line opens to the cursor’s depth, every line together', async () => {
      const doc = 'async function* read(chunks) {\n  for await (const chunk of chunks) {\n    |\n  }\n}\n';
      assert.equal(
        await shown(doc, 'typescript', 'for (const line of chunk.lines) {\n    const sse = decode(line);\n    if (sse) yield sse;\n  }'),
        'for (const line of chunk.lines) {\n      const sse = decode(line);\n      if (sse) yield sse;\n    }',
      );
    });
  });

  describe('at the end of a definition', () => {
    it('keeps the closer the suffix lacks and only the first complete definition', async () => {
      const doc = 'function isCheerio(x) {\n  if (x) {\n    |\n\nexport function other() {\n  return 1;\n}\n';
      const raw = 'return x.cheerio != null;\n  }\n}\n\nfunction invented(value) {\n  return value;\n}';
      assert.equal(await shown(doc, 'javascript', raw), 'return x.cheerio != null;\n  }\n}');
    });
  });

  describe('prose, by where the cursor is', () => {
    it('shows nothing for chat prose or markdown where the cursor is in code', async () => {
      const code = 'function total(xs) {\n  return xs.reduce(|\n}\n';
      assert.equal(
        await shown(code, 'javascript', "It looks like you're working with `xs`. Let me know if you'd like me to complete it!"),
        undefined,
      );
      assert.equal(await shown('def f(xs):\n    |\n', 'python', '### Explanation\n\n- `xs` is the input.'), undefined);
      assert.equal(
        await shown('def f(xs):\n    |\n', 'python', '**Note:** The function `f` should be defined before this line.'),
        undefined,
      );
    });

    it('keeps whole sentences where the cursor is in a comment or a docstring', async () => {
      const comment = 'function f(x) {\n  // Returns the value unchanged. |\n  return x;\n}\n';
      assert.equal(await shown(comment, 'javascript', 'This keeps the caller simple.'), 'This keeps the caller simple.');
      const docstring = 'def f(x):\n    """Return x.\n\n    |\n    """\n    return x\n';
      assert.equal(await shown(docstring, 'python', 'The value is returned as it was given.'), 'The value is returned as it was given.');
    });
  });

  describe('the line already typed', () => {
    it('drops what the model writes again of the cursor’s line', async () => {
      assert.equal(await shown('from collections |\n', 'python', 'from collections import deque'), 'import deque');
      const comment = 'def f(x):\n    # Convert the line back to a string and store it in\n    # list of |\n    return x\n';
      assert.equal(await shown(comment, 'python', '# list of all lines (return value).'), 'all lines (return value).');
    });
  });

  describe('fences and block-opening lines', () => {
    it('cleans a fenced answer with a blank line after its opening fence', async () => {
      const doc = 'function f(keys, tasks) {\n  if (keys) {\n    |\n  }\n}\n';
      assert.equal(await shown(doc, 'javascript', '```javascript\n\nkeys.forEach(run)\n```'), 'keys.forEach(run)');
      assert.equal(await shown('class A:\n    def f(self):\n        self.|\n', 'python', "```python\n\ntoken = ''\n```\n"), "token = ''");
    });

    it('shows a `case` label above another (a colon opens no block outside Python)', async () => {
      const doc =
        "function f(t) {\n  switch (t) {\n    case 'image':\n      return 1\n    |\n    case 'html_block':\n      return 2\n  }\n}\n";
      assert.equal(await shown(doc, 'javascript', "case 'html_inline':"), "case 'html_inline':");
    });

    it('shows a next line that opens the block whose body the suffix holds', async () => {
      const doc = 'def f(self):\n    ids = []|\n        ids.append(1)\n    return ids\n';
      assert.equal(await shown(doc, 'python', '\n    for mo in self.items:'), '\n    for mo in self.items:');
    });
  });

  describe('brackets of an answer cut by the token limit', () => {
    it('counts only bracket tokens: a `{` in a string opens nothing', async () => {
      const doc = 'function render(out) {\n  |\n}\n';
      const raw = 'out.write("{");\n  out.write(close);\n  out.write(`${na';
      assert.equal(await shown(doc, 'javascript', raw, 'length'), 'out.write("{");\n  out.write(close);');
    });
  });

  describe('at top level', () => {
    it('keeps only the first complete definition', async () => {
      const doc = 'import os\n\n|\n';
      const raw = 'def first(path):\n    return os.path.basename(path)\n\ndef invented(value):\n    return value\n';
      assert.equal(await shown(doc, 'python', raw), 'def first(path):\n    return os.path.basename(path)');
      const js = 'function a() {\n  return 1;\n}\n\nfunction b() {\n  return 2;\n}\n';
      assert.equal(await shown('const x = 1;\n\n|\n', 'javascript', js), 'function a() {\n  return 1;\n}');
    });

    it('keeps top-level statements that open no definition', async () => {
      assert.equal(await shown('"""Tools."""\n\n|\n', 'python', 'import os\nimport sys'), 'import os\nimport sys');
    });
  });

  describe('a service that sends more than it may', () => {
    it('stops reading at the token limit: endless line breaks after a line, or endless text, end as if cut there', async () => {
      const endless = (piece: string, after = '') => {
        let read = 0;
        const streamFim: StreamFim = () =>
          (async function* () {
            yield { choices: [{ index: 0, text: after, finish_reason: null }] } as unknown as FimCompletion;
            for (;;) {
              read++;
              yield { choices: [{ index: 0, text: piece, finish_reason: null }] } as unknown as FimCompletion;
            }
          })();
        const engine = new CompletionEngine({
          streamFim,
          settings: () => ({ model: 'beta-v4-pro', maxTokens: 64, debounceMs: 0 }),
          now: () => 0,
          delay: () => Promise.resolve(),
        });
        const doc = 'function f(x) {\n  const y = x;\n  ';
        return { read: () => read, outcome: engine.complete({ text: `${doc}\n}\n`, offset: doc.length, languageId: 'javascript' }) };
      };
      const breaks = endless('\n', 'return y;');
      assert.equal((await breaks.outcome).text, 'return y;');
      assert.ok(breaks.read() <= 2 * 64, `read ${breaks.read()} pieces of a 64-token answer`);
      const text = endless('aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa');
      await text.outcome;
      assert.ok(text.read() * 40 <= 64 * 16 + 40, `read ${text.read()} pieces of 40 characters`);
    });
  });

  describe('guards on the mechanisms above', () => {
    it('keeps the sentences of a doc comment the answer writes', async () => {
      const doc = 'public class Timeout {|\n}\n';
      const raw = '\n    /**\n     * Constructs a new Timeout with no detail message.\n     */\n    public Timeout() {}';
      assert.equal(await shown(doc, 'java', raw), raw);
    });

    it('keeps the newline a fenced answer starts with after a `{`', async () => {
      assert.equal(await shown('function f(x) {|\n}\n', 'typescript', '```typescript\n\n  return x;\n```'), '\n  return x;');
    });

    it('stops before a definition the answer starts after a blank line under a statement', async () => {
      const doc = "import { a } from './a';|\n\nexport const b = a;\n";
      const raw = "\nimport { c } from './c';\n\nfunction helper() {\n  return c;\n}";
      assert.equal(await shown(doc, 'typescript', raw), "\nimport { c } from './c';");
    });
  });
});
