// Builds the new lines for a matched place from a quoted old block and its replacement. A line the
// model kept (the same in both) is written back as the file has it, so a SEARCH text whose spacing
// drifted never rewrites the lines around the change; a new line gets the file's indentation.
import { diffArrays } from 'diff';
import type { BlockMatch } from './blockMatch';
import { isBlank, leadingWhitespace } from './editText';

/** New lines, and for each the file line it was copied from (undefined for a line the model wrote). */
export interface NewLines {
  lines: string[];
  from: Array<number | undefined>;
}

export function replacementLines(
  file: readonly string[],
  match: BlockMatch,
  oldBlock: readonly string[],
  newBlock: readonly string[],
): NewLines {
  const reindent = indentMapper(file, match, oldBlock);
  const parts = diffArrays(
    oldBlock.map((l) => l.trimEnd()),
    newBlock.map((l) => l.trimEnd()),
  );
  const out: string[] = [];
  const from: Array<number | undefined> = [];
  const push = (line: string, source?: number) => {
    out.push(line);
    from.push(source);
  };
  const mapped = new Set(match.fileLineOf.filter((x): x is number => x !== undefined));
  let oldIndex = 0;
  let newIndex = 0;
  // File lines inside the place that no quoted line stands for (blank lines the model left out) stay
  // where they are: right after the file line before them.
  const keepUnmappedAfter = (fileLine: number) => {
    for (let next = fileLine + 1; next < match.end && !mapped.has(next); next++) if (isBlank(file[next])) push(file[next], next);
  };
  for (let next = match.start; next < match.end && !mapped.has(next); next++) if (isBlank(file[next])) push(file[next], next);
  for (const part of parts) {
    for (let k = 0; k < part.count!; k++) {
      if (part.added) {
        push(reindent(newBlock[newIndex++]));
        continue;
      }
      const at = match.fileLineOf[oldIndex];
      if (part.removed) {
        if (at !== undefined) keepUnmappedAfter(at);
        oldIndex++;
        continue;
      }
      if (at !== undefined) {
        push(file[at], at);
        keepUnmappedAfter(at);
      } else {
        push(reindent(newBlock[newIndex]));
      }
      oldIndex++;
      newIndex++;
    }
  }
  return { lines: out, from };
}

/** How a new line's indentation is turned into the file's, from the first quoted line that matched a non-blank file line. */
function indentMapper(file: readonly string[], match: BlockMatch, oldBlock: readonly string[]): (line: string) => string {
  // The first pair whose indentation differs says how; a first line at column 0 on both sides says nothing.
  for (let j = 0; j < oldBlock.length; j++) {
    const at = match.fileLineOf[j];
    if (at === undefined || isBlank(oldBlock[j]) || isBlank(file[at])) continue;
    const quoted = leadingWhitespace(oldBlock[j]);
    const actual = leadingWhitespace(file[at]);
    if (quoted !== actual) return indentShift(quoted, actual);
  }
  return (line) => line;
}

/** Maps lines indented like `quoted` to lines indented like `actual`. */
export function indentShift(quoted: string, actual: string): (line: string) => string {
  if (quoted === actual) return (line) => line;
  if (actual.startsWith(quoted)) {
    const extra = actual.slice(quoted.length);
    return (line) => (isBlank(line) ? line : extra + line);
  }
  if (quoted.startsWith(actual)) {
    const drop = quoted.length - actual.length;
    return (line) => {
      const lead = leadingWhitespace(line);
      return line.slice(Math.min(drop, lead.length));
    };
  }
  // Tabs on one side, spaces on the other: convert by the ratio the matched line shows.
  const tabsActual = /^\t+$/.test(actual);
  const spacesQuoted = /^ +$/.test(quoted);
  if (tabsActual && spacesQuoted && quoted.length % actual.length === 0) {
    const width = quoted.length / actual.length;
    return (line) => {
      const lead = leadingWhitespace(line);
      if (!/^ *$/.test(lead)) return line;
      return '\t'.repeat(Math.floor(lead.length / width)) + ' '.repeat(lead.length % width) + line.slice(lead.length);
    };
  }
  if (/^ +$/.test(actual) && /^\t+$/.test(quoted) && actual.length % quoted.length === 0) {
    const width = actual.length / quoted.length;
    return (line) => {
      const lead = leadingWhitespace(line);
      if (!/^\t*$/.test(lead)) return line;
      return ' '.repeat(lead.length * width) + line.slice(lead.length);
    };
  }
  return (line) => line;
}
