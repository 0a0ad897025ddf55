// Text for "Read aloud": clean an editor selection so a speech model reads words rather than markup
// and comment markers, then split it into parts that each go out as their own speech request.
// Pure string work (Intl only), so it runs in the extension host and in a browser alike.

import { isCodeLanguage, verbaliseCodeLine } from './codeVerbaliser';

export interface CleanOptions {
  /** Strip markdown syntax and code-comment markers (setting tandem.speech.stripMarkup, default true). */
  stripMarkup: boolean;
  /**
   * The editor's language id. For a code language (not markdown or plain text) each line of code is read
   * as words by the code verbaliser, unless `readCodeLiterally` (setting tandem.speech.readCodeLiterally).
   */
  languageId?: string;
  readCodeLiterally?: boolean;
}

export interface SplitOptions {
  /** Most characters in the first part (default 200): short, so playback starts soon. */
  firstMaxChars?: number;
  /** Most characters in every later part (default 1000). */
  maxChars?: number;
}

// Why these sizes: speech runs at about 14 characters per second, so 1000 characters is ~70 s of audio.
// Speech models cap max_completion_tokens at 8192 (Service A contract); the contract does not give the
// audio token rate, but even at ~100 audio tokens per second 70 s stays far below the cap, so a part is
// never cut off. The first part is only one or two sentences so the time from the command to the first
// sound stays low; later parts are requested while the current one plays, so their size does not delay.
const DEFAULT_FIRST_MAX_CHARS = 200;
const DEFAULT_MAX_CHARS = 1000;

/** A line as the paragraph builder sees it. */
interface Line {
  text: string;
  /** Comment text (or a `#` heading): a run of these is kept apart from the code or prose around it. */
  comment: boolean;
  /** Starts its own sentence even without a blank line before it (list item, table row, JSDoc tag). */
  startsBlock: boolean;
  /** Inside a code fence: no inline markdown rules apply. */
  code: boolean;
  /** Index of the raw line it came from (a raw line can give two: code, then its trailing comment). */
  source: number;
}

/** Where a line starts: inside a block comment or docstring, inside a fence. */
interface LineState {
  open: OpenBlock;
  fence: string | null;
}

