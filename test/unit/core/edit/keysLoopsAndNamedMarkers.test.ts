// Shapes the sixty-sixth and sixty-seventh blind rounds of the edit corpus found the applier getting
// wrong: a YAML key given another value beside a marker, a tox.ini setting whose value goes on below
// it, a `forEach` rewritten as a `for … of` loop between two markers, a marker that names the selected
// code it stands for, and (round 69) an m4 `dnl` marker, a one-line copy asked for "also" and a Vim
// `if … endif` block added after one a marker keeps. Each test
// is the shape of a real miss; the refusal and the "change" reading guard what must not change.
import * as assert from 'node:assert/strict';
import { applyEditAnswer } from '../../../../src/core/edit/editApplier';
import { applied, fence, lines, refused } from './applierHelpers';

describe('the edit applier with settings, loops and markers that name code', () => {
  it('reads a YAML key with another value as that key rewritten, beside a marker for the lines above it', () => {
    const workflow = lines(
      'jobs:',
      '  analyze:',
      '    name: Analyze',
      '    runs-on: ubuntu-latest',
      '    permissions:',
      '      actions: read',
    );
    const answer = fence('yaml', '  analyze:', '    # (unchanged)', '    runs-on: ubuntu-22.04', '    timeout-minutes: 360');
    assert.equal(
      applied(
        applyEditAnswer(workflow, { startLine: 1, endLine: 3 }, answer, 'use ubuntu-22.04 instead of latest, and set timeout-minutes'),
      ),
      workflow.replace('    runs-on: ubuntu-latest\n', '    runs-on: ubuntu-22.04\n    timeout-minutes: 360\n'),
    );
  });

  it('puts a snippet said to go after a setting after the lines its value goes on over', () => {
    const tox = lines('[testenv]', 'deps =', '    mock', '    nose', 'commands =', '    python tests/test.py {posargs:default}');
    const answer = [
      'Append this at the very end of the file, after the `commands` setting of `[testenv]`:',
      '',
      fence('ini', 'passenv =', '    HOME'),
    ].join('\n');
    assert.equal(
      applied(applyEditAnswer(tox, { startLine: 4, endLine: 5 }, answer, 'tests need $HOME, add passenv')),
      `${tox}passenv =\n    HOME\n`,
    );
  });

  it('reads a `for … of` loop between two markers as the `forEach` it replaces, its `});` closed as `}`', () => {
    const preset = lines(
      'export const creator = {',
      '    rules,',
      '    create(context, _options) {',
      '        rules.forEach((rule) => {',
      '            context.registerRule(rule);',
      '        });',
      '    },',
      '};',
    );
    const answer = fence(
      'ts',
      '    /* ... */',
      '        for (const rule of rules) {',
      '            context.registerRule(rule);',
      '        }',
      '    /* ... */',
    );
    assert.equal(
      applied(applyEditAnswer(preset, { startLine: 2, endLine: 6 }, answer, 'Use a for-of loop in create()')),
      preset.replace('        rules.forEach((rule) => {', '        for (const rule of rules) {').replace('        });', '        }'),
    );
  });

  const PRIMITIVE = lines(
    'function isPrimitive(arg) {',
    '  return arg === null ||',
    "         typeof arg === 'boolean' ||",
    "         typeof arg === 'number' ||",
    "         typeof arg === 'string' ||",
    "         typeof arg === 'symbol' ||  // ES6 symbol",
    "         typeof arg === 'undefined';",
    '}',
  );

  it('reads a comment between ellipses that names selected code as a marker for it', () => {
    const answer = fence(
      'js',
      'function isPrimitive(arg) {',
      '  return arg === null ||',
      '         // ... boolean, number, string checks ...',
      "         typeof arg === 'symbol' ||  // ES6 symbol",
      "         typeof arg === 'bigint' ||",
      "         typeof arg === 'undefined';",
      '}',
    );
    assert.equal(
      applied(applyEditAnswer(PRIMITIVE, { startLine: 0, endLine: 7 }, answer, 'add bigint to isPrimitive')),
      PRIMITIVE.replace('// ES6 symbol\n', () => "// ES6 symbol\n         typeof arg === 'bigint' ||\n"),
    );
  });

  it('still refuses a comment between ellipses that names code the selection does not have', () => {
    const answer = fence(
      'js',
      'function isPrimitive(arg) {',
      '  return arg === null ||',
      '         // ... bigint and typed-array handling ...',
      "         typeof arg === 'undefined';",
      '}',
    );
    assert.match(
      refused(applyEditAnswer(PRIMITIVE, { startLine: 0, endLine: 7 }, answer, 'add bigint to isPrimitive')).message,
      /placeholder/,
    );
  });

  it('reads an m4 `dnl` comment with an ellipsis as a marker', () => {
    const m4 = lines(
      'dnl Check if --with-expat[=PREFIX] is specified and',
      'dnl Expat >= 1.95.0 is installed in the system.',
      'dnl If yes, substitute EXPAT_CFLAGS, EXPAT_LIBS.',
      'AC_DEFUN([AM_WITH_EXPAT],',
    );
    const answer = fence('m4', 'dnl Check whether --with-expat[=PREFIX] is specified and', 'dnl ... rest of the comment unchanged ...');
    assert.equal(
      applied(applyEditAnswer(m4, { startLine: 0, endLine: 1 }, answer, 'check whether, not check if')),
      m4.replace('Check if', 'Check whether'),
    );
  });

  const EXPAT = lines(
    '  if test $expat_found = no; then',
    '\tAC_MSG_ERROR([expat not found])',
    '  fi',
    '',
    '  AC_SUBST(EXPAT_CFLAGS)',
    '  AC_SUBST(EXPAT_LIBS)',
    '])',
  );

  it('asked for one thing more, puts a one-line copy of the last selected line after it, at its indentation', () => {
    const answer = fence('m4', 'dnl ... existing AC_SUBST lines ...', '  AC_SUBST(with_expat)');
    assert.equal(
      applied(applyEditAnswer(EXPAT, { startLine: 4, endLine: 5 }, answer, 'can you also substitute with_expat?')),
      EXPAT.replace('  AC_SUBST(EXPAT_LIBS)\n', '  AC_SUBST(EXPAT_LIBS)\n  AC_SUBST(with_expat)\n'),
    );
  });

  it('asked to change it, reads the same answer as that line rewritten', () => {
    const answer = fence('m4', 'dnl ... existing AC_SUBST lines ...', '  AC_SUBST(with_expat)');
    assert.equal(
      applied(applyEditAnswer(EXPAT, { startLine: 4, endLine: 5 }, answer, 'substitute with_expat instead of EXPAT_LIBS')),
      EXPAT.replace('AC_SUBST(EXPAT_LIBS)', 'AC_SUBST(with_expat)'),
    );
  });

  it('keeps a Vim `if … endif` block a marker stands for, and puts a new block after it rather than in its body', () => {
    const indent = lines(
      'function! GetIndent()',
      '  let ind = indent(prevlnum)',
      '  if midx != -1 && getline(v:lnum) =~ "end"',
      '    let ind = ind - shiftwidth()',
      '  endif',
      '',
      '  return ind',
      'endfunction',
    );
    const answer = fence('vim', '" ... existing code ...', '  if ind < 0', '    let ind = 0', '  endif');
    assert.equal(
      applied(applyEditAnswer(indent, { startLine: 2, endLine: 4 }, answer, 'make sure ind >= 0')),
      indent.replace('  endif\n', '  endif\n  if ind < 0\n    let ind = 0\n  endif\n'),
    );
  });

  it('reads a marker that names the docstring as the docstring alone, so new lines go right after it', () => {
    const sndhdr = lines(
      'def what(filename):',
      '    """Guess the type of a sound file."""',
      '    res = whathdr(filename)',
      '    return res',
    );
    const answer = fence(
      'python',
      'def what(filename):',
      '    # ... docstring unchanged ...',
      '    if not filename:',
      "        raise ValueError('filename must not be empty')",
      '    # ... rest unchanged ...',
    );
    assert.equal(
      applied(applyEditAnswer(sndhdr, { startLine: 0, endLine: 3 }, answer, 'what() should reject empty names')),
      sndhdr.replace('"""\n', `"""\n    if not filename:\n        raise ValueError('filename must not be empty')\n`),
    );
  });
});
