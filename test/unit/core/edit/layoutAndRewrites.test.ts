// Answer shapes the fifth blind round of the edit corpus found the applier still getting wrong: blank
// lines the answer keeps on purpose, rewrites next to "... existing code ..." markers, diff context with
// its leading space left out, files whose tabs stand for 8 columns, kept lines that change nesting, and a
// heading's `=======` underline inside a SEARCH/REPLACE block. Each test is the shape of a real miss.
import * as assert from 'node:assert/strict';
import { applyEditAnswer } from '../../../../src/core/edit/editApplier';
import { applied, fence, lines } from './applierHelpers';

describe('the edit applier keeping the layout an answer means', () => {
  it('keeps the empty line an answer ends with when the selection is an empty line', () => {
    const unit = lines('[Service]', 'Restart=always', '', '# Console settings', 'TTYReset=yes');
    const answer = fence('ini', 'TimeoutStopSec=5', '');
    assert.equal(
      applied(applyEditAnswer(unit, { startLine: 2, endLine: 2 }, answer)),
      lines('[Service]', 'Restart=always', 'TimeoutStopSec=5', '', '# Console settings', 'TTYReset=yes'),
    );
  });

  it('reads diff context whose leading space was left out as the code, so an added line keeps its indentation', () => {
    const py = lines('def make_loader():', '    loader = Loader', '    loader.pop("binary")', '    loader.pop("set")', '    return loader');
    const answer = [
      '```diff',
      '@@ ... @@',
      '    loader.pop("binary")',
      '    loader.pop("set")',
      '+    loader.pop("omap")',
      '    return loader',
      '```',
    ].join('\n');
    assert.equal(
      applied(applyEditAnswer(py, { startLine: 2, endLine: 4 }, answer)),
      lines(
        'def make_loader():',
        '    loader = Loader',
        '    loader.pop("binary")',
        '    loader.pop("set")',
        '    loader.pop("omap")',
        '    return loader',
      ),
    );
  });

  it('reads a diff whose other context lines keep their leading space as usual when one at column 0 lost it', () => {
    const py = lines('def make_loader():', '    loader = Loader', '    loader.pop("set")', '    return loader');
    const answer = [
      '```diff',
      '@@ -1,3 +1,4 @@',
      'def make_loader():',
      '     loader = Loader',
      '+    loader.debug = True',
      '     loader.pop("set")',
      '```',
    ].join('\n');
    assert.equal(
      applied(applyEditAnswer(py, { startLine: 0, endLine: 3 }, answer)),
      py.replace('    loader = Loader\n', '    loader = Loader\n    loader.debug = True\n'),
    );
  });

  it('splits a SEARCH/REPLACE block at the ======= that leaves a SEARCH the file has, not at a heading underline', () => {
    const md = lines('Testing', '=======', '', 'Tests come in three sizes.', '', 'Short tests', '-----------');
    const answer = [
      '<<<<<<< SEARCH',
      'Testing',
      '=======',
      '',
      'Tests come in three sizes.',
      '=======',
      'Testing',
      '=======',
      '',
      'Tests come in three sizes, each on its own CI service.',
      '>>>>>>> REPLACE',
    ].join('\n');
    assert.equal(
      applied(applyEditAnswer(md, { startLine: 0, endLine: 3 }, answer)),
      md.replace('three sizes.', 'three sizes, each on its own CI service.'),
    );
  });
});

