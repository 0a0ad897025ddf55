// What to show while a whole-block answer streams: the complete lines of its code block so far in
// place of the selection's first lines, and the selection's remaining lines after them, still unread.
// Other formats (search/replace, diffs) cannot be placed before they are complete, so they show
// nothing until the end.
import { diffArrays } from 'diff';
import { answerLines } from './editText';

const FENCE = /^\s*(`{3,}|~{3,})/;

/** The code lines streamed so far, or undefined while there is nothing that can be shown yet. */
export function streamedCodeLines(partialAnswer: string): string[] | undefined {
  const lines = answerLines(partialAnswer);
  // The last line may still be growing: only complete lines are shown.
  lines.pop();
  if (lines.some((l) => /^\s*(<{5,9}|={7}|>{5,9})/.test(l) || /^@@ /.test(l))) return undefined;
  let open = -1;
  let marker = '';
  for (let i = 0; i < lines.length; i++) {
    const m = FENCE.exec(lines[i]);
    if (!m) continue;
    if (open < 0) {
      open = i;
      marker = m[1];
    } else if (lines[i].trim() === marker || lines[i].trim().startsWith(marker[0].repeat(marker.length))) {
      return lines.slice(open + 1, i);
    }
  }
  return open < 0 ? undefined : lines.slice(open + 1);
}

/** The selection's lines as they look mid-stream: the new lines so far, then the old lines the answer has not reached. */
export function previewSelection(oldLines: readonly string[], streamed: readonly string[]): string[] {
  let reached = 0;
  let i = 0;
  for (const part of diffArrays(
    oldLines.map((l) => l.trim()),
    streamed.map((l) => l.trim()),
  )) {
    if (part.added) continue;
    i += part.count!;
    if (!part.removed) reached = i;
  }
  // Old lines after the last one the answer matched are not reached yet, unless nothing matched at all.
  return [...streamed, ...oldLines.slice(reached)];
}
