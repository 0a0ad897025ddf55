// Shapes the twenty-sixth and twenty-seventh blind rounds of the edit corpus found the applier getting
// wrong: prose taken for code (a sentence quoting `\r\n`, a list of questions); around a marker, a new
// documented declaration, a sibling sub whose body keeps none of its twin's, a local and a return that
// end a function, one changed line deeper than its marker, a marker between written lines read as
// standing for nothing; a Python function placed by a sentence after a function followed by two blank
// lines and a form feed; a snippet said to go at the first line of the file. Each test is the shape of a
// real miss.
import * as assert from 'node:assert/strict';
import { applyEditAnswer } from '../../../../src/core/edit/editApplier';
import { applied, fence, lines, refused } from './applierHelpers';

describe('the edit applier with prose answers, siblings beside markers and sentences naming the file', () => {
  const PERL = lines(
    'sub PRINT {',
    '  my $self = shift;',
    '  for (@_) {',
    '    $self->{buffer} .= $_;',
    '    while ($self->{buffer} =~ s/^([^\\n]*\\n)//) {',
    '      print {$self->{fh}} $1;',
    '    }',
    '  }',
    '}',
    '',
    'sub UNTIE {',
    '  # This sub does nothing, but is necessary for references to be released.',
    '}',
    '',
    'sub end_marker {',
    '  return $SECTION_END_MARKER;',
    '}',
  );

  it('refuses a one-line explanation that quotes `\\r\\n` in backticks instead of decoding it as an escaped answer', () => {
    const answer =
      'The loop already copes with `\\r\\n` endings: `[^\\n]*\\n` matches everything up to and including the `\\n`, so a `\\r` before it stays part of the line. No change is needed here.\n';
    const outcome = refused(applyEditAnswer(PERL, { startLine: 4, endLine: 6 }, answer));
    assert.match(outcome.message, /explanation|no change|not code/i);
  });

  it('refuses a clarifying question given as a numbered list', () => {
    const answer = [
      'Which part would you like to make configurable? For example:',
      '',
      '1. the way the message is printed (a custom logger instead of `print`),',
      '2. whether it buffers the lines or writes each at once, or',
      '3. where the handle comes from (something other than `$self->{fh}`).',
      '',
      'Let me know and I will update `PRINT` accordingly.',
    ].join('\n');
    refused(applyEditAnswer(PERL, { startLine: 0, endLine: 8 }, answer));
  });

  it('adds a new sub after the kept one when its body keeps none of the twin it is shaped like', () => {
    const answer = [
      'Here is `UNTIE` followed by a new `CLOSE` method:',
      '',
      fence(
        'perl',
        '# ... existing code ...',
        '',
        'sub CLOSE {',
        '  # Nothing to close here; the handle belongs to the caller.',
        '  return 1;',
        '}',
      ),
    ].join('\n');
    const expected = PERL.replace(
      '  # This sub does nothing, but is necessary for references to be released.\n}\n',
      '  # This sub does nothing, but is necessary for references to be released.\n}\n\nsub CLOSE {\n  # Nothing to close here; the handle belongs to the caller.\n  return 1;\n}\n',
    );
    assert.equal(applied(applyEditAnswer(PERL, { startLine: 10, endLine: 12 }, answer)), expected);
  });

  const DTS = lines(
    'export interface Options {',
    '    type?: string;',
    '}',
    '/**',
    ' * Create a header value.',
    ' */',
    'export declare function create(filename?: string, options?: Options): string;',
    '/**',
    ' * Encode a Unicode string for HTTP (RFC 8187).',
    ' */',
    'export declare function encodeExtended(str: string): string;',
  );

  it('adds a documented declaration after the kept one instead of writing it over the kept one', () => {
    const answer = [
      'Declared `isAttachment` after `encodeExtended`:',
      '',
      fence(
        'typescript',
        '// ... existing code ...',
        '/**',
        ' * Check whether a header is of type "attachment".',
        ' */',
        'export declare function isAttachment(header: string): boolean;',
      ),
    ].join('\n');
    const expected =
      DTS +
      lines(
        '/**',
        ' * Check whether a header is of type "attachment".',
        ' */',
        'export declare function isAttachment(header: string): boolean;',
      );
    assert.equal(applied(applyEditAnswer(DTS, { startLine: 7, endLine: 10 }, answer)), expected);
  });

  it("rewrites a function's last return when a marker keeps the lines above and a new local comes before it", () => {
    const file = lines(
      'function config (name) {',
      '  if (!global.localStorage) return false;',
      '  var val = global.localStorage[name];',
      '  if (null == val) return false;',
      "  return String(val).toLowerCase() === 'true';",
      '}',
    );
    const answer = fence(
      'javascript',
      '  // ... existing code ...',
      '  var str = String(val).toLowerCase();',
      "  return str === 'true' || str === '1';",
      '}',
    );
    const expected = file.replace(
      "  return String(val).toLowerCase() === 'true';\n",
      "  var str = String(val).toLowerCase();\n  return str === 'true' || str === '1';\n",
    );
    assert.equal(applied(applyEditAnswer(file, { startLine: 2, endLine: 5 }, answer)), expected);
  });

  it('keeps one changed line at its own depth when the marker before it sits shallower', () => {
    const file = lines(
      'def _structure(msg, fp=None, level=0, include_default=False):',
      '    if fp is None:',
      '        fp = sys.stdout',
      "    print(' ' * (level * 4) + msg.get_content_type(), file=fp)",
      '    if msg.is_multipart():',
      '        for subpart in msg.get_payload():',
      '            _structure(subpart, fp, level+1, include_default)',
    );
    const answer = fence(
      'python',
      '    # ... existing code ...',
      '            _structure(subpart, fp, level+1, include_default=include_default)',
    );
    const expected = file.replace('level+1, include_default)', 'level+1, include_default=include_default)');
    assert.equal(applied(applyEditAnswer(file, { startLine: 4, endLine: 6 }, answer)), expected);
  });

  it('reads a marker after the quoted head of a declaration as the rest of it, kept, with the new declaration after it', () => {
    const file = lines(
      '/* Write the mount table entry described by MNT to STREAM.',
      '   Return zero on success, nonzero on failure.  */',
      'extern int addmntent (FILE *__restrict __stream,',
      '\t\t      const struct mntent *__restrict __mnt) __THROW;',
      '',
      "/* Close a stream opened with `setmntent'.  */",
      'extern int endmntent (FILE *__stream) __THROW;',
    );
    const answer = fence(
      'c',
      '/* Write the mount table entry described by MNT to STREAM.',
      '   Return zero on success, nonzero on failure.  */',
      '/* ... existing code ... */',
      '',
      '/* Remove the mount table entry described by MNT from STREAM.',
      '   Return zero on success, nonzero on failure.  */',
      'extern int delmntent (FILE *__restrict __stream,',
      '\t\t      const struct mntent *__restrict __mnt) __THROW;',
    );
    const outcome = applyEditAnswer(file, { startLine: 0, endLine: 3 }, answer);
    if (outcome.kind === 'apply')
      assert.match(outcome.fileText, /extern int addmntent \(FILE \*__restrict __stream,\n\t\t {6}const struct mntent/);
  });

  it('sets a Python function placed after another apart by the two blank lines the file has there (a form feed is no blank line)', () => {
    const file = lines(
      'def body_line_iterator(msg):',
      '    for subpart in msg.walk():',
      '        yield subpart',
      '',
      '',
      '\f',
      'def _structure(msg):',
      '    pass',
    );
    const answer = [
      'Add this after the `body_line_iterator` function, with two blank lines between them:',
      '',
      fence(
        'python',
        'def attachment_iterator(msg):',
        '    for subpart in msg.walk():',
        '        if subpart.is_attachment():',
        '            yield subpart',
      ),
    ].join('\n');
    const expected = file.replace(
      '        yield subpart\n',
      '        yield subpart\n\n\ndef attachment_iterator(msg):\n    for subpart in msg.walk():\n        if subpart.is_attachment():\n            yield subpart\n',
    );
    assert.equal(applied(applyEditAnswer(file, { startLine: 0, endLine: 2 }, answer)), expected);
  });

  const HEADER = lines('# Copyright (C) 2001-2006 Python Software Foundation', '# Author: Barry Warsaw', '', 'import sys');
  const CODING = [
    'Add this as the very first line of the file, above the copyright comment:',
    '',
    fence('python', '# -*- coding: utf-8 -*-'),
  ].join('\n');

  it("puts a line said to be the first line of the file above the file's first line, not in its place", () => {
    assert.equal(applied(applyEditAnswer(HEADER, { startLine: 0, endLine: 0 }, CODING)), '# -*- coding: utf-8 -*-\n' + HEADER);
  });

  const IMPORTS = lines('import os', 'import re', 'import sys', '', 'def main():', '    pass');
  const WITH_JSON = IMPORTS.replace('import re\n', 'import re\nimport json\n');
  for (const sentence of [
    'Right after `import re`, add:',
    'This goes directly below `import re`:',
    'Paste this immediately after `import re`:',
    'Insert it between `import re` and `import sys`:',
  ]) {
    it(`places a snippet where the sentence says: "${sentence}"`, () => {
      const answer = [sentence, '', fence('python', 'import json')].join('\n');
      assert.equal(applied(applyEditAnswer(IMPORTS, { startLine: 0, endLine: 2 }, answer)), WITH_JSON);
    });
  }

  const CACHE = lines(
    'class Cache {',
    '  constructor() {',
    '    this.items = new Map();',
    '  }',
    '',
    '  get(key) {',
    '    return this.items.get(key);',
    '  }',
    '}',
  );
  const CLEAR = ['  clear() {', '    this.items.clear();', '  }'];

  it('adds a method a sentence puts "to the `Cache` class" last in the class, set apart like its others', () => {
    const answer = ['Add the following method to the `Cache` class:', '', fence('js', ...CLEAR)].join('\n');
    const expected = CACHE.replace(
      '    return this.items.get(key);\n  }\n',
      `    return this.items.get(key);\n  }\n\n${CLEAR.join('\n')}\n`,
    );
    assert.equal(applied(applyEditAnswer(CACHE, { startLine: 0, endLine: 8 }, answer)), expected);
  });

  it('adds lines a sentence puts "at the top of" a function first in its body', () => {
    const file = lines('def main(argv):', '    opts = parse(argv)', '    run(opts)');
    const answer = ['Put this at the top of `main`:', '', fence('python', '    if not argv:', '        return 2')].join('\n');
    assert.equal(
      applied(applyEditAnswer(file, { startLine: 0, endLine: 2 }, answer)),
      lines('def main(argv):', '    if not argv:', '        return 2', '    opts = parse(argv)', '    run(opts)'),
    );
  });

  it('refuses a snippet said to go into a construct the selection does not have', () => {
    const answer = ['Add the following method to the `Store` class:', '', fence('js', ...CLEAR)].join('\n');
    refused(applyEditAnswer(CACHE, { startLine: 0, endLine: 8 }, answer));
  });

  it('refuses a line said to be the first line of the file when the selection is elsewhere', () => {
    refused(applyEditAnswer(HEADER, { startLine: 1, endLine: 1 }, CODING));
  });
});
