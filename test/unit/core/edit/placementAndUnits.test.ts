// Answer shapes a blind round of the edit corpus caught the applier getting wrong: where a rewritten
// block goes when it repeats a line after the selection, what indentation unit new lines take when the
// file mixes units or the block shows none, diffs that re-add lines re-indented, and prose that says the
// code is not the edit. Each test is the shape of a real miss, on a small file.
import * as assert from 'node:assert/strict';
import { applyEditAnswer } from '../../../../src/core/edit/editApplier';
import { applied, fence, lines, refused } from './applierHelpers';

describe('the edit applier placing a block that repeats the line after the selection', () => {
  // A shell `case`: its patterns close a `)` they never open, so bracket counts say little here.
  const SCRIPT = lines(
    'while [ $# -gt 0 ]; do',
    '\tcase "$1" in',
    '\t\t--root)',
    '\t\t\tshift',
    '\t\t\tROOT=$1',
    '\t\t;;',
    '\t\t--verbose)',
    '\t\t\tVERBOSE=1',
    '\t\t;;',
    '\t\t*)',
    '\t\t\techo "unknown option $1" >&2',
    '\t\t\texit 1',
    '\t\t;;',
    '\tesac',
    '\tshift',
    'done',
    'echo "root: $(realpath "$ROOT")"',
  );

  it('adds the new branch once and keeps every line after it, however far the brackets balance', () => {
    const answer = [
      '```bash',
      '\t\t--root)',
      '\t\t\tshift',
      '\t\t\tROOT=$1',
      '\t\t;;',
      '\t\t--root=*)',
      '\t\t\tROOT=${1#--root=}',
      '\t\t;;',
      '\t\t--verbose)',
      '```',
    ].join('\n');
    const expected = SCRIPT.replace('\t\t;;\n\t\t--verbose)', '\t\t;;\n\t\t--root=*)\n\t\t\tROOT=${1#--root=}\n\t\t;;\n\t\t--verbose)');
    assert.equal(applied(applyEditAnswer(SCRIPT, { startLine: 2, endLine: 5 }, answer)), expected);
  });

  it("reads a Make `endif` the block adds as its own, not the enclosing block's, and writes it in the file's unit", () => {
    const MAKEFILE = lines(
      'define export_tool',
      '  ifdef EXPORT_TOOLS',
      '    export $(1)',
      '    export $(1)_FOR_BUILD',
      '  endif',
      'endef',
      '',
      '$(eval $(call export_tool,CC))',
    );
    const answer = [
      '```make',
      '        export $(1)',
      '        ifneq ($(BUILD_TYPE),$(HOST_TYPE))',
      '            export $(1)_FOR_BUILD',
      '        endif',
      '```',
    ].join('\n');
    const expected = MAKEFILE.replace(
      '    export $(1)_FOR_BUILD\n',
      '    ifneq ($(BUILD_TYPE),$(HOST_TYPE))\n      export $(1)_FOR_BUILD\n    endif\n',
    );
    assert.equal(applied(applyEditAnswer(MAKEFILE, { startLine: 2, endLine: 3 }, answer)), expected);
  });
});

describe('the edit applier choosing the indentation unit of new lines', () => {
  it('takes the unit the kept lines show when the block has no nesting of its own, keeping comment alignment', () => {
    const DECLARATIONS = lines(
      'export declare class Telemetry {',
      '    constructor(id: string);',
      '    setErrorCode(code: string): void;',
      '    clearErrorCode(): void;',
      '}',
      'export declare class StubTelemetry extends Telemetry {',
      '}',
    );
    const answer = [
      '```ts',
      '  /**',
      '   * Set the error code',
      '   */',
      '  setErrorCode(code: string): void;',
      '  clearErrorCode(): void;',
      '}',
      '```',
    ].join('\n');
    const expected = DECLARATIONS.replace('    setErrorCode', '    /**\n     * Set the error code\n     */\n    setErrorCode');
    assert.equal(applied(applyEditAnswer(DECLARATIONS, { startLine: 2, endLine: 3 }, answer)), expected);
  });

  it('follows the one-space unit around the selection in a script that indents with tabs elsewhere', () => {
    const SCRIPT = lines(
      'find_it() {',
      '\tfor dir in $PATH; do',
      '\t\t[ -x "$dir/$1" ] && echo "$dir/$1"',
      '\tdone',
      '}',
      'case $PROGRAM in',
      ' */*)',
      '  if [ -x "$PROGRAM" ]; then',
      '   echo "$PROGRAM"',
      '  fi',
      '  ;;',
      ' *)',
      '  find_it "$PROGRAM"',
      '  ;;',
      'esac',
    );
    const answer = [
      '```sh',
      ' */*)',
      '   if [ -x "$PROGRAM" ]; then',
      '     echo "$PROGRAM"',
      '   else',
      '     echo "not executable: $PROGRAM" >&2',
      '   fi',
      '   ;;',
      '```',
    ].join('\n');
    const expected = SCRIPT.replace('   echo "$PROGRAM"\n  fi', '   echo "$PROGRAM"\n  else\n   echo "not executable: $PROGRAM" >&2\n  fi');
    assert.equal(applied(applyEditAnswer(SCRIPT, { startLine: 6, endLine: 10 }, answer)), expected);
  });

  it('keeps the bytes of lines a diff removes and re-adds in its own unit, and writes its new lines in the file’s', () => {
    const FORMATTER = lines(
      'function format(results) {',
      '    let output = "";',
      '    if (total > 0) {',
      '        output += `${total} problems`;',
      '    }',
      '',
      '    return output;',
      '}',
    );
    const answer = [
      '```diff',
      '@@ -3,5 +3,7 @@',
      '-    if (total > 0) {',
      '-        output += `${total} problems`;',
      '-    }',
      '+  if (total > 0) {',
      '+    output += `${total} problems`;',
      '+  } else {',
      '+    output += "No problems";',
      '+  }',
      ' ',
      '     return output;',
      '```',
    ].join('\n');
    const expected = FORMATTER.replace('    }\n\n', '    } else {\n        output += "No problems";\n    }\n\n');
    assert.equal(applied(applyEditAnswer(FORMATTER, { startLine: 2, endLine: 4 }, answer)), expected);
  });

  it('writes in tabs the lines a diff adds in spaces among context lines in tabs', () => {
    const READER = lines(
      'static bool fill(FILE *infile) {',
      '\tif (strm->avail_in == 0) {',
      '\t\tstrm->avail_in = fread(inbuf, 1, sizeof(inbuf),',
      '\t\t\t\tinfile);',
      '',
      '\t\tif (ferror(infile))',
      '\t\t\treturn false;',
      '\t}',
      '\treturn true;',
      '}',
    );
    const answer = [
      '```diff',
      '@@ -3,5 +3,8 @@',
      ' \t\tstrm->avail_in = fread(inbuf, 1, sizeof(inbuf),',
      ' \t\t\t\tinfile);',
      ' ',
      '+        if (getenv("DEBUG") != NULL)',
      '+            fprintf(stderr, "read %zu\\n", strm->avail_in);',
      '+',
      ' \t\tif (ferror(infile))',
      '```',
    ].join('\n');
    const expected = READER.replace(
      '\t\t\t\tinfile);\n\n',
      '\t\t\t\tinfile);\n\n\t\tif (getenv("DEBUG") != NULL)\n\t\t\tfprintf(stderr, "read %zu\\n", strm->avail_in);\n\n',
    );
    assert.equal(applied(applyEditAnswer(READER, { startLine: 2, endLine: 6 }, answer)), expected);
  });
});

