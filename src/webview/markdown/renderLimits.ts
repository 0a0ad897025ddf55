// How much work one answer may cost the chat view, whatever the model sends. Past these limits a
// block is shown as plain text (escaped, line breaks kept) instead of being parsed, and code is
// shown without colours. The numbers come from measuring marked 18, DOMPurify and highlight.js in
// Chromium on the 2-core development machine (bench/chat.ts reports the hostile cases); the aim is
// that no block costs more than about 20 ms, and no frame more than the budget plus one block.

/** Markdown work per frame, shared by every answer on screen; the rest waits for the next frame. */
export const FRAME_BUDGET_MS = 8;

/**
 * A top-level block longer than this is plain text, never lexed. Plain prose costs marked about
 * 0.1–0.4 ms per KB; 32 KB stays under 12 ms.
 */
export const BLOCK_MAX_CHARS = 32_000;

/**
 * Lists and block quotes: marked re-lexes a line once per level of nesting, about 5 µs per line
 * and level (32 KB of `- - - - - - - - x` lines took 75 ms, and 8,000 levels of `> ` overflow the
 * stack). A block may nest this deep, and its lines plus their levels may add up to this much.
 */
const MAX_NESTING = 32;
const CONTAINER_MAX_WORK = 4_000;

/** Lines of one list item: marked is quadratic in them (2,000 lazy lines took 23 ms, 4,000 took 110 ms). */
const LIST_ITEM_MAX_LINES = 800;

/**
 * Inline parsing, in "opener × length" units (see inlineLoad): marked's emphasis matching scans
 * forward from every `*`, `_` or `~` that could open, so it is quadratic. The worst runs measured
 * (`a*_`, `*_a`, `[*a`, `a/*` repeated) cost about 2e-5 ms per unit in the chat view's Chromium
 * (1.4 KB of `a*_`: 26–39 ms; 4 KB: 100 ms in Node; 80 KB of `_a`: 34 s). 750,000 units is about
 * 15 ms: a paragraph of ordinary prose (an opener every 20 characters) is parsed up to about 3.8 KB,
 * one made of delimiters up to about 1 KB.
 */
export const INLINE_MAX_LOAD = 750_000;

/** Elements per block: DOMPurify and layout cost about 9 µs each (a 32 KB table, 11,000 nodes: 100 ms). */
export const BLOCK_MAX_NODES = 2_000;

/**
 * A segment that will obviously make more elements than this (counted before lexing: list and
 * quote markers, table pipes, one-line blocks such as headings) is plain text without being lexed:
 * lexing 30 KB of one-line headings alone took 37 ms.
 */
const SEGMENT_MAX_NODES = 4_000;

/**
 * What any block costs besides its elements, counted as elements: rendering and sanitising it
 * (about 90 µs: 7,500 one-line headings took 660 ms).
 */
export const BLOCK_NODE_COST = 10;

/**
 * Per answer: once its blocks have used this much, the rest of the answer is one block of plain
 * text, so a whole answer (1 MB reopened from history) renders in well under a second even when it
 * is made of tiny blocks, or every block sits just under the limits above. The 40k-token answer of
 * bench/chat.ts (160 KB, about 1,200 blocks) uses 22,000 nodes and almost no load.
 */
const ANSWER_MAX_LOAD = 10_000_000;
const ANSWER_MAX_NODES = 50_000;

/**
 * Syntax colours only for closed fences this small, with no line longer than HIGHLIGHT_MAX_LINE
 * and no more coloured spans than HIGHLIGHT_MAX_SPANS. highlight.js costs up to 3 ms per KB on
 * hostile code with short lines (Java `$` runs: 10 KB took 30–45 ms, JSON `[{` runs), so 8 KB
 * stays near 25 ms; long lines are quadratic (one 20 KB line of `$` took 6 s); and every span is an
 * element to sanitise and lay out (12 KB of `[{` in JSON makes 12,000 of them: 110 ms). Ordinary
 * code colours at about 1 ms per KB.
 */
export const HIGHLIGHT_MAX_CHARS = 8_000;
const HIGHLIGHT_MAX_LINE = 200;
export const HIGHLIGHT_MAX_SPANS = 1_500;

/**
 * Plain text and long code are laid out in pieces of at most this many characters and lines, each
 * skipped while off-screen: layout costs about 5 µs a line (30 KB of 15,000 short lines in two
 * pieces took 60 ms), so a piece lays out in about 3 ms.
 */
export const PIECE_CHARS = 16_000;
export const PIECE_LINES = 500;

/** What a rendered block used of its answer's allowance. */
export interface RenderUsage {
  load: number;
  nodes: number;
}

const isSpace = (c: number) => c === 32 || c === 9 || c === 10 || c === 13;
const isDigit = (c: number) => c >= 48 && c <= 57;

