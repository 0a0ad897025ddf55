// Answer shapes the sixth blind round of the edit corpus found the applier getting wrong: what other
// tools wrap code in (file-view line numbers, output tags, a path line, a doubled fence, JSON tool
// arguments, a second divider), answers that quote the code before changing it, and indentation in
// files whose tabs stand for 8 columns. Each test is the shape of a real miss, on a small file.
import * as assert from 'node:assert/strict';
import { applyEditAnswer } from '../../../../src/core/edit/editApplier';
import { applied, fence, lines, refused } from './applierHelpers';

const BROWSERS = lines(
  'const progIds = {',
  "\tChromeHTML: {name: 'Chrome'},",
  "\tChromiumHTM: {name: 'Chromium'},",
  "\tBraveHTML: {name: 'Brave'},",
  '};',
);
const WITH_ARC = BROWSERS.replace('\tBraveHTML', "\tArcHTML: {name: 'Arc'},\n\tBraveHTML");
const CHROMIUM = { startLine: 2, endLine: 2 };

describe('the edit applier reading what other tools wrap code in', () => {
  it("strips Claude Code's `    19→` line numbers, keeping the tab after them", () => {
    const answer = fence('', "     3→\tChromiumHTM: {name: 'Chromium'},", "     4→\tArcHTML: {name: 'Arc'},");
    assert.equal(applied(applyEditAnswer(BROWSERS, CHROMIUM, answer)), WITH_ARC);
  });

  it("strips cat -n's number-and-tab line numbers, renumbered after the new line", () => {
    const answer = ["3\t\tChromiumHTM: {name: 'Chromium'},", "4\t\tArcHTML: {name: 'Arc'},"].join('\n');
    assert.equal(applied(applyEditAnswer(BROWSERS, CHROMIUM, answer)), WITH_ARC);
  });

  it("drops Cody's output tags on lines of their own and Void's on the code's first and last lines", () => {
    const cody = ['<CODE5711>', "\tChromiumHTM: {name: 'Chromium'},", "\tArcHTML: {name: 'Arc'},", '</CODE5711>'].join('\n');
    assert.equal(applied(applyEditAnswer(BROWSERS, CHROMIUM, cody)), WITH_ARC);
    const voidTags = fence('js', "<SELECTION>\tChromiumHTM: {name: 'Chromium'},", "\tArcHTML: {name: 'Arc'},</SELECTION>");
    assert.equal(applied(applyEditAnswer(BROWSERS, CHROMIUM, voidTags)), WITH_ARC);
  });

  it('drops a stray backtick line after the fence and a bare path line first in it', () => {
    const backtick = fence('js', '`', "\tChromiumHTM: {name: 'Chromium'},", "\tArcHTML: {name: 'Arc'},");
    assert.equal(applied(applyEditAnswer(BROWSERS, CHROMIUM, backtick)), WITH_ARC);
    const path = fence('js', 'src/browsers/progIds.js', "\tChromiumHTM: {name: 'Chromium'},", "\tArcHTML: {name: 'Arc'},");
    assert.equal(applied(applyEditAnswer(BROWSERS, CHROMIUM, path)), WITH_ARC);
  });

  it('reads a fence opened twice with a file-name comment between as one block', () => {
    const answer = [
      '```js',
      '// file: progIds.js',
      ...fence('js', "\tChromiumHTM: {name: 'Chromium'},", "\tArcHTML: {name: 'Arc'},").split('\n'),
    ].join('\n');
    assert.equal(applied(applyEditAnswer(BROWSERS, CHROMIUM, answer)), WITH_ARC);
  });

  it("reads an edit sent as a tool call's JSON arguments, but not JSON data that has other keys", () => {
    const args = {
      file_path: 'progIds.js',
      old_string: "\tChromiumHTM: {name: 'Chromium'},",
      new_string: "\tChromiumHTM: {name: 'Chromium'},\n\tArcHTML: {name: 'Arc'},",
    };
    assert.equal(applied(applyEditAnswer(BROWSERS, CHROMIUM, fence('json', JSON.stringify(args, null, 2)))), WITH_ARC);
    const settings = lines('{', '  "search": "a",', '  "replace": "b",', '  "caseSensitive": false', '}');
    const edited = fence('json', '{', '  "search": "a",', '  "replace": "c",', '  "caseSensitive": false', '}');
    assert.equal(applied(applyEditAnswer(settings, { startLine: 0, endLine: 4 }, edited)), settings.replace('"b"', '"c"'));
  });

  it('reads two ======= dividers in a row as one', () => {
    const answer = [
      '<<<<<<< SEARCH',
      "\tChromiumHTM: {name: 'Chromium'},",
      '=======',
      '=======',
      "\tChromiumHTM: {name: 'Chromium'},",
      "\tArcHTML: {name: 'Arc'},",
      '>>>>>>> REPLACE',
    ].join('\n');
    assert.equal(applied(applyEditAnswer(BROWSERS, CHROMIUM, answer)), WITH_ARC);
  });

  it('takes the changed block when the answer first quotes the current code unchanged', () => {
    const answer = [
      'Here is your current code:',
      fence('js', "\tChromiumHTM: {name: 'Chromium'},"),
      'And here it is with Arc added:',
      fence('js', "\tChromiumHTM: {name: 'Chromium'},", "\tArcHTML: {name: 'Arc'},"),
    ].join('\n\n');
    assert.equal(applied(applyEditAnswer(BROWSERS, CHROMIUM, answer)), WITH_ARC);
    assert.equal(refused(applyEditAnswer(BROWSERS, CHROMIUM, fence('js', "\tChromiumHTM: {name: 'Chromium'},"))).why, 'noChange');
  });
});

