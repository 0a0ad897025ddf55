// Shapes the fortieth to forty-fifth blind rounds of the edit corpus found the applier getting wrong: a
// marker reading that leaves a bracket open (a new guard put inside a kept `if`, a function's own `}`
// quoted after new lines); a member the answer never names dropped; what the instruction says ("too",
// "kill", `a -> b`, "trailing whitespace", "comments"); a sentence's place ("after `x` (before `y`)",
// "the inner `f`", "two blank lines"); context a snippet repeats; a marker with new lines only; a diff's
// context that is a Markdown fence; another module imported; `try`/`catch` turned into `if`/`else`.
// Each test is the shape of a real miss.
import * as assert from 'node:assert/strict';
import { applyEditAnswer } from '../../../../src/core/edit/editApplier';
import { applied, fence, lines, refused } from './applierHelpers';

describe('the edit applier reading markers by the brackets they close', () => {
  const HIDE = lines(
    'cursor.hide = (stream = process.stderr) => {',
    '\tif (!stream.isTTY) {',
    '\t\treturn;',
    '\t}',
    '',
    '\trestore();',
    '\thidden = true;',
    "\tstream.write('\\u001B[?25l');",
    '};',
  );

  it('puts a guard added after a start marker after the kept guard, not inside it', () => {
    const answer = fence(
      'js',
      '// ... existing code ...',
      '',
      '\tif (hidden) {',
      '\t\treturn;',
      '\t}',
      '',
      '\trestore();',
      '\thidden = true;',
      "\tstream.write('\\u001B[?25l');",
      '};',
    );
    const expected = HIDE.replace('\t}\n\n', '\t}\n\n\tif (hidden) {\n\t\treturn;\n\t}\n\n');
    assert.equal(applied(applyEditAnswer(HIDE, { startLine: 0, endLine: 8 }, answer, 'add a hidden guard in hide')), expected);
  });

  it('puts a check written between a quoted head and the function’s `};` after the kept guard', () => {
    const file = lines(
      'Slicer.prototype.unref = function() {',
      '  this.refs -= 1;',
      '',
      '  if (this.refs < 0) {',
      '    throw new Error("bad unref");',
      '  }',
      '};',
    );
    const answer = fence(
      'js',
      'Slicer.prototype.unref = function() {',
      '  // ... existing code ...',
      '  if (this.refs === 0) {',
      "    this.emit('close');",
      '  }',
      '};',
    );
    assert.equal(
      applied(applyEditAnswer(file, { startLine: 0, endLine: 6 }, answer, 'emit close at zero')),
      file.replace('  }\n};', "  }\n  if (this.refs === 0) {\n    this.emit('close');\n  }\n};"),
    );
  });

  it('adds a line before a shell function’s closing brace that the answer quotes after it', () => {
    const file = lines('set -o noclobber', '', 'cleanup() {', '\trm -f "$tmpfile"', '}', 'trap cleanup EXIT');
    const answer = fence('sh', '# ... existing code ...', '\trm -f "${tmpfile}.bak"', '}');
    assert.equal(
      applied(applyEditAnswer(file, { startLine: 2, endLine: 4 }, answer, 'add rm of the backup file')),
      file.replace('\trm -f "$tmpfile"\n', '\trm -f "$tmpfile"\n\trm -f "${tmpfile}.bak"\n'),
    );
  });

  it('reads a JavaScript AMD `define([…])` as a call, not a Make `define` that opens a block', () => {
    const file = lines(
      '(function () {',
      "    if (typeof(module) != 'undefined') {",
      '        module.exports = Hash;',
      '    } else {',
      '        this.Hash = Hash;',
      '    }',
      '}());',
    );
    const answer = fence(
      'js',
      "    if (typeof(module) != 'undefined') {",
      '        module.exports = Hash;',
      "    } else if (typeof define === 'function' && define.amd) {",
      '        define([], function() { return Hash; });',
      '    // ... existing code ...',
    );
    assert.equal(
      applied(applyEditAnswer(file, { startLine: 1, endLine: 6 }, answer, 'also support AMD')),
      file.replace(
        '    } else {\n',
        "    } else if (typeof define === 'function' && define.amd) {\n        define([], function() { return Hash; });\n    } else {\n",
      ),
    );
  });
});