const SENTENCE_END = /[.!?。！？:;…]["'”’)\]»」』]*$/u;
/** Letters, digits and symbols: a paragraph of nothing but punctuation or markers is not spoken. */
const SPEAKABLE = /[\p{L}\p{N}\p{S}]/u;
const SPACES = /[ \u00A0\u1680\u2000-\u200A\u202F\u205F\u3000]+/g;

/** Text as it should be spoken. */
export function cleanForSpeech(text: string, options: CleanOptions): string {
  return cleanFrom(text, options, undefined);
}

/** `cleanForSpeech` for a piece of a larger text, starting in `state` (inside a comment or a fence). */
function cleanFrom(text: string, options: CleanOptions, state: LineState | undefined): string {
  const rawLines = normaliseLines(text.replace(/\r\n?|[\u2028\u2029]/g, '\n').split('\n'));
  const lines = markLines(rawLines, options, state);

  const spoken: string[] = [];
  let paragraph: Line[] = [];
  const flush = () => {
    if (paragraph.length === 0) return;
    let joined = paragraph.map((line) => line.text).join(' ');
    if (options.stripMarkup) {
      if (!paragraph[0].code) joined = stripInlineMarkdown(joined);
      joined = urlsToHosts(joined);
    }
    joined = joined.replace(SPACES, ' ').trim();
    if (SPEAKABLE.test(joined)) spoken.push(endSentence(joined));
    paragraph = [];
  };
  for (const line of lines) {
    const text = line.text.replace(SPACES, ' ').trim();
    if (!text) {
      flush();
      continue;
    }
    if (breaksBefore(line, paragraph[paragraph.length - 1])) flush();
    paragraph.push({ ...line, text });
  }
  flush();
  return spoken.join(' ');
}

/** Tabs become spaces and control characters go; line by line, so a line's place in the text is kept. */
function normaliseLines(rawLines: string[]): string[] {
  return (
    rawLines
      .map((line) => line.replace(/[\t\v\f]/g, ' '))
      // eslint-disable-next-line no-control-regex -- dropping control characters is the point
      .map((line) => line.replace(/[\u0000-\u0009\u000B-\u001F\u007F-\u009F\u200B\uFEFF]/g, ''))
  );
}

/** The lines as the paragraph builder sees them; `states` receives where each raw line starts. */
function markLines(rawLines: string[], options: CleanOptions, state: LineState | undefined, states?: LineState[]): Line[] {
  const lines: Line[] = options.stripMarkup
    ? stripLineMarkup(rawLines, options.languageId, state, states)
    : rawLines.map((line, source) => ({ text: line, comment: false, startsBlock: false, code: false, source }));
  const language = options.languageId ?? '';
  if (options.stripMarkup && !options.readCodeLiterally && isCodeLanguage(language)) {
    // Each line of code is a phrase of its own; `code` keeps the markdown rules off the spoken words.
    for (const line of lines) {
      if (line.comment || !line.text.trim()) continue;
      line.text = verbaliseCodeLine(line.text, language);
      line.code = true;
      line.startsBlock = true;
    }
  }
  return lines;
}

/** A non-blank line starts a new paragraph: a block of its own, or a change between comment, code and prose. */
function breaksBefore(line: Line, previous: Line | undefined): boolean {
  return previous !== undefined && (line.startsBlock || line.comment !== previous.comment || line.code !== previous.code);
}

/** One spoken sentence and the span of the source text it was read from. */
export interface SpokenSentence {
  text: string;
  /** Offsets into the source text: the sentence as written, markup included. */
  start: number;
  end: number;
}

const LINE_BREAK = /\r\n|[\r\n\u2028\u2029]/g;

/**
 * The source split into sentences first, each then cleaned for speech, so every spoken part knows the
 * span of the document it came from (follow along highlights it). Paragraphs are found as
 * `cleanForSpeech` finds them (a comment, a list item or a line of code is never joined to its
 * neighbour); sentences inside a paragraph may run over several lines. A sentence that cleans to
 * nothing is dropped; one longer than the split limits is cut as `splitForSpeech` cuts, each piece
 * keeping the whole sentence's span.
 */
export function speechSentences(source: string, clean: CleanOptions, split: SplitOptions = {}): SpokenSentence[] {
  const firstMax = checkLimit(split.firstMaxChars ?? DEFAULT_FIRST_MAX_CHARS, 'firstMaxChars');
  const max = checkLimit(split.maxChars ?? DEFAULT_MAX_CHARS, 'maxChars');
  const lineStarts = [0];
  const lineEnds: number[] = [];
  for (const match of source.matchAll(LINE_BREAK)) {
    lineEnds.push(match.index);
    lineStarts.push(match.index + match[0].length);
  }
  lineEnds.push(source.length);
  const states: LineState[] = [];
  const lines = markLines(
    normaliseLines(lineStarts.map((start, i) => source.slice(start, lineEnds[i]))),
    clean,
    { open: clean.stripMarkup ? initialOpenBlock(source.split(LINE_BREAK)) : null, fence: null },
    states,
  );

  // Paragraphs as raw line spans; two that share a raw line (code, then its trailing comment) are one.
  const paragraphs: Array<{ first: number; last: number }> = [];
  let previous: Line | undefined;
  for (const line of lines) {
    if (!line.text.trim()) {
      previous = undefined;
      continue;
    }
    const current = paragraphs[paragraphs.length - 1];
    const joins = current !== undefined && (current.last === line.source || (previous !== undefined && !breaksBefore(line, previous)));
    if (joins) current.last = line.source;
    else paragraphs.push({ first: line.source, last: line.source });
    previous = line;
  }

  const out: SpokenSentence[] = [];
  for (const { first, last } of paragraphs) {
    const from = lineStarts[first];
    // Line breaks inside a paragraph become spaces of the same length, so offsets still point into the source.
    const flat = source.slice(from, lineEnds[last]).replace(LINE_BREAK, (brk) => ' '.repeat(brk.length));
    for (const span of sentenceRanges(flat)) {
      const start = from + span.start;
      const end = from + span.end;
      const line = lineOf(lineStarts, start);
      const text = cleanFrom(source.slice(start, end), clean, states[line]);
      if (!text) continue;
      for (const piece of splitForSpeech(text, { firstMaxChars: out.length === 0 ? firstMax : max, maxChars: max })) {
        out.push({ text: piece, start, end });
      }
    }
  }
  return out;
}

/** The index of the line holding `offset` (binary search over the lines' start offsets). */
function lineOf(lineStarts: readonly number[], offset: number): number {
  let lo = 0;
  let hi = lineStarts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (lineStarts[mid] <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** A paragraph break ends a sentence: add a full stop unless sentence punctuation is already there. */
function endSentence(paragraph: string): string {
  if (SENTENCE_END.test(paragraph)) return paragraph;
  return `${paragraph.replace(/[,，、]+$/u, '')}.`;
}

/** The block comment or docstring a line is inside, named by the marker that closes it. */
type OpenBlock = '*/' | '-->' | '"""' | "'''" | null;

const BLOCK_OPENERS: [RegExp, Exclude<OpenBlock, null>][] = [
  [/^\/\*+!?/, '*/'],
  [/^<!--/, '-->'],
  [/^"""/, '"""'],
  [/^'''/, "'''"],
];
const BLOCK_CLOSERS: Record<Exclude<OpenBlock, null>, RegExp> = {
  '*/': /\*+\/$/,
  '-->': /-->$/,
  '"""': /"""$/,
  "'''": /'''$/,
};
/** Line comments (`///`, `//!`, `//`), `#` comments and markdown headings, SQL/Lua `--`, Lisp `;;`. */
const LINE_COMMENT = /^(?:\/\/[/!]?|#{1,6}(?=\s|$)|--(?=\s|$)|;;+)/;
const FENCE = /^(`{3,}|~{3,})/;
const RULE = /^([-*_=])(?:\s*\1){2,}$/;

/** Line-level markup: fences, shebangs, comment markers, rules, tables, quotes, list bullets. */
function stripLineMarkup(rawLines: string[], languageId = '', start?: LineState, states?: LineState[]): Line[] {
  const out: Line[] = [];
  let fence: string | null = start ? start.fence : null;
  let open = start ? start.open : initialOpenBlock(rawLines);
  let index = -1;
  const push = (...lines: Omit<Line, 'source'>[]) => out.push(...lines.map((line) => ({ ...line, source: index })));
  for (const raw of rawLines) {
    index++;
    states?.push({ open, fence });
    let text = raw.trim();
    const fenceMatch = FENCE.exec(text);
    if (fence === null && fenceMatch) {
      fence = fenceMatch[1];
      push(blank());
      continue;
    }
    if (fence !== null && text.startsWith(fence) && text.replace(/[`~]/g, '') === '') {
      fence = null;
      push(blank());
      continue;
    }
    if (/^#!\s*\//.test(text)) {
      // A shebang line says nothing worth hearing (Rust's `#![attr]` is not one).
      push(blank());
      continue;
    }
    const code = fence !== null;
    if (!code && RULE.test(text)) {
      // Horizontal rules, setext heading underlines and front-matter dashes end the paragraph.
      push(blank());
      continue;
    }
    if (!code) text = text.replace(/^(?:>\s?)+/, '');

    let comment = open !== null;
    if (open !== null) {
      if (open === '*/') text = text.replace(/^\*+(?!\/)\s?/, '');
      const closer = BLOCK_CLOSERS[open];
      if (closer.test(text)) {
        text = text.replace(closer, '');
        open = null;
      }
    } else {
      const opener = BLOCK_OPENERS.find(([re]) => re.test(text));
      if (opener) {
        comment = true;
        text = text.replace(opener[0], '');
        const closer = BLOCK_CLOSERS[opener[1]];
        if (closer.test(text)) text = text.replace(closer, '');
        else open = opener[1];
      } else if (LINE_COMMENT.test(text)) {
        comment = true;
        const hash = text.startsWith('#');
        // `## Title ##`: closing hashes go too; a `#` glued to a word ("C#") stays.
        text = text
          .replace(LINE_COMMENT, '')
          .replace(/(?<!\s)\s+#+$/, '')
          .trim();
        // `#` lines are often one note each; a line that starts with a capitalised word begins a new
        // sentence, while one in lower case (or an acronym, "API") continues the line above.
        if (hash && /^\p{Lu}(?!\p{Lu})/u.test(text) && out.length > 0 && out[out.length - 1].comment) {
          push({ text, comment, startsBlock: true, code: fence !== null });
          continue;
        }
      } else {
        // Only in code: in prose, "press the # key" has no comment in it.
        const trailing = code || !languageId || isCodeLanguage(languageId) ? trailingComment(text, languageId) : undefined;
        if (trailing) {
          // `x = 1  # note` / `foo(); // note`: the code, then the note as its own phrase, without its marker.
          push({ text: trailing.code, comment: false, startsBlock: false, code });
          push({ text: trailing.note, comment: true, startsBlock: true, code });
          continue;
        }
        // A trailing `/* note */` after code: the note is spoken, its markers are not.
        text = text.replace(/\/\*+\s?(.*?)\s?\*+\/$/, '$1').replace(/<!--\s?(.*?)\s?-->$/, '$1');
      }
    }
    text = text.trim();

    let startsBlock = comment && text.startsWith('@');
    if (!code) {
      if (text.startsWith('|') && text.endsWith('|') && text.length > 1) {
        if (/^[\s|:-]+$/.test(text)) {
          push(blank());
          continue;
        }
        // A table row is a sentence of its own: its cells, with a pause between them.
        text = text
          .slice(1, -1)
          .split('|')
          .map((cell) => cell.trim())
          .filter(Boolean)
          .join(', ');
        push({ text, comment, startsBlock: true, code }, blank());
        continue;
      }
      const bullet = /^(?:[-*+]|\d{1,9}[.)])\s+(?:\[[ xX]\]\s+)?/.exec(text);
      if (bullet) {
        text = text.slice(bullet[0].length);
        startsBlock = true;
      }
    }
    push({ text, comment, startsBlock, code });
  }
  return out;
}

const HASH_COMMENT_LANGUAGES = new Set([
  'python',
  'shellscript',
  'ruby',
  'perl',
  'r',
  'yaml',
  'toml',
  'makefile',
  'dockerfile',
  'powershell',
  'coffeescript',
  'julia',
  'elixir',
]);
const SLASH_COMMENT_LANGUAGES = new Set([
  'typescript',
  'typescriptreact',
  'javascript',
  'javascriptreact',
  'go',
  'rust',
  'java',
  'c',
  'cpp',
  'csharp',
  'kotlin',
  'swift',
  'scala',
  'dart',
  'php',
  'jsonc',
]);

/**
 * A `//` or `#` comment after code on the same line: the marker must follow a space, be followed by a
 * space, and sit outside any string literal, so `https://x`, `"a // b"` and `C# code` are left alone.
 */
function trailingComment(line: string, languageId: string): { code: string; note: string } | undefined {
  // Python's `//` divides and C's `#` starts a directive: where the language is known, only its marker counts.
  const slash = !HASH_COMMENT_LANGUAGES.has(languageId);
  const hash = !SLASH_COMMENT_LANGUAGES.has(languageId);
  let quote: string | null = null;
  for (let i = 0; i < line.length; i++) {
    const char = line[i];
    if (quote !== null) {
      if (char === '\\') i++;
      else if (char === quote) quote = null;
      continue;
    }
    // An apostrophe inside a word ("don't") opens no string.
    if (char === '"' || char === '`' || (char === "'" && !/[\p{L}\p{N}]/u.test(line[i - 1] ?? ''))) {
      quote = char;
      continue;
    }
    if (i === 0 || !/\s/.test(line[i - 1])) continue;
    const marker = slash && line.startsWith('//', i) ? 2 : hash && char === '#' ? 1 : 0;
    if (marker === 0 || !/\s/.test(line[i + marker] ?? '')) continue;
    const code = line.slice(0, i).trim();
    const note = line.slice(i + marker).trim();
    if (code && SPEAKABLE.test(note)) return { code, note };
  }
  return undefined;
}

function blank(): Omit<Line, 'source'> {
  return { text: '', comment: false, startsBlock: false, code: false };
}

/** A selection that starts inside a block comment shows a closing marker before any opening one. */
function initialOpenBlock(lines: string[]): OpenBlock {
  for (const raw of lines) {
    const line = raw.trim();
    if (/^(?:\/\*|<!--)/.test(line)) return null;
    // `code(); /* note */` opens and closes on one line.
    if (/\*\/$/.test(line) && !line.includes('/*')) return '*/';
    if (/-->$/.test(line) && !line.includes('<!--')) return '-->';
  }
  return null;
}

const BLOCK_TAGS =
  'address|article|aside|blockquote|br|dd|details|div|dl|dt|figcaption|figure|footer|h[1-6]|header|hr|li|main|nav|ol|p|pre|section|summary|table|tbody|td|tfoot|th|thead|tr|ul';
const INLINE_TAGS =
  'a|abbr|b|bdi|bdo|cite|code|del|dfn|em|font|i|img|ins|kbd|mark|picture|q|s|samp|small|source|span|strike|strong|sub|sup|time|u|var|wbr';
// Only known HTML tag names, so generics such as `Array<string>` or `Map<K, V>` survive.
const BLOCK_TAG = new RegExp(`</?(?:${BLOCK_TAGS})(?:\\s[^<>]{0,500})?/?>`, 'gi');
const INLINE_TAG = new RegExp(`</?(?:${INLINE_TAGS})(?:\\s[^<>]{0,500})?/?>`, 'gi');
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", '#39': "'", nbsp: ' ' };
// Emphasis markers must sit at a word edge, so `snake_case`, `x*y` and `2*3*4` keep their characters.
// Spans are bounded (here and in the patterns below) so that a marker that never closes in a large
// selection of code costs a fixed look-ahead rather than a scan to the end of the paragraph.
const EMPHASIS = [
  /(?<![\p{L}\p{N}\\*])(\*{1,3})(?![\s*])(.{1,1000}?)(?<![\s*\\])\1(?![\p{L}\p{N}*])/gu,
  /(?<![\p{L}\p{N}\\_])(_{1,3})(?![\s_])(.{1,1000}?)(?<![\s_\\])\1(?![\p{L}\p{N}_])/gu,
  /(~~)(?!\s)(.{1,1000}?)(?<!\s)~~/gu,
];
/** Link targets may hold one level of parentheses (Wikipedia addresses). */
const TARGET = String.raw`\((?:[^()\s]|\([^()\s]*\))*(?:\s+"[^"]*")?\)`;
const IMAGE = new RegExp(String.raw`!\[([^\]]{0,500})\]${TARGET}`, 'g');
// Not after a word or a bracket, so code such as `handlers[i](event)` is left alone.
const LINK = new RegExp(String.raw`(?<![\w\])])\[([^\]]{1,500})\](?:${TARGET}|\[[^\]]{0,100}\])`, 'g');

/** Inline markdown: code spans, images, links, HTML tags and entities, emphasis, backslash escapes. */
function stripInlineMarkdown(text: string): string {
  // Code spans and escaped characters are set aside so the rules below cannot touch them.
  const kept: string[] = [];
  const keep = (value: string) => `\uE000${kept.push(value) - 1}\uE001`;
  let out = text
    .replace(/\{@link(?:code|plain)?\s+([^}|\s]+)(?:[\s|]+([^}]+))?\}/g, (_m, target: string, label?: string) => label ?? target)
    .replace(/(`+)(.{1,1000}?)\1/g, (_m, _ticks, code: string) => keep(code.trim()))
    .replace(/\\([!-/:-@[-`{-~])/g, (_m, char: string) => keep(char))
    .replace(IMAGE, '$1')
    .replace(LINK, '$1')
    .replace(/<((?:https?|ftp):\/\/[^\s<>]+)>/gi, '$1')
    .replace(/<!--|-->/g, ' ')
    .replace(BLOCK_TAG, ' ')
    .replace(INLINE_TAG, '')
    .replace(/&(amp|lt|gt|quot|apos|#39|nbsp);/g, (_m, name: string) => ENTITIES[name]);
  for (let pass = 0; pass < 3; pass++) {
    const before = out;
    for (const re of EMPHASIS) out = out.replace(re, '$2');
    if (out === before) break;
  }
  return out.replace(/\uE000(\d+)\uE001/g, (_m, index: string) => kept[Number(index)]);
}

// A trailing full stop, comma or closing bracket belongs to the sentence, not to the address.
const BARE_URL =
  /\b(?:https?|ftp):\/\/(?:[^\s/?#@]+@)?((?:[\p{L}\p{N}-]+\.)*[\p{L}\p{N}-]+)(?::\d+)?(?:[/?#](?:[^\s<>]*[^\s<>.,;:!?'")\]}*_~`])?)?/giu;

/** A spoken address is noise; its host name says where it points. */
function urlsToHosts(text: string): string {
  return text.replace(BARE_URL, (_m, host: string) => host.replace(/^www\./i, ''));
}

/**
 * Built on first use: constructing a sentence segmenter loads ICU's sentence rules (~18 ms here),
 * which extension activation should not pay for a command that may never run.
 */
let sentenceSegmenter: Intl.Segmenter | undefined;
/** Marks where a too-long sentence may break after a clause (ASCII ones only before a space). */
const CLAUSE_ASCII = /[,;:]/;
const CLAUSE_WIDE = /[—–，；：、]/;

/** Splits cleaned text into parts at sentence boundaries (Intl.Segmenter 'sentence'); never returns empty parts. */
export function splitForSpeech(text: string, options: SplitOptions = {}): string[] {
  const firstMax = checkLimit(options.firstMaxChars ?? DEFAULT_FIRST_MAX_CHARS, 'firstMaxChars');
  const max = checkLimit(options.maxChars ?? DEFAULT_MAX_CHARS, 'maxChars');
  const parts: string[] = [];
  const limit = () => (parts.length === 0 ? firstMax : max);
  // Parts are slices of the text, so the words and the spacing inside a part stay as they were.
  let start = -1;
  let end = -1;
  const push = (from: number, to: number) => {
    const part = text.slice(from, to).trim();
    if (part) parts.push(part);
  };
  for (const sentence of sentenceRanges(text)) {
    if (start >= 0 && sentence.end - start <= limit()) {
      end = sentence.end;
      continue;
    }
    if (start >= 0) push(start, end);
    start = -1;
    let from = sentence.start;
    while (sentence.end - from > limit()) {
      const cut = cutPoint(text, from, sentence.end, limit());
      push(from, cut);
      from = cut;
      while (from < sentence.end && /\s/.test(text[from])) from++;
    }
    if (from < sentence.end) {
      start = from;
      end = sentence.end;
    }
  }
  if (start >= 0) push(start, end);
  return parts;
}

function checkLimit(value: number, name: string): number {
  if (!Number.isInteger(value) || value < 1) throw new RangeError(`splitForSpeech: ${name} must be a positive integer, got ${value}`);
  return value;
}

/**
 * ICU ends a sentence after any full stop followed by a capital, so "Mr. Smith" became two sentences.
 * A segment ending in one of these is joined to the next; "etc." only when the next one starts lower-case.
 */
const ABBREVIATION_END = /(?:^|[\s(])(?:Mr|Mrs|Ms|Dr|Prof|St|Jr|Sr|vs|e\.g|i\.e|cf)\.$/i;
const ETC_END = /(?:^|[\s(])etc\.$/i;

/** Sentence spans of `text` (offsets into it), with abbreviations such as "Mr." or "e.g." kept inside. */
export function* sentenceRanges(text: string): Generator<{ start: number; end: number }> {
  sentenceSegmenter ??= new Intl.Segmenter(undefined, { granularity: 'sentence' });
  let pending: { start: number; end: number } | undefined;
  for (const { segment, index } of sentenceSegmenter.segment(text)) {
    const start = index + segment.length - segment.trimStart().length;
    const end = index + segment.trimEnd().length;
    if (end <= start) continue;
    const span = pending ? { start: pending.start, end } : { start, end };
    pending = undefined;
    const piece = text.slice(span.start, span.end);
    const next = text.slice(end).trimStart();
    if (next && (ABBREVIATION_END.test(piece) || (ETC_END.test(piece) && /^\p{Ll}/u.test(next)))) {
      pending = span;
      continue;
    }
    yield span;
  }
  if (pending) yield pending;
}

/**
 * Where to end a piece of a sentence that starts at `from` and is too long: after the last clause mark
 * that fits, else at the last space that fits, else (CJK runs have no spaces) right at the limit.
 */
function cutPoint(text: string, from: number, to: number, limit: number): number {
  const hardEnd = from + limit;
  for (let i = hardEnd - 1; i > from; i--) {
    const char = text[i];
    if (CLAUSE_WIDE.test(char) || (CLAUSE_ASCII.test(char) && (i + 1 === to || /\s/.test(text[i + 1])))) return i + 1;
  }
  for (let i = hardEnd; i > from; i--) {
    if (/\s/.test(text[i])) return i;
  }
  // Do not split a surrogate pair.
  const high = text.charCodeAt(hardEnd - 1);
  return high >= 0xd800 && high <= 0xdbff && hardEnd - 1 > from ? hardEnd - 1 : hardEnd;
}