describe('the edit applier keeping what the file has', () => {
  it('keeps the byte order mark of a file whose first line the answer repeats without it', () => {
    const nsis = '\uFEFF' + lines('; install script', '', '  !define VERSION "1.0"', '  !define PATCH "0"');
    const answer = fence('nsis', '; install script', '', '  !define VERSION "1.0"', '  !define PATCH "0"', '  !define VENDOR "Acme"');
    assert.equal(applied(applyEditAnswer(nsis, { startLine: 0, endLine: 3 }, answer)), nsis + '  !define VENDOR "Acme"\n');
  });

  it('matches a SEARCH whose trailing comment the model reworded', () => {
    const c = lines('int main(void)', '{', '     before = after = transpose;   /* assign filter functions */', '     run();', '}');
    const answer = [
      '<<<<<<< SEARCH',
      '     before = after = transpose;   /* assign the filter functions */',
      '=======',
      '     before = NULL;',
      '     after = transpose;',
      '>>>>>>> REPLACE',
    ].join('\n');
    assert.equal(
      applied(applyEditAnswer(c, { startLine: 2, endLine: 2 }, answer)),
      c.replace('     before = after = transpose;   /* assign filter functions */\n', '     before = NULL;\n     after = transpose;\n'),
    );
  });

  it('does not move a block whose kept lines sit where the file has them, though a marker and context start at column 0', () => {
    const js = lines('class Source {', '    at(index) {', '        return this.lines[index];', '    }', '}', 'exports.Source = Source;');
    const answer = fence(
      'js',
      '// ... existing code ...',
      '    at(index) {',
      '        if (index < 0) index = 0;',
      '        return this.lines[index];',
      '    }',
      '}',
      'exports.Source = Source;',
    );
    assert.equal(
      applied(applyEditAnswer(js, { startLine: 1, endLine: 3 }, answer)),
      js.replace('    at(index) {\n', '    at(index) {\n        if (index < 0) index = 0;\n'),
    );
  });
});

describe('the edit applier in files whose tabs stand for 8 columns', () => {
  it('relevels an answer in 4 spaces a level into a GNU file of 2 columns a level, a tab for each 8', () => {
    const gnu = lines(
      'int',
      'main (void)',
      '{',
      '  switch (result)',
      '    {',
      '    case OK:',
      '      puts ("done");',
      '      break;',
      '    default:',
      '      while (retry ())',
      '\t{',
      '\t  wait ();',
      '\t}',
      '    }',
      '}',
    );
    const answer = fence(
      'c',
      'switch (result)',
      '    {',
      '    case OK:',
      '        puts ("done");',
      '        break;',
      '    case MEMORY:',
      '        puts ("out of memory");',
      '        break;',
      '    default:',
      '        while (retry ())',
      '            {',
      '                wait ();',
      '            }',
      '    }',
    );
    assert.equal(
      applied(applyEditAnswer(gnu, { startLine: 3, endLine: 13 }, answer)),
      gnu.replace('    default:', '    case MEMORY:\n      puts ("out of memory");\n      break;\n    default:'),
    );
  });

  it('gives a rewritten line the tab of the line it rewrites where the model wrote 8 spaces', () => {
    const perl = lines('sub def {', '    unlink("file") or', '\trecord Error("unlink: $!") and return;', '    1;', '}');
    const answer = fence(
      'perl',
      'sub def {',
      '    unlink("file") or',
      '        record Error("unlink file: $!") and return;',
      '    1;',
      '}',
    );
    assert.equal(applied(applyEditAnswer(perl, { startLine: 0, endLine: 4 }, answer)), perl.replace('unlink: $!', 'unlink file: $!'));
  });

  it('places a half block answered without its base in a file that writes 4 columns as spaces and 8 as a tab', () => {
    const tcl = lines(
      'proc focusNext {w} {',
      '    while 1 {',
      '\tset parent [parent $w]',
      '\twhile 1 {',
      '\t    set cur $parent',
      '\t    if {$cur eq ""} {',
      '\t\tbreak',
      '\t    }',
      '\t    set parent [parent $parent]',
      '\t}',
      '\tif {[ok $cur]} {',
      '\t    return $cur',
      '\t}',
      '    }',
      '}',
    );
    const answer = fence(
      'tcl',
      '    set cur $parent',
      '    if {![exists $cur]} {',
      '        return $w',
      '    }',
      '    if {$cur eq ""} {',
      '        break',
      '    }',
      '    set parent [parent $parent]',
      '}',
      'if {[ok $cur]} {',
      '    return $cur',
      '}',
    );
    assert.equal(
      applied(applyEditAnswer(tcl, { startLine: 4, endLine: 12 }, answer)),
      tcl.replace('\t    set cur $parent\n', '\t    set cur $parent\n\t    if {![exists $cur]} {\n\t\treturn $w\n\t    }\n'),
    );
  });
});
