// What real FIM models get wrong, as pure functions. Each failure class turns the ideal completion
// of a cursor site (the prompt before the cursor, the suffix after it) into the raw output a model
// produces in that situation: the same text, deterministic for a seed. The simulator's realistic
// mode (`x-sim-fim: realistic`) and the completion quality benchmark both use them.
//
//   import { FIM_FAILURE_CLASSES, realisticOutput } from '../sim/fimFailures';
//   for (const cls of FIM_FAILURE_CLASSES) {
//     const { text, finishReason } = realisticOutput(cls, expected, prompt, suffix, seed);
//   }
//
// A class whose trigger is absent from the site (nothing after the cursor to repeat, no bracket
// the suffix closes, …) returns the ideal text unchanged, as the model would have no reason to fail.
import { detectFimLanguage, indentUnit, type FimLanguage } from './fimLanguage';
import { CLOSER_OF, indentOf, isOpener, lastLine, lastNonBlankLine, openBrackets, type OpenBracket } from './fimText';
import { makeRng, seedFrom, type Rng } from './rng';
import { splitTokens } from './tokens';

export const FIM_FAILURE_CLASSES = [
  'repeat-suffix',
  'reindent',
  'close-brackets',
  'rewrite-line',
  'run-past-block',
  'duplicate-previous-line',
  'max-tokens',
  'prose-or-fence',
] as const;
type FimFailureClass = (typeof FIM_FAILURE_CLASSES)[number];

/** Every class the realistic mode can answer with: the failures and `ideal` (the expected text). */
export const REALISTIC_CLASSES = ['ideal', ...FIM_FAILURE_CLASSES] as const;
export type RealisticClass = (typeof REALISTIC_CLASSES)[number];

/** A cursor site: the text before the cursor, after it, and the completion that would be right. */
export interface FimSite {
  ideal: string;
  prompt: string;
  suffix: string;
}

/** What the model sends back: its text and why it stopped. */
export interface RawFimOutput {
  text: string;
  finishReason: 'stop' | 'length';
}

type FailureFn = (site: FimSite, rng: Rng) => RawFimOutput;

/** Lines of the suffix a model repeats when it runs on into it. */
const REPEATED_SUFFIX_LINES = 6;
/** Lines above the cursor searched for assignments a rewrite can reuse. */
const ASSIGNMENT_LOOKBACK = 20;
const NEW_NAMES = ['helper', 'validate', 'reset', 'format'];
const NEW_TITLES = ['handles empty input', 'rejects invalid values', 'works with defaults'];
const PROSE_BEFORE = ['Here is the completed code:', "Sure! Here's the implementation:"];
const PROSE_AFTER = ['This completes the function.', 'Let me know if you need anything else!'];
const FENCE_TAG: Record<FimLanguage, string> = { typescript: 'typescript', javascript: 'javascript', python: 'python', go: 'go' };
const NOT_A_NAME = /^(if|for|while|switch|catch|return|with|elif|else|match)$/;

function stopped(text: string): RawFimOutput {
  return { text, finishReason: 'stop' };
}

function languageOf(site: FimSite): FimLanguage {
  return detectFimLanguage(site.prompt + '\n' + site.suffix);
}

/** The cursor line's text before the cursor, and the line above it. */
function cursorLines(prompt: string): { cursor: string; above: string } {
  const cursor = lastLine(prompt);
  return { cursor, above: lastNonBlankLine(prompt.slice(0, prompt.length - cursor.length)) };
}

/** Runs on past its answer into the suffix: its first non-blank line, or several lines of it. */
const repeatSuffix: FailureFn = ({ ideal, suffix }, rng) => {
  if (suffix.trim() === '') return stopped(ideal);
  const lines = suffix.split('\n');
  const first = lines.findIndex((l) => l.trim() !== '');
  const firstLine = lines.slice(0, first + 1).join('\n');
  const several = lines
    .slice(0, first + REPEATED_SUFFIX_LINES)
    .join('\n')
    .trimEnd();
  return stopped(ideal + rng.pick(several === firstLine ? [firstLine] : [firstLine, several]) + lineBreakAfter(ideal));
};

/**
 * Re-emits the indentation the cursor line already has (one indent unit when it has none): the
 * first new line, or every one, lands a level too deep (Python: 8 spaces where 4 belong).
 */
const reindent: FailureFn = (site, rng) => {
  const { ideal, prompt } = site;
  const { cursor } = cursorLines(prompt);
  const extra = indentOf(cursor) || indentUnit(languageOf(site));
  const lines = ideal.split('\n');
  const startsLine = lines.map((l, i) => (i > 0 || cursor.trim() === '') && l.trim() !== '');
  const first = startsLine.indexOf(true);
  if (first < 0) return stopped(ideal);
  const every = rng.next() < 0.5;
  return stopped(lines.map((l, i) => (startsLine[i] && (every || i === first) ? extra + l : l)).join('\n'));
};

