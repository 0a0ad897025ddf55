// More answer shapes the seventh blind round of the edit corpus found the applier getting wrong:
// whole files given back with drift outside the selection, SEARCH text with typographic quotes or a
// reworded comment and a blank line left out, a diff hunk from another version of the file, and a
// Vim script placeholder next to lines the answer uncomments. Each test is the shape of a real miss.
import * as assert from 'node:assert/strict';
import { applyEditAnswer } from '../../../../src/core/edit/editApplier';
import { applied, fence, lines, refused } from './applierHelpers';

describe('the edit applier with whole files given back', () => {
  it('keeps the file’s bytes for lines outside the selection whose tab the answer wrote as spaces', () => {
    const props = lines(
      '#\t\tLogging configuration',
      '',
      '#\t\tGlobal properties',
      'handlers= java.util.logging.ConsoleHandler',
      '',
      '.level= INFO',
    );
    const answer = fence(
      'properties',
      '#   Logging configuration',
      '',
      '#   Global properties',
      'handlers= java.util.logging.FileHandler, java.util.logging.ConsoleHandler',
      '',
      '.level= INFO',
    );
    assert.equal(
      applied(applyEditAnswer(props, { startLine: 3, endLine: 3 }, answer)),
      props.replace('handlers= java', 'handlers= java.util.logging.FileHandler, java'),
    );
  });

  it('finds the end of a whole file given back without its last line, past many lines like its own last', () => {
    const body = Array.from({ length: 15 }, (_, k) => [`function f${k}() {`, `    return ${k};`, '}']).flat();
    const js = lines('"use strict";', ...body, '//# sourceMappingURL=f.js.map');
    const answer = fence('js', '"use strict";', ...body.map((l) => l.replace('return 0;', 'return -1;')));
    assert.equal(applied(applyEditAnswer(js, { startLine: 1, endLine: 3 }, answer)), js.replace('return 0;', 'return -1;'));
  });

  it('keeps a blank line outside the selection that the answer’s repeated context left out', () => {
    const ts = lines("import * as path from 'path';", '', 'function dir(x: string) {', '    return path.dirname(x);', '}');
    const answer = fence(
      'ts',
      "import * as path from 'path';",
      'function dir(x: string) {',
      '    return path.dirname(path.resolve(x));',
      '}',
    );
    assert.equal(applied(applyEditAnswer(ts, { startLine: 2, endLine: 4 }, answer)), ts.replace('dirname(x)', 'dirname(path.resolve(x))'));
  });
});

describe('the edit applier with drifted quotes and comments', () => {
  it('matches a SEARCH that writes the file’s typographic apostrophes as straight ones, keeping the file’s', () => {
    const md = lines('The original', 'implementation was modeled on Doug’s open-source', 'parser. We’re grateful for that', 'code.');
    const answer = [
      '<<<<<<< SEARCH',
      "implementation was modeled on Doug's open-source",
      "parser. We're grateful for that",
      'code.',
      '=======',
      "implementation was modeled on Doug's open-source",
      "parser. We're grateful for that",
      'code, now in the public domain.',
      '>>>>>>> REPLACE',
    ].join('\n');
    assert.equal(
      applied(applyEditAnswer(md, { startLine: 0, endLine: 3 }, answer)),
      md.replace('code.', 'code, now in the public domain.'),
    );
  });

  it('matches a SEARCH with a reworded whole-line comment and a blank line left out', () => {
    const vim = lines(
      'function! Indent()',
      '  " Hit the start of the file, use zero indent.',
      '  if prev == 0',
      '    return 0',
      '  endif',
      '',
      '  let ind = indent(prev)',
      'endfunction',
    );
    const answer = [
      '<<<<<<< SEARCH',
      '  " Hit the start of file, use zero indent.',
      '  if prev == 0',
      '    return 0',
      '  endif',
      '  let ind = indent(prev)',
      '=======',
      '  " Hit the start of the file, keep the indent.',
      '  if prev == 0',
      '    return -1',
      '  endif',
      '  let ind = indent(prev)',
      '>>>>>>> REPLACE',
    ].join('\n');
    assert.equal(
      applied(applyEditAnswer(vim, { startLine: 1, endLine: 6 }, answer)),
      vim.replace('use zero indent.', 'keep the indent.').replace('return 0', 'return -1'),
    );
  });

  it('refuses a hunk whose removed line is not in the file, though its context is', () => {
    const make = lines('install-data:', '\tmkdir -p $(DEST)', '\tfor f in $(FILES) Makevars; do \\', '\t  cp $$f $(DEST); \\', '\tdone');
    const answer = [
      '```diff',
      '@@ -1,5 +1,5 @@',
      ' install-data:',
      ' \tmkdir -p $(DEST)',
      '-\tfor f in $(FILES) Makevars Rules-quot; do \\',
      '+\tfor f in $(FILES) Makevars Rules-quot boldquot.sed; do \\',
      ' \t  cp $$f $(DEST); \\',
      ' \tdone',
      '```',
    ].join('\n');
    assert.equal(refused(applyEditAnswer(make, { startLine: 0, endLine: 4 }, answer)).why, 'notFound');
  });
});

describe('the edit applier with Vim script', () => {
  it('reads a `" ...` comment as a placeholder and the lines the answer uncomments as rewrites of them', () => {
    const vimrc = lines(
      '" Recommended options:',
      '"set showcmd\t\t" Show command',
      '"set showmatch\t\t" Show matches',
      '"set ignorecase\t\t" Ignore case',
      '"set hidden\t\t" Hide buffers',
    );
    const answer = fence(
      'vim',
      '" Recommended options:',
      'set showcmd\t\t" Show command',
      'set showmatch\t\t" Show matches',
      '" ... (the remaining options stay commented out)',
    );
    assert.equal(
      applied(applyEditAnswer(vimrc, { startLine: 0, endLine: 4 }, answer)),
      vimrc.replace('"set showcmd', 'set showcmd').replace('"set showmatch', 'set showmatch'),
    );
  });
});
