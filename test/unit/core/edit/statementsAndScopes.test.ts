// Shapes the fifty-sixth and fifty-seventh blind rounds of the edit corpus found the applier getting
// wrong: a loop head edited between its start and its step, beside a marker for its body; a place said
// after a scope ("Inside `slicy`, directly after …, add:"); an SQL statement over several lines, at the
// end of a file that ends with a newline; and, where no place can be read, new lines that would have
// replaced the function they were to join; and (round 63) a copy of the selected block for one case
// more. Each test is the shape of a real miss.
import * as assert from 'node:assert/strict';
import { applyEditAnswer } from '../../../../src/core/edit/editApplier';
import { applied, fence, lines, refused } from './applierHelpers';

const CONCATTY = lines(
  'var concatty = function concatty(a, b) {',
  '    var arr = [];',
  '',
  '    for (var i = 0; i < a.length; i += 1) {',
  '        arr[i] = a[i];',
  '    }',
  '    for (var j = 0; j < b.length; j += 1) {',
  '        arr[j + a.length] = b[j];',
  '    }',
  '',
  '    return arr;',
  '};',
);

const SLICY = lines(
  'var slicy = function slicy(arrLike, offset) {',
  '    var arr = [];',
  '    for (var i = offset || 0, j = 0; i < arrLike.length; i += 1, j += 1) {',
  '        arr[j] = arrLike[i];',
  '    }',
  '    return arr;',
  '};',
);
const GUARD = ['    if (!arrLike) {', '        return arr;', '    }'];

describe('the edit applier reading statements and scopes', () => {
  it('reads a loop head with its start and step kept as that head edited, beside a marker for its body', () => {
    const answer = fence(
      'js',
      'var concatty = function concatty(a, b) {',
      '    var arr = [];',
      '',
      '    for (var i = 0, aLen = a.length; i < aLen; i += 1) {',
      '        // ... existing code ...',
      '    for (var j = 0, bLen = b.length; j < bLen; j += 1) {',
      '        arr[j + a.length] = b[j];',
      '    }',
      '',
      '    return arr;',
      '};',
    );
    const expected = CONCATTY.replace('i = 0; i < a.length;', 'i = 0, aLen = a.length; i < aLen;').replace(
      'j = 0; j < b.length;',
      'j = 0, bLen = b.length; j < bLen;',
    );
    assert.equal(applied(applyEditAnswer(CONCATTY, { startLine: 0, endLine: 11 }, answer, 'cache array lengths in concatty')), expected);
  });

  it('places a snippet where a sentence says after naming the scope first', () => {
    const answer = [
      'Inside `slicy`, directly after its `var arr = [];` line (not the one in `concatty`), add:',
      '',
      fence('js', ...GUARD),
    ].join('\n');
    const expected = SLICY.replace('    var arr = [];\n', `    var arr = [];\n${GUARD.join('\n')}\n`);
    assert.equal(
      applied(applyEditAnswer(SLICY, { startLine: 0, endLine: 6 }, answer, 'add an early return in slicy if arrLike is missing')),
      expected,
    );
  });

  it('refuses new lines it cannot place rather than let them replace the code they were to join', () => {
    const answer = ['Somewhere sensible in the function, add:', '', fence('js', ...GUARD)].join('\n');
    const outcome = refused(
      applyEditAnswer(SLICY, { startLine: 0, endLine: 6 }, answer, 'add an early return in slicy if arrLike is missing'),
    );
    assert.match(outcome.message, /without saying where/);
  });

  it('puts a statement after a multi-line SQL statement, at the end of a file that ends with a newline', () => {
    const sql = lines(
      'CREATE FUNCTION normal_rand(int4, float8, float8)',
      'RETURNS setof float8',
      "AS 'MODULE_PATHNAME','normal_rand'",
      'LANGUAGE C VOLATILE STRICT;',
      '',
      'CREATE FUNCTION connectby(text,text,text,text,text,int)',
      'RETURNS setof record',
      "AS 'MODULE_PATHNAME','connectby_text_serial'",
      'LANGUAGE C STABLE STRICT;',
    );
    const comment = "COMMENT ON FUNCTION normal_rand(int4, float8, float8) IS 'normally distributed random values';";
    const answer = [
      'Add this statement at the very end of the file, after the last `connectby` definition, with one blank line before it:',
      '',
      fence('sql', comment),
    ].join('\n');
    assert.equal(
      applied(applyEditAnswer(sql, { startLine: 5, endLine: 8 }, answer, 'document normal_rand with COMMENT ON')),
      `${sql}\n${comment}\n`,
    );
  });

  it('reads a selection up to the last line of code as reaching the end of a file that ends with blank lines', () => {
    const py = lines('import os', '', 'x = os.getcwd()', '');
    const answer = ['Append this at the very end of the file:', '', fence('python', 'print(x)')].join('\n');
    assert.equal(applied(applyEditAnswer(py, { startLine: 0, endLine: 2 }, answer, 'print x at the end')), `${py.trimEnd()}\nprint(x)\n\n`);
  });
});

