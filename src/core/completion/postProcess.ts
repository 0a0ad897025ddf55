// Post-processing of a FIM answer (Continue's postprocessing + streamTransforms, Tabby's
// duplicate-closer removal): cut where the answer has been decided, trim what the text after the
// cursor already has, balance brackets against it, and reject output that would only get in the way.
// The raw answer is read as rawAnswer.ts prepares it (fences, prose, re-emitted indentation gone);
// line rules bound it; where a parser is loaded, the syntax judge (syntaxCheck.ts) then keeps the
// longest part of it that parses in place.
import { CLOSERS, OPENERS, openOpeners, unmatchedBrackets } from './brackets';
import { canonical, indentWidth, lineAbove } from './answerLines';
import { answerMode, BLOCK_OPENER, type CompletionMode } from './completionMode';
import type { CompletionContext } from './contextExtraction';
import { cutAtControlToken } from './controlTokens';
import { prepareRaw } from './rawAnswer';
import { InThreadJudge } from './inThreadJudge';
import { candidateGroups, cutPoints, verdictOf } from './syntaxCheck';
import type { PlaceJudge, SyntaxParsers } from './syntaxParser';

export interface PostProcessOptions {
  /** Parsers for the syntax judge; without one (or while it loads) the line rules decide alone. */
  syntax?: SyntaxParsers;
  /** The service stopped at its token limit (`finish_reason: "length"`): the last line is unfinished. */
  truncated?: boolean;
}

const isCloserOnly = (line: string) => /^\s*[)\]}]+[;,)]*\s*$/.test(line);
/** Lines that legitimately recur in a block: jumps, closers, case labels and their like. */
const RECURRING = /^(?:(?:return|break|continue|pass|raise|throw|yield)\b.*|(?:default|else|finally|try|do)\s*[:{]?|case\b.*|\}.*)$/;

/** Lines that go on with the statement above them rather than start a new one. */
const CONTINUES = /^(?:else|elif|except|finally|catch|\}|\)|\]|\.)/;

function firstNonBlankLine(text: string): string | undefined {
  return text.split('\n').find((line) => line.trim() !== '');
}

/** The suffix's next line as it stands (with its indentation): the rest of the cursor line after a `{|}`, else the next non-blank line. */
function nextSuffixLine(ctx: CompletionContext, mode: CompletionMode): string | undefined {
  if (mode.opener && ctx.lineSuffix.trim() !== '') return mode.indent + ctx.lineSuffix.trim();
  return firstNonBlankLine(ctx.suffix.slice(ctx.lineSuffix.length + 1))?.trimEnd();
}

/** The name a line declares (`const x =`, `def f(`, `class C`, `x = …`), if it declares one. */
function declaredName(line: string): string | undefined {
  const m =
    /^\s*(?:export\s+)?(?:(?:async\s+)?(?:function\*?|def|class|interface|type|enum)\s+|(?:const|let|var)\s+)([\p{L}_$][\p{L}\p{N}_$]*)/u.exec(
      line,
    ) ?? /^\s*((?:self\.|this\.)?[\p{L}_$][\p{L}\p{N}_$]*)\s*=[^=]/u.exec(line);
  return m?.[1];
}

/**
 * A model rewriting an existing line: the same line restyled, a jump above another jump, or a
 * line that declares again the name the next line declares. A line that only resembles the next (`import os` above `import re`,
 * a `case` above a look-alike `case`) is new code and stays.
 */
function rewrites(line: string, next: string): boolean {
  if (indentWidth(line) !== indentWidth(next)) return false;
  if (canonical(line) === canonical(next)) return true;
  // A jump above a statement of the same block leaves that statement dead: the model meant to replace it.
  if (/^\s*(?:return|throw|raise)\b/.test(line) && /^\s*(?:return|throw|raise)\b/.test(next)) return true;
  const name = declaredName(line);
  return (
    name !== undefined &&
    name === declaredName(next) &&
    canonical(line).startsWith(canonical(next).slice(0, canonical(next).indexOf('=') + 1) || '\u0000')
  );
}

