// Text as lines that remember their own line endings, so an edit keeps a CRLF file CRLF and a line the
// edit did not touch keeps its bytes exactly.

export interface TextLines {
  lines: string[];
  /** The ending after each line: '\n', '\r\n', or '' for a last line without one. */
  eols: string[];
  /** The ending new lines get: the file's most common one. */
  eol: string;
}

export function splitText(text: string): TextLines {
  const lines: string[] = [];
  const eols: string[] = [];
  let crlf = 0;
  let lf = 0;
  let at = 0;
  while (at <= text.length) {
    const nl = text.indexOf('\n', at);
    if (nl < 0) {
      // A file that ends with a newline has no empty last line.
      if (at < text.length || lines.length === 0) {
        lines.push(text.slice(at));
        eols.push('');
      }
      break;
    }
    const cr = nl > at && text[nl - 1] === '\r';
    lines.push(text.slice(at, cr ? nl - 1 : nl));
    eols.push(cr ? '\r\n' : '\n');
    if (cr) crlf++;
    else lf++;
    at = nl + 1;
  }
  return { lines, eols, eol: crlf > lf ? '\r\n' : '\n' };
}

export function joinText(text: TextLines): string {
  let out = '';
  for (let i = 0; i < text.lines.length; i++) out += text.lines[i] + text.eols[i];
  return out;
}

/** An answer's lines with every line ending dropped: models send '\n', sometimes '\r\n'. */
export function answerLines(text: string): string[] {
  return text.replace(/\r\n?/g, '\n').split('\n');
}

/** A tool argument's lines: a value that ends with its last line's break is those lines, not one more. */
export function valueLines(value: string): string[] {
  return answerLines(value.replace(/\r?\n$/, ''));
}

export function leadingWhitespace(line: string): string {
  return /^[ \t]*/.exec(line)![0];
}

/** A line's text with its spacing evened out: a tab the model wrote as spaces inside a line is the same line. */
export function spaced(line: string): string {
  return line.trim().replace(/\s+/g, ' ');
}

/**
 * File lines equal (spacing aside) to `line`, from `from` outwards in `direction` within `reach` lines:
 * the nearest `max`, and the farthest too (a whole file given back ends with a `}` many others come
 * before). These are where a block that repeats context around the selection may start or end.
 */
export function contextAnchors(
  file: readonly string[],
  line: string,
  from: number,
  direction: -1 | 1,
  reach: number,
  max: number,
): number[] {
  const out: number[] = [];
  if (isBlank(line)) return out;
  const wanted = spaced(line);
  let farthest: number | undefined;
  for (let i = from, seen = 0; i >= 0 && i < file.length && seen < reach; i += direction, seen++) {
    if (spaced(file[i]) !== wanted) continue;
    if (out.length < max) out.push(i);
    farthest = i;
  }
  if (farthest !== undefined && !out.includes(farthest)) out.push(farthest);
  return out;
}

export function isBlank(line: string): boolean {
  return line.trim() === '';
}

/** Drops blank lines at both ends of a list of lines. */
export function trimBlankEnds(lines: readonly string[]): string[] {
  let start = 0;
  let end = lines.length;
  while (start < end && isBlank(lines[start])) start++;
  while (end > start && isBlank(lines[end - 1])) end--;
  return lines.slice(start, end);
}

/** A line that is a comment (or opens one) in most languages. */
export const COMMENT_LINE = /^\s*(\/\/|#|--|;|<!--|\/\*)/;

/** A line that opens a block at its end: `{`, `(`, `[`, `:`, the shell's `then`, `do`, `else`. */
export const OPENS_BLOCK = /([{([:]|\b(then|do|else))\s*$/;

/** A definition's doc comment, comments and decorators: the lines before its own line. */
export const LEADS_DEFINITION = /^\s*(\/\/|#|\/\*|\*|@\w)/;

/** A line that defines a name: `const x =`, `function x(`, `def x(`, `class X`, `export declare function x(`. */
export const DEFINES =
  /^\s*(?:export\s+)?(?:default\s+)?(?:declare\s+)?(?:abstract\s+)?(?:async\s+)?(?:const|let|var|function\*?|def|class|interface|type|enum|struct|fn|func|sub|CREATE\s+(?:OR\s+REPLACE\s+)?(?:FUNCTION|PROCEDURE|TABLE|VIEW|TYPE|DOMAIN|OPERATOR|AGGREGATE))\s+([\w$]+)/;

/** Each string literal in double or single quotes, escapes inside (for `match` and `replace`). */
export const STRING_LITERALS = /"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'/g;

/** A line that opens or closes a markdown code block: its fence, and the language named after it. */
export const FENCE_OPEN = /^\s*(`{3,}|~{3,})\s*([^\s`]*)/;

const FENCE_LINES = new RegExp(FENCE_OPEN.source, 'gm');

/** Whether `at` lies inside a markdown code block of `text`. */
export function inFence(text: string, at: number): boolean {
  return (text.slice(0, at).match(FENCE_LINES)?.length ?? 0) % 2 === 1;
}
