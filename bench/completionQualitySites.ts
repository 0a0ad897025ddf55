// Cursor sites in real code: a span of a file is hidden and becomes the expected completion.
// Sampling is deterministic: a seed and a sorted file list give the same sites on every run.
import { makeRng, seedFrom } from '../sim/rng';
import { countTokens } from '../sim/tokens';
import type { SyntaxChecker } from './completionQualityParser';
import type { SourceSet } from './completionQualitySources';

/**
 * line-end: the rest of a line from a token boundary; call-args: the arguments of a line's last
 * call, its `)` left in place; statement: a whole line after its indentation; block-body: the
 * lines inside a block, the cursor at the end of the line that opens it; empty-braces: the same
 * with the closing brace pulled up behind the cursor (`{|}`), brace languages only;
 * next-statement: the line after a complete statement, the cursor at that statement's end.
 */
export const SITE_KINDS = ['line-end', 'call-args', 'statement', 'block-body', 'empty-braces', 'next-statement'] as const;
export type SiteKind = (typeof SITE_KINDS)[number];

/** The kinds a language has: Python has no braces. */
export const kindsFor = (languageId: string): SiteKind[] => SITE_KINDS.filter((kind) => kind !== 'empty-braces' || languageId !== 'python');

export interface Site {
  file: string;
  languageId: string;
  kind: SiteKind;
  /** The real file, which parses. */
  source: string;
  /** The hidden span is source[start, end); the cursor is at `start` once it is removed. */
  start: number;
  end: number;
}

export const expectedText = (site: Site) => site.source.slice(site.start, site.end);
/** The document the user has: the file without the hidden span. */
export const documentText = (site: Site) => site.source.slice(0, site.start) + site.source.slice(site.end);
/** 1-based line of the cursor, for the report. */
export const siteLine = (site: Site) => site.source.slice(0, site.start).split('\n').length;

/** Bigger files cost parse time and add nothing: the context window is 6000 characters anyway. */
const MAX_FILE_CHARS = 80_000;
const MIN_FILE_CHARS = 400;
/** An ideal answer must fit the default multi-line request (128 tokens). */
const MAX_EXPECTED_TOKENS = 120;
const MAX_BODY_LINES = 16;

type Span = [start: number, end: number];

interface Line {
  start: number;
  end: number;
  text: string;
  indent: number;
  content: string;
}

const COMMENT_START = /^(\/\/|\/\*|\*|#|"""|''')/;
const CLOSER_ONLY = /^[)\]}]+[;,)]*$/;

function linesOf(source: string): Line[] {
  const lines: Line[] = [];
  let start = 0;
  for (const text of source.split('\n')) {
    const indent = /^[ \t]*/.exec(text)![0];
    lines.push({ start, end: start + text.length, text, indent: indent.replace(/\t/g, '    ').length, content: text.trim() });
    start += text.length + 1;
  }
  return lines;
}

const isCode = (line: Line) => line.content !== '' && !COMMENT_START.test(line.content);

/** Spans of each kind in `source`; `inert` says whether an offset is inside a comment or string. */
function candidateSpans(source: string, languageId: string, inert: (offset: number) => boolean): Record<SiteKind, Span[]> {
  const lines = linesOf(source);
  const spans = Object.fromEntries(SITE_KINDS.map((kind) => [kind, [] as Span[]])) as Record<SiteKind, Span[]>;
  const opener = languageId === 'python' ? /:$/ : /\{$/;
  // A line that ends a statement: with `;`, or (no-semicolon styles, Go, Python) with no operator, comma or opener.
  const statementEnd = /[;\w)\]'"`]$/;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (!isCode(line)) continue;
    const contentStart = line.start + line.text.length - line.text.trimStart().length;
    const lineEnd = line.start + line.text.trimEnd().length;
    // Lines in docstrings, block comments and multi-line strings are not code: the whitespace
    // around such a line is inside the comment or string, around a code line it is not.
    if (inert(Math.max(0, contentStart - 1)) || inert(lineEnd)) continue;

    if (!CLOSER_ONLY.test(line.content) && line.content.length >= 4) spans.statement.push([contentStart, lineEnd]);

    for (let p = contentStart + 4; p <= lineEnd - 3; p++) {
      if (' (.=,['.includes(source[p - 1]) && source[p] !== ' ') spans['line-end'].push([p, lineEnd]);
    }

    // The last `)` with only closing punctuation after it, and its `(` on the same line.
    const close = /\)[)\]}]*\s*[:{;,]?$/.exec(source.slice(contentStart, lineEnd));
    if (close) {
      const closeAt = contentStart + close.index;
      let depth = 0;
      for (let p = closeAt; p >= contentStart; p--) {
        if (source[p] === ')') depth++;
        else if (source[p] === '(' && --depth === 0) {
          if (closeAt - p > 2) spans['call-args'].push([p + 1, closeAt]);
          break;
        }
      }
    }

    if (opener.test(line.content)) {
      const block = blockBody(lines, i, languageId);
      if (block) spans['block-body'].push([lineEnd, lines[block.last].end]);
      if (block?.closer !== undefined && lines[block.closer].content.startsWith('}')) {
        const closer = lines[block.closer];
        spans['empty-braces'].push([lineEnd, closer.start + closer.text.length - closer.text.trimStart().length]);
      }
    }

    const next = lines[i + 1];
    if (
      next &&
      statementEnd.test(line.content) &&
      next.indent === line.indent &&
      isCode(next) &&
      !CLOSER_ONLY.test(next.content) &&
      !inert(next.start + next.text.trimEnd().length)
    ) {
      spans['next-statement'].push([lineEnd, next.start + next.text.trimEnd().length]);
    }
  }
  // Keep spans whose expected text is worth asking for and fits one request.
  for (const kind of SITE_KINDS) {
    spans[kind] = spans[kind].filter(
      ([s, e]) => source.slice(s, e).trim().length >= 2 && countTokens(source.slice(s, e)) <= MAX_EXPECTED_TOKENS,
    );
  }
  return spans;
}