describe('the edit applier reading what the instruction asks', () => {
  const ENTRY = lines(
    'interface Entry {',
    '\t/**',
    '\t * True if the entry is a file.',
    '\t */',
    '\tisFile: boolean;',
    '',
    '\t/**',
    '\t * True if the entry is a symbolic link.',
    '\t */',
    '\tisSymlink: boolean;',
    '}',
    '',
    'interface WalkEntry {',
    '\tisSymlink: boolean;',
    '}',
  );
  const SIZE = ['', '\t/**', '\t * The size of the file in bytes.', '\t */', '\tsize?: number;'];

  it('keeps a member a start marker then a new member might have renamed, when the user did not ask to change it', () => {
    const answer = fence('ts', '\t// ... existing code ...', ...SIZE, '}');
    assert.equal(
      applied(applyEditAnswer(ENTRY, { startLine: 6, endLine: 10 }, answer, 'could the entry carry the file size?')),
      ENTRY.replace('\tisSymlink: boolean;\n}\n\ninterface', `\tisSymlink: boolean;\n${SIZE.join('\n')}\n}\n\ninterface`),
    );
  });

  it('reads "need exists(path) too" as asking to add', () => {
    const file = lines(
      'interface Fs {',
      '\tisFile?(path: string): Promise<boolean>;',
      '',
      '\tisDirectory?(path: string): Promise<boolean>;',
      '}',
    );
    const answer = fence('ts', '\t// ... existing code ...', '', '\texists?(path: string): Promise<boolean>;');
    assert.equal(
      applied(applyEditAnswer(file, { startLine: 1, endLine: 3 }, answer, 'need exists?(path) too')),
      file.replace(
        '\tisDirectory?(path: string): Promise<boolean>;\n',
        '\tisDirectory?(path: string): Promise<boolean>;\n\n\texists?(path: string): Promise<boolean>;\n',
      ),
    );
  });

  it('reads `curr -> current` as a rename, and "kill the blank lines" as asking to remove them', () => {
    const loop = lines(
      'function find(list, key) {',
      '\tvar prev = list;',
      '\tvar curr;',
      '\tfor (; (curr = prev.next) != null; prev = curr) {',
      '\t\tif (curr.key === key) return curr;',
      '\t}',
      '}',
    );
    const renamed = fence(
      'js',
      '// ... existing code ...',
      '\tvar current;',
      '\tfor (; (current = prev.next) != null; prev = current) {',
      '\t\tif (current.key === key) return current;',
      '\t}',
      '}',
    );
    assert.equal(
      applied(applyEditAnswer(loop, { startLine: 0, endLine: 6 }, renamed, 'curr -> current')),
      loop.replace(/\bcurr\b/g, 'current'),
    );

    const file = lines('', '', '', '/*', ' * @version 1.4.0', ' */', '', '', 'var compare = 1;');
    const whole = fence('js', "'use strict';", '', '/*', ' * @version 1.4.0', ' */', '', '', 'var compare = 1;');
    assert.equal(
      applied(applyEditAnswer(file, { startLine: 0, endLine: 3 }, whole, 'use strict + kill the blank lines above the header comment')),
      lines("'use strict';", '', '/*', ' * @version 1.4.0', ' */', '', '', 'var compare = 1;'),
    );
  });

  it('strips trailing whitespace when that is all the answer changes and what the user asked for', () => {
    const file = lines('\t\t\t$last = pop(@e);', "\t\t\t$last = '' ", '\t\t\t\tunless defined $last;');
    const answer = ['```perl', '<<<<<<< SEARCH', "\t\t\t$last = '' ", '=======', "\t\t\t$last = ''", '>>>>>>> REPLACE', '```'].join('\n');
    assert.equal(
      applied(applyEditAnswer(file, { startLine: 1, endLine: 2 }, answer, 'remove the trailing whitespace here')),
      file.replace("'' \n", "''\n"),
    );
    assert.equal(refused(applyEditAnswer(file, { startLine: 1, endLine: 2 }, answer, 'is this right?')).why, 'noChange');
  });

  it('replaces line comments with a doc comment when asked to replace the comments', () => {
    const file = lines(
      '// var out = new Muted(process.stdout)',
      '// argument auto-pipes',
      'function Muted (opts) {',
      '  opts = opts || {}',
      '}',
    );
    const doc = ['/**', ' * A stream that mutes its writes.', ' *', ' * @param {object} [opts]', ' */'];
    const answer = fence('js', ...doc, '// ... existing code ...');
    assert.equal(
      applied(
        applyEditAnswer(file, { startLine: 0, endLine: 2 }, answer, 'Replace these comments with a JSDoc comment for the constructor.'),
      ),
      lines(...doc, 'function Muted (opts) {', '  opts = opts || {}', '}'),
    );
  });

  it('turns a try/catch into an if/else around a kept line, when asked to replace it', () => {
    const file = lines('try {', '\tmodule.exports = compare;', '} catch (e) {', '\tString.compare = compare;', '}');
    const answer = fence(
      'js',
      'if (typeof module === "object" && module.exports) {',
      '\t// ... existing code ...',
      '} else {',
      '\tString.compare = compare;',
      '}',
    );
    assert.equal(
      applied(applyEditAnswer(file, { startLine: 0, endLine: 4 }, answer, 'replace the try catch with an if')),
      lines(
        'if (typeof module === "object" && module.exports) {',
        '\tmodule.exports = compare;',
        '} else {',
        '\tString.compare = compare;',
        '}',
      ),
    );
  });

  it('adds an include in each branch rather than rewriting the other branch’s last one', () => {
    const file = lines(
      '#if defined (LIB)',
      '#  include "a.h"',
      '#  include "b.h"',
      '#else',
      '#  include <lib/a.h>',
      '#  include <lib/b.h>',
      '#endif',
    );
    const answer = fence(
      'c',
      '#if defined (LIB)',
      '#  include "a.h"',
      '#  include "b.h"',
      '#  include "conf.h"',
      '/* ... existing code ... */',
      '#  include <lib/conf.h>',
      '#endif',
    );
    assert.equal(
      applied(applyEditAnswer(file, { startLine: 0, endLine: 6 }, answer, 'include conf.h too, in both branches')),
      file.replace('"b.h"\n', '"b.h"\n#  include "conf.h"\n').replace('<lib/b.h>\n', '<lib/b.h>\n#  include <lib/conf.h>\n'),
    );
  });
});

