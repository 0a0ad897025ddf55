// How many brackets lines open and do not close: `{`, `(`, `[`, and the blocks keywords open and close.
// A reading of an answer that leaves a block open, or closes one twice, has put its lines in the wrong place.
import { leadingWhitespace, STRING_LITERALS } from './editText';

/**
 * How many more of each bracket the lines open than they close: `{`, `(`, `[`, the blocks that
 * keywords open and close (Make's `ifdef`…`endif` and `define`…`endef`, the shell's `if … then`…`fi`,
 * `case … in`…`esac`, `do`…`done`, a troff macro's `.de NAME`…`..`, Vim script's and csh's `if`…`endif`),
 * and markup elements, where a closer the block adds reads like one it repeats.
 */
export function balance(lines: readonly string[]): number[] {
  return openedBefore(lines)[lines.length];
}

/** Whether the lines close every bracket and block they open, and close none they did not. */
export function balanced(lines: readonly string[]): boolean {
  return balance(lines).every((n) => n === 0);
}

// (Make's `define name`, not JavaScript's AMD `define([…], …)`.)
const KEYWORD_OPENER =
  /^\s*((ifn?def|ifn?eq)\b|define\s+[\w.$-]|if\b.*;\s*then\s*$|case\b.*\bin\s*$)|(^|;)\s*do\s*$|^\.\s*(de|de1|am|ig)\s+\S/;
const KEYWORD_CLOSER = /^\s*(endif|endef|fi|esac|done)\b|^\.\.\s*$/;
// Vim script's `if exists("b:did_indent")` and csh's `if ($x) then` show no bracket or `; then` that opens a
// block; the `endif` at their own indentation further down shows that they did (Ruby's `if` ends with
// `end`, a shell's `if` on its own line with `fi`: neither is paired, and each counts as before).
const BARE_IF = /^(\s*)if\b/;
const ELSE = /^\s*(else|elseif|elif)\b/;
// A shell `case` arm's pattern (`'-s'|'--buffer-size')`, `*)`, `(-h | --help)`): its `)` closes no bracket,
// so an arm removed or added leaves the brackets as they were. (Quoted, alternated, globbed, an option or
// ended by `;;` on its line, unlike a call's last argument on a line of its own: `  b)`.)
const WORD = `(?:'[^']*'|"[^"]*"|[\\w*?.\\-\\[\\]$]+)`;
const CASE_PATTERN = new RegExp(`^\\s*\\(?\\s*(?=['"*-]|[^)]*\\||[^)]*\\)[^;]*;;\\s*$)${WORD}(?:\\s*\\|\\s*${WORD})*\\s*\\)`);

// A markup element's tags, on a line that starts with one (XML, HTML, JSX): `<schema id="…">` opens,
// `</schema>` closes, `<child … />` and HTML's void elements (`<br>`) do both.
const TAG = /<(\/?)([A-Za-z][\w:.-]*)(?:\s[^<>]*?)?(\/?)>/g;
const VOID_ELEMENT = /^(?:area|base|br|col|embed|hr|img|input|link|meta|source|track|wbr)$/i;

/** For each i, the bracket balance of lines[0, i): a range's balance is then a subtraction, not a rescan. */
export function openedBefore(lines: readonly string[]): number[][] {
  const sums = [[0, 0, 0, 0, 0]];
  for (const [i, line] of lines.entries()) {
    const net = [...sums[sums.length - 1]];
    // (A bracket in a string, `'{'`, opens nothing.)
    for (const ch of line.slice(CASE_PATTERN.exec(line)?.[0].length ?? 0).replace(STRING_LITERALS, '""')) {
      const open = '{(['.indexOf(ch);
      const close = '})]'.indexOf(ch);
      if (open >= 0) net[open]++;
      else if (close >= 0) net[close]--;
    }
    if (KEYWORD_OPENER.test(line) || closedByEndif(lines, i)) net[3]++;
    else if (KEYWORD_CLOSER.test(line)) net[3]--;
    if (/^\s*</.test(line))
      for (const [, closing, name, selfClosing] of line.matchAll(TAG))
        if (closing) net[4]--;
        else if (!selfClosing && !VOID_ELEMENT.test(name)) net[4]++;
    sums.push(net);
  }
  return sums;
}

/** Whether lines[i] is an `if` that an `endif` at its indentation closes, past its deeper body and `else`s. */
function closedByEndif(lines: readonly string[], i: number): boolean {
  const own = BARE_IF.exec(lines[i])?.[1].length;
  if (own === undefined) return false;
  for (let k = i + 1; k < lines.length; k++) {
    const line = lines[k];
    const indent = leadingWhitespace(line).length;
    if (line.trim() === '' || indent > own || (indent === own && ELSE.test(line))) continue;
    return indent === own && /^\s*endif\b/.test(line);
  }
  return false;
}
