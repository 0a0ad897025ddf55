// Cuts an answer into top-level segments in one linear pass, before marked sees any of it. marked's
// lexer is superlinear on some input (lazy list lines, deep nesting, emphasis runs), so it is only
// ever given one segment, which renderLimits.ts can judge first. A cut is made only where marked
// would end a top-level block too (a blank line before an unindented line that continues no list,
// or a fence at column 0), so an answer renders as if marked had lexed it whole. Two known
// differences: a reference-style link resolves only within its segment, and an HTML block such as
// `<pre>` that spans a blank line is cut there (both show as text anyway).

/** A fence opening line: its character, length and info string. */
export interface FenceOpen {
  char: '`' | '~';
  length: number;
  info: string;
}

export interface Segment {
  /** Offsets in the text the segment was cut from. */
  start: number;
  end: number;
  /** Set when the segment is a fenced code block opened at column 0 (rendered without marked). */
  fence?: FenceOpen;
}

const LIST_MARKER = /^(?:[-*+]|\d{1,9}[.)])(?:[ \t]|$)/;
const BLANK = /^[ \t]*$/;

// The two fence checks scan by hand: a regex over a hostile megabyte-long line of backticks and
// spaces can backtrack quadratically.

/** Start of a run of `char` after at most three spaces, and the run's end. */
function fenceRun(line: string, char?: string): { indent: number; end: number } | undefined {
  let indent = 0;
  while (indent < 3 && line.charCodeAt(indent) === 32) indent++;
  const c = char ?? line[indent];
  if (c !== '`' && c !== '~') return undefined;
  let end = indent;
  while (line[end] === c) end++;
  return end - indent >= 3 ? { indent, end } : undefined;
}

/** The fence `line` opens (`indent` spaces before it), if any; a backtick fence's info may hold no backtick. */
export function fenceOpen(line: string): (FenceOpen & { indent: number }) | undefined {
  const run = fenceRun(line);
  if (!run) return undefined;
  const char = line[run.indent] as '`' | '~';
  const info = line.slice(run.end);
  if (char === '`' && info.includes('`')) return undefined;
  return { char, length: run.end - run.indent, info: info.trim(), indent: run.indent };
}

/** Whether `line` closes the fence `open`: the same character, at least as long, nothing after it. */
export function closesFence(line: string, open: FenceOpen): boolean {
  const run = fenceRun(line, open.char);
  if (!run || run.end - run.indent < open.length) return false;
  for (let i = run.end; i < line.length; i++) if (line[i] !== ' ' && line[i] !== '\t') return false;
  return true;
}

/**
 * The segments of `text` from offset `from`, which must be a segment start (0, or the start of a
 * segment an earlier call returned). Text appended later changes at most the last two segments,
 * so a caller re-cuts from the start of the second-to-last one. At most `limit` segments: the cut
 * then stops short of the end of the text, and goes on from a later call.
 */
export function splitSegments(text: string, from = 0, limit = Infinity): Segment[] {
  const segments: Segment[] = [];
  let start = from;
  let fence: FenceOpen | undefined;
  let fenceSegment: FenceOpen | undefined;
  let hasContent = false;
  let afterBlank = false;
  /** A closed column-0 fence ends its segment at the next non-blank line, whatever that line is. */
  let afterFence = false;
  const cut = (at: number) => {
    if (at > start) segments.push({ start, end: at, ...(fenceSegment ? { fence: fenceSegment } : {}) });
    start = at;
    fenceSegment = undefined;
    afterBlank = false;
    afterFence = false;
  };
  for (let lineStart = from; lineStart < text.length && segments.length < limit;) {
    const newline = text.indexOf('\n', lineStart);
    const lineEnd = newline < 0 ? text.length : newline;
    const next = newline < 0 ? text.length : newline + 1;
    const line = text.charCodeAt(lineEnd - 1) === 13 ? text.slice(lineStart, lineEnd - 1) : text.slice(lineStart, lineEnd);
    if (fence) {
      if (closesFence(line, fence)) {
        fence = undefined;
        if (fenceSegment) afterFence = true;
      }
    } else if (BLANK.test(line)) {
      if (hasContent) afterBlank = true;
    } else {
      const open = fenceOpen(line);
      if (open?.indent === 0) {
        cut(lineStart);
        fenceSegment = fence = { char: open.char, length: open.length, info: open.info };
      } else {
        const continues = /^[ \t]/.test(line) || LIST_MARKER.test(line);
        if (afterFence || (afterBlank && !continues)) cut(lineStart);
        afterBlank = false;
        // An indented fence (in a list item, or 1–3 spaces in) is not cut around, only stepped over.
        if (open) fence = { char: open.char, length: open.length, info: open.info };
      }
      hasContent = true;
    }
    lineStart = next;
  }
  if (segments.length < limit) cut(text.length);
  return segments;
}