describe('the edit applier placing snippets by their sentence', () => {
  it('ends the place "after `case x:`" before the line the sentence puts the snippet before', () => {
    const file = lines('switch (id) {', "case 'static':", "case 'let':", '    return true;', 'default:', '    return false;', '}');
    const answer = ["Add this line directly after `case 'let':` (before `return true;`):", '', fence('js', "case 'yield':")].join('\n');
    assert.equal(
      applied(applyEditAnswer(file, { startLine: 1, endLine: 3 }, answer, 'yield is reserved too')),
      file.replace("case 'let':\n", "case 'let':\ncase 'yield':\n"),
    );
  });

  it('keeps the two blank lines the sentence asks for before a function at the file’s end', () => {
    const file = lines('def newer(a, b):', '    return a > b', '', '', '# newer ()');
    const fn = ['def newer_any(sources, target):', '    return any(newer(s, target) for s in sources)'];
    const answer = ['Add this at the very end of the file, with two blank lines before it:', '', fence('python', ...fn)].join('\n');
    assert.equal(
      applied(applyEditAnswer(file, { startLine: 4, endLine: 4 }, answer, 'newer_any() helper')),
      file + ['', '', ...fn].join('\n') + '\n',
    );
  });

  it('reads "the inner `f`" and "its `do`", and lays a snippet written at column 0 at the depth of its place', () => {
    const js = lines('var compare = function(a, b) {', '', '\tfunction code(str, pos) {', '\t\treturn str.charCodeAt(pos)', '\t}', '}');
    const doc = ['\t/**', '\t * The code of the character at `pos`.', '\t */'];
    const above = ['Put this doc comment directly above the inner `function code(str, pos) {` line:', '', fence('js', ...doc)].join('\n');
    assert.equal(
      applied(applyEditAnswer(js, { startLine: 2, endLine: 2 }, above, 'Add a doc comment')),
      js.replace('\tfunction code', `${doc.join('\n')}\n\tfunction code`),
    );

    const sh = lines('for i', 'do', '        for j in "$i" "$dir"', '        do', '                echo "$j"', '        done', 'done');
    const guard = ['if [ -z "$j" ]', 'then', '        continue', 'fi'];
    const answer = ['This goes at the top of the inner `for j in "$i" "$dir"` loop, right after its `do`:', '', fence('sh', ...guard)].join(
      '\n',
    );
    assert.equal(
      applied(applyEditAnswer(sh, { startLine: 2, endLine: 5 }, answer, 'skip empty names')),
      sh.replace('        do\n', `        do\n${guard.map((l) => '                ' + l).join('\n')}\n`),
    );
  });

  it('leaves out the closing line a snippet repeats after its new member', () => {
    const file = lines(
      'export type Options = {',
      '\t/** Normalize the data. */',
      '\treadonly normalize?: boolean;',
      '};',
      '',
      'type Other = {};',
    );
    const answer = [
      'Add the new option after `normalize`:',
      '',
      fence('ts', '\t// ... existing code ...', '', '\t/** Strip internal fields. */', '\treadonly strip?: boolean;', '};'),
    ].join('\n');
    assert.equal(
      applied(applyEditAnswer(file, { startLine: 2, endLine: 3 }, answer, 'Add a strip option here')),
      file.replace(
        '\treadonly normalize?: boolean;\n',
        '\treadonly normalize?: boolean;\n\n\t/** Strip internal fields. */\n\treadonly strip?: boolean;\n',
      ),
    );
  });
});

