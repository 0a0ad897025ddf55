// Shapes the twelfth blind round of the edit corpus found the applier getting wrong: Gemma's turn
// tokens after the code, a Llama answer repeated when its stop token was stripped, a whole file that
// rewords the line next to the selection, a REPLACE of one blank line, and a changed line next to a marker.
import * as assert from 'node:assert/strict';
import { applyEditAnswer } from '../../../../src/core/edit/editApplier';
import { applied, fence, lines } from './applierHelpers';

const PY = lines('# Copyright 2012-2021, the authors.', '# Licensed under Apache. See the site for more info.', '', 'import os', 'x = 1');

describe('the edit applier with turn tokens, repeats and deletions', () => {
  it("ends the answer at Gemma's <end_of_turn><eos>, even glued to the closing fence", () => {
    const answer = `${fence('python', '# Copyright 2012-2023, the authors.')}<end_of_turn><eos>`;
    assert.equal(applied(applyEditAnswer(PY, { startLine: 0, endLine: 0 }, answer)), PY.replace('2021', '2023'));
    const glued = '```python\n# Copyright 2012-2023, the authors.\n```<end_of_turn>\n<start_of_turn>user';
    assert.equal(applied(applyEditAnswer(PY, { startLine: 0, endLine: 0 }, glued)), PY.replace('2021', '2023'));
  });

  it('takes an answer written twice, the second after a bare "assistant" line, as one block', () => {
    const once = fence('python', 'x = 2');
    assert.equal(
      applied(applyEditAnswer(PY, { startLine: 4, endLine: 4 }, `${once}\nassistant\n\n${once}\nassistant\n\n${once}`)),
      PY.replace('x = 1', 'x = 2'),
    );
  });

  it('keeps the line right after the selection that a whole-file copy rewords', () => {
    const answer = fence(
      'python',
      '# Copyright 2012-2023, the authors.',
      '# Licensed under Apache. See the site for more information.',
      '',
      'import os',
      'x = 1',
    );
    assert.equal(applied(applyEditAnswer(PY, { startLine: 0, endLine: 0 }, answer)), PY.replace('2021', '2023'));
  });

  it('deletes the SEARCH text when REPLACE holds only a blank line', () => {
    const answer = ['```python', '<<<<<<< SEARCH', 'import os', '=======', '', '>>>>>>> REPLACE', '```'].join('\n');
    assert.equal(applied(applyEditAnswer(PY, { startLine: 3, endLine: 3 }, answer)), PY.replace('import os\n', ''));
  });

  it('reads a line with one token changed before a marker as that line changed, not one added', () => {
    const call = lines(
      'def _call(*args, **kwargs):',
      '    # TODO: use text once 3.6 is dropped',
      '    kwargs["universal_newlines"] = True',
      '    try:',
      '        return run(*args, **kwargs)',
      '    except OSError:',
      '        return []',
    );
    const answer = fence('python', 'def _call(*args, **kwargs):', '    kwargs["text"] = True', '    # ... existing code ...');
    assert.equal(
      applied(applyEditAnswer(call, { startLine: 0, endLine: 6 }, answer)),
      call.replace('    # TODO: use text once 3.6 is dropped\n    kwargs["universal_newlines"]', '    kwargs["text"]'),
    );
  });

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
    // Nothing else uses the old name: the same answer renames it.
    const alone = js.replace('export { serialize };\n', '');
    assert.equal(
      applied(applyEditAnswer(alone, { startLine: 0, endLine: 3 }, answer)),
      lines('const serializeRaw = (name, value, opt) => {', '\treturn _serialize(name, value, opt);', '};'),
    );
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
});
