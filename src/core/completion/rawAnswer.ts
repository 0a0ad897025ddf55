// The raw answer as the line rules read it: a chat model's fences and prose gone, a line repeated
// from above the cursor dropped, and indentation the model wrote again removed.
import { BLOCK_OPENER, type CompletionMode } from './completionMode';
import { canonical, indentWidth, leading, lineAbove } from './answerLines';
import type { CompletionContext } from './contextExtraction';
import { cutAtControlToken } from './controlTokens';
import { cursorSite } from './cursorSite';

const isFence = (line: string) => /^\s*```/.test(line);

/**
 * Removes code fences a chat-trained model sometimes wraps code in, and a line or two of prose
 * before an opening fence ("Here is the implementation:").
 */
function stripFences(text: string, newLineFirst: boolean): string {
  let lines = text.split('\n');
  const open = lines.slice(0, 3).findIndex(isFence);
  if (open >= 0 && lines.length > open + 1 && lines.slice(0, open).every((line) => !/[;{}()=]/.test(line))) {
    lines = lines.slice(open + 1);
    // A blank line after the opening fence is the fence's layout, not a newline of the answer;
    // where the answer starts on the next line (after a `{` or a statement) one newline stays.
    while (lines.length > 1 && lines[0].trim() === '' && !isFence(lines[1])) lines = lines.slice(1);
    if (newLineFirst && lines[0].trim() !== '') lines = ['', ...lines];
  }
  const fence = lines.findIndex(isFence);
  return (fence >= 0 ? lines.slice(0, fence) : lines).join('\n');
}

/**
 * On a blank line, a model often writes the line above again (restyled at most) before its answer:
 * that line goes, the answer after it stays.
 */
function dropRepeatedAbove(text: string, ctx: CompletionContext): string {
  const newline = text.indexOf('\n');
  const above = lineAbove(ctx);
  if (newline < 0 || above === undefined || ctx.linePrefix.trim() !== '') return text;
  const first = ctx.linePrefix + text.slice(0, newline).trimEnd();
  return canonical(first) === canonical(above) ? text.slice(newline + 1) : text;
}

/** A sentence a chat-trained model says around its code ("Here is the implementation:"): words, no code punctuation. */
const PROSE = /^[A-Z][\w']*[!,]?(?: [\w']+[!,]?){2,}[.:!?]$/;
/** Where sentences are what the user writes, prose is the answer. */
const PROSE_LANGUAGES = new Set(['markdown', 'plaintext', 'latex', 'restructuredtext', 'git-commit']);

/**
 * A line of chat or markdown rather than code: a heading, or (with markdown emphasis, list marks
 * and `inline code` read as words) a capitalised sentence of four words or more, most of them
 * plain words, ending as sentences do.
 */
function isProseLine(line: string): boolean {
  const trimmed = line.trim();
  if (/^#{2,6} \S/.test(trimmed)) return true;
  const plain = trimmed
    .replace(/\*\*|__/g, '')
    .replace(/`[^`]*`/g, 'code')
    .replace(/^(?:[-*+]|\d+[.)])\s+/, '');
  if (PROSE.test(plain)) return true;
  const words = plain.split(/\s+/);
  const plainWords = words.filter((w) => /^[A-Za-z][a-z']*[,.!?:;]?$/.test(w)).length;
  return /^[A-Z]/.test(plain) && words.length >= 4 && /[.!?:]$/.test(plain) && plainWords >= 0.75 * words.length;
}

/**
 * Drops a sentence before the code (with the blank line after it) and cuts at one after it, where
 * the cursor is in code: in a comment, docstring or string, sentences are the answer. A last line
 * still streaming is not judged (`final` false): its end could still make it code.
 */
function stripProse(text: string, ctx: CompletionContext, final: boolean): string {
  if (PROSE_LANGUAGES.has(ctx.languageId) || cursorSite(ctx) !== 'code') return text;
  const lines = text.split('\n');
  // Sentences in a comment the answer writes (`/** … */`, `// …`) are the comment's.
  const inComment: boolean[] = [];
  let open = false;
  for (const line of lines) {
    inComment.push(open || /^\s*(?:\/\/|\/\*|\*)/.test(line));
    if (line.includes('/*')) open = true;
    if (line.includes('*/')) open = false;
  }
  const isProse = (i: number) => (final || i < lines.length - 1) && !inComment[i] && isProseLine(lines[i]);
  let from = 0;
  if (isProse(0)) from = lines.length > 2 && lines[1].trim() === '' ? 2 : 1;
  for (let i = from; i < lines.length; i++) if (isProse(i)) return lines.slice(from, i).join('\n');
  return lines.slice(from).join('\n');
}

/** The answer begins on the line after the cursor's: after a complete statement, or where a block opens. */
const startsOnNextLine = (mode: CompletionMode) => mode.nextLine === true || mode.opener;

/**
 * A model that writes the cursor's line again from its start: what is already typed goes (at least
 * two characters of it, so a one-letter start is not taken for an echo).
 */
function dropTypedLine(text: string, ctx: CompletionContext): string {
  const typed = ctx.linePrefix.trimStart();
  if (typed.trim().length < 2) return text;
  if (text.startsWith(ctx.linePrefix)) return text.slice(ctx.linePrefix.length);
  return text.startsWith(typed) ? text.slice(typed.length) : text;
}

/**
 * On an indented blank line the cursor already stands at the indentation; a model that writes it
 * again (8 spaces instead of 4) has shifted the whole answer when every later line is shifted too.
 */
function stripReemittedIndent(text: string, ctx: CompletionContext): string {
  if (ctx.linePrefix === '' || ctx.linePrefix.trim() !== '') return text;
  // Under a line that opens a block, with the cursor not yet indented past it, the extra indentation is the body's.
  const above = lineAbove(ctx);
  if (above !== undefined && BLOCK_OPENER.test(above) && indentWidth(above) >= indentWidth(ctx.linePrefix)) return text;
  const extra = /^[ \t]+/.exec(text)?.[0];
  if (!extra) return text;
  const lines = text.split('\n');
  const later = lines.slice(1).filter((line) => line.trim() !== '');
  const shifted = later.length > 0 && later.every((line) => line.startsWith(ctx.linePrefix + extra));
  return lines.map((line, i) => (i === 0 || (shifted && line.startsWith(extra)) ? line.slice(extra.length) : line)).join('\n');
}

/** The file's indentation step: the commonest one from a line that opens a block to the line after it. */
function indentStep(prefix: string): string | undefined {
  const lines = prefix.split('\n');
  const counts = new Map<string, number>();
  for (let i = 0; i + 1 < lines.length; i++) {
    const [outer, inner] = [leading(lines[i]), leading(lines[i + 1])];
    if (BLOCK_OPENER.test(lines[i]) && lines[i + 1].trim() !== '' && inner.length > outer.length && inner.startsWith(outer)) {
      const step = inner.slice(outer.length);
      counts.set(step, (counts.get(step) ?? 0) + 1);
    }
  }
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
}

/**
 * An answer on the next line (after a statement, or under a `{` or `:` that opens a block) whose
 * first line is deeper than it belongs: a model writing the indentation it was given again. Its
 * excess goes from that line, and from every later line when all of them carry it too.
 */
function stripReemittedNewLineIndent(text: string, ctx: CompletionContext, mode: CompletionMode): string {
  if (!text.startsWith('\n')) return text;
  const step = /[{:]\s*$/.test(ctx.linePrefix) ? indentStep(readable(ctx)) : undefined;
  const expected = mode.nextLine ? mode.indent : mode.opener && step !== undefined ? mode.indent + step : undefined;
  const lines = text.split('\n');
  const first = lines.findIndex((line) => line.trim() !== '');
  if (expected === undefined || first < 0) return text;
  const extra = leading(lines[first]).slice(expected.length);
  if (!leading(lines[first]).startsWith(expected) || extra === '') return text;
  const later = lines.slice(first + 1).filter((line) => line.trim() !== '');
  // A first line that opens a block with the next line no deeper: only the first line moved.
  const bodyDeeper = !BLOCK_OPENER.test(lines[first]) || later.length === 0 || indentWidth(later[0]) > indentWidth(lines[first]);
  const all = bodyDeeper && later.every((line) => line.startsWith(expected + extra));
  return lines
    .map((line, i) =>
      i === first || (all && i > first && line.startsWith(expected + extra)) ? expected + line.slice(expected.length + extra.length) : line,
    )
    .join('\n');
}

/** The file's indentation character: the one most indented lines start with (undefined: none indented). */
function indentChar(text: string): '\t' | ' ' | undefined {
  let tabs = 0;
  let spaces = 0;
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    if (line.startsWith('\t')) tabs++;
    else if (line.startsWith(' ')) spaces++;
  }
  return tabs + spaces === 0 ? undefined : tabs > spaces ? '\t' : ' ';
}

/**
 * Every line of the answer indented with the file's character (a Python file indented with spaces
 * never gets a tab). A model's other character is read at the width, of 2, 4 or 8 columns, that
 * puts its lines nearest the cursor's own indentation; the first line continues the cursor's line
 * and keeps what it has.
 */
function normaliseIndentChars(text: string, ctx: CompletionContext): string {
  const char = indentChar(readable(ctx));
  if (char === undefined) return text;
  const foreign = char === '\t' ? ' ' : '\t';
  const lines = text.split('\n');
  const later = lines.slice(1).filter((line) => line.trim() !== '' && leading(line).includes(foreign));
  if (later.length === 0) return text;
  const unit = char === ' ' ? (indentStep(readable(ctx))?.replace(/\t/g, '    ').length ?? 4) : 1;
  // In the file's units: columns for a space file, tabs for a tab file.
  const width = (ws: string, factor: number) =>
    char === ' '
      ? ws.split('').reduce((n, c) => n + (c === '\t' ? factor : 1), 0)
      : ws.split('').reduce((n, c) => n + (c === '\t' ? 1 : 1 / factor), 0);
  const cursor = width(leading(ctx.linePrefix), unit);
  const factors = [unit, 2, 4, 8].filter((f, i, all) => all.indexOf(f) === i && f > 0);
  const cost = (f: number) => later.reduce((sum, line) => sum + Math.abs(width(leading(line), f) - cursor), 0);
  const factor = factors.reduce((best, f) => (cost(f) < cost(best) ? f : best));
  return lines
    .map((line, i) => {
      const ws = leading(line);
      if (i === 0 || !ws.includes(foreign)) return line;
      const n = Math.round(width(ws, factor));
      return (char === ' ' ? ' '.repeat(n) : '\t'.repeat(n)) + line.slice(ws.length);
    })
    .join('\n');
}

/**
 * An answer on the cursor's line whose first line opens a block, with the block's body no deeper
 * than the cursor: the model indented its later lines from column 0, not from the cursor. They
 * move to the body's depth (the cursor's indentation plus the file's step), together.
 */
function rebaseLaterLines(text: string, ctx: CompletionContext): string {
  if (text.startsWith('\n')) return text;
  const lines = text.split('\n');
  const second = lines.findIndex((line, i) => i > 0 && line.trim() !== '');
  if (second < 0 || !BLOCK_OPENER.test(lines[0]) || /^\s*[)\]}]/.test(lines[second])) return text;
  const step = indentStep(readable(ctx));
  if (step === undefined) return text;
  const body = leading(ctx.linePrefix) + step;
  const have = leading(lines[second]);
  if (have.length >= body.length || !body.startsWith(have)) return text;
  const extra = body.slice(have.length);
  const later = lines.slice(1).filter((line) => line.trim() !== '');
  if (!later.every((line) => line.startsWith(have.slice(0, Math.min(have.length, leading(line).length))))) return text;
  return lines.map((line, i) => (i === 0 || line.trim() === '' ? line : extra + line)).join('\n');
}

/**
 * The raw answer as the line rules read it: fences and prose gone, indentation as the cursor
 * already has it. `final`: the answer is complete (not still streaming).
 */
export function prepareRaw(answer: string, ctx: CompletionContext, mode: CompletionMode, final = false): string {
  const raw = cutAtControlToken(answer);
  const text = rebaseLaterLines(
    normaliseIndentChars(
      dropRepeatedAbove(
        dropTypedLine(stripProse(raw.includes('```') ? stripFences(raw, startsOnNextLine(mode)) : raw, ctx, final), ctx),
        ctx,
      ),
      ctx,
    ),
    ctx,
  );
  return stripReemittedNewLineIndent(stripReemittedIndent(text, ctx), ctx, mode);
}

/** The code around the cursor the client reads for the file's indentation: more after it than the suffix sent. */
function readable(ctx: CompletionContext): string {
  return ctx.prefix + (ctx.judgeSuffix ?? ctx.suffix);
}