/**
 * Where `text` stops being useful, once that is known: undefined while more text could still
 * change the answer. With `final` the text is complete, so its last line counts too. On several
 * lines the extent is the block the cursor is in (no line cap): the syntax judge trims within it.
 */
export function findCut(text: string, ctx: CompletionContext, mode: CompletionMode, final = false): number | undefined {
  if (!mode.multiline) {
    const newline = text.indexOf('\n');
    return newline >= 0 ? newline : final ? text.length : undefined;
  }
  const next = nextSuffixLine(ctx, mode);
  const above = lineAbove(ctx)?.trim();
  const blockIndent = indentWidth(mode.indent);
  const opensBody = bodyBelow(ctx, mode, next);
  // Lines said so far in the blocks still open (a line indented less closes the deeper ones).
  let seen: Array<{ trimmed: string; width: number }> = [];
  let previous: string | undefined;
  let start = 0;
  // The user's cursor line, when the answer starts under it, and whether a line under it was said yet.
  const cursorLine = /^[ \t]*\n/.test(text) ? ctx.linePrefix : '';
  let saidBelow = false;
  let closing = false;
  let topLevel: 'none' | 'opened' | 'body' | 'done' = 'none';
  let saidTop = false;
  let afterBlank = false;
  for (let i = 0; ; i++) {
    const end = text.indexOf('\n', start);
    if (end < 0 && !final) return undefined;
    const line = text.slice(start, end < 0 ? text.length : end).trimEnd();
    const trimmed = line.trim();
    // The first line continues the cursor line; later lines stand alone.
    const whole = i === 0 ? ctx.linePrefix + line : line;
    if (trimmed !== '') {
      // On a blank cursor line the first line stands alone too.
      const alone = i > 0 || ctx.linePrefix.trim() === '';
      if (alone && next !== undefined && (whole === next || rewrites(whole, next))) return cutBefore(text, start);
      // A closer closes another block than the closer above it (`}` under `  }` at the end of a file).
      if (i === 0 && whole.trim() === above && !isCloserOnly(line)) return cutBefore(text, start);
      // The body is already written below: the line that opens its block is the whole answer.
      if (i === 0 && opensBody && BLOCK_OPENER.test(line)) return end < 0 ? text.length : end;
      // The first line under the cursor line saying it again (restyled at most): nothing new.
      if (i > 0 && !saidBelow && cursorLine.trim() !== '' && canonical(whole) === canonical(cursorLine)) return cutBefore(text, start);
      if (closing && !isCloserOnly(line)) return cutBefore(text, start);
      if (i > 0) saidBelow = true;
      // Runaway repetition: a line said again in the same block, unless it is one that blocks
      // legitimately repeat; the same line in another block (two guard clauses) is fine.
      const width = indentWidth(whole);
      seen = seen.filter((s) => s.width <= width);
      const sibling = seen.some((s) => s.trimmed === trimmed && s.width === width);
      const repeated = (sibling && trimmed.length > 3 && !RECURRING.test(trimmed)) || (whole === previous && !isCloserOnly(line));
      if (i > 0 && repeated) return cutBefore(text, start);
      if (i > 0) {
        // Leaving the block: after an opener a line back at its indent ends it (a closer that the
        // suffix does not already have is kept); on a blank line, a line indented less.
        if (mode.opener ? width <= blockIndent : width < blockIndent) {
          if (mode.opener && isCloserOnly(line) && width === blockIndent && !closedByNext(width, next)) return end < 0 ? text.length : end;
          // On a blank line in a block, the closers that end it (and the blocks around it) belong
          // to the answer when the suffix does not have them; the first line after them is past
          // the definition (an invented next one).
          if (!mode.opener && isCloserOnly(line) && !closedByNext(width, next)) {
            closing = true;
            if (end < 0) return text.length;
            start = end + 1;
            continue;
          }
          return cutBefore(text, start);
        }
        // A closer deeper in than the block's end, with nothing open in the answer, closes nothing of it.
        if (isCloserOnly(line) && openOpeners(text.slice(0, start)).length === 0) return cutBefore(text, start);
      }
      // At top level the answer is one definition: once one has opened, had a body and come back
      // to column 0, a new top-level line (not an `else`/`except`-like continuation) is another.
      if (blockIndent === 0 && !mode.opener && width === 0) {
        const another = !isCloserOnly(line) && !CONTINUES.test(trimmed);
        if ((topLevel === 'done' || topLevel === 'body') && another) return cutBefore(text, start);
        // A definition after a blank line, under statements the answer already made: a new unit.
        if (topLevel === 'none' && saidTop && afterBlank && BLOCK_OPENER.test(line)) return cutBefore(text, start);
        saidTop = true;
        if (topLevel === 'body') topLevel = 'done';
        if (BLOCK_OPENER.test(line)) topLevel = 'opened';
      } else if (blockIndent === 0 && topLevel === 'opened' && width > 0) topLevel = 'body';
      seen.push({ trimmed, width });
      previous = whole;
    }
    afterBlank = trimmed === '' && i > 0;
    if (end < 0) return text.length;
    start = end + 1;
  }
}