describe('the edit applier with markers beside new lines only, diffs of Markdown and quoted depths', () => {
  it('puts new lines before a selection an end marker stands for, though they share no word with it', () => {
    const file = lines(
      'def newer_group(sources, target):',
      '    """Doc."""',
      '    # If the target is missing, it is out of date.',
      '    if not os.path.exists(target):',
      '        return 1',
      '',
    );
    const answer = fence('python', '    if isinstance(sources, str):', '        sources = [sources]', '', '    # ... existing code ...');
    assert.equal(
      applied(applyEditAnswer(file, { startLine: 2, endLine: 4 }, answer, 'accept a single filename string')),
      file.replace('    # If', '    if isinstance(sources, str):\n        sources = [sources]\n\n    # If'),
    );
  });

  it('keeps a new top-level class shallower than the marker that stands for a method’s last lines', () => {
    const file = lines(
      'class Meta(type):',
      '    def check(cls, sub):',
      '        # No dice',
      '        cls._negative.add(sub)',
      '        return False',
    );
    const cls = ['class ABC(metaclass=Meta):', '    __slots__ = ()'];
    const answer = fence('python', '        # ... existing code ...', '', '', ...cls);
    assert.equal(
      applied(applyEditAnswer(file, { startLine: 2, endLine: 4 }, answer, 'at the end of the file add the ABC class')),
      file + ['', '', ...cls].join('\n') + '\n',
    );
  });

  it('reads a diff whose context holds a Markdown file’s own code fence', () => {
    const md = lines('## Usage', '', '```js', "const symbols = require('symbols');", '', 'console.log(symbols.success);', '```');
    const answer = [
      '```diff',
      '--- a/readme.md',
      '+++ b/readme.md',
      '@@ -1,6 +1,6 @@',
      ' ## Usage',
      ' ',
      ' ```js',
      "-const symbols = require('symbols');",
      "+import symbols from 'symbols';",
      ' ',
      ' console.log(symbols.success);',
      '```',
    ].join('\n');
    assert.equal(
      applied(applyEditAnswer(md, { startLine: 2, endLine: 6 }, answer, 'switch the example to an import')),
      md.replace("const symbols = require('symbols');", "import symbols from 'symbols';"),
    );
  });

  it('refuses a diff whose removed line says another text in its string', () => {
    const py = lines(
      'def pairwise(sources, targets):',
      '    if len(sources) != len(targets):',
      "        raise ValueError(\"'sources' and 'targets' must be same length\")",
      '',
      '    n = []',
    );
    const answer = fence(
      'diff',
      '@@ -2,3 +2,4 @@',
      '     if len(sources) != len(targets):',
      '-        raise ValueError("sources and targets must be same length")',
      '+        raise ValueError("got %d sources but %d targets"',
      '+                         % (len(sources), len(targets)))',
      ' ',
      '     n = []',
    );
    assert.equal(refused(applyEditAnswer(py, { startLine: 1, endLine: 2 }, answer, 'say how many of each')).why, 'notFound');
  });

  it('writes a new case pattern at the file’s spaces when the quote wrote its tabs as spaces', () => {
    const sh = lines('        case $ARG in', '            noswap)', '\t\tNOSWAP=yes', '\t\t;;', '        esac');
    const answer = [
      '```sh',
      '<<<<<<< SEARCH',
      '            noswap)',
      '                NOSWAP=yes',
      '                ;;',
      '=======',
      '            noswap)',
      '                NOSWAP=yes',
      '                ;;',
      '            fastboot)',
      '                FASTBOOT=yes',
      '                ;;',
      '>>>>>>> REPLACE',
      '```',
    ].join('\n');
    assert.equal(
      applied(applyEditAnswer(sh, { startLine: 1, endLine: 3 }, answer, 'add a fastboot) case like noswap')),
      sh.replace('\t\t;;\n', '\t\t;;\n            fastboot)\n\t\tFASTBOOT=yes\n\t\t;;\n'),
    );
  });

  it('rewrites a return whose continuation lines the answer realigned', () => {
    const py = lines(
      '    def __repr__(self):',
      '        return "_Feature" + repr((self.optional,',
      '                                  self.mandatory))',
    );
    const answer = fence(
      'python',
      '    # ... existing code ...',
      '        return type(self).__name__ + repr((self.optional,',
      '                                           self.mandatory))',
    );
    assert.equal(
      applied(applyEditAnswer(py, { startLine: 0, endLine: 2 }, answer, 'repr should use type(self).__name__')),
      lines(
        '    def __repr__(self):',
        '        return type(self).__name__ + repr((self.optional,',
        '                                           self.mandatory))',
      ),
    );
  });
});

