// Fill-in-the-middle continuation: an n-gram copy model. It finds the longest tail of the text
// before the cursor that occurs earlier in the prompt, in the suffix or in a small corpus of
// idiomatic code, and continues with what followed there; when nothing matches it falls back to
// a language-appropriate line. Mid-line prompts get the rest of the line; an empty line after a
// block opener gets a few indented lines. Output never runs into the suffix.
import { corpusFor } from './fimCorpus';
import { realisticOutput, type RealisticClass } from './fimFailures';
import { detectFimLanguage, indentUnit, usesBraces, type FimLanguage } from './fimLanguage';
import { indentOf, isOpener, lastNonBlankLine } from './fimText';
import { seedFrom } from './rng';
import { countTokens, truncateToTokens } from './tokens';

export interface FimInput {
  prompt: string;
  suffix: string;
  maxTokens: number;
  stop: readonly string[];
  /** A realistic-mode failure class (fimFailures.ts); default `ideal`. */
  failure?: RealisticClass;
}

export interface FimResult {
  text: string;
  finishReason: 'stop' | 'length';
}

const MIN_MATCH = 3;
const MAX_MATCH = 80;
const MAX_BLOCK_LINES = 4;
const MAX_FREE_LINES = 2;

function nonSpace(text: string): number {
  return text.replace(/\s/g, '').length;
}

/** What followed the longest earlier occurrence of the context's tail, or undefined. */
function copyContinuation(context: string, suffix: string, corpus: string, minNonSpace = MIN_MATCH): string | undefined {
  const occurs = (len: number): boolean => {
    const tail = context.slice(-len);
    return context.lastIndexOf(tail, context.length - len - 1) >= 0 || suffix.includes(tail) || corpus.includes(tail);
  };
  // Occurrence is monotonic in tail length (a shorter tail is inside a longer one), so bisect.
  let lo = 0;
  let hi = Math.min(MAX_MATCH, context.length - 1);
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (occurs(mid)) lo = mid;
    else hi = mid - 1;
  }
  const tail = context.slice(-lo);
  if (lo < MIN_MATCH || nonSpace(tail) < minNonSpace) return undefined;
  const inPrompt = context.lastIndexOf(tail, context.length - lo - 1);
  if (inPrompt >= 0) return context.slice(inPrompt + lo);
  const inSuffix = suffix.indexOf(tail);
  if (inSuffix >= 0) return suffix.slice(inSuffix + lo);
  const inCorpus = corpus.indexOf(tail);
  return inCorpus >= 0 ? corpus.slice(inCorpus + lo) : undefined;
}

function isCloser(line: string): boolean {
  return /^\s*[})\]]+[;,)]*\s*$/.test(line);
}

function nameIn(line: string): string {
  return /(?:function|def|func|class)\s+(?:\([^)]*\)\s*)?(\w+)/.exec(line)?.[1] ?? /(\w+)\s*\(/.exec(line)?.[1] ?? 'this';
}

