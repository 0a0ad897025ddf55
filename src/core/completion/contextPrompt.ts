// Budgeting, stable ordering and rendering of cross-file context. Service B's FIM takes only a prompt
// and a suffix, so the context goes at the start of the prompt as comments in the file's language,
// each file introduced by its path. Once chosen (by score), chunks are ordered by path and line, not
// by score, so the same selection always renders to the same bytes and the prompt cache keeps hitting.
import type { ScoredChunk } from './contextRanking';
import type { ContextChunk } from './contextTypes';

export interface CommentStyle {
  open: string;
  /** Closes each line's comment, for languages with block comments only. */
  close?: string;
}

const LINE_COMMENTS: Record<string, string> = {};
for (const id of 'typescript typescriptreact javascript javascriptreact java c cpp csharp go rust swift kotlin scala dart php objective-c objective-cpp groovy fsharp zig'.split(
  ' ',
))
  LINE_COMMENTS[id] = '//';
for (const id of 'python ruby shellscript perl r yaml toml makefile dockerfile powershell elixir julia coffeescript nim'.split(' '))
  LINE_COMMENTS[id] = '#';
for (const id of 'sql lua haskell'.split(' ')) LINE_COMMENTS[id] = '--';
const BLOCK_COMMENTS: Record<string, CommentStyle> = {
  css: { open: '/*', close: '*/' },
  scss: { open: '/*', close: '*/' },
  less: { open: '/*', close: '*/' },
  html: { open: '<!--', close: '-->' },
  xml: { open: '<!--', close: '-->' },
  vue: { open: '<!--', close: '-->' },
  svelte: { open: '<!--', close: '-->' },
  markdown: { open: '<!--', close: '-->' },
};

/** How to comment a line in this language; undefined where there are no comments (JSON, plain text): no context then. */
export function commentStyleFor(languageId: string): CommentStyle | undefined {
  const line = LINE_COMMENTS[languageId];
  return line ? { open: line } : BLOCK_COMMENTS[languageId];
}

/** About four characters a token, the usual rate for code; the service's own count is not known here. */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

function commentLine(line: string, style: CommentStyle): string {
  const body = line.replace(/\s+$/, '');
  if (!style.close) return body === '' ? style.open : `${style.open} ${body}`;
  // A closing marker inside the text would end the comment early.
  return `${style.open} ${body.split(style.close).join(style.close.split('').join(' '))} ${style.close}`;
}

const pathLine = (path: string, style: CommentStyle) => commentLine(`path: ${path}`, style);

function renderChunk(chunk: ContextChunk, style: CommentStyle): string[] {
  return chunk.text
    .replace(/\r\n?/g, '\n')
    .replace(/\n+$/, '')
    .split('\n')
    .map((l) => commentLine(l, style));
}

const byPathAndLine = (a: ContextChunk, b: ContextChunk) => (a.path < b.path ? -1 : a.path > b.path ? 1 : a.startLine - b.startLine);
const lineCount = (c: ContextChunk) => c.text.replace(/\n+$/, '').split('\n').length;
const overlaps = (a: ContextChunk, b: ContextChunk) =>
  a.path === b.path && a.startLine < b.startLine + lineCount(b) && b.startLine < a.startLine + lineCount(a);

/**
 * The best chunks that fit `budgetTokens` once rendered (with the current file's path line), highest
 * score first, none overlapping another of the same file; returned in stable order (path, line).
 */
export function selectContext(
  scored: readonly ScoredChunk[],
  budgetTokens: number,
  currentPath: string,
  style: CommentStyle,
): ContextChunk[] {
  let left = budgetTokens - estimateTokens(pathLine(currentPath, style) + '\n');
  const chosen: ContextChunk[] = [];
  const best = [...scored].sort((a, b) => b.score - a.score || byPathAndLine(a, b));
  for (const chunk of best) {
    if (chunk.path === currentPath || chosen.some((c) => overlaps(c, chunk))) continue;
    const cost = estimateTokens([pathLine(chunk.path, style), ...renderChunk(chunk, style)].join('\n') + '\n');
    if (cost > left) continue;
    left -= cost;
    chosen.push({ path: chunk.path, startLine: chunk.startLine, text: chunk.text, kind: chunk.kind });
  }
  return chosen.sort(byPathAndLine);
}

/** The comment block that starts the prompt: each file's path, then its chunks; the current file's path last. Empty when nothing was chosen. */
export function renderContext(chosen: readonly ContextChunk[], currentPath: string, style: CommentStyle): string {
  if (chosen.length === 0) return '';
  const out: string[] = [];
  let previous: ContextChunk | undefined;
  for (const chunk of [...chosen].sort(byPathAndLine)) {
    if (previous?.path !== chunk.path) out.push(pathLine(chunk.path, style));
    else if (previous.startLine + lineCount(previous) < chunk.startLine) out.push(commentLine('...', style));
    out.push(...renderChunk(chunk, style));
    previous = chunk;
  }
  out.push(pathLine(currentPath, style));
  return out.join('\n') + '\n';
}