describe('the edit applier with widened conditions, file ends and new assignments', () => {
  it('reads a CMake `if` whose new condition holds the old one whole as that `if` widened', () => {
    const cmake = lines('  if (${ARGC} GREATER 0 AND "${ARGV0}" STREQUAL "RESET")', '    cmake_reset_check_state()', '  endif()');
    const widened = '  if (${ARGC} GREATER 0 AND ("${ARGV0}" STREQUAL "RESET" OR "${ARGV0}" STREQUAL "CLEAR"))';
    const answer = fence('cmake', widened, '    # ... existing code ...');
    assert.equal(
      applied(applyEditAnswer(cmake, { startLine: 0, endLine: 2 }, answer, 'Also treat a CLEAR argument as RESET.')),
      cmake.replace(/^.*\n/, widened + '\n'),
    );
  });

  it('puts a proc at the file’s end although its lone `}` is also the selection’s', () => {
    const tcl = lines('proc ttk::scale::Increment {w delta} {', '    $w set [expr {[$w get] + $delta}]', '}');
    const proc = ['proc ttk::scale::Home {w} {', '    $w set [$w cget -from]', '}'];
    const answer = ['Add this at the very end of the file, with one blank line before it:', '', fence('tcl', ...proc)].join('\n');
    assert.equal(
      applied(applyEditAnswer(tcl, { startLine: 1, endLine: 2 }, answer, 'add a Home proc')),
      tcl + ['', ...proc].join('\n') + '\n',
    );
  });

  it('reads "separated from it by one blank line" as a blank line the snippet asks for', () => {
    const js = lines("'use strict';", '', 'const wrap = (fn) => fn;');
    const answer = [
      "Add this line right after the `'use strict';` line, separated from it by one blank line:",
      '',
      fence('js', "const ESC = '\\u001B';"),
    ].join('\n');
    assert.equal(
      applied(applyEditAnswer(js, { startLine: 0, endLine: 0 }, answer, 'add ESC constant')),
      lines("'use strict';", '', "const ESC = '\\u001B';", '', 'const wrap = (fn) => fn;'),
    );
  });

  it('adds a line that assigns to more of the old line’s target after it, asked to add', () => {
    const js = lines('};', '', 'module.exports = y18n;');
    const answer = fence('js', '// ... existing code ...', 'module.exports.default = y18n;');
    assert.equal(
      applied(applyEditAnswer(js, { startLine: 2, endLine: 2 }, answer, 'add default export')),
      js + 'module.exports.default = y18n;\n',
    );
  });
});

