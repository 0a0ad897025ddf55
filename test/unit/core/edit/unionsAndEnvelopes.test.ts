// Shapes the twenty-first to twenty-fifth blind rounds of the edit corpus found the applier getting
// wrong: around a marker, a rename, a new function after the kept one, a loop head changed, a guard put
// inside the kept guard; a Python function placed by a sentence with no blank line before it; a docstring snippet placed after the whole function its sentence names, "after the closing
// `};`", a marker answer refused for its sentence, continuation lines under `var` re-indented; a deleted line's blank line taken from outside the selection, context matched over a class much
// like the one it quotes, a marker then lines ending with the selection's `};` taken for an example; a file whose union members (`| {`) indent their bodies past the bar, a SEARCH quoted at another
// indentation than the file's with its REPLACE written as the file is, a snippet whose new branch repeats
// the body of the line it is placed after, a snippet placed after "the `def …:` line" (not after the
// function), and SWE-agent's `edit N:M` … `end_of_edit` command. Each test is the shape of a real miss;
// a snippet whose sentence names no one place is refused rather than read as the selection rewritten.
import * as assert from 'node:assert/strict';
import { applyEditAnswer } from '../../../../src/core/edit/editApplier';
import { applied, fence, lines, refused } from './applierHelpers';

describe('the edit applier with union members, drifted SEARCH blocks, repeated bodies and edit commands', () => {
  const MARK = lines(
    'export type Marker =',
    '    | {',
    '          type: "start";',
    '      }',
    '    | {',
    '          type: "end";',
    '      }',
    '    | {',
    '          type: "pause";',
    '      }',
    '    | {',
    '          type: "resume";',
    '      }',
    '    | {',
    '          type: "skip";',
    '      }',
    '    | {',
    '          type: "other";',
    '      };',
    'export class Profiler {',
    '    mark(marker: Marker) {',
    '        if ("id" in marker) {',
    '            this.perf.mark(marker.id);',
    '        } else {',
    '            this.perf.mark(marker.type);',
    '        }',
    '    }',
    '}',
  );
  const WRAPPED = [
    '    mark(marker: Marker) {',
    '        try {',
    '            if ("id" in marker) {',
    '                this.perf.mark(marker.id);',
    '            } else {',
    '                this.perf.mark(marker.type);',
    '            }',
    '        } catch (error) {',
    '            console.warn(error);',
    '        }',
    '    }',
  ];
  const start = MARK.split('\n').indexOf('    mark(marker: Marker) {');
  const MARK_SELECTION = { startLine: start, endLine: start + 6 };
  const expected = MARK.replace(/ {4}mark\(marker: Marker\) \{\n[\s\S]*\n {4}\}\n\}\n$/, WRAPPED.join('\n') + '\n}\n');

  it('reads a file of 4-space levels as such though its union members indent their bodies 6 past the bar', () => {
    const answer = ['Here is `mark` with error handling:', '', fence('ts', ...WRAPPED), '', 'A failing mark now only warns.'].join('\n');
    assert.equal(applied(applyEditAnswer(MARK, MARK_SELECTION, answer)), expected);
  });

  it("keeps a REPLACE written at the file's indentation when its SEARCH was quoted at half of it", () => {
    const answer = fence(
      'ts',
      '<<<<<<< SEARCH',
      '  mark(marker: Marker) {',
      '    if ("id" in marker) {',
      '      this.perf.mark(marker.id);',
      '    } else {',
      '      this.perf.mark(marker.type);',
      '    }',
      '=======',
      ...WRAPPED.slice(0, -1),
      '>>>>>>> REPLACE',
    );
    assert.equal(applied(applyEditAnswer(MARK, MARK_SELECTION, answer)), expected);
  });

  it("keeps a REPLACE written at the file's indentation when its SEARCH doubled it, the line changed", () => {
    const ts = lines(
      'export interface Config {',
      '  /** Profiles. */',
      '  USE_PROFILES?: false | Profiles;',
      '',
      '  RETURN_DOM?: boolean;',
      '}',
    );
    const answer = fence(
      'ts',
      '<<<<<<< SEARCH',
      '    USE_PROFILES?: false | Profiles;',
      '=======',
      '  USE_PROFILES?: boolean | Profiles;',
      '>>>>>>> REPLACE',
    );
    assert.equal(applied(applyEditAnswer(ts, { startLine: 2, endLine: 2 }, answer)), ts.replace('false | Profiles', 'boolean | Profiles'));
  });

  it('puts a docstring right after "the `def …:` line" the sentence names, not after the function', () => {
    const py = lines(
      '    def _check(self, fp, login):',
      "        if os.name == 'posix' and login:",
      '            prop = os.fstat(fp.fileno())',
      '            if prop.st_uid != os.getuid():',
      '                raise OSError(prop)',
      '',
    );
    const doc = '        """Refuse a file another user owns."""';
    const answer = ['Add this right after the `def _check(self, fp, login):` line:', '', fence('python', doc)].join('\n');
    assert.equal(applied(applyEditAnswer(py, { startLine: 0, endLine: 3 }, answer)), py.replace('login):\n', `login):\n${doc}\n`));
  });

  it('places a new branch after the line the sentence names though its body repeats that line', () => {
    const py = lines(
      'def check(*args):',
      '    hasstr = hasbytes = False',
      '    for s in args:',
      '        if isinstance(s, str):',
      '            hasstr = True',
      '        elif isinstance(s, bytes):',
      '            hasbytes = True',
      '        else:',
      '            raise TypeError(s)',
      '    return hasstr, hasbytes',
    );
    const answer = [
      'Add this branch right after the `hasbytes = True` line:',
      '',
      fence('python', '        elif isinstance(s, bytearray):', '            hasbytes = True'),
    ].join('\n');
    const result = applied(applyEditAnswer(py, { startLine: 2, endLine: 8 }, answer));
    assert.equal(
      result,
      py.replace(
        '            hasbytes = True\n',
        '            hasbytes = True\n        elif isinstance(s, bytearray):\n            hasbytes = True\n',
      ),
    );
  });

  it('refuses a snippet whose sentence names a place the selection has twice, instead of reading it as the selection rewritten', () => {
    const js = lines(
      'function pick(a, b) {',
      '  if (a) {',
      '    log(a);',
      '    return a;',
      '  }',
      '  if (b) {',
      '    log(b);',
      '    return a;',
      '  }',
      '}',
    );
    const answer = ['Add this right after the `return a;` line:', '', fence('js', '    count++;')].join('\n');
    assert.equal(refused(applyEditAnswer(js, { startLine: 1, endLine: 8 }, answer)).why, 'notFound');
  });

  it('deletes a line with the blank line above it inside the selection, and keeps the two blank lines after it', () => {
    const py = lines('class CycleError(ValueError):', '    """Raised on a cycle."""', '', '    pass', '', '', 'class Sorter:', '    pass');
    const answer = fence('python', 'class CycleError(ValueError):', '    """Raised on a cycle."""', '', '', 'class Sorter:', '    pass');
    assert.equal(
      applied(applyEditAnswer(py, { startLine: 1, endLine: 3 }, answer)),
      lines('class CycleError(ValueError):', '    """Raised on a cycle."""', '', '', 'class Sorter:', '    pass'),
    );
  });

  it('places context quoted around the selection where the file repeats it, not over a class much like it before', () => {
    const cls = (name: string) => [`export class ${name} {`, '    private brand: true;', '}'];
    const ts = lines(...cls('TrustedScript'), '', ...cls('TrustedScriptURL'), '', 'export abstract class Factory {', '}');
    const answer = fence('ts', '}', '', ...cls('TrustedScriptURL'), '', ...cls('TrustedStyle'), '', 'export abstract class Factory {');
    assert.equal(
      applied(applyEditAnswer(ts, { startLine: 4, endLine: 6 }, answer)),
      lines(
        ...cls('TrustedScript'),
        '',
        ...cls('TrustedScriptURL'),
        '',
        ...cls('TrustedStyle'),
        '',
        'export abstract class Factory {',
        '}',
      ),
    );
  });

  it("reads a marker, then new lines ending with the selection's own `};`, as lines added at its end", () => {
    const c = lines(
      'struct fstab',
      '  {',
      '    char *fs_spec;\t\t/* block special device name */',
      '    char *fs_file;\t\t/* file system path prefix */',
      '    int\tfs_passno;\t\t/* pass number on parallel dump */',
      '  };',
    );
    const answer = fence('c', '/* ... existing code ... */', '    int\tfs_flags;\t\t/* reserved flags */', '  };');
    assert.equal(
      applied(applyEditAnswer(c, { startLine: 0, endLine: 5 }, answer)),
      c.replace('  };', '    int\tfs_flags;\t\t/* reserved flags */\n  };'),
    );
  });

  it('puts a snippet deeper than the line its sentence names inside that construct, first (a docstring after `def`)', () => {
    const py = lines(
      '    def isatty(self):',
      '        if self.closed:',
      '            raise ValueError("closed")',
      '        return False',
      '',
    );
    const doc = '        """Return False: never interactive."""';
    const answer = ['Put this docstring on the line right after `def isatty(self):`', '', fence('python', doc)].join('\n');
    assert.equal(applied(applyEditAnswer(py, { startLine: 0, endLine: 3 }, answer)), py.replace('(self):\n', `(self):\n${doc}\n`));
  });

  it('places a snippet after "the closing `};`" its sentence names', () => {
    const js = lines('exports.unsign = function(input){', '  return (', '    check(input)', '   ) ? input : false;', '};');
    const added = ['', 'exports.verify = function(input){', '  return false !== exports.unsign(input);', '};'];
    const answer = ['Append this after the closing `};` of `unsign`, at the end of the file:', '', fence('js', ...added)].join('\n');
    assert.equal(applied(applyEditAnswer(js, { startLine: 2, endLine: 4 }, answer)), js + added.join('\n') + '\n');
  });

  it('reads a marker answer by its marker though its sentence names a place outside the selection', () => {
    const js = lines('exports.unsign = function(input){', '  return (', '    check(input)', '   ) ? input : false;', '};');
    const added = ['', 'exports.verify = function(input){', '  return false !== exports.unsign(input);', '};'];
    const answer = ['Add the helper after `unsign`:', '', fence('js', '    // ... existing code ...', '};', ...added)].join('\n');
    assert.equal(applied(applyEditAnswer(js, { startLine: 2, endLine: 4 }, answer)), js + added.join('\n') + '\n');
  });

  it('keeps continuation lines aligned under `var` where a rename on every line wrote them', () => {
    const js = lines(
      'exports.unsign = function(input, secret){',
      "  var tentativeValue = input.slice(0, input.lastIndexOf('.')),",
      '      expectedInput = exports.sign(tentativeValue, secret),',
      '      expectedBuffer = Buffer.from(expectedInput);',
      '  return (',
      '    expectedBuffer.length > 0',
      '   ) ? tentativeValue : false;',
      '};',
    );
    const answer = fence(
      'js',
      "  var value = input.slice(0, input.lastIndexOf('.')),",
      '      expectedInput = exports.sign(value, secret),',
      '      // ... existing code ...',
      '   ) ? value : false;',
    );
    assert.equal(applied(applyEditAnswer(js, { startLine: 1, endLine: 6 }, answer)), js.replace(/tentativeValue/g, 'value'));
  });

  it('reads a start marker then the last lines with a local renamed as that rename, though a comment elsewhere names the old local', () => {
    const js = lines(
      'for (const name of keys) {',
      '\tif (skip) {',
      '\t\t// Skip descriptor',
      '\t\tcontinue;',
      '\t}',
      '\t// Copy descriptor',
      '\tconst descriptor = Object.getOwnPropertyDescriptor(source, name);',
      '\tObject.defineProperty(destination, name, descriptor);',
      '}',
    );
    const answer = fence(
      'js',
      '\t// ... existing code ...',
      '\tconst desc = Object.getOwnPropertyDescriptor(source, name);',
      '\tObject.defineProperty(destination, name, desc);',
    );
    assert.equal(
      applied(applyEditAnswer(js, { startLine: 5, endLine: 7 }, answer)),
      js.replace(/descriptor\)/g, 'desc)').replace('const descriptor', 'const desc'),
    );
  });

  it('adds a new function after the function a start marker stands for, though its body repeats lines of the next function', () => {
    const fn = (name: string, body: string) => [
      `def ${name}(fd, when=FLUSH):`,
      '    mode = getattr(fd)',
      `    ${body}`,
      '    setattr(fd, when, mode)',
    ];
    const py = lines(...fn('setraw', 'mode[0] = 0'), '', ...fn('setcbreak', 'mode[1] = 1'));
    const added = ['def setecho(fd, on=True, when=FLUSH):', '    mode = getattr(fd)', '    mode[2] = on', '    setattr(fd, when, mode)'];
    const answer = fence('python', '# ... existing code ...', '', ...added);
    assert.equal(
      applied(applyEditAnswer(py, { startLine: 0, endLine: 3 }, answer)),
      lines(...fn('setraw', 'mode[0] = 0'), '', ...added, '', ...fn('setcbreak', 'mode[1] = 1')),
    );
  });

  it('sets a Python function placed after "the `def …` function" apart by a blank line', () => {
    const py = lines('def setraw(fd):', '    mode = getattr(fd)', '    setattr(fd, mode)', '', 'def setcbreak(fd):', '    pass');
    const added = ['def setecho(fd, on=True):', '    return on'];
    const answer = ['Add this after the `def setraw(fd):` function:', '', fence('python', ...added)].join('\n');
    assert.equal(
      applied(applyEditAnswer(py, { startLine: 0, endLine: 2 }, answer)),
      py.replace('mode)\n', `mode)\n\n${added.join('\n')}\n`),
    );
  });

  it('reads a loop head written with another call before an end marker as that head changed', () => {
    const js = lines('\tfor (const name of Object.getOwnPropertyNames(source)) {', '\t\tcopy(name);', '\t\tcount++;', '\t}');
    const answer = fence('js', '\tfor (const name of Reflect.ownKeys(source)) {', '\t\t// ... existing code ...');
    assert.equal(
      applied(applyEditAnswer(js, { startLine: 0, endLine: 3 }, answer)),
      js.replace('Object.getOwnPropertyNames', 'Reflect.ownKeys'),
    );
  });

  it('adds a guard after the guard a start marker stands for, not inside it, set apart as the guards are', () => {
    const js = lines(
      'function merge(destination, source) {',
      '\tif (!destination) {',
      "\t\tthrow new TypeError('The `destination` argument is required.');",
      '\t}',
      '',
      '\tif (!source) {',
      "\t\tthrow new TypeError('The `source` argument is required.');",
      '\t}',
      '}',
    );
    const guard = ["\tif (typeof source !== 'object') {", "\t\tthrow new TypeError('The `source` argument must be an object.');", '\t}'];
    const answer = fence('js', '\t// ... existing code ...', ...guard);
    assert.equal(
      applied(applyEditAnswer(js, { startLine: 5, endLine: 7 }, answer)),
      js.replace("required.');\n\t}\n}", `required.');\n\t}\n\n${guard.join('\n')}\n}`),
    );
  });

  it("reads SWE-agent's edit command as the block it carries, without its first and last lines", () => {
    const js = lines('load()', '', 'try {', "  require('./iterator.js')(List)", '} catch (er) {}', '');
    const answer = [
      'DISCUSSION',
      'The empty catch hid any failure.',
      '',
      fence(
        '',
        'edit 3:5',
        'try {',
        "  require('./iterator.js')(List)",
        '} catch (er) {',
        '  console.warn(er.message)',
        '}',
        'end_of_edit',
      ),
    ].join('\n');
    assert.equal(
      applied(applyEditAnswer(js, { startLine: 2, endLine: 4 }, answer)),
      lines('load()', '', 'try {', "  require('./iterator.js')(List)", '} catch (er) {', '  console.warn(er.message)', '}', ''),
    );
  });
});
