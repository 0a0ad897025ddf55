// Shapes the twenty-eighth and twenty-ninth blind rounds of the edit corpus found the applier getting
// wrong: a diff removing a JSON member the file has with another value; code repeating the selection
// under a sentence that names a line; a sentence split around the code; what a SEARCH quote did to
// every line (trailing spaces, tabs written as four spaces) left on its new lines; a whole-file copy
// that rewords a line far from the selection; a marker ahead of a snippet its sentence places; a
// sentence quoting a line with other spacing, or naming "the closing brace of" a sub; a declaration of
// more names read as a new line; a name found in a comment before the code; a function added at the
// file's end without the file's blank line; a Python `pass` left under the body that replaced it.
// Each test is the shape of a real miss.
import * as assert from 'node:assert/strict';
import { applyEditAnswer } from '../../../../src/core/edit/editApplier';
import { applied, fence, lines, refused } from './applierHelpers';

describe('the edit applier with drifted quotes, whole-file copies and placeholders held by a marker', () => {
  it('refuses a diff that removes a JSON member the file has with another value', () => {
    const file = lines('{', '\t"devDependencies": {', '\t\t"ava": "^1.4.1",', '\t\t"tsd": "^0.7.2",', '\t\t"xo": "^0.24.0"', '\t}', '}');
    const answer = fence(
      'diff',
      '@@ -3,4 +3,4 @@',
      ' \t\t"ava": "^1.4.1",',
      ' \t\t"tsd": "^0.7.2",',
      '-\t\t"xo": "^0.25.0"',
      '+\t\t"xo": "^0.26.0"',
      ' \t}',
    );
    assert.match(refused(applyEditAnswer(file, { startLine: 1, endLine: 5 }, answer)).message, /"xo": "\^0\.25\.0"/);
  });

  const SCRIPT = lines('if test x$list = xyes ; then', '   list_files', 'else', '   echo "$usage" 1>&2', '   exit 1', 'fi');
  const WITH_EXIT = SCRIPT + 'exit 0\n';

  it('reads code that repeats the whole selection as its rewrite, though its sentence names a line in it', () => {
    const answer = [
      'Add `exit 0` after the final `fi`:',
      '',
      fence('sh', 'else', '   echo "$usage" 1>&2', '   exit 1', 'fi', 'exit 0'),
    ].join('\n');
    assert.equal(applied(applyEditAnswer(SCRIPT, { startLine: 2, endLine: 5 }, answer)), WITH_EXIT);
  });

  it('places a snippet by a sentence that begins before the code and ends after it', () => {
    const answer = ['Put', '', fence('sh', 'exit 0'), '', 'at the very end of the script, on a new line after the closing `fi`.'].join(
      '\n',
    );
    assert.equal(applied(applyEditAnswer(SCRIPT, { startLine: 2, endLine: 5 }, answer)), WITH_EXIT);
  });

  const TTYENT = lines(
    '#ifndef\t_TTYENT_H',
    '#define\t_TTYENT_H\t1',
    '',
    '#define\t_TTYS_OFF\t"off"',
    '#define\t_TTYS_ON\t"on"',
    '#define\t_TTYS_WINDOW\t"window"',
    '',
    'struct ttyent {',
    '\tchar\t*ty_name;\t/* terminal device name */',
    '\tint\tty_status;\t/* status flags */',
    '\tchar\t*ty_comment;\t/* comment field */',
    '};',
    '',
    '#endif /* ttyent.h */',
  );
  const ONERROR = TTYENT.replace('"window"\n', '"window"\n#define\t_TTYS_ONERROR\t"onerror"\n');

  it("writes a new line's tabs back where the SEARCH quote wrote each tab as four spaces", () => {
    const answer = fence(
      'c',
      '<<<<<<< SEARCH',
      '    int    ty_status;    /* status flags */',
      '    char    *ty_comment;    /* comment field */',
      '};',
      '=======',
      '    int    ty_status;    /* status flags */',
      '    char    *ty_comment;    /* comment field */',
      '    char    *ty_group;    /* tty group name */',
      '};',
      '>>>>>>> REPLACE',
    );
    const expected = TTYENT.replace('comment field */\n', 'comment field */\n\tchar\t*ty_group;\t/* tty group name */\n');
    assert.equal(applied(applyEditAnswer(TTYENT, { startLine: 9, endLine: 11 }, answer)), expected);
  });

  it('leaves off the spaces a SEARCH quote added at the end of every line', () => {
    const file = lines('sub get {', '    my $varname = shift;', '    return $ENV{$varname};', '}');
    const answer = fence(
      'perl',
      '<<<<<<< SEARCH',
      '    my $varname = shift;  ',
      '    return $ENV{$varname};  ',
      '=======',
      '    my ($varname, $default) = @_;  ',
      '    return $ENV{$varname} // $default;  ',
      '>>>>>>> REPLACE',
    );
    assert.equal(
      applied(applyEditAnswer(file, { startLine: 0, endLine: 3 }, answer)),
      lines('sub get {', '    my ($varname, $default) = @_;', '    return $ENV{$varname} // $default;', '}'),
    );
  });

  it("keeps the file's line where a copy of the whole file rewords one far from the selection", () => {
    const copy = ONERROR.replace('#endif /* ttyent.h */', '#endif /* _TTYENT_H */');
    const answer = ['Here is the updated header:', '', fence('c', ...copy.trimEnd().split('\n'))].join('\n');
    assert.equal(applied(applyEditAnswer(TTYENT, { startLine: 3, endLine: 5 }, answer)), ONERROR);
  });

  it('sets aside a marker ahead of a snippet that its sentence places', () => {
    const answer = [
      'Append the keyword macro after `_TTYS_WINDOW`:',
      '',
      fence('c', '/* ... existing code ... */', '#define\t_TTYS_ONERROR\t"onerror"'),
    ].join('\n');
    assert.equal(applied(applyEditAnswer(TTYENT, { startLine: 3, endLine: 5 }, answer)), ONERROR);
  });

  it('finds the line a sentence quotes with spaces where the file has tabs', () => {
    const answer = [
      'Add this line directly below the `#define _TTYS_WINDOW "window"` line:',
      '',
      fence('c', '#define\t_TTYS_ONERROR\t"onerror"'),
    ].join('\n');
    assert.equal(applied(applyEditAnswer(TTYENT, { startLine: 3, endLine: 5 }, answer)), ONERROR);
  });

  const PERL = lines(
    '=cut',
    '',
    'sub has {',
    '    my $varname = shift;',
    '    return exists $ENV{$varname};',
    '}',
    '',
    '=item @list = list_accessed()',
  );

  it('places a snippet "after the closing brace of" a sub after the whole sub', () => {
    const answer = [
      'Insert the following after the closing brace of `sub has`:',
      '',
      fence('perl', '', 'sub unset {', '    my $varname = shift;', '    delete $ENV{$varname};', '}'),
    ].join('\n');
    const expected = PERL.replace(
      'exists $ENV{$varname};\n}\n',
      'exists $ENV{$varname};\n}\n\nsub unset {\n    my $varname = shift;\n    delete $ENV{$varname};\n}\n',
    );
    assert.equal(applied(applyEditAnswer(PERL, { startLine: 2, endLine: 5 }, answer)), expected);
  });

  it('reads a declaration of the same name with another beside it as the old declaration rewritten', () => {
    const file = lines('sub get {', '    my $varname = shift;', '    $env_accessed{$varname} = 1;', '    return $ENV{$varname};', '}');
    const answer = fence(
      'perl',
      'sub get {',
      '    my ($varname, $default) = @_;',
      '    # ... existing code ...',
      '    return $ENV{$varname} // $default;',
      '}',
    );
    const expected = lines(
      'sub get {',
      '    my ($varname, $default) = @_;',
      '    $env_accessed{$varname} = 1;',
      '    return $ENV{$varname} // $default;',
      '}',
    );
    assert.equal(applied(applyEditAnswer(file, { startLine: 0, endLine: 4 }, answer)), expected);
  });

  it('looks for the name a sentence gives in code before comments', () => {
    const file = lines(
      'class Credential {',
      '    /**',
      '     * The value of the name to be used in authentication.',
      '     */',
      '    get name() {',
      '        return this._name;',
      '    }',
      '}',
    );
    const getter = ['    get credentials() {', '        return { name: this._name, key: this._key };', '    }'];
    const answer = ['Put the following right after the `name` getter:', '', fence('js', ...getter)].join('\n');
    const expected = file.replace('        return this._name;\n    }\n', `        return this._name;\n    }\n${getter.join('\n')}\n`);
    assert.equal(applied(applyEditAnswer(file, { startLine: 1, endLine: 6 }, answer)), expected);
  });

  it("sets a function added at the file's end apart by the blank line the file sets its functions apart with", () => {
    const file = lines(
      'function isCharset(spec) {',
      '  return spec.charset;',
      '}',
      '',
      '/**',
      ' * Check if a spec has any quality.',
      ' */',
      'function isQuality(spec) {',
      '  return spec.q > 0;',
      '}',
    );
    const added = [
      '/**',
      ' * Check if a spec is the wildcard charset.',
      ' */',
      'function isWildcard(spec) {',
      "  return spec.charset === '*';",
      '}',
    ];
    const answer = ['Append this to the end of the file, after `isQuality`:', '', fence('javascript', ...added)].join('\n');
    assert.equal(applied(applyEditAnswer(file, { startLine: 4, endLine: 9 }, answer)), file + '\n' + lines(...added));
  });

  it('drops a Python pass once a marker keeps it right under the new body of the block it held the place of', () => {
    const file = lines(
      '    def seek(self, offset, whence=io.SEEK_SET):',
      '        if whence == io.SEEK_SET:',
      '            pass',
      '        elif whence == io.SEEK_CUR:',
      '            offset = self._pos + offset',
      '        else:',
      '            raise ValueError("Invalid value for whence: {}".format(whence))',
    );
    const answer = [
      'Replace the `pass` in the `SEEK_SET` branch:',
      '',
      fence(
        'python',
        '        if whence == io.SEEK_SET:',
        '            if offset < 0:',
        '                raise ValueError("negative seek position {}".format(offset))',
        '        # ... existing code ...',
      ),
    ].join('\n');
    const expected = file.replace(
      '            pass\n',
      '            if offset < 0:\n                raise ValueError("negative seek position {}".format(offset))\n',
    );
    assert.equal(applied(applyEditAnswer(file, { startLine: 1, endLine: 6 }, answer)), expected);
  });
});