describe('the edit applier with awk, Go and Make files', () => {
  it('gives a new line back the two tabs a quote wrote as eight spaces before each trailing comment', () => {
    const awk = lines('{', '  if (id == "g") { pgrp = val; next }\t\t# PGRP', '  if (id == "R") { ppid = val; next }\t\t# PPID', '}');
    const spaced = (l: string) => l.replace('\t\t', '        ');
    const answer = [
      '```awk',
      '<<<<<<< SEARCH',
      spaced('  if (id == "g") { pgrp = val; next }\t\t# PGRP'),
      spaced('  if (id == "R") { ppid = val; next }\t\t# PPID'),
      '=======',
      spaced('  if (id == "g") { pgrp = val; next }\t\t# PGRP'),
      spaced('  if (id == "R") { ppid = val; next }\t\t# PPID'),
      '  if (id == "K") { tid = val; next }        # task ID',
      '>>>>>>> REPLACE',
      '```',
    ].join('\n');
    assert.equal(
      applied(applyEditAnswer(awk, { startLine: 1, endLine: 2 }, answer, 'also save the task id')),
      awk.replace('# PPID\n', '# PPID\n  if (id == "K") { tid = val; next }\t\t# task ID\n'),
    );
  });

  it('reads a blank line between a marker and a line the file has right there as the marker’s padding', () => {
    const awk = lines(
      '/^g|^R/ {',
      '',
      '  id = substr($0, 1, 1);',
      '  if (id == "g") { pgrp = val; next }',
      '  if (id == "R") { ppid = val; next }',
      '}',
    );
    const answer = fence(
      'awk',
      '/^g|^R|^K/ {',
      '',
      '# (existing code)',
      '',
      '  if (id == "R") { ppid = val; next }',
      '  if (id == "K") { tid = val; next }',
      '}',
    );
    assert.equal(
      applied(applyEditAnswer(awk, { startLine: 0, endLine: 5 }, answer, 'also the task id')),
      awk
        .replace('/^g|^R/ {', '/^g|^R|^K/ {')
        .replace('ppid = val; next }\n', 'ppid = val; next }\n  if (id == "K") { tid = val; next }\n'),
    );
  });

  it('reads a comment between ellipses that says code stays as a marker', () => {
    const go = lines(
      '// Path returns the socket file name.',
      'func (s Socket) Path() string {',
      '\treturn filepath.Join(s.Dir, "socket")',
      '}',
    );
    const method = [
      '// Exists reports whether the socket file is present.',
      'func (s Socket) Exists() bool {',
      '\t_, err := os.Stat(s.Path())',
      '\treturn err == nil',
      '}',
    ];
    const answer = fence('go', '// ... Path() stays as it is ...', '', ...method);
    assert.equal(
      applied(applyEditAnswer(go, { startLine: 1, endLine: 3 }, answer, 'add an Exists() method after Path')),
      go + ['', ...method].join('\n') + '\n',
    );
  });

  it('deletes a comment whose example holds a `#     ...` line the SEARCH quotes', () => {
    const make = lines(
      '# Example usages:',
      '#',
      '# - derives_from',
      '#   ifeq ($(x),yes)',
      '#     ...',
      '#   endif',
      '#',
      '# - derives_from_v0',
      '#',
    );
    const answer = [
      '```makefile',
      '<<<<<<< SEARCH',
      '# - derives_from',
      '#   ifeq ($(x),yes)',
      '#     ...',
      '#   endif',
      '#',
      '=======',
      '>>>>>>> REPLACE',
      '```',
    ].join('\n');
    assert.equal(
      applied(applyEditAnswer(make, { startLine: 2, endLine: 6 }, answer, 'drop the example for the unversioned macro')),
      lines('# Example usages:', '#', '# - derives_from_v0', '#'),
    );
  });

  it('puts a line after the closing brace of a block that opens above the selection, though a string holds a `)`', () => {
    const awk = lines(
      'END {',
      '  if (fdst) {',
      '    printf " %s", t;',
      '    if (state != "") { printf " %s)\\n", state; } else { printf "\\n"; }',
      '  }',
      '}',
    );
    const answer = [
      'Add this line inside the `END` block, after the closing brace of `if (fdst) { … }`:',
      '',
      fence('awk', 'if (NR == 0) { print "no input" > "/dev/stderr" }'),
    ].join('\n');
    assert.equal(
      applied(applyEditAnswer(awk, { startLine: 3, endLine: 5 }, answer, 'warn if there was no input')),
      awk.replace('  }\n}', '  }\n  if (NR == 0) { print "no input" > "/dev/stderr" }\n}'),
    );
  });
});

