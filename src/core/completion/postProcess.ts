// Post-processing of a FIM answer (Continue's postprocessing + streamTransforms, Tabby's
// duplicate-closer removal): cut where the answer has been decided, trim what the text after the
// cursor already has, balance brackets against it, and reject output that would only get in the way.
import type { CompletionMode } from './completionMode';
import type { CompletionContext } from './contextExtraction';

/** More lines than this is rarely accepted as a whole; stop the stream there. */
export const MAX_LINES = 12;

const OPENERS = '([{';
const CLOSERS = ')]}';
const indentWidth = (line: string) => /^[ \t]*/.exec(line)![0].replace(/\t/g, '    ').length;
const isCloserOnly = (line: string) => /^\s*[)\]}]+[;,)]*\s*$/.test(line);

function firstNonBlankLine(text: string): string | undefined {
  return text.split('\n').find((line) => line.trim() !== '');
}

/** The line above the cursor line, if any (a model often rewrites it). */
function lineAbove(ctx: CompletionContext): string | undefined {
  const lines = ctx.prefix.split('\n');
  lines.pop();
  for (let i = lines.length - 1; i >= 0; i--) if (lines[i].trim() !== '') return lines[i];
  return undefined;
}

/**
 * Where `text` stops being useful, once that is known: undefined while more text could still
 * change the answer. With `final` the text is complete, so its last line counts too.
 */
export function findCut(text: string, ctx: CompletionContext, mode: CompletionMode, final = false): number | undefined {
  if (!mode.multiline) {
    const newline = text.indexOf('\n');
    return newline >= 0 ? newline : final ? text.length : undefined;
  }
  const nextSuffixLine = firstNonBlankLine(ctx.suffix.slice(ctx.lineSuffix.length + 1))?.trim();
  const above = lineAbove(ctx)?.trim();
  const blockIndent = indentWidth(mode.indent);
  const seen = new Set<string>();
  let start = 0;
  for (let i = 0; ; i++) {
    const end = text.indexOf('\n', start);
    if (end < 0 && !final) return undefined;
    const line = text.slice(start, end < 0 ? text.length : end);
    const trimmed = line.trim();
    // The first line continues the cursor line; later lines stand alone.
    const whole = i === 0 ? ctx.linePrefix + line : line;
    if (trimmed !== '') {
      if (trimmed === nextSuffixLine) return cutBefore(text, start);
      if (i === 0 ? whole.trim() === above : false) return cutBefore(text, start);
      if (i > 0 && seen.has(trimmed) && trimmed.length > 3 && !isCloserOnly(trimmed)) return cutBefore(text, start);
      if (i > 0) {
        const width = indentWidth(line);
        // Leaving the block: after an opener a line back at its indent ends it (a closer that the
        // suffix does not already have is kept); on a blank line, a line indented less.
        if (mode.opener ? width <= blockIndent : width < blockIndent) {
          if (mode.opener && isCloserOnly(line)) return end < 0 ? text.length : end;
          return cutBefore(text, start);
        }
      }
      seen.add(trimmed);
    }
    if (i + 1 >= MAX_LINES) return end < 0 ? text.length : end;
    if (end < 0) return text.length;
    start = end + 1;
  }
}

/** Cut before a line, and before the newline that led to it. */
function cutBefore(text: string, lineStart: number): number {
  return Math.max(0, lineStart - 1);
}

/** Indexes of closing brackets in `text` that have no opener before them in `text`. */
function unmatchedClosers(text: string): Set<number> {
  const stack: string[] = [];
  const unmatched = new Set<number>();
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (OPENERS.includes(c)) stack.push(c);
    else if (CLOSERS.includes(c)) {
      if (stack.length && OPENERS.indexOf(stack[stack.length - 1]) === CLOSERS.indexOf(c)) stack.pop();
      else unmatched.add(i);
    }
  }
  return unmatched;
}

/**
 * Single-line answers: stop where the answer starts repeating the text after the cursor, as long
 * as any brackets there close nothing the answer opened (`foo(|)` + `bar())` → `bar()`).
 */
function trimSuffixOverlap(text: string, lineSuffix: string): string {
  const tail = lineSuffix.trim();
  if (!tail) return text;
  const unmatched = unmatchedClosers(text);
  for (let i = 0; i < text.length; i++) {
    const rest = text.slice(i).trimEnd();
    if (!rest || !(tail.startsWith(rest) || rest.startsWith(tail))) continue;
    const span = Math.min(rest.length, tail.length);
    let closesOwn = false;
    for (let j = i; j < i + span; j++) {
      if (OPENERS.includes(text[j]) || (CLOSERS.includes(text[j]) && !unmatched.has(j))) closesOwn = true;
    }
    if (!closesOwn) return text.slice(0, i);
  }
  return text;
}

/** Removes code fences a chat-trained model sometimes wraps code in. */
function stripFences(text: string): string {
  const lines = text.split('\n');
  if (/^\s*```/.test(lines[0]) && lines.length > 1) lines.shift();
  const fence = lines.findIndex((line) => /^\s*```/.test(line));
  return (fence >= 0 ? lines.slice(0, fence) : lines).join('\n');
}

/** The text to show, or undefined when there is nothing worth showing. */
export function postProcess(raw: string, ctx: CompletionContext, mode: CompletionMode): string | undefined {
  let text = raw.includes('```') ? stripFences(raw) : raw;
  text = text.slice(0, findCut(text, ctx, mode, true));
  if (!mode.multiline) text = trimSuffixOverlap(text, ctx.lineSuffix);
  text = text
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n')
    .replace(/\n+$/, '');
  if (text.trim() === '') return undefined;
  // Mid-line after a space, a leading space would double it.
  if (!mode.multiline && /\s$/.test(ctx.linePrefix) && ctx.linePrefix.trim() !== '') text = text.replace(/^[ \t]+/, '');
  return text.trim() === '' ? undefined : text;
}
