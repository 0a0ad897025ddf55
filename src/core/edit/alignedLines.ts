// Continuation lines aligned under an open bracket (`function f($a,` then `$b` right under `$a`): their
// indentation is a column after the bracket, not a nesting level, so they say nothing of the units, and
// when the block is re-indented they follow the bracket.
import { leadingWhitespace as lead } from './editText';

interface Aligned {
  /** The line that opened the bracket, and the bracket's column there. */
  line: number;
  column: number;
}

const OPEN = '([{';
const CLOSE = ')]}';

/** For each line, the bracket it is aligned under (its text starts right after it), if any. */
export function alignments(lines: readonly string[]): Array<Aligned | undefined> {
  const open: Aligned[] = [];
  const out: Array<Aligned | undefined> = [];
  lines.forEach((line, index) => {
    const indent = lead(line);
    const top = open[open.length - 1];
    out.push(top && !indent.includes('\t') && line.trim() !== '' && indent.length === top.column + 1 ? top : undefined);
    let quote: string | undefined;
    for (let column = 0; column < line.length; column++) {
      const ch = line[column];
      if (quote) {
        if (ch === '\\') column++;
        else if (ch === quote) quote = undefined;
      } else if (ch === '"' || ch === "'" || ch === '`') quote = ch;
      else if (OPEN.includes(ch)) open.push({ line: index, column });
      else if (CLOSE.includes(ch)) open.pop();
    }
  });
  return out;
}

/**
 * `moved`, the block's lines re-indented from `written` (as the model wrote them), with each aligned
 * continuation line put right after its bracket again, wherever re-indenting moved that bracket.
 */
export function realigned(written: readonly string[], moved: readonly string[]): string[] {
  const under = alignments(written);
  const out: string[] = [];
  moved.forEach((line, i) => {
    const bracket = under[i];
    const opener = bracket && out[bracket.line];
    if (!bracket || lead(opener!).includes('\t')) out.push(line);
    else out.push(' '.repeat(bracket.column + lead(opener!).length - lead(written[bracket.line]).length + 1) + line.trimStart());
  });
  return out;
}