describe('the edit applier placing blank lines and constructs a sentence names', () => {
  it('puts "followed by one blank line" after the snippet, not before it', () => {
    const js = lines('function bfs(from) {', '\tconst graph = build();', '\treturn graph;', '}');
    const guard = ['\tif (!(from in models)) {', "\t\tthrow new Error('Unknown model: ' + from);", '\t}'];
    const answer = [
      'Insert these lines at the top of `bfs`, right after `function bfs(from) {`, followed by one blank line:',
      '',
      fence('js', ...guard),
    ].join('\n');
    assert.equal(
      applied(applyEditAnswer(js, { startLine: 0, endLine: 1 }, answer, 'fail early for an unknown model')),
      js.replace('{\n', `{\n${guard.join('\n')}\n\n`),
    );
  });

  it('adds a one-line declaration right under its neighbours without a blank line', () => {
    const js = lines("var TEST = [ 'test/*.js' ];", "var SOURCE = [ 'src/**/*.js' ];", '', '/**', ' * Bump.', ' */');
    const answer = [
      "Add this directly below the `var SOURCE = [ 'src/**/*.js' ];` line:",
      '',
      fence('js', 'var LINT = TEST.concat(SOURCE);'),
    ].join('\n');
    assert.equal(
      applied(applyEditAnswer(js, { startLine: 0, endLine: 1 }, answer, 'add a LINT var')),
      js.replace("'src/**/*.js' ];\n", "'src/**/*.js' ];\nvar LINT = TEST.concat(SOURCE);\n"),
    );
  });

  it('finds the construct a sentence names far above the selection, where it closes inside it', () => {
    const body = Array.from({ length: 30 }, (_, k) => `    this.step${k}();`);
    const js = lines('function legacy () {', '  function WriteStream (path) {', ...body, '  }', '}');
    const answer = [
      'Put this inside `legacy()`, after the closing brace of `WriteStream`, with a blank line before it:',
      '',
      fence('js', '  function noop () {}'),
    ].join('\n');
    const end = body.length + 2;
    assert.equal(
      applied(applyEditAnswer(js, { startLine: end, endLine: end + 1 }, answer, 'we need a noop function in legacy()')),
      js.replace(/ {2}\}\n\}\n$/, '  }\n\n  function noop () {}\n}\n'),
    );
  });
});

describe('the edit applier with questions, commented settings, list items and sibling blocks', () => {
  it('refuses prose that asks the user back, even over prose', () => {
    const md = lines('### Options', '', '- `alwaysLast`: Run this handler after any other', '  handlers.', '');
    const answer =
      'Which options would you like documented? `onExit` only accepts `alwaysLast` in this version; tell me the option names and I will add them.';
    assert.equal(refused(applyEditAnswer(md, { startLine: 1, endLine: 4 }, answer, 'add more options here')).why, 'noCode');
  });

  it('refuses a hunk that removes a commented-out setting with another value', () => {
    const conf = lines('# Remove home directory when user is removed', '# Default: REMOVE_HOME = 0', '#REMOVE_HOME = 0', '');
    const answer = fence(
      'diff',
      '@@ -1,3 +1,3 @@',
      ' # Remove home directory when user is removed',
      ' # Default: REMOVE_HOME = 0',
      '-#REMOVE_HOME = 1',
      '+REMOVE_HOME = 1',
    );
    assert.equal(refused(applyEditAnswer(conf, { startLine: 0, endLine: 2 }, answer, 'enable REMOVE_HOME')).why, 'notFound');
  });

  it('reads settings commented in with other values around a marker', () => {
    const conf = lines('#BACKUP = 0', '', '# Target directory', '#BACKUP_TO = "."', '');
    const answer = fence('conf', 'BACKUP = 1', '# (existing lines)', 'BACKUP_TO = "/var/backups"');
    assert.equal(
      applied(applyEditAnswer(conf, { startLine: 0, endLine: 3 }, answer, 'uncomment BACKUP (=1) and BACKUP_TO')),
      lines('BACKUP = 1', '', '# Target directory', 'BACKUP_TO = "/var/backups"', ''),
    );
  });

  it('puts a bullet after the whole bullet a sentence names, continuation line and all', () => {
    const md = lines('### Options', '', '- `alwaysLast`: Run this handler after any other signal or exit', '  handlers.', '', '### Next');
    const bullet = ['- `signals`: An array of signal names to listen for instead of', '  the default list.'];
    const answer = ['Add this bullet directly after the `alwaysLast` bullet:', '', fence('markdown', ...bullet)].join('\n');
    assert.equal(
      applied(applyEditAnswer(md, { startLine: 2, endLine: 3 }, answer, 'document a signals option')),
      md.replace('  handlers.\n', `  handlers.\n${bullet.join('\n')}\n`),
    );
  });

  it('appends a sibling block at the file’s end though it repeats a line of the block it copies', () => {
    const conf = lines('If.hdmi6 {', '\tCondition { Type AlwaysTrue }', '\tTrue.Macro.hdmi5.HDMI {', '\t\tNumber 6', '\t}', '}');
    const block = ['If.hdmi7 {', '\tCondition { Type AlwaysTrue }', '\tTrue.Macro.hdmi7.HDMI {', '\t\tNumber 7', '\t}', '}'];
    const answer = ['Append this block at the end of the file, separated from it by one blank line:', '', fence('', ...block)].join('\n');
    assert.equal(
      applied(applyEditAnswer(conf, { startLine: 0, endLine: 5 }, answer, 'add hdmi7')),
      conf + ['', ...block].join('\n') + '\n',
    );
  });
});