/** A line's worth of text when the copy model has nothing: finishes common constructs. */
function fallbackLineEnd(line: string, language: FimLanguage): string {
  const semi = language === 'typescript' || language === 'javascript' ? ';' : '';
  const t = line.trimEnd();
  const assigned = /(\w+)\s*(?::\s*[\w<>[\]]+)?\s*:?=$/.exec(t)?.[1];
  if (assigned !== undefined) {
    const space = line.endsWith(' ') ? '' : ' ';
    const n = assigned.toLowerCase();
    const value = /s$|list|items|array/.test(n)
      ? '[]'
      : /count|total|index|num|size/.test(n)
        ? '0'
        : /name|text|label|title|str/.test(n)
          ? "''"
          : language === 'python'
            ? 'None'
            : language === 'go'
              ? 'nil'
              : 'undefined';
    return space + (language === 'python' || language === 'go' ? value.replace("''", '""') : value) + semi;
  }
  if (/\breturn$/.test(t)) return ` result${semi}`;
  if (/\($/.test(t)) return `)${semi}`;
  if (/(\/\/|#)\s*$/.test(t)) return ' TODO: handle this case';
  return '';
}

function fallbackBlock(opener: string, indent: string, language: FimLanguage): string[] {
  const name = nameIn(opener);
  if (language === 'python') return [`${indent}"""TODO: implement ${name}."""`, `${indent}raise NotImplementedError("${name}")`];
  if (language === 'go') return [`${indent}// TODO: implement ${name}`, `${indent}panic("not implemented: ${name}")`];
  if (/\b(if|for|while)\b/.test(opener)) return [`${indent}// TODO: handle this case`];
  return [`${indent}// TODO: implement ${name}`, `${indent}throw new Error('Not implemented: ${name}');`];
}

interface Context {
  suffix: string;
  corpus: string;
  language: FimLanguage;
  /** First non-blank line of the suffix, trimmed: generation stops before repeating it. */
  suffixAnchor: string;
}

/** Minimum non-blank characters a tail match needs at the start of a line, where short tails like "):\n" say little. */
const MIN_LINE_START_MATCH = 6;

/**
 * Full lines after the cursor line start (`lineStart` is the whitespace the current line already
 * holds). Lines are matched without that whitespace and re-indented: the first copied line lands
 * at the block's indentation and later lines keep their indentation relative to it.
 */
function generateLines(prompt: string, lineStart: string, maxLines: number, ctx: Context): string[] {
  const before = prompt.slice(0, prompt.length - lineStart.length);
  const prev = lastNonBlankLine(before);
  const opener = isOpener(prev);
  const bodyIndent = lineStart !== '' ? lineStart : opener ? indentOf(prev) + indentUnit(ctx.language) : indentOf(prev);
  const lines: string[] = [];
  let context = before;
  let sourceIndent: string | undefined;
  while (lines.length < maxLines) {
    const copied = copyContinuation(context, ctx.suffix, ctx.corpus, MIN_LINE_START_MATCH);
    const raw = copied?.split('\n')[0];
    if (raw === undefined || raw.trim() === '') {
      if (lines.length === 0 && opener) {
        for (const l of fallbackBlock(prev, bodyIndent, ctx.language)) if (l.trim() !== ctx.suffixAnchor) lines.push(l);
        if (ctx.suffixAnchor === '' && usesBraces(ctx.language) && /\{\s*$/.test(prev)) lines.push(indentOf(prev) + '}');
      }
      break;
    }
    sourceIndent ??= indentOf(raw);
    const rawIndent = indentOf(raw);
    const dedent = !rawIndent.startsWith(sourceIndent) || rawIndent.length < sourceIndent.length;
    const line = (dedent ? indentOf(prev) : bodyIndent + rawIndent.slice(sourceIndent.length)) + raw.trimStart();
    const trimmed = line.trim();
    if (trimmed === ctx.suffixAnchor || lines.includes(line)) break;
    if (dedent || isCloser(line)) {
      // A closing line ends the block; keep it only when the suffix does not already close it.
      if (isCloser(line) && opener && ctx.suffixAnchor === '' && usesBraces(ctx.language)) lines.push(indentOf(prev) + trimmed);
      break;
    }
    lines.push(line);
    context += line + '\n';
  }
  return lines;
}

/** The natural completion, before stop sequences and max_tokens. */
export function generateFim(prompt: string, suffix: string): string {
  const language = detectFimLanguage(prompt + '\n' + suffix);
  const suffixLines = suffix.split('\n');
  const sameLineRest = suffixLines[0];
  const ctx: Context = {
    suffix,
    corpus: corpusFor(language),
    language,
    suffixAnchor: '',
  };
  const currentLine = prompt.slice(prompt.lastIndexOf('\n') + 1);
  const midLine = currentLine.trim() !== '';
  // Mid-line, the rest of the cursor's line is handled on its own; the anchor is the next line.
  ctx.suffixAnchor = (midLine ? suffixLines.slice(1) : suffixLines).find((l) => l.trim() !== '')?.trim() ?? '';

  if (midLine) {
    // Mid-line: finish the line, without repeating what the suffix already has on it.
    const copied = copyContinuation(prompt, suffix, ctx.corpus);
    let rest = copied !== undefined ? copied.split('\n')[0] : fallbackLineEnd(currentLine, language);
    if (rest.trim() === '' && copied !== undefined) rest = fallbackLineEnd(currentLine, language);
    const cutAt = sameLineRest.trim() !== '' ? rest.indexOf(sameLineRest.trim()) : -1;
    if (cutAt >= 0) rest = rest.slice(0, cutAt);
    if (rest !== '' || sameLineRest.trim() !== '') return rest.trimEnd();
    // The line is complete: suggest the next line(s).
    const lines = generateLines(prompt + '\n', '', MAX_FREE_LINES, ctx);
    return lines.length > 0 ? '\n' + lines.join('\n') : '';
  }

  const prev = lastNonBlankLine(prompt.slice(0, prompt.length - currentLine.length));
  const lines = generateLines(prompt, currentLine, isOpener(prev) ? MAX_BLOCK_LINES : MAX_FREE_LINES, ctx);
  if (lines.length === 0) return '';
  // The cursor line already holds `currentLine` (its indentation): do not repeat it. When the
  // cursor's line has text after it, end with a newline so that text stays on its own line.
  const text = [lines[0].slice(currentLine.length), ...lines.slice(1)].join('\n');
  return sameLineRest.trim() !== '' ? text + '\n' + currentLine : text;
}

/**
 * Completion honouring stop sequences (cut before, finish "stop") and max_tokens (finish "length").
 * With a failure class, the natural completion is first turned into that class's raw output.
 */
export function completeFim(input: FimInput): FimResult {
  const ideal = generateFim(input.prompt, input.suffix);
  let { text, finishReason } = realisticOutput(
    input.failure ?? 'ideal',
    ideal,
    input.prompt,
    input.suffix,
    seedFrom(input.prompt, input.suffix),
  );
  let cut = -1;
  for (const s of input.stop) {
    const at = text.indexOf(s);
    if (at >= 0 && (cut < 0 || at < cut)) cut = at;
  }
  if (cut >= 0) {
    text = text.slice(0, cut);
    finishReason = 'stop';
  }
  if (countTokens(text) > input.maxTokens) {
    text = truncateToTokens(text, input.maxTokens);
    finishReason = 'length';
  }
  return { text, finishReason };
}
