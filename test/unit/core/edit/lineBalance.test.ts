// The bracket balance the applier checks its readings against: what opens a block and what does not.
import * as assert from 'node:assert/strict';
import { balance } from '../../../../src/core/edit/lineBalance';

describe('the bracket balance of lines', () => {
  it('counts braces, parentheses, brackets and keyword blocks (Make, shell, troff macros)', () => {
    assert.deepEqual(balance(['function f(a, b) {', '  if (a) {', '    return [b];', '  }']), [1, 0, 0, 0, 0]);
    assert.deepEqual(balance(['case "$1" in', '  start) run ;;', 'esac']), [0, 0, 0, 0, 0]);
    assert.deepEqual(balance(['ifdef DEBUG', 'CFLAGS += -g']), [0, 0, 0, 1, 0]);
    assert.deepEqual(balance(['.de DS', '.  br', '..', '.de DE']), [0, 0, 0, 1, 0]);
  });

  it('counts a markup element from its opening tag to its closing tag', () => {
    assert.deepEqual(
      balance(['  <schema id="a">', '    <child name="b"/>', '    <br>', '  </schema>', '  <key name="c">']),
      [0, 0, 0, 0, 1],
    );
    assert.deepEqual(balance(['if (a < b && c > d) {']), [1, 0, 0, 0, 0]);
  });

  it('opens nothing with a bracket inside a string', () => {
    assert.deepEqual(balance(["const open = '{';", 'const close = "}" + "(";']), [0, 0, 0, 0, 0]);
    assert.deepEqual(balance(['printf("%s)\\n", name);']), [0, 0, 0, 0, 0]);
  });

  it('reads a shell case arm’s pattern as no bracket, and a call’s last argument as one', () => {
    assert.deepEqual(balance(["\t\t'-s'|'--buffer-size')", '\t\t*)', '  (-h | --help) usage ;;', '  -x) shift ;;']), [0, 0, 0, 0, 0]);
    assert.deepEqual(balance(['  b)']), [0, -1, 0, 0, 0]);
  });

  it('opens a block with an `if` that an `endif` at its indentation closes (Vim script, csh), and only then', () => {
    const vim = ['  if midx != -1 && getline(v:lnum) =~ "x"', '    let ind = ind - shiftwidth()', '  else', '    let ind = 0', '  endif'];
    assert.deepEqual(balance(vim), [0, 0, 0, 0, 0]);
    assert.deepEqual(balance(vim.slice(0, 2)), [0, 0, 0, 0, 0]);
    assert.deepEqual(balance(vim.slice(2)), [0, 0, 0, -1, 0]);
    assert.deepEqual(balance(['if ($?prompt) then', '  set history = 100', 'endif']), [0, 0, 0, 0, 0]);
    // Ruby's `if` closes with `end`: no block a keyword opens.
    assert.deepEqual(balance(['if ready', '  run', 'end']), [0, 0, 0, 0, 0]);
  });
});
