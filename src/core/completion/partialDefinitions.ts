// Definitions of names that start with the identifier being typed (`const sum = judgeCompute|`): the
// words before the cursor share no whole word with them yet, so similarity ranking cannot find them.
// They come from the open tabs and the recently edited chunks (indexed once per set of neighbours), and
// from the workspace's symbols (ContextSource.symbols, for files that are not open).
import { definitionEnd } from './contextSymbols';
import type { ContextChunk, ContextFile, NamedDefinition } from './contextTypes';
import { LruCache } from './lruCache';

/** A line that defines a name: a declaration keyword, or an assignment to `exports`. */
const DEFINES = /\b(?:function\*?|class|def|interface|type|enum|const|let|var)\s+([A-Za-z_$][\w$]*)|\bexports\.([A-Za-z_$][\w$]*)\s*=/;
/** Files longer than this are indexed over their first part only: indexing stays cheap. */
const MAX_FILE_CHARS = 200_000;
/** Definitions one identifier brings in at most (the shortest names: the likeliest completions). */
export const PARTIAL_MATCHES = 3;

/** The definitions declared in `lines`, the first of which is line `startLine` of `path`. */
function definitionsInLines(path: string, lines: readonly string[], startLine: number): NamedDefinition[] {
  const found: NamedDefinition[] = [];
  lines.forEach((line, i) => {
    const match = DEFINES.exec(line);
    const name = match?.[1] ?? match?.[2];
    if (!name) return;
    const text = lines.slice(i, definitionEnd(lines, i) + 1).join('\n');
    found.push({ path, startLine: startLine + i, text, kind: 'definition', name });
  });
  return found;
}

const indexes = new WeakMap<object, NamedDefinition[]>();
/** Each open file's definitions, kept while its text stays the same: another file's edit chooses the context again, not this. */
const byFile = new LruCache<{ text: string; definitions: NamedDefinition[] }>(64);

function definitionsInFile(file: ContextFile): NamedDefinition[] {
  const known = byFile.get(file.path);
  if (known?.text === file.text) return known.definitions;
  const definitions = definitionsInLines(file.path, file.text.slice(0, MAX_FILE_CHARS).split('\n'), 0);
  byFile.set(file.path, { text: file.text, definitions });
  return definitions;
}

/** The definitions in the open files and the recently edited chunks, indexed once per `neighbours`. */
export function definitionIndex(neighbours: { files: readonly ContextFile[]; chunks: readonly ContextChunk[] }): NamedDefinition[] {
  let index = indexes.get(neighbours);
  if (!index) {
    index = [
      ...neighbours.files.flatMap(definitionsInFile),
      ...neighbours.chunks.flatMap((c) => definitionsInLines(c.path, c.text.split('\n'), c.startLine)),
    ];
    indexes.set(neighbours, index);
  }
  return index;
}

/** The definitions whose name starts with `partial`, shortest names first, one per place, at most PARTIAL_MATCHES. */
export function startingWith(partial: string, definitions: readonly NamedDefinition[]): NamedDefinition[] {
  const seen = new Set<string>();
  return definitions
    .filter((d) => d.name.startsWith(partial))
    .sort((a, b) => a.name.length - b.name.length)
    .filter((d) => !seen.has(placeOf(d)) && seen.add(placeOf(d)))
    .slice(0, PARTIAL_MATCHES);
}

/** A chunk's place: its path and first line. */
export function placeOf(chunk: ContextChunk): string {
  return `${chunk.path}\u0000${chunk.startLine}`;
}
