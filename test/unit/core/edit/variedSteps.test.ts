// Answer shapes the ninth blind round of the edit corpus found the applier getting wrong: files whose
// indentation steps vary from place to place (a tab then four spaces for the second level, a tab inside
// repeated context), and whole files given back with a reworded line outside the selection. Each test is
// the shape of a real miss, on a small file.
import * as assert from 'node:assert/strict';
import { applyEditAnswer } from '../../../../src/core/edit/editApplier';
import { applied, fence, lines } from './applierHelpers';

describe('the edit applier in files whose indentation steps vary', () => {
  it('keeps the bytes of kept lines at a tab and four spaces when the answer writes two tabs, and puts a new line beside them', () => {
    const awk = lines('/\\\\$/ {', '\tif (skip) {', '\t    text=substr($0,1)', '\t    count++', '\t}', '}');
    const answer = fence(
      'awk',
      '/\\\\$/ {',
      '\tif (skip) {',
      '\t\ttext=substr($0,1)',
      '\t\tsub(/^ +/, "", text)',
      '\t\tcount++',
      '\t}',
      '}',
    );
    assert.equal(
      applied(applyEditAnswer(awk, { startLine: 0, endLine: 5 }, answer)),
      lines('/\\\\$/ {', '\tif (skip) {', '\t    text=substr($0,1)', '\t    sub(/^ +/, "", text)', '\t    count++', '\t}', '}'),
    );
  });

  it('places repeated context written in spaces over lines the file writes with tabs, once, keeping their bytes', () => {
    const sh = lines(
      'for ARG; do',
      '    case "$ARG" in',
      '     *)\tif test -f "$ARG"; then',
      '            FILES="$FILES $ARG"',
      '        else',
      '            echo "$ARG not found"',
      '\t    exit 1',
      '        fi ;;',
      '    esac',
      'done',
    );
    const answer = fence(
      'sh',
      '     *) if test -f "$ARG"; then',
      '            FILES="$FILES $ARG"',
      '        else',
      '            echo "$ARG not found" >&2',
      '            exit 1',
      '        fi ;;',
    );
    assert.equal(
      applied(applyEditAnswer(sh, { startLine: 5, endLine: 6 }, answer)),
      sh.replace('echo "$ARG not found"', 'echo "$ARG not found" >&2'),
    );
  });
});

describe('the edit applier with a whole file given back', () => {
  it('changes only the selection when the copy rewords a line outside it', () => {
    const conf = lines(
      '# Erlang definitions',
      '# and even further by Erik Søe Sørensen',
      '',
      'keyword = "after|and|case"',
      '',
      'type = "atom"',
    );
    const answer = [
      'erlang.lang',
      '```',
      '# Erlang definitions',
      '# and even further by Erik Soe Sorensen',
      '',
      'keyword = "after|and|case|maybe"',
      '',
      'type = "atom"',
      '```',
    ].join('\n');
    assert.equal(
      applied(applyEditAnswer(conf, { startLine: 3, endLine: 3 }, answer)),
      conf.replace('"after|and|case"', '"after|and|case|maybe"'),
    );
  });
});