describe('the edit applier reading the prose around the code', () => {
  const BUILD = lines('STRIP := strip', '$(eval $(call setvar,STRIP,strip,nostrip))', 'all: build');

  it('refuses an answer that says no change is needed and then shows a command to run', () => {
    const answer = [
      'No change is needed here: `nostrip` already turns STRIP into a no-op. Build with:',
      '',
      '```sh',
      'DEB_BUILD_OPTIONS=nostrip dpkg-buildpackage -us -uc',
      '```',
    ].join('\n');
    assert.equal(refused(applyEditAnswer(BUILD, { startLine: 1, endLine: 1 }, answer)).why, 'noCode');
  });

  it('refuses an answer that offers a second option, even with one code block', () => {
    const answer = [
      'There are two ways to do this.',
      '',
      'Option 1, a variable:',
      '```make',
      'STRIP := $(if $(NOSTRIP),:,strip)',
      '```',
      '',
      'Option 2, keep the line and pass `nostrip` in DEB_BUILD_OPTIONS. Which do you prefer?',
    ].join('\n');
    assert.equal(refused(applyEditAnswer(BUILD, { startLine: 0, endLine: 0 }, answer)).why, 'severalBlocks');
  });

  it('applies an answer that only mentions an alternative in passing', () => {
    const answer = [
      "Here's the change:",
      '```make',
      'STRIP := $(if $(NOSTRIP),:,strip)',
      '```',
      'Alternatively, you could pass `nostrip` in DEB_BUILD_OPTIONS.',
    ].join('\n');
    assert.equal(
      applied(applyEditAnswer(BUILD, { startLine: 0, endLine: 0 }, answer)),
      BUILD.replace('STRIP := strip', 'STRIP := $(if $(NOSTRIP),:,strip)'),
    );
  });

  it('keeps each kept line where a file that steps by 2 in one block and by 4 elsewhere has it, and puts a new line by its sibling', () => {
    const sh = lines(
      'open_kde()',
      '{',
      '    if [ -n "$V" ]; then',
      '      case "$V" in',
      '        4)',
      '          kde-open "$1"',
      '        ;;',
      '        5)',
      '          kde-open5 "$1"',
      '        ;;',
      '      esac',
      '    else',
      '        kfmclient exec "$1"',
      '    fi',
      '}',
    );
    // The model evened every step out to 4 and changed one pattern.
    const answer = fence(
      'bash',
      '    if [ -n "$V" ]; then',
      '        case "$V" in',
      '            4)',
      '                kde-open "$1"',
      '            ;;',
      '            5|6)',
      '                kde-open5 "$1"',
      '            ;;',
      '        esac',
      '    else',
      '        kfmclient exec "$1"',
      '    fi',
    );
    assert.equal(applied(applyEditAnswer(sh, { startLine: 2, endLine: 13 }, answer)), sh.replace('        5)\n', '        5|6)\n'));
  });

  it('re-indents by units an answer in its own unit that wraps a kept line in a new scope', () => {
    const py = lines(
      'class Lexer:',
      '    def __next__(self):',
      '        token = self.get_token()',
      '        if token is None:',
      '            raise StopIteration',
      '        return token',
    );
    // Two spaces a level where the file has four, and the first line of the body moved into a try: it
    // now sits as deep in the answer as `raise`, which the file has one level deeper than it.
    const answer = fence(
      'python',
      '  def __next__(self):',
      '    try:',
      '      token = self.get_token()',
      '    except ValueError:',
      '      raise',
      '    if token is None:',
      '      raise StopIteration',
      '    return token',
    );
    assert.equal(
      applied(applyEditAnswer(py, { startLine: 1, endLine: 5 }, answer)),
      lines(
        'class Lexer:',
        '    def __next__(self):',
        '        try:',
        '            token = self.get_token()',
        '        except ValueError:',
        '            raise',
        '        if token is None:',
        '            raise StopIteration',
        '        return token',
      ),
    );
  });
});