const LEADING_CLOSERS = /^[\s)\]}'"`]*/;
const CLOSER_LINE = /^\s*[)\]}][)\]}\s]*[;,]?\s*$/;

function closersOf(open: readonly OpenBracket[]): string {
  return open
    .map((b) => CLOSER_OF[b.char])
    .reverse()
    .join('');
}

/** Lines closing `open` (outermost first) the way code is written: one line per opening line. */
function closingLines(open: readonly OpenBracket[], enders: readonly string[]): string[] {
  const groups: OpenBracket[][] = [];
  for (const b of open) {
    const last = groups[groups.length - 1];
    if (last && last[0].line === b.line) last.push(b);
    else groups.push([b]);
  }
  return groups.reverse().map((g, i) => indentOf(g[0].line) + closersOf(g) + (enders[i] ?? ''));
}

/** Drops a trailing line of bare indentation, so that what follows starts its own line cleanly. */
function withoutTrailingIndent(text: string): string {
  return text.replace(/\n[ \t]*$/, '');
}

/**
 * The line break (and indentation) an answer ends with when the text after the cursor starts on
 * the cursor line: whatever a class adds after the answer must end with it too, or the rest of
 * that line is glued onto the added text.
 */
function lineBreakAfter(ideal: string): string {
  return /\n[ \t]*$/.exec(ideal)?.[0] ?? '';
}

/**
 * Closes the brackets and quotes that the suffix already closes: mid-line `null){` for
 * `if (value === |) {`, or whole closing lines (`});`) before a suffix that starts with them.
 */
const closeBrackets: FailureFn = (site, rng) => {
  const { ideal, prompt, suffix } = site;
  const open = openBrackets(prompt + ideal, languageOf(site) === 'python');
  const { cursor } = cursorLines(prompt);
  const rest = suffix.split('\n')[0];
  const lead = LEADING_CLOSERS.exec(rest)![0];
  if (!ideal.includes('\n') && cursor.trim() !== '' && lead.trim() !== '') {
    const closers = closersOf(open.slice(-lead.replace(/\s/g, '').length));
    if (closers === '') return stopped(ideal);
    const after = rest.slice(lead.length);
    const ender = after.includes('{') ? '{' : after.includes(';') ? ';' : /:\s*$/.test(after) ? ':' : '';
    return stopped(ideal + closers + rng.pick(ender === '' ? [''] : [ender, '']));
  }
  const suffixLines = suffix.split('\n');
  const from = rest.trim() === '' ? 1 : 0;
  const closerLines: string[] = [];
  for (const line of suffixLines.slice(from)) {
    if (!CLOSER_LINE.test(line)) break;
    closerLines.push(line);
  }
  const count = closerLines.join('').replace(/[^)\]}]/g, '').length;
  const brackets = open.filter((b) => '([{'.includes(b.char)).slice(-count);
  if (count === 0 || brackets.length === 0) return stopped(ideal);
  const enders = closerLines.map((l) => /[;,]?\s*$/.exec(l)![0].trim());
  return stopped(withoutTrailingIndent(ideal) + '\n' + closingLines(brackets, enders).join('\n') + lineBreakAfter(ideal));
};

/** `name = expression` assignments in the last lines of the prompt, which a model likes to reuse. */
function assignments(prompt: string): Array<{ name: string; value: string; line: string }> {
  const found: Array<{ name: string; value: string; line: string }> = [];
  for (const line of prompt.split('\n').slice(-ASSIGNMENT_LOOKBACK)) {
    const m = /^\s*(?:(?:const|let|var)\s+)?(\w+)(?:\s*:\s*[\w<>[\]]+)?\s*:?=\s*([^;]+?);?\s*$/.exec(line);
    if (m && m[2].trim().length >= 3 && !/\b(function|class)\b/.test(m[2]))
      found.push({ name: m[1], value: m[2].trim(), line: line.trim() });
  }
  return found;
}

/**
 * A model's own rendering of a line: an expression replaced by a variable the prompt assigned it
 * to (`Math.PI * r * r` → `Math.PI * r2`), quote style, comma spacing or a semicolon changed, or
 * the same line.
 */
