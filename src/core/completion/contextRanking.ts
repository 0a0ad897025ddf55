// Ranking of other files' lines by similarity to the code around the cursor: Jaccard similarity of
// identifier sets over fixed line windows (Copilot's neighbouring-tab snippets work this way).
import type { ContextChunk, ContextFile } from './contextTypes';
import { LruCache } from './lruCache';

/** Lines of a candidate window, and of the reference window before the cursor. */
const WINDOW_LINES = 30;
/** Windows start every this many lines. */
const WINDOW_STEP = 10;
/** Files longer than this are windowed only over their first part: ranking stays cheap. */
const MAX_FILE_CHARS = 200_000;

// Words every program has: they say nothing about which code is related.
const STOP_WORDS = new Set(
  'if else for while do return function const let var new this self class def import from export default true false null undefined none in of is not and or as async await try catch finally throw with pass elif lambda yield static public private protected void int string number boolean type interface extends implements'.split(
    ' ',
  ),
);

export function identifierSet(text: string): Set<string> {
  const set = new Set<string>();
  for (const match of text.matchAll(/[A-Za-z_$][\w$]*/g)) {
    const word = match[0];
    if (word.length > 1 && !STOP_WORDS.has(word)) set.add(word);
  }
  return set;
}

export function jaccard(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 || b.size === 0) return 0;
  let common = 0;
  for (const w of a) if (b.has(w)) common++;
  return common / (a.size + b.size - common);
}

/** The lines before the cursor the candidates are compared with. */
export function referenceWindow(text: string, offset: number): Set<string> {
  const before = text.slice(0, offset).split('\n');
  return identifierSet(before.slice(-WINDOW_LINES).join('\n'));
}

/** The identifier being typed at the cursor (`const sum = judgeCompute|`), when it is 3 characters or more. */
export function partialWordAt(text: string, offset: number): string | undefined {
  if (/[\w$]/.test(text[offset] ?? '')) return undefined;
  const word = /[A-Za-z_$][\w$]*$/.exec(text.slice(Math.max(0, offset - 200), offset))?.[0];
  return word !== undefined && word.length >= 3 && !STOP_WORDS.has(word) ? word : undefined;
}

export interface ScoredChunk extends ContextChunk {
  score: number;
}

interface Window {
  startLine: number;
  text: string;
  words: ReadonlySet<string>;
}

/**
 * Each file's windows and their words, kept while the file's text stays the same: the context is chosen
 * again per block of lines, and tokenizing every tab each time cost milliseconds (tens, cold) on the
 * keystroke that asked.
 */
const windowsByPath = new LruCache<{ text: string; windows: Window[] }>(24);

function fileWindows(file: ContextFile): readonly Window[] {
  const known = windowsByPath.get(file.path);
  if (known?.text === file.text) return known.windows;
  const lines = file.text.slice(0, MAX_FILE_CHARS).split('\n');
  const windows: Window[] = [];
  for (let start = 0; start === 0 || start + WINDOW_LINES - WINDOW_STEP < lines.length; start += WINDOW_STEP) {
    const text = lines.slice(start, start + WINDOW_LINES).join('\n');
    windows.push({ startLine: start, text, words: identifierSet(text) });
  }
  windowsByPath.set(file.path, { text: file.text, windows });
  return windows;
}

/** The best window of each file, and each chunk, scored against the reference; zero scores are dropped. */
export function rankChunks(reference: ReadonlySet<string>, files: readonly ContextFile[], chunks: readonly ContextChunk[]): ScoredChunk[] {
  const scored: ScoredChunk[] = [];
  for (const file of files) {
    let best: ScoredChunk | undefined;
    for (const { startLine, text, words } of fileWindows(file)) {
      const score = jaccard(reference, words);
      if (!best || score > best.score) best = { path: file.path, startLine, text, kind: 'window', score };
    }
    if (best && best.score > 0) scored.push(best);
  }
  for (const chunk of chunks) {
    const similarity = jaccard(reference, identifierSet(chunk.text));
    // A definition of a symbol at the cursor is wanted whatever its words; it ranks above any window.
    const score = chunk.kind === 'definition' ? 1 + similarity : similarity;
    if (score > 0) scored.push({ ...chunk, score });
  }
  return scored;
}