describe('the edit applier reading the answer’s own words', () => {
  it('reads "Add the null check at the top:" as an addition when the instruction says neither', () => {
    const js = lines(
      'const validate = stream => {',
      "\tif (typeof stream?.pipe !== 'function') {",
      "\t\tthrow new TypeError('Expected a stream');",
      '\t}',
      '};',
    );
    const guard = ['\tif (stream === null || stream === undefined) {', "\t\tthrow new TypeError('Expected a stream, got nothing');", '\t}'];
    const answer = [
      'Add the null check at the top:',
      '',
      fence('js', 'const validate = stream => {', ...guard, '', '\t// ... rest of validate unchanged ...'),
    ].join('\n');
    assert.equal(
      applied(applyEditAnswer(js, { startLine: 0, endLine: 4 }, answer, 'validate should give a clearer error for null')),
      js.replace('{\n', `{\n${guard.join('\n')}\n\n`),
    );
  });

  it('reads "# (existing imports)" as a marker, and keeps a top-level block a sentence places at column 0', () => {
    const py = lines('import _signal', 'from _signal import *', 'from enum import IntEnum', '', 'x = 1');
    const doc = fence('python', '"""Wrappers around _signal."""', '', 'import _signal', '# (existing imports)');
    assert.equal(
      applied(applyEditAnswer(py, { startLine: 0, endLine: 2 }, doc, 'give the module a docstring')),
      '"""Wrappers around _signal."""\n\n' + py,
    );

    const wraps = lines("if 'sigwait' in _globals:", '    def sigwait(sigset):', '        return _signal.sigwait(sigset)', '', '', 'x = 1');
    const block = ["if 'sigwaitinfo' in _globals:", '    def sigwaitinfo(sigset):', '        return _signal.sigwaitinfo(sigset)'];
    const answer = [fence('python', ...block), '', 'Add it right after the `sigwait` block, separated from it by two blank lines.'].join(
      '\n',
    );
    assert.equal(
      applied(applyEditAnswer(wraps, { startLine: 0, endLine: 2 }, answer, 'sigwaitinfo too?')),
      wraps.replace('(sigset)\n', `(sigset)\n\n\n${block.join('\n')}\n`),
    );
  });

  it('reads a shell case arm removed between quoted context lines, the arm’s `)` being no bracket', () => {
    const arm = (pattern: string, words: string) => [
      `\t\t${pattern})`,
      `\t\t\tCOMPREPLY=( $(compgen -W "${words}" -- $cur) )`,
      '\t\t\treturn 0',
      '\t\t\t;;',
    ];
    const sh = lines(
      '\tcase $prev in',
      ...arm("'-f'|'--facility'", 'kern user'),
      ...arm("'-l'|'--level'", 'emerg alert'),
      ...arm("'-s'|'--buffer-size'", 'size'),
      ...arm("'--time-format'", 'delta iso'),
      '\tesac',
    );
    const answer = fence('bash', '\t\t\t;;', ...arm("'-l'|'--level'", 'emerg alert'), "\t\t'--time-format')");
    const expected = sh.replace(arm("'-s'|'--buffer-size'", 'size').join('\n') + '\n', '');
    assert.equal(applied(applyEditAnswer(sh, { startLine: 5, endLine: 12 }, answer, 'remove the --buffer-size case')), expected);
  });

  it('reads a line one token away from a file line as that line rewritten, not another call of its shape', () => {
    const js = lines(
      'function inc(importance) {',
      '    // get all the files to bump version in',
      "    return gulp.src(['./package.json'])",
      '        // bump the version number in those files',
      '        .pipe(bump({type: importance}))',
      '        // commit the changed version number',
      "        .pipe(git.commit('Bumps package version'))",
      '        // read only one file to get the version number',
      "        .pipe(filter('package.json'))",
      '        .pipe(tagVersion());',
      '}',
    );
    const answer = fence(
      'js',
      'function inc(importance) {',
      '    // get the package manifest to bump the version in',
      '    // ... existing code ...',
      "        .pipe(git.commit('Bump package version'))",
      '        // ... existing code ...',
    );
    const expected = js
      .replace('// get all the files to bump version in', '// get the package manifest to bump the version in')
      .replace("'Bumps package version'", "'Bump package version'");
    assert.equal(
      applied(applyEditAnswer(js, { startLine: 0, endLine: 10 }, answer, 'reword comment + imperative commit message')),
      expected,
    );
  });
});