/**
 * On a blank line, the suffix goes on indented deeper than the cursor: a block's body with the line
 * that opens it missing (deleted, or about to be written).
 */
function bodyBelow(ctx: CompletionContext, mode: CompletionMode, next: string | undefined): boolean {
  return (
    !mode.opener &&
    ctx.linePrefix.trim() === '' &&
    ctx.lineSuffix.trim() === '' &&
    next !== undefined &&
    indentWidth(next) > indentWidth(mode.indent)
  );
}

/**
 * The answer's last line, on a line of its own, opens a block whose body the suffix already has
 * (indented deeper than it): `for x in xs:` above the loop's body.
 */
function opensBodyBelow(text: string, ctx: CompletionContext, mode: CompletionMode): boolean {
  const lastLine = text.slice(text.lastIndexOf('\n') + 1);
  const next = firstNonBlankLine(ctx.suffix.slice(ctx.lineSuffix.length + 1));
  return (
    text.includes('\n') && !mode.opener && BLOCK_OPENER.test(lastLine) && next !== undefined && indentWidth(next) > indentWidth(lastLine)
  );
}

/** The suffix's next line closes the block at `width` already (`};` written for its `}` too). */
function closedByNext(width: number, next: string | undefined): boolean {
  return next !== undefined && isCloserOnly(next) && indentWidth(next) === width;
}

/** Cut before a line, and before the newline that led to it. */
function cutBefore(text: string, lineStart: number): number {
  return Math.max(0, lineStart - 1);
}

const squeeze = (s: string) => s.replace(/\s+/g, '');

/**
 * Single-line answers: stop where the answer starts repeating the text after the cursor (spacing
 * aside), as long as any brackets there pair with nothing in the answer (`foo(|)` + `bar())` →
 * `bar()`; `if (v === |) {` + `null){` → `null`).
 */
function trimSuffixOverlap(text: string, lineSuffix: string): string {
  const tail = squeeze(lineSuffix);
  if (!tail) return text;
  const unmatched = unmatchedBrackets(text);
  for (let i = 0; i < text.length; i++) {
    const rest = squeeze(text.slice(i));
    if (!rest || !(tail.startsWith(rest) || rest.startsWith(tail))) continue;
    let ownBracket = false;
    for (let j = i; j < text.length; j++) if ((OPENERS + CLOSERS).includes(text[j]) && !unmatched.has(j)) ownBracket = true;
    if (!ownBracket) return text.slice(0, i);
  }
  return text;
}

/** A block comment or Python docstring left open: never a place to stop (it would swallow code). */
function inComment(text: string): boolean {
  const odd = (quote: string) => text.split(quote).length % 2 === 0;
  return text.lastIndexOf('/*') > text.lastIndexOf('*/') || odd('"""') || odd("'''");
}

/** Without a parser, a cut-off answer ends at its last cut point (all of them balanced). */
function lastCut(text: string, cuts: readonly number[]): string | undefined {
  const last = cuts.map((at) => text.slice(0, at)).filter((candidate) => candidate.trim() !== '');
  return last[last.length - 1];
}