function rewritten(line: string, prompt: string, language: FimLanguage, rng: Rng): string {
  const reused = assignments(prompt).find((a) => a.line !== line.trim() && line.includes(a.value));
  if (reused) return line.replace(reused.value, reused.name);
  const options = [line];
  if (line.includes("'") && !line.includes('"')) options.push(line.replace(/'/g, '"'));
  else if (line.includes('"') && !line.includes("'")) options.push(line.replace(/"/g, "'"));
  if (/,\s/.test(line)) options.push(line.replace(/,\s+/g, ','));
  else if (/,\S/.test(line)) options.push(line.replace(/,(?=\S)/g, ', '));
  if ((language === 'typescript' || language === 'javascript') && !/[{([,:]\s*$/.test(line)) {
    options.push(/;\s*$/.test(line) ? line.replace(/;(\s*)$/, '$1') : line.trimEnd() + ';');
  }
  return rng.pick(options);
}

/**
 * Rewrites the rest of the cursor line (its version appears above the existing one, which moves
 * down), or, on a blank line, the line above before answering; at the end of a line, the line again.
 */
const rewriteLine: FailureFn = (site, rng) => {
  const { ideal, prompt, suffix } = site;
  const language = languageOf(site);
  const { cursor, above } = cursorLines(prompt);
  const rest = suffix.split('\n')[0];
  const blankCursor = cursor.trim() === '';
  if (rest.trim() !== '') return stopped(ideal + rewritten(rest, prompt, language, rng) + '\n' + (blankCursor ? cursor : indentOf(cursor)));
  if (blankCursor && above.trim() !== '') return stopped(rewritten(above.trimStart(), prompt, language, rng) + '\n' + cursor + ideal);
  if (!blankCursor && !ideal.includes('\n'))
    return stopped(ideal + '\n' + indentOf(cursor) + rewritten((cursor + ideal).trimStart(), prompt, language, rng));
  return stopped(ideal);
};

/** A declaration like `opener` with a new name or title: what a model writes next. */
function renamed(opener: string, rng: Rng): string {
  const literal = /(['"`])[^'"`\n]*\1/.exec(opener);
  if (literal) return opener.replace(literal[0], literal[1] + rng.pick(NEW_TITLES) + literal[1]);
  const name =
    /\b(?:function|def|func|fn|class)\s+(?:\([^)]*\)\s*)?(\w+)/.exec(opener)?.[1] ??
    /^\s*(?:(?:public|private|protected|static|async)\s+)*(\w+)\s*\(/.exec(opener)?.[1];
  if (name === undefined || NOT_A_NAME.test(name)) return opener;
  return opener.replace(new RegExp(`\\b${name}\\b`), rng.pick(NEW_NAMES.filter((n) => n !== name)));
}

/** A body line to reuse in the next block: the answer's first simple statement, or a placeholder. */
function simpleStatement(ideal: string, language: FimLanguage): string {
  const line = ideal
    .split('\n')
    .map((l) => l.trim())
    .find((l) => l !== '' && !isOpener(l) && openBrackets(l, language === 'python').length === 0 && !/^[)\]}]|,$/.test(l));
  return line ?? (language === 'python' ? 'pass' : language === 'go' ? 'return' : 'return;');
}

/** The enclosing Python block's header: the nearest line above with less indentation ending in `:`. */
function pythonHeader(text: string): string | undefined {
  const lines = text.split('\n');
  let depth = indentOf(lastNonBlankLine(text)).length;
  if (isOpener(lastNonBlankLine(text))) depth += 1;
  for (let i = lines.length - 1; i >= 0; i--) {
    const l = lines[i];
    if (l.trim() !== '' && indentOf(l).length < depth && /:\s*(#.*)?$/.test(l)) return l;
  }
  return undefined;
}

/**
 * Does not stop at the end of the block: closes it itself and goes on. After a function or test
 * block it writes the next one (the header renamed, a statement of the answer as its body); after
 * an `if`/`for`/`switch` block, the next statement; after a top-level statement, a new function.
 * Mid-line, where the rest of the line is still to come, models do not do this: the ideal is kept.
 */
const runPastBlock: FailureFn = (site, rng) => {
  const { ideal, prompt, suffix } = site;
  const language = languageOf(site);
  const unit = indentUnit(language);
  const { cursor } = cursorLines(prompt);
  const midLine = cursor.trim() !== '' && !ideal.includes('\n');
  if (midLine && suffix.split('\n')[0].trim() !== '') return stopped(ideal);
  const body = midLine ? simpleStatement('', language) : simpleStatement(ideal, language);
  const base = withoutTrailingIndent(ideal);
  const end = lineBreakAfter(ideal);
  if (language === 'python') {
    const header = pythonHeader(prompt + ideal);
    if (header === undefined) return stopped(`${base}\n\n\ndef ${rng.pick(NEW_NAMES)}():\n${unit}${body}${end}`);
    const outer = indentOf(header);
    const next = renamed(header.trim(), rng);
    const following = next === header.trim() ? body : `${next}\n${outer}${unit}${body}`;
    return stopped(`${base}\n${outer === '' ? '\n\n' : '\n'}${outer}${following}${end}`);
  }
  const open = openBrackets(prompt + ideal, false).filter((b) => '([{'.includes(b.char));
  const block = open.map((b) => b.char).lastIndexOf('{');
  if (block < 0) {
    const fn = language === 'go' ? 'func' : 'function';
    return stopped(`${base}\n\n${fn} ${rng.pick(NEW_NAMES)}() {\n${unit}${body}\n}${end}`);
  }
  let start = block;
  while (start > 0 && open[start - 1].line === open[block].line) start--;
  const semicolon =
    (language === 'typescript' || language === 'javascript') && open.slice(start, block).some((b) => b.char === '(') ? ';' : '';
  const closing = closingLines(open.slice(start), []).map((l, i, all) => (i === all.length - 1 ? l + semicolon : l));
  const outer = indentOf(open[block].line);
  const header = open[block].line.trim();
  const next = renamed(header, rng);
  const following =
    next === header
      ? `${outer}${body}`
      : `\n${outer}${next}\n${outer}${unit}${body}\n${outer}${closersOf(open.slice(start, block + 1))}${semicolon}`;
  return stopped(`${base}\n${closing.join('\n')}\n${following}${end}`);
};

/**
 * Repeats a line: the one above the cursor before answering, or, where the line ends after the
 * answer, the last line it wrote.
 */
const duplicatePreviousLine: FailureFn = ({ ideal, prompt, suffix }, rng) => {
  const { cursor, above } = cursorLines(prompt);
  const options: string[] = [];
  if (cursor.trim() === '' && above.trim() !== '') {
    options.push((above.startsWith(cursor) ? above.slice(cursor.length) : above.trimStart()) + '\n' + cursor + ideal);
  }
  const written = cursor + ideal;
  const line = lastNonBlankLine(written);
  const tail = lastLine(written);
  const openLine = tail.trim() === '' && written.includes('\n');
  if (line.trim() !== '' && (openLine || suffix.split('\n')[0].trim() === '')) {
    options.push(
      openLine ? ideal + (line.startsWith(tail) ? line.slice(tail.length) : line.trimStart()) + '\n' + tail : ideal + '\n' + line,
    );
  }
  return stopped(options.length > 0 ? rng.pick(options) : ideal);
};

/** Where a cut leaves a construct open: inside a bracket or string, at a token boundary; or inside a word. */
function cutPoints(text: string, language: FimLanguage): number[] {
  const tokenEnds = new Set<number>();
  let at = 0;
  for (const piece of splitTokens(text)) tokenEnds.add((at += piece.length));
  const points: number[] = [];
  for (let p = 1; p < text.length; p++) {
    const inWord = /\w/.test(text[p - 1]) && /\w/.test(text[p]);
    if (inWord || (tokenEnds.has(p) && openBrackets(text.slice(0, p), language === 'python').length > 0)) points.push(p);
  }
  return points;
}

/**
 * Hits max_tokens: the answer cut inside a word, bracket or string (a dict left open, `retu`),
 * with finish_reason "length".
 */
const maxTokens: FailureFn = (site, rng) => {
  const { ideal } = site;
  const points = cutPoints(ideal, languageOf(site));
  const cut = points.length > 0 ? rng.pick(points) : Math.floor(ideal.length / 2);
  return { text: ideal.slice(0, cut), finishReason: 'length' };
};

/** Answers like a chat model: the code in a markdown fence, or with a sentence before or after it. */
const proseOrFence: FailureFn = (site, rng) => {
  const { ideal } = site;
  const end = lineBreakAfter(ideal);
  const code = withoutTrailingIndent(ideal);
  const variants = [
    () => '```' + FENCE_TAG[languageOf(site)] + '\n' + code.replace(/^\n/, '') + '\n```' + end,
    () => rng.pick(PROSE_BEFORE) + '\n\n' + ideal,
    () => code + '\n\n' + rng.pick(PROSE_AFTER) + end,
  ];
  return stopped(rng.pick(variants)());
};

const FIM_FAILURES: Readonly<Record<FimFailureClass, FailureFn>> = {
  'repeat-suffix': repeatSuffix,
  reindent,
  'close-brackets': closeBrackets,
  'rewrite-line': rewriteLine,
  'run-past-block': runPastBlock,
  'duplicate-previous-line': duplicatePreviousLine,
  'max-tokens': maxTokens,
  'prose-or-fence': proseOrFence,
};

/** The raw output of class `className` for a site; `ideal` returns the expected text unchanged. */
export function realisticOutput(className: RealisticClass, ideal: string, prompt: string, suffix: string, seed = 0): RawFimOutput {
  if (className === 'ideal') return stopped(ideal);
  return FIM_FAILURES[className]({ ideal, prompt, suffix }, makeRng(seed));
}

/** The class the realistic mode answers a site with when none is forced: a stable hash, `ideal` included. */
export function pickRealisticClass(prompt: string, suffix: string): RealisticClass {
  return REALISTIC_CLASSES[seedFrom('x-sim-fim', prompt, suffix) % REALISTIC_CLASSES.length];
}