/** Length of the list marker (with its space) at `i` in `text`, or 0. */
function listMarkerAt(text: string, i: number, end: number): number {
  const c = text.charCodeAt(i);
  let j = i;
  if (c === 45 || c === 42 || c === 43) j = i + 1;
  else if (isDigit(c)) {
    while (j < end && j - i < 9 && isDigit(text.charCodeAt(j))) j++;
    const d = text.charCodeAt(j);
    if (d !== 46 && d !== 41) return 0;
    j++;
  } else return 0;
  if (j === end) return j - i;
  const after = text.charCodeAt(j);
  return after === 32 || after === 9 ? j - i + 1 : 0;
}

/** Whether the line from `i` to `end` is a one-line block: an ATX heading or a thematic break / setext underline. */
function oneLineBlock(text: string, i: number, end: number): boolean {
  const first = text.charCodeAt(i);
  if (first === 35) return true; // #
  if (first !== 45 && first !== 42 && first !== 95 && first !== 61) return false; // - * _ =
  let marks = 0;
  for (let j = i; j < end; j++) {
    const c = text.charCodeAt(j);
    if (c === first) marks++;
    else if (c !== 32 && c !== 9) return false;
  }
  return marks >= 3 || first === 61;
}

/**
 * Whether marked may lex `text` (one segment, see markdownSegments.ts) in bounded time: not too
 * long, not nested too deep, no list item with too many lines, not obviously too many elements.
 */
export function fitsMarked(text: string): boolean {
  if (text.length > BLOCK_MAX_CHARS) return false;
  let work = 0;
  let nodes = 0;
  let containers = false;
  let sinceMarker = -1;
  for (let lineStart = 0; lineStart < text.length;) {
    const newline = text.indexOf('\n', lineStart);
    const end = newline < 0 ? text.length : newline;
    let i = lineStart;
    let depth = 0;
    let columns = 0;
    let marker = false;
    let quote = false;
    for (;;) {
      const c = text.charCodeAt(i);
      if (c === 32) columns += 1;
      else if (c === 9) columns += 4 - (columns % 4);
      else if (c === 62) {
        depth += 1;
        quote = true;
      } else {
        const length = i < end ? listMarkerAt(text, i, end) : 0;
        if (!length) break;
        depth += 1;
        marker = true;
        i += length;
        continue;
      }
      i += 1;
    }
    if (i < end && oneLineBlock(text, i, end)) nodes += BLOCK_NODE_COST;
    for (let j = i; j < end; j++) if (text.charCodeAt(j) === 124) nodes += 1; // | (a table cell)
    nodes += 3 * depth;
    if (nodes > SEGMENT_MAX_NODES) return false;
    // Indentation nests too (a list item inside another), at most one level per two columns.
    depth += columns >> 1;
    if (depth > MAX_NESTING) return false;
    containers ||= marker || quote;
    if (marker) sinceMarker = 0;
    else if (sinceMarker >= 0 && ++sinceMarker > LIST_ITEM_MAX_LINES) return false;
    work += 1 + depth;
    lineStart = end + 1;
  }
  return !containers || work <= CONTAINER_MAX_WORK;
}

/**
 * The cost of inline-parsing `text` (one paragraph, heading or table cell), in the units of
 * INLINE_MAX_LOAD: every `*`, `_` or `~` followed by a non-space may open emphasis and be matched
 * against the rest of the text; a long run without spaces is quadratic too (an 8 KB run of `%?!`
 * took 24 ms, hence its square over 27).
 */
export function inlineLoad(text: string): number {
  let openers = 0;
  let runs = 0;
  let run = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (isSpace(c)) {
      runs += run * run;
      run = 0;
      continue;
    }
    run += 1;
    if ((c === 42 || c === 95 || c === 126) && i + 1 < text.length && !isSpace(text.charCodeAt(i + 1))) openers += 1;
  }
  runs += run * run;
  return openers * text.length + runs / 27;
}

/** Whether highlight.js may colour `code`: small enough, and no line long enough to turn quadratic. */
export function highlightable(code: string): boolean {
  if (code.length > HIGHLIGHT_MAX_CHARS) return false;
  let lineStart = 0;
  for (;;) {
    const newline = code.indexOf('\n', lineStart);
    const end = newline < 0 ? code.length : newline;
    if (end - lineStart > HIGHLIGHT_MAX_LINE) return false;
    if (newline < 0) return true;
    lineStart = newline + 1;
  }
}

export const NO_USAGE: RenderUsage = { load: 0, nodes: 0 };

export const addUsage = (a: RenderUsage, b: RenderUsage): RenderUsage => ({ load: a.load + b.load, nodes: a.nodes + b.nodes });

/** What is left of an answer's limits once its blocks so far used `used`. */
export const allowanceAfter = (used: RenderUsage): RenderUsage => ({
  load: ANSWER_MAX_LOAD - used.load,
  nodes: ANSWER_MAX_NODES - used.nodes,
});

/** Whether too little is left for another block at its limits: the rest of the answer is then plain text. */
export const exhausted = (allowance: RenderUsage): boolean =>
  allowance.load < INLINE_MAX_LOAD || allowance.nodes < BLOCK_MAX_NODES + HIGHLIGHT_MAX_SPANS;
