// Shapes the tenth and the twelfth to twentieth blind rounds of the edit corpus found the applier
// getting wrong: snippets that show only where their lines go (by their context or by a sentence), a
// marker before a new sibling definition or before a member, return or wrapped line rewritten, gaps a
// copy of the file folds or a marker leaves, a file mixing tabs and spaces answered all in tabs, a
// diff's context column or its marks in a fence of the file's language, a case-changed first line, an
// answer of FIM tokens only, Mistral's `</s>`. Each test is the shape of a real miss, on a small file.
import * as assert from 'node:assert/strict';
import { applyEditAnswer } from '../../../../src/core/edit/editApplier';
import { applied, fence, lines, refused } from './applierHelpers';

describe('the edit applier with snippets, siblings and folded gaps', () => {
  it('places lines a marker answer quotes exactly in a file that mixes tabs and spaces, though another quoted line drifted', () => {
    const sh = lines(
      '    if [ -z "$command" ]; then',
      '\t\tcase "$cur" in',
      '\t\t--*)   __comp "',
      '\t\t\t--version',
      '            --help',
      '            --nowait',
      '\t\t\t"',
      '\t\t\t;;',
      '        -*) __comp "',
      '            --help',
      '            --filter',
      '            --nowait',
      '            "',
      '            ;;',
      '\t\tesac',
      '\tfi',
    );
    // The `--*)` line is quoted with eight spaces where the file has a tab; the rest as the file has it.
    const answer = fence(
      'bash',
      '# ... existing code ...',
      '        --*)   __comp "',
      '# ... existing code ...',
      '            --help',
      '            --nowait',
      '            --noninteractive',
      '\t\t\t"',
      '# ... existing code ...',
    );
    assert.equal(
      applied(applyEditAnswer(sh, { startLine: 0, endLine: 15 }, answer)),
      sh.replace('            --nowait\n\t\t\t"', '            --nowait\n            --noninteractive\n\t\t\t"'),
    );
  });

  it("puts a snippet's new lines after the selection's last lines it opens with, deleting nothing", () => {
    const rst = lines(
      'Once the URI is parsed, its parts are accessible.',
      '',
      "    >>> uri = URI('https://fish.tree/blee')",
      '    >>> uri.host',
      "    'fish.tree'",
      '    >>> uri.path',
      "    '/blee'",
      '',
      'Next example.',
    );
    const answer = [
      'Add two lines to the example:',
      '',
      fence('rst', '    >>> uri.path', "    '/blee'", '    >>> uri.query is None', '    True'),
    ].join('\n');
    assert.equal(
      applied(applyEditAnswer(rst, { startLine: 0, endLine: 6 }, answer)),
      rst.replace("'/blee'\n", "'/blee'\n    >>> uri.query is None\n    True\n"),
    );
  });

  it("puts a snippet's new lines before the selection's first lines it ends with", () => {
    const ts = lines(
      'export function total(items: Item[]): number {',
      '  let sum = 0;',
      '  for (const i of items) sum += i.price;',
      '  return sum;',
      '}',
    );
    const answer = fence('ts', "/** The sum of the items' prices. */", 'export function total(items: Item[]): number {', '  let sum = 0;');
    assert.equal(applied(applyEditAnswer(ts, { startLine: 0, endLine: 4 }, answer)), "/** The sum of the items' prices. */\n" + ts);
  });

  it('keeps the bytes of lines a file indents with spaces among tab lines when the answer writes them all with tabs', () => {
    const sh = lines(
      '_search ()',
      '{',
      '\tcase "$i" in',
      '            name|file)',
      '\t\t\tcommand="$i"',
      '\t\tesac',
      '    if [ -z "$command" ]; then',
      '        __comp "name file"',
      '    fi',
      '}',
    );
    const answer = fence(
      'bash',
      '_search ()',
      '{',
      '\tcase "$i" in',
      '\t\tname|file|provides)',
      '\t\t\tcommand="$i"',
      '\t\tesac',
      '\tif [ -z "$command" ]; then',
      '\t\t__comp "name file provides"',
      '\tfi',
      '}',
    );
    assert.equal(
      applied(applyEditAnswer(sh, { startLine: 0, endLine: 9 }, answer)),
      sh.replace('name|file)', 'name|file|provides)').replace('"name file"', '"name file provides"'),
    );
  });

  it('adds a definition after an existing-code marker beside the one it mirrors, whose name the file still exports', () => {
    const js = lines(
      'const serialize = (name, value, opt) => {',
      '\tvalue = encodeURIComponent(value);',
      '\treturn _serialize(name, value, opt);',
      '};',
      'export { serialize };',
    );
    const answer = fence(
      'js',
      '// ... existing code ...',
      'const serializeRaw = (name, value, opt) => {',
      '\treturn _serialize(name, value, opt);',
      '};',
    );
    assert.equal(
      applied(applyEditAnswer(js, { startLine: 0, endLine: 3 }, answer)),
      js.replace('};\n', '};\nconst serializeRaw = (name, value, opt) => {\n\treturn _serialize(name, value, opt);\n};\n'),
    );
    // Nothing else uses the old name: the same answer renames it when the user asked for a change, and
    // adds the new one beside it when nothing says the old one goes.
    const alone = js.replace('export { serialize };\n', '');
    const renamed = lines('const serializeRaw = (name, value, opt) => {', '\treturn _serialize(name, value, opt);', '};');
    assert.equal(applied(applyEditAnswer(alone, { startLine: 0, endLine: 3 }, answer, 'rename it to serializeRaw, no encoding')), renamed);
    assert.equal(applied(applyEditAnswer(alone, { startLine: 0, endLine: 3 }, answer, '')), alone + renamed);
  });

  it('keeps the gap after the selection whole when a copy of the file adds a method and folds that gap', () => {
    const py = lines('class Zone:', '    def dst(self):', '        return 0', '', '', '', 'def parse(s):', '    return s');
    const answer = fence(
      'python',
      'class Zone:',
      '    def dst(self):',
      '        return 0',
      '',
      '    def tzname(self):',
      '        return None',
      '',
      '',
      'def parse(s):',
      '    return s',
    );
    assert.equal(
      applied(applyEditAnswer(py, { startLine: 1, endLine: 2 }, answer)),
      py.replace('return 0\n', 'return 0\n\n    def tzname(self):\n        return None\n'),
    );
  });

  it('keeps the gap before the selection whole when a copy of the file adds a function above it and folds that gap', () => {
    const py = lines('import os', '', '', '', 'def parse(s):', '    return s');
    const answer = fence('python', 'import os', '', '', 'def clean(s):', '    return s.strip()', '', '', 'def parse(s):', '    return s');
    assert.equal(
      applied(applyEditAnswer(py, { startLine: 4, endLine: 5 }, answer)),
      py.replace('def parse', 'def clean(s):\n    return s.strip()\n\n\ndef parse'),
    );
  });

  it("reads a diff's context with its first column when the file has it so, though headings at column 0 suggest otherwise", () => {
    // Bullets at one space and two, headings at column 0: the added ` * ` line keeps its one space.
    const changelog = lines('2.2.0', '=====', '  * `parse`: fix', '', '2.1.0', '=====', ' * `JSONScanner` returns lineNumber.', '');
    const answer = [
      '```diff',
      '@@ -9,5 +9,6 @@',
      ' 2.1.0',
      ' =====',
      '  * `JSONScanner` returns lineNumber.',
      '+ * `JSONScanner` also returns offsets.',
      ' ',
      '```',
    ].join('\n');
    assert.equal(
      applied(applyEditAnswer(changelog, { startLine: 4, endLine: 6 }, answer)),
      changelog.replace('lineNumber.\n', 'lineNumber.\n * `JSONScanner` also returns offsets.\n'),
    );
  });

  it('refuses an answer that is only FIM padding tokens instead of deleting the selection', () => {
    const js = lines('function f(req) {', '  return req', '}');
    const outcome = refused(applyEditAnswer(js, { startLine: 0, endLine: 2 }, '<|fim_pad|><|fim_pad|><|fim_pad|><|file_sep|>'));
    assert.equal(outcome.why, 'empty');
  });

  it('reads a whole file given back with its first line in other case as that file, not as a block to insert', () => {
    const js = lines(
      '// LICENSE : MIT',
      'module.exports = {',
      '    reset : "0",',
      '    bold  : "1",',
      '    dim   : "2",',
      '    blink : "5"',
      '}',
    );
    const answer = [
      'ansi.js',
      fence(
        'js',
        '// License: MIT',
        'module.exports = {',
        '    reset : "0",',
        '    bold  : "1",',
        '    dim   : "2",',
        '    blink : "5",',
        '    hidden: "8"',
        '}',
      ),
    ].join('\n');
    assert.equal(
      applied(applyEditAnswer(js, { startLine: 5, endLine: 6 }, answer)),
      js.replace('    blink : "5"\n', '    blink : "5",\n    hidden: "8"\n'),
    );
  });

  it('reads a member declared anew before a marker as that member changed, not a second one', () => {
    const ts = lines(
      '  interface Queue {',
      '    /** Called when the queue is drained. */',
      '    drain(): any',
      '    /** Called when the queue is empty. */',
      '    empty: () => void',
      '  }',
    );
    const answer = fence(
      'typescript',
      '    /** Called when the queue is drained. */',
      '    drain: () => void',
      '    // ... existing code ...',
    );
    assert.equal(applied(applyEditAnswer(ts, { startLine: 1, endLine: 4 }, answer)), ts.replace('drain(): any', 'drain: () => void'));
  });

  it('reads a return and its wrapped next line before a marker as those lines rewritten', () => {
    const js = lines(
      "if (align === 'c') {",
      "    return Array(Math.ceil(n / 2 + 1)).join(' ')",
      "        + c + Array(Math.floor(n / 2 + 1)).join(' ')",
      '    ;',
      '}',
      'return c + s;',
    );
    const answer = fence(
      'js',
      "if (align === 'c') {",
      "    return ' '.repeat(Math.ceil(n / 2))",
      "        + c + ' '.repeat(Math.floor(n / 2))",
      '    // ... existing code ...',
    );
    assert.equal(
      applied(applyEditAnswer(js, { startLine: 0, endLine: 5 }, answer)),
      js
        .replace("Array(Math.ceil(n / 2 + 1)).join(' ')", "' '.repeat(Math.ceil(n / 2))")
        .replace("Array(Math.floor(n / 2 + 1)).join(' ')", "' '.repeat(Math.floor(n / 2))"),
    );
  });

  it("ends the answer at Mistral's </s> glued to the closing fence or on a line of its own, and keeps it in HTML code", () => {
    const sh = lines('cleanup', 'exit $any_error');
    for (const end of ['```</s>', '```\n</s>'])
      assert.equal(
        applied(applyEditAnswer(sh, { startLine: 1, endLine: 1 }, '```sh\nexit "$any_error"\n' + end)),
        lines('cleanup', 'exit "$any_error"'),
      );
    const html = lines('<p>', '  old', '</p>');
    assert.equal(
      applied(applyEditAnswer(html, { startLine: 1, endLine: 1 }, fence('html', '  <s>', '    old', '  </s>'))),
      lines('<p>', '  <s>', '    old', '  </s>', '</p>'),
    );
  });

  it('deletes a selection of blank lines and a stray heading that an answer gives back with the context around it', () => {
    const md = lines('[npm-url]: https://npmjs.org/package/x', '', '', '##', '', '[npm]: https://www.npmjs.com/', '');
    const answer = fence('markdown', '[npm-url]: https://npmjs.org/package/x', '', '[npm]: https://www.npmjs.com/') + '</s>';
    assert.equal(applied(applyEditAnswer(md, { startLine: 1, endLine: 4 }, answer)), md.replace('\n\n\n##\n\n', '\n\n'));
  });

  it('puts a snippet of new lines where its sentence says, keeping the other selected lines', () => {
    const py = lines(
      'class Server:',
      '    address      = property(get_address)',
      '    id           = property(get_id)',
      '    is_connected = property(get_is_connected)',
    );
    const answer = [
      'Add this line right after the `id` property:',
      '',
      fence('python', '    guid         = property(get_id)'),
      '',
      'The other two stay as they are.',
    ].join('\n');
    assert.equal(
      applied(applyEditAnswer(py, { startLine: 1, endLine: 3 }, answer)),
      py.replace('(get_id)\n', '(get_id)\n    guid         = property(get_id)\n'),
    );
    // Without a sentence saying where, the same snippet is the selection rewritten.
    assert.equal(
      applied(applyEditAnswer(py, { startLine: 2, endLine: 2 }, fence('python', '    guid = property(get_id)'))),
      py.replace('id           = property', 'guid = property'),
    );
  });

  it('reads the blank line after a marker for the code above as the gap before the selection, not a new line', () => {
    const js = lines('  }', '', '  function cleanup() {', '    var x', '    x = cleanups[0]', '  }');
    const answer = fence(
      'js',
      '  // ... existing code ...',
      '',
      '  function cleanup() {',
      '    var entry',
      '    entry = cleanups[0]',
      '  }',
    );
    assert.equal(
      applied(applyEditAnswer(js, { startLine: 2, endLine: 5 }, answer)),
      js.replace('var x', 'var entry').replace('x = cleanups', 'entry = cleanups'),
    );
  });

  it("reads a fence in the file's language whose lines carry +, - and space marks as a diff, not as code", () => {
    const js = lines(
      'function has(stream) {',
      "  var all = stream.listeners('data')",
      '',
      '  for (var i = 0; i < all.length; i++) {',
      '    if (all[i].name === "ondata") return true',
      '  }',
      '',
      '  return false',
      '}',
    );
    const answer = [
      'Only the changed part:',
      '',
      fence(
        'js',
        "   var all = stream.listeners('data')",
        ' ',
        '-  for (var i = 0; i < all.length; i++) {',
        '-    if (all[i].name === "ondata") return true',
        '-  }',
        '-',
        '-  return false',
        '+  return all.some((l) => l.name === "ondata")',
      ),
    ].join('\n');
    assert.equal(
      applied(applyEditAnswer(js, { startLine: 1, endLine: 7 }, answer)),
      lines('function has(stream) {', "  var all = stream.listeners('data')", '', '  return all.some((l) => l.name === "ondata")', '}'),
    );
    // Added lines after kept ones, no removal.
    const py = lines(
      'try:',
      '    self.keep = int(self.keep)',
      'except ValueError as e:',
      '    raise Error("--keep must be an integer") from e',
      'done()',
    );
    const added = fence(
      'python',
      '     self.keep = int(self.keep)',
      ' except ValueError as e:',
      '     raise Error("--keep must be an integer") from e',
      '+if self.keep < 0:',
      '+    raise Error("--keep must not be negative")',
    );
    assert.equal(
      applied(applyEditAnswer(py, { startLine: 0, endLine: 3 }, added)),
      py.replace('from e\n', 'from e\nif self.keep < 0:\n    raise Error("--keep must not be negative")\n'),
    );
    // A Markdown list is a list: its `-` bullets and indented lines are not a diff's marks.
    const md = lines('Steps:', '- one', '- two');
    assert.equal(
      applied(applyEditAnswer(md, { startLine: 1, endLine: 2 }, fence('markdown', '- one', '- two', '  + also this', '- three'))),
      lines('Steps:', '- one', '- two', '  + also this', '- three'),
    );
  });

  it('puts a snippet after the whole construct its sentence names (an if block, a case arm), with the blank line it asks for', () => {
    const js = lines(
      'function unpipe(stream) {',
      '  if (!stream) {',
      "    throw new TypeError('stream is required')",
      '  }',
      '',
      '  stream.unpipe()',
      '}',
    );
    const snippet = [
      'Add this right after the `if (!stream)` check, separated by a blank line:',
      '',
      fence('js', "  if (typeof stream.on !== 'function') {", "    throw new TypeError('stream must be an EventEmitter')", '  }'),
    ].join('\n');
    assert.equal(
      applied(applyEditAnswer(js, { startLine: 1, endLine: 3 }, snippet)),
      js.replace(
        "required')\n  }\n",
        "required')\n  }\n\n  if (typeof stream.on !== 'function') {\n    throw new TypeError('stream must be an EventEmitter')\n  }\n",
      ),
    );
    const sh = lines(
      'case "$1" in',
      '    --libs)',
      '        libs="-lxml2"',
      '        ;;',
      '',
      '    *)',
      '        usage',
      '        ;;',
      'esac',
    );
    const arm = [
      'Add this right after the `--libs)` case, with a blank line between them:',
      '',
      fence('sh', '    --static)', '        libs="-lxml2 -lz"', '        ;;'),
    ].join('\n');
    assert.equal(
      applied(applyEditAnswer(sh, { startLine: 1, endLine: 3 }, arm)),
      sh.replace('        ;;\n\n    *)', '        ;;\n\n    --static)\n        libs="-lxml2 -lz"\n        ;;\n\n    *)'),
    );
  });

  it('keeps the line a marker answer quotes after the marker where it is, and adds the new member after it', () => {
    const ts = lines(
      'interface Options {',
      '    /**',
      '     * Treat the markup as XML.',
      '     *',
      '     * @default false',
      '     */',
      '    xmlMode?: boolean;',
      '}',
    );
    const answer = fence(
      'ts',
      '    // ... existing code ...',
      '    xmlMode?: boolean;',
      '    /**',
      '     * Decode entities.',
      '     *',
      '     * @default true',
      '     */',
      '    decodeEntities?: boolean;',
      '}',
    );
    assert.equal(
      applied(applyEditAnswer(ts, { startLine: 1, endLine: 7 }, answer)),
      ts.replace(
        'xmlMode?: boolean;\n',
        'xmlMode?: boolean;\n    /**\n     * Decode entities.\n     *\n     * @default true\n     */\n    decodeEntities?: boolean;\n',
      ),
    );
  });

  it('keeps the closing brace a marker stands for when the answer writes a new one at another depth', () => {
    const js = lines('  for (const listener of listeners) {', '    // invoke the listener', '    listener.call(stream)', '  }', '}');
    const answer = fence(
      'js',
      '    // invoke the listener, ignoring errors',
      '    try {',
      '      listener.call(stream)',
      '    } catch (err) {',
      '      // ignore',
      '    }',
      '  // ... existing code ...',
    );
    assert.equal(
      applied(applyEditAnswer(js, { startLine: 1, endLine: 4 }, answer)),
      lines(
        '  for (const listener of listeners) {',
        '    // invoke the listener, ignoring errors',
        '    try {',
        '      listener.call(stream)',
        '    } catch (err) {',
        '      // ignore',
        '    }',
        '  }',
        '}',
      ),
    );
  });

  it('finds the construct a sentence names with parts left out (`f(...)`, `if (x) { ... }`)', () => {
    const js = lines(
      'export default function parse(string, reviver) {',
      "\tif (typeof reviver === 'string') {",
      '\t\treviver = undefined;',
      '\t}',
      '\treturn JSON.parse(string, reviver);',
      '}',
    );
    const answer = [
      "Add this right after the `if (typeof reviver === 'string') { ... }` block, with a blank line before it:",
      '',
      fence('js', '\tif (string instanceof Uint8Array) {', '\t\tstring = new TextDecoder().decode(string);', '\t}'),
    ].join('\n');
    assert.equal(
      applied(applyEditAnswer(js, { startLine: 0, endLine: 3 }, answer)),
      js.replace('\t}\n', '\t}\n\n\tif (string instanceof Uint8Array) {\n\t\tstring = new TextDecoder().decode(string);\n\t}\n'),
    );
    const c = lines(
      '/** The gender of a list. */',
      'U_CAPI UGender U_EXPORT2',
      'ugender_getListGender(const UGenderInfo* info, int32_t size);',
      '',
      '#endif',
    );
    const declaration = [
      'Add this declaration after `ugender_getListGender(...)`, separated by a blank line:',
      '',
      fence('c', '/** Releases a UGenderInfo. */', 'U_CAPI void U_EXPORT2', 'ugender_close(UGenderInfo *info);'),
    ].join('\n');
    assert.equal(
      applied(applyEditAnswer(c, { startLine: 0, endLine: 2 }, declaration)),
      c.replace('size);\n', 'size);\n\n/** Releases a UGenderInfo. */\nU_CAPI void U_EXPORT2\nugender_close(UGenderInfo *info);\n'),
    );
  });

  it('reads the line after a marker for the code above as where that code ends, even when a sibling below looks like the new lines', () => {
    const sh = lines(
      '    --prefix)',
      '        echo ${prefix}',
      '        ;;',
      '',
      '    --version)',
      '        echo ${version}',
      '        ;;',
    );
    const answer = fence(
      'sh',
      '        # ... existing code ...',
      '        ;;',
      '',
      '    --includedir)',
      '        echo ${includedir}',
      '        ;;',
      '',
      '    --version)',
      '        echo ${version}',
      '        ;;',
    );
    assert.equal(
      applied(applyEditAnswer(sh, { startLine: 0, endLine: 6 }, answer)),
      sh.replace('        ;;\n\n    --version', '        ;;\n\n    --includedir)\n        echo ${includedir}\n        ;;\n\n    --version'),
    );
  });

  it("gives a list's last item its comma after a marker, though the answer's words are mostly new", () => {
    const c = lines('enum UGender {', '    /**', '     * Neutral gender.', '     */', '    UGENDER_OTHER', '};');
    const answer = fence(
      'c',
      '     // ... existing code ...',
      '     */',
      '    UGENDER_OTHER,',
      '    /**',
      '     * Gender not known.',
      '     */',
      '    UGENDER_UNKNOWN',
      '};',
    );
    assert.equal(
      applied(applyEditAnswer(c, { startLine: 1, endLine: 5 }, answer)),
      c.replace('    UGENDER_OTHER\n', '    UGENDER_OTHER,\n    /**\n     * Gender not known.\n     */\n    UGENDER_UNKNOWN\n'),
    );
  });

  it("reads code set between two long hyphen rules (OpenAI's reasoning models) as a fence", () => {
    const py = lines('def check(key):', '    self._key = key');
    const rule = '-'.repeat(80);
    const answer = [
      'Added the check:',
      '',
      rule,
      'def check(key):',
      '    if len(key) == 0:',
      '        raise ValueError("empty key")',
      '    self._key = key',
      rule,
      '',
      'Nothing else changes.',
    ].join('\n');
    assert.equal(
      applied(applyEditAnswer(py, { startLine: 0, endLine: 1 }, answer)),
      lines('def check(key):', '    if len(key) == 0:', '        raise ValueError("empty key")', '    self._key = key'),
    );
  });

  it('places a snippet before the line a sentence names past other quoted names, and replaces "the `x` line with" the snippet', () => {
    const js = lines('function encodeUrl (url) {', '  return String(url)', '    .replace(A, b)', '}');
    const guard = [
      'Insert this at the start of the `encodeUrl` body, before `return String(url)`:',
      '',
      fence('js', "  if (url == null) return ''", ''),
    ].join('\n');
    assert.equal(
      applied(applyEditAnswer(js, { startLine: 0, endLine: 3 }, guard)),
      js.replace('{\n', "{\n  if (url == null) return ''\n\n"),
    );
    const doc = lines('/**', 'Check whether `path` is a symlink.', '', '@returns Whether the `path` is a directory.', '*/');
    const replace = [
      'In the comment, replace the `@returns` line with these two lines:',
      '',
      fence('ts', '@returns Whether the `path` is a symlink.', '@see isSymlink for the async version.'),
    ].join('\n');
    assert.equal(
      applied(applyEditAnswer(doc, { startLine: 0, endLine: 4 }, replace)),
      doc.replace(
        '@returns Whether the `path` is a directory.\n',
        '@returns Whether the `path` is a symlink.\n@see isSymlink for the async version.\n',
      ),
    );
  });

  it("keeps a branch's own `else` where the file has it when the answer shows it before a marker", () => {
    const sh = lines('if [ -s "$f" ]; then', '    # keep it', '    :', 'else', '    rm -f "$f"', '    rm -f "$f.bak"', 'fi');
    const answer = fence(
      'sh',
      'if [ -s "$f" ]; then',
      '    # keep it',
      '    echo "keeping $f" >&2',
      'else',
      '    # ... existing code ...',
      '    rm -f "$f.bak"',
      '    echo "removed $f" >&2',
      'fi',
    );
    assert.equal(
      applied(applyEditAnswer(sh, { startLine: 0, endLine: 6 }, answer)),
      sh.replace('    :\n', '    echo "keeping $f" >&2\n').replace('.bak"\n', '.bak"\n    echo "removed $f" >&2\n'),
    );
  });

  it('refuses a diff whose fence was never closed: the stream was cut', () => {
    const sh = lines('if [ -s "$f" ]; then', '    :', 'fi');
    const cut = ['```diff', '@@ -1,3 +1,3 @@', ' if [ -s "$f" ]; then', '-    :', '+    echo "keep'].join('\n');
    assert.equal(refused(applyEditAnswer(sh, { startLine: 0, endLine: 2 }, cut)).why, 'truncated');
  });

  it('keeps a new line at the depth the answer gives it when the answer keeps the mixed tabs and spaces of the file', () => {
    const sh = lines(
      'if test "$libs" = "yes"; then',
      '      dirs="-L$libdir"',
      '      if test -n "$lib_ssl"; then',
      '\tdirs="$dirs -lssl"',
      '      fi',
      '      echo $dirs',
      'fi',
    );
    const answer = fence(
      'sh',
      'if test "$libs" = "yes"; then',
      '      dirs="-L$libdir"',
      '      for lib in ssl nss; do',
      '\tif test -n "$lib"; then',
      '\t  dirs="$dirs -l$lib"',
      '\tfi',
      '      done',
      '      echo $dirs',
      'fi',
    );
    assert.equal(
      applied(applyEditAnswer(sh, { startLine: 0, endLine: 6 }, answer)),
      lines(
        'if test "$libs" = "yes"; then',
        '      dirs="-L$libdir"',
        '      for lib in ssl nss; do',
        '\tif test -n "$lib"; then',
        '\t  dirs="$dirs -l$lib"',
        '\tfi',
        '      done',
        '      echo $dirs',
        'fi',
      ),
    );
  });

  it('refuses a SEARCH that misremembers a word of a line it removes, but not one that misremembers its punctuation', () => {
    const js = lines(
      'function parse(subtype) {',
      "  var index = subtype.lastIndexOf('+')",
      '  if (index !== -1) {',
      '    subtype = subtype.substr(0, index)',
      '  }',
      '}',
    );
    const search = (quoted: string) =>
      [
        '<<<<<<< SEARCH',
        quoted,
        '  if (index !== -1) {',
        '    subtype = subtype.substr(0, index)',
        '=======',
        "  var at = subtype.lastIndexOf('+')",
        '  if (at !== -1) {',
        '    subtype = subtype.slice(0, at)',
        '>>>>>>> REPLACE',
      ].join('\n');
    assert.equal(refused(applyEditAnswer(js, { startLine: 1, endLine: 4 }, search("  var index = subtype.indexOf('+')"))).why, 'notFound');
    assert.equal(
      applied(applyEditAnswer(js, { startLine: 1, endLine: 4 }, search("  var index = subtype.lastIndexOf('+');"))),
      js.replace(
        "var index = subtype.lastIndexOf('+')\n  if (index !== -1) {\n    subtype = subtype.substr(0, index)",
        "var at = subtype.lastIndexOf('+')\n  if (at !== -1) {\n    subtype = subtype.slice(0, at)",
      ),
    );
  });

  it('replaces the construct a sentence names ("Replace the `--version)` branch with these two")', () => {
    const sh = lines(
      'case "$1" in',
      '    --version)',
      '      echo ${version}',
      '      ;;',
      '    --libs)',
      '      echo_libs=yes',
      '      ;;',
      'esac',
    );
    const answer = [
      'Replace the `--version)` branch of the `case` with these two branches:',
      '',
      fence('sh', '    --version|--modversion)', '      echo ${version}', '      ;;', '    --help)', '      usage 0', '      ;;'),
    ].join('\n');
    assert.equal(
      applied(applyEditAnswer(sh, { startLine: 1, endLine: 6 }, answer)),
      sh.replace(
        '    --version)\n      echo ${version}\n      ;;\n',
        '    --version|--modversion)\n      echo ${version}\n      ;;\n    --help)\n      usage 0\n      ;;\n',
      ),
    );
  });

  it('adds a new block with its own closer after a comment, by a sentence or before a marker', () => {
    const sh = lines(
      '# Set variables',
      'if test -z "$prefix"; then',
      '    prefix=`pkg-config --variable=prefix nss`',
      'fi',
      'if test -z "$libdir"; then',
      '    libdir=`pkg-config --variable=libdir nss`',
      'fi',
    );
    const check = ['if ! command -v pkg-config >/dev/null; then', '    exit 1', 'fi'];
    const expected = sh.replace('# Set variables\n', '# Set variables\n' + check.join('\n') + '\n');
    const said = ['Insert this right after the `# Set variables` comment:', '', fence('sh', ...check)].join('\n');
    assert.equal(applied(applyEditAnswer(sh, { startLine: 0, endLine: 6 }, said)), expected);
    const marked = fence('sh', '# Set variables', ...check, 'if test -z "$prefix"; then', '# ... existing code ...');
    assert.equal(applied(applyEditAnswer(sh, { startLine: 0, endLine: 6 }, marked)), expected);
  });

  it('refuses a hunk whose context recalls another version of a line, and places a one-word snippet by its sentence', () => {
    const js = lines(
      'exports.parse = function (s) {',
      '  return JSON.parse(s, function (key, value) {',
      "    return Buffer.from(value, 'base64')",
      '  })',
      '}',
    );
    const hunk = [
      '```diff',
      '@@ -48,4 +48,4 @@',
      '-exports.parse = function (s) {',
      '+exports.parse = function (s, reviver) {',
      '   return JSON.parse(s, function (key, value) {',
      "     return new Buffer(value, 'base64')",
      '```',
    ].join('\n');
    const outcome = refused(applyEditAnswer(js, { startLine: 0, endLine: 4 }, hunk));
    assert.match(outcome.message, /quotes "return new Buffer/);
    const ts = lines('export type Strategy =', '\t| "array"', '\t| "number"', '\t| "object"', '\t| "string";');
    const said = ['Add this member right after `| "number"` in `Strategy`:', '', fence('ts', '\t| "number?"')].join('\n');
    assert.equal(applied(applyEditAnswer(ts, { startLine: 0, endLine: 4 }, said)), ts.replace('"number"\n', '"number"\n\t| "number?"\n'));
  });

  it('adds a sibling the answer copies from a line it quotes, one token changed, instead of rewriting the next line', () => {
    const ts = lines('export type Strategy =', '\t| "array"', '\t| "number"', '\t| "object"', '\t| "string";');
    const answer = fence('ts', 'export type Strategy =', '\t| "array"', '\t| "number"', '\t| "number?"', '\t// ... existing code ...');
    assert.equal(applied(applyEditAnswer(ts, { startLine: 0, endLine: 4 }, answer)), ts.replace('"number"\n', '"number"\n\t| "number?"\n'));
    const js = lines(
      "  } else if ('string' === typeof o) {",
      '    return JSON.stringify(o)',
      "  } else if ('undefined' === typeof o) {",
      "    return 'null'",
      '  } else',
      '    return String(o)',
    );
    const branch = fence(
      'js',
      "  } else if ('string' === typeof o) {",
      '    return JSON.stringify(o)',
      "  } else if ('bigint' === typeof o) {",
      '    return JSON.stringify(o.toString())',
      '  // ... existing code ...',
      '  } else',
      '    return String(o)',
    );
    assert.equal(
      applied(applyEditAnswer(js, { startLine: 0, endLine: 5 }, branch)),
      js.replace(
        'JSON.stringify(o)\n',
        "JSON.stringify(o)\n  } else if ('bigint' === typeof o) {\n    return JSON.stringify(o.toString())\n",
      ),
    );
  });

  it('reads `value = X` as the `return X` line it replaces, next to a marker', () => {
    const js = lines(
      'function parse(s) {',
      '  return JSON.parse(s, function (key, value) {',
      "    if (typeof value === 'string')",
      "      return Buffer.from(value.substring(8), 'base64')",
      '    return value',
      '  })',
      '}',
    );
    const answer = fence(
      'js',
      'function parse(s, reviver) {',
      '  return JSON.parse(s, function (key, value) {',
      '    // ... existing code ...',
      "      value = Buffer.from(value.substring(8), 'base64')",
      '    return reviver ? reviver(key, value) : value',
      '  })',
      '}',
    );
    assert.equal(
      applied(applyEditAnswer(js, { startLine: 0, endLine: 6 }, answer)),
      js
        .replace('parse(s)', 'parse(s, reviver)')
        .replace('      return Buffer', '      value = Buffer')
        .replace('    return value\n', '    return reviver ? reviver(key, value) : value\n'),
    );
  });
});