/**
 * The block opened by line `at`: its last line and (brace languages) the line that closes it;
 * undefined when it is empty, long or odd.
 */
function blockBody(lines: Line[], at: number, languageId: string): { last: number; closer?: number } | undefined {
  const openerIndent = lines[at].indent;
  let last: number | undefined;
  for (let j = at + 1; j < lines.length && j <= at + MAX_BODY_LINES + 1; j++) {
    const line = lines[j];
    if (line.content === '') continue;
    if (line.indent > openerIndent) {
      last = j;
      continue;
    }
    // Brace languages: the block ends with a closer at the opener's indentation; Python: any dedent.
    if (last === undefined) return undefined;
    if (languageId === 'python') return { last };
    return line.indent === openerIndent && /^[)\]}]/.test(line.content) ? { last, closer: j } : undefined;
  }
  return undefined;
}

function isInert(tree: ReturnType<SyntaxChecker['parse']>, offset: number): boolean {
  for (let node = tree.rootNode.descendantForIndex(offset); node; node = node.parent) {
    if (/comment|string|template|heredoc|char_literal|raw_string/.test(node.type)) return true;
  }
  return false;
}

interface LoadedFile {
  source: string;
  spans: Record<SiteKind, Span[]>;
}

/** `count` sites from `set`, the kinds in turn, at most a few per file, all in files that parse. */
export function sampleSites(set: SourceSet, count: number, seed: number, checker: SyntaxChecker): Site[] {
  const rng = makeRng(seedFrom(String(seed), set.languageId));
  const loaded = new Map<string, LoadedFile | null>();
  const load = (file: string): LoadedFile | null => {
    if (loaded.has(file)) return loaded.get(file)!;
    let result: LoadedFile | null = null;
    const source = set.read(file);
    if (source.length >= MIN_FILE_CHARS && source.length <= MAX_FILE_CHARS && !source.includes('\r')) {
      const tree = checker.parse(set.languageId, source);
      try {
        if (!tree.rootNode.hasError) result = { source, spans: candidateSpans(source, set.languageId, (offset) => isInert(tree, offset)) };
      } finally {
        tree.delete();
      }
    }
    loaded.set(file, result);
    return result;
  };
  const kinds = kindsFor(set.languageId);
  const sites: Site[] = [];
  const used = new Set<string>();
  const perFile = new Map<string, number>();
  // A few sites per file spread the sample; a small set (the unit test's) needs more.
  const maxPerFile = Math.max(3, Math.ceil(count / set.files.length));
  for (let attempt = 0; sites.length < count && attempt < count * 40; attempt++) {
    const kind = kinds[sites.length % kinds.length];
    const file = rng.pick(set.files);
    if ((perFile.get(file) ?? 0) >= maxPerFile) continue;
    const spans = load(file)?.spans[kind];
    if (!spans?.length) continue;
    const [start, end] = rng.pick(spans);
    if (used.has(`${file}:${start}`)) continue;
    used.add(`${file}:${start}`);
    perFile.set(file, (perFile.get(file) ?? 0) + 1);
    sites.push({ file, languageId: set.languageId, kind, source: loaded.get(file)!.source, start, end });
  }
  return sites;
}
