// Reading the lines of a completion and of the text around it: indentation, the line above the
// cursor, and a line as a model may restyle it.
import type { CompletionContext } from './contextExtraction';

export const leading = (line: string) => /^[ \t]*/.exec(line)![0];
export const indentWidth = (line: string) => leading(line).replace(/\t/g, '    ').length;

/** The line above the cursor line, if any (a model often rewrites it). */
export function lineAbove(ctx: CompletionContext): string | undefined {
  const lines = ctx.prefix.split('\n');
  lines.pop();
  for (let i = lines.length - 1; i >= 0; i--) if (lines[i].trim() !== '') return lines[i];
  return undefined;
}

/** A line as a model may restyle it: spacing, quote style and a final semicolon do not count. */
export const canonical = (line: string) => line.replace(/\s+/g, '').replace(/'/g, '"').replace(/;$/, '');