describe('the edit applier placing rewrites next to "existing code" markers', () => {
  const DUPLEX = lines(
    'function Duplex(options) {',
    '  Readable.call(this, options);',
    '',
    '  if (options && options.readable === false) this.readable = false;',
    '',
    '  this.allowHalfOpen = true;',
    '  if (options && options.allowHalfOpen === false) this.allowHalfOpen = false;',
    '',
    "  this.once('end', onend);",
    '}',
  );

  it('takes a new value for the same target as a rewrite of the old assignment, not a line beside it', () => {
    const answer = fence(
      'js',
      'function Duplex(options) {',
      '  // ... existing code ...',
      '',
      '  this.allowHalfOpen = !(options && options.allowHalfOpen === false);',
      '',
      "  this.once('end', onend);",
      '}',
    );
    assert.equal(
      applied(applyEditAnswer(DUPLEX, { startLine: 0, endLine: 9 }, answer)),
      DUPLEX.replace(
        '  this.allowHalfOpen = true;\n  if (options && options.allowHalfOpen === false) this.allowHalfOpen = false;\n',
        '  this.allowHalfOpen = !(options && options.allowHalfOpen === false);\n',
      ),
    );
  });

  it('takes the same call with other arguments as a rewrite of the old call', () => {
    const js = lines(
      'function locate(area, id) {',
      '  return find(area).then((location) => {',
      '    if (!location) {',
      '      throw new Error("No location for area: " + area + " id: " + id);',
      '    }',
      '    return location.url;',
      '  });',
      '}',
    );
    const answer = fence(
      'js',
      'function locate(area, id) {',
      '  return find(area).then((location) => {',
      '    if (!location) {',
      '      throw new Error(`No location for area: ${area} id: ${id}`);',
      '    }',
      '    // ...existing code...',
      '  });',
      '}',
    );
    assert.equal(
      applied(applyEditAnswer(js, { startLine: 0, endLine: 7 }, answer)),
      js.replace('"No location for area: " + area + " id: " + id', '`No location for area: ${area} id: ${id}`'),
    );
  });

  it('inserts a line between two markers rather than rewriting a neighbour into a copy of another line', () => {
    const make = lines(
      'funny:',
      '\tfind . \\',
      '\t\t-type d \\',
      "\t\t-o -name '*.py' \\",
      "\t\t-o -name '*.gif' \\",
      "\t\t-o -name '*.txt' \\",
      "\t\t-o -name '*.xml' \\",
      "\t\t-o -name '*.xpm' \\",
      '\t\t-o -print',
    );
    const answer = fence(
      'make',
      'funny:',
      '\tfind . \\',
      '\t\t-type d \\',
      '\t\t...',
      "\t\t-o -name '*.txt' \\",
      "\t\t-o -name '*.rst' \\",
      "\t\t-o -name '*.xml' \\",
      '\t\t...',
      '\t\t-o -print',
    );
    assert.equal(
      applied(applyEditAnswer(make, { startLine: 0, endLine: 8 }, answer)),
      make.replace("\t\t-o -name '*.txt' \\\n", "\t\t-o -name '*.txt' \\\n\t\t-o -name '*.rst' \\\n"),
    );
  });
});

describe('the edit applier reading indentation from the lines an answer keeps', () => {
  // vim's shiftwidth=4 with tabs kept: level one is 4 spaces, level two a tab (8 columns).
  it('writes 8 columns as a tab where the kept lines show the file does, keeping the kept lines', () => {
    const sh = lines(
      'if [ -n "$HOME" ]; then',
      '    if [ -r ~/.editor ]; then',
      '\t. ~/.editor || true',
      '    elif [ -t 0 ]; then',
      '\tselect-editor || true',
      '    fi',
      'fi',
    );
    const answer = fence(
      'sh',
      'if [ -n "$HOME" ]; then',
      '    if [ -r ~/.editor ]; then',
      '        . ~/.editor || true',
      '    elif [ -r ~/.config/editor ]; then',
      '        . ~/.config/editor || true',
      '    elif [ -t 0 ]; then',
      '        select-editor || true',
      '    fi',
      'fi',
    );
    assert.equal(
      applied(applyEditAnswer(sh, { startLine: 0, endLine: 6 }, answer)),
      sh.replace('    elif [ -t 0 ]', '    elif [ -r ~/.config/editor ]; then\n\t. ~/.config/editor || true\n    elif [ -t 0 ]'),
    );
  });

  it('writes a new second-level line as a tab in a file whose tabs open under lines in 4 spaces', () => {
    const tcl = lines(
      'proc after {str start} {',
      '    variable WordRE',
      '    if {$start eq ""} {',
      '\tset start 0',
      '    }',
      '    set result {-1 -1}',
      '    return [lindex $result 1]',
      '}',
      'proc before {str start} {',
      '    variable WordRE',
      '    set result {-1 -1}',
      '    return [lindex $result 0]',
      '}',
    );
    const answer = fence(
      'tcl',
      '    variable WordRE',
      '    set result {-1 -1}',
      '    if {$start < 0} {',
      '        set start 0',
      '    }',
      '    return [lindex $result 0]',
    );
    assert.equal(
      applied(applyEditAnswer(tcl, { startLine: 9, endLine: 11 }, answer)),
      tcl.replace(
        '    set result {-1 -1}\n    return [lindex $result 0]',
        '    set result {-1 -1}\n    if {$start < 0} {\n\tset start 0\n    }\n    return [lindex $result 0]',
      ),
    );
  });

  it("re-indents by the answer's own nesting when a kept line moved out of a nested function", () => {
    const js = lines(
      'class Client {',
      '    getLocation(area, id) {',
      '        return this.ready.then(() => {',
      '            return this.areas(area);',
      '        }).then((areas) => {',
      '            return areas[id];',
      '        });',
      '    }',
      '}',
    );
    const answer = fence(
      'js',
      '  async getLocation(area, id) {',
      '    await this.ready;',
      '    const areas = await this.areas(area);',
      '    return areas[id];',
      '  }',
    );
    assert.equal(
      applied(applyEditAnswer(js, { startLine: 1, endLine: 7 }, answer)),
      lines(
        'class Client {',
        '    async getLocation(area, id) {',
        '        await this.ready;',
        '        const areas = await this.areas(area);',
        '        return areas[id];',
        '    }',
        '}',
      ),
    );
  });
});