describe('the edit applier with troff comments, quoted code and a construct after a marker', () => {
  it('reads a troff comment with an ellipsis as a marker', () => {
    const tmac = lines('.if n \\{\\', '.  do ftr CR R', '.  do ftr CI I', '.  do ftr CB B', '.\\}', '.');
    const answer = fence('groff', '.\\" ... existing lines ...', '.  do ftr CB B', '.  do ftr CBI BI', '.\\}');
    assert.equal(
      applied(applyEditAnswer(tmac, { startLine: 0, endLine: 4 }, answer, 'add CBI BI ftr line')),
      tmac.replace('CB B\n', 'CB B\n.  do ftr CBI BI\n'),
    );
  });

  it('refuses an answer that says no change is needed and only quotes selected lines, fenced or not', () => {
    const cocci = lines(
      '@@',
      'expression E;',
      '@@',
      '- strbuf_addf',
      '+ strbuf_addstr',
      '  (E,',
      '(',
      '  fmt',
      '|',
      '  _(fmt)',
      ')',
      '  );',
    );
    const answer = [
      'This rule already handles that case. The disjunction',
      '',
      '    (',
      '      fmt',
      '    |',
      '      _(fmt)',
      '    )',
      '',
      'matches either a bare format or one wrapped in `_()`, so it is already rewritten. No change is needed.',
    ].join('\n');
    assert.equal(refused(applyEditAnswer(cocci, { startLine: 0, endLine: 11 }, answer, 'also catch translated formats')).why, 'noCode');
  });

  it('adds a construct after the selection when a marker and the selection’s closing line come first', () => {
    const js = lines(
      'const FLEXIBLE_DESCENDANT_TOKEN = {',
      '    type: "_flexibleDescendant",',
      '};',
      'const SCOPE_TOKEN = {',
      '    type: SelectorType.Pseudo,',
      '    name: "scope",',
      '    data: null,',
      '};',
      '/*',
      ' * Absolutizing a relative selector',
      ' */',
    );
    const root = ['const ROOT_TOKEN = {', '    type: SelectorType.Pseudo,', '    name: "root",', '    data: null,', '};'];
    const answer = ['Here you go:', '', fence('js', '// ... existing code ...', '};', ...root)].join('\n');
    assert.equal(
      applied(applyEditAnswer(js, { startLine: 3, endLine: 7 }, answer, 'Add ROOT_TOKEN after SCOPE_TOKEN, same shape, name "root".')),
      js.replace('    data: null,\n};\n', `    data: null,\n};\n${root.join('\n')}\n`),
    );
  });

  it('reads two markers so that neither keeps the end of a macro the answer rewrites', () => {
    const tmac = lines(
      '.\\" Start display.',
      '.de DS',
      '.  \\" XXX to be written',
      '..',
      '.',
      '.\\" End display.',
      '.de DE',
      '.  \\" XXX to be written',
      '..',
    );
    const answer = fence(
      'groff',
      '.\\" ... existing code ...',
      '.de DS',
      '.  br',
      '.  nf',
      '..',
      '.\\" ... existing code ...',
      '.de DE',
      '.  br',
      '.  fi',
      '..',
    );
    const expected = tmac
      .replace('.de DS\n.  \\" XXX to be written', '.de DS\n.  br\n.  nf')
      .replace('.de DE\n.  \\" XXX to be written', '.de DE\n.  br\n.  fi');
    assert.equal(applied(applyEditAnswer(tmac, { startLine: 0, endLine: 8 }, answer, 'Implement these two macros.')), expected);
  });

  // Round 63: "also" after a marker for the keyword check, a copy of that check for another pattern.
  const INDENT = lines(
    '  let ind = indent(pnum)',
    '  let line = getline(pnum)',
    '',
    "  if line =~ '^\\s*\\%(grammar\\|module\\|rule\\)\\>'",
    '    let ind += shiftwidth()',
    '  endif',
    '',
    '  return ind',
  );
  const BRACE = ["  if line =~ '{\\s*$'", '    let ind += shiftwidth()', '  endif'];
  const COPIED = fence('vim', '  " ... existing keyword check ...', '', ...BRACE);

  it('asked for one thing more, puts a copy of the selected block with another head beside it', () => {
    const expected = INDENT.replace('  endif\n', () => `  endif\n\n${BRACE.join('\n')}\n`);
    assert.equal(applied(applyEditAnswer(INDENT, { startLine: 3, endLine: 5 }, COPIED, 'also indent after a line ending in {')), expected);
  });

  it('asked to change the block, reads the same copy as the block rewritten', () => {
    const expected = INDENT.replace("'^\\s*\\%(grammar\\|module\\|rule\\)\\>'", () => "'{\\s*$'");
    assert.equal(
      applied(applyEditAnswer(INDENT, { startLine: 3, endLine: 5 }, COPIED, 'change the check to a line ending in {')),
      expected,
    );
  });

  it('asked for one thing more, reads a head written before a marker for the body as that head widened', () => {
    const answer = fence('vim', "  if line =~ '^\\s*\\%(grammar\\|module\\|rule\\|token\\)\\>'", '    " ... existing code ...');
    const expected = INDENT.replace('rule\\)', 'rule\\|token\\)');
    assert.equal(applied(applyEditAnswer(INDENT, { startLine: 3, endLine: 5 }, answer, 'also indent after token')), expected);
  });
});