/** What post-processing asks the syntax judge on its way (PlaceJudge says what each answer is). */
type Question = { brackets: string } | { firstFit: string[][] };

/**
 * The text to show, or undefined when there is nothing worth showing. Stays synchronous and
 * callable from plain Node (benchmarks): a parser comes in through `options.syntax`.
 */
export function postProcess(
  raw: string,
  ctx: CompletionContext,
  asked: CompletionMode,
  options: PostProcessOptions = {},
): string | undefined {
  const judge = new InThreadJudge(options.syntax, ctx.languageId, ctx.prefix, ctx.judgeSuffix ?? ctx.suffix);
  try {
    const steps = postProcessSteps(raw, ctx, asked, options.truncated === true);
    for (let step = steps.next(); ;) {
      if (step.done) return step.value;
      const q = step.value;
      step = steps.next('brackets' in q ? judge.brackets(q.brackets) : judge.firstFit(q.firstFit));
    }
  } finally {
    judge.dispose();
  }
}

/** postProcess with a judge that may answer later (from a worker thread, judgeWorker.ts): the thread is free meanwhile. */
export async function postProcessWith(
  judge: PlaceJudge | undefined,
  raw: string,
  ctx: CompletionContext,
  asked: CompletionMode,
  truncated = false,
): Promise<string | undefined> {
  const steps = postProcessSteps(raw, ctx, asked, truncated);
  for (let step = steps.next(); ;) {
    if (step.done) return step.value;
    const q = step.value;
    step = steps.next(!judge ? undefined : 'brackets' in q ? await judge.brackets(q.brackets) : await judge.firstFit(q.firstFit));
  }
}

/** The work of postProcess, stopping at each question for the judge; the answer comes back through `next`. */
function* postProcessSteps(
  raw: string,
  ctx: CompletionContext,
  asked: CompletionMode,
  cutOff: boolean,
): Generator<Question, string | undefined, ReadonlySet<number> | number | undefined> {
  // An answer that reached a control token ended there, whatever the service says of its length.
  const answer = cutAtControlToken(raw);
  const mode = answerMode(asked, answer);
  const truncated = cutOff && answer === raw;
  // A cut-off answer's last line is unfinished (mid-token at worst): it never counts.
  let text = prepareRaw(truncated ? answer.slice(0, Math.max(0, answer.lastIndexOf('\n'))) : answer, ctx, mode, true);
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
  // After a complete statement the answer is the next statement, on its own line.
  if (mode.nextLine && !text.startsWith('\n')) text = `\n${mode.indent}${text.trimStart()}`;
  // No answer ends inside a comment it opened. A cut-off one ends only where all it opened is
  // closed: a parser would accept a `{` that pairs with a closer further on, and the rest of that
  // block is what the token limit cut off.
  const opener =
    mode.multiline && (bodyBelow(ctx, mode, nextSuffixLine(ctx, mode)) ? !text.includes('\n') : opensBodyBelow(text, ctx, mode));
  // A bracket in a string, comment or regex opens nothing: with a parser, only bracket tokens count.
  const real = truncated ? ((yield { brackets: text }) as ReadonlySet<number> | undefined) : undefined;
  const cuts = cutPoints(text, mode.multiline, opener, ctx.languageId).filter(
    (at) => !inComment(text.slice(0, at)) && (!truncated || openOpeners(text.slice(0, at), real).length === 0),
  );
  const { candidates, groups } = candidateGroups(text, cuts, mode.multiline);
  const verdict = verdictOf(candidates, (yield { firstFit: groups }) as number | undefined);
  const judged = verdict.judged ? verdict.text : truncated ? lastCut(text, cuts) : text;
  if (judged === undefined || judged.trim() === '') return undefined;
  // `{|}`: the body goes between the brackets, and the closer onto its own line after it.
  if (mode.opener && ctx.lineSuffix.trim() !== '' && judged.includes('\n')) return `${judged}\n${mode.indent}`;
  return judged;
}
