// Line and bracket helpers shared by the FIM copy model (fim.ts) and its failure classes
// (fimFailures.ts): indentation, block openers and the brackets/quotes a text leaves open.

export function indentOf(line: string): string {
  return /^[ \t]*/.exec(line)?.[0] ?? '';
}

export function lastNonBlankLine(text: string): string {
  const lines = text.split('\n');
  for (let i = lines.length - 1; i >= 0; i--) if (lines[i].trim() !== '') return lines[i];
  return '';
}

/** The line holding the end of `text` (the cursor line, for a FIM prompt). */
export function lastLine(text: string): string {
  return text.slice(text.lastIndexOf('\n') + 1);
}

export function isOpener(line: string): boolean {
  return /[{([:]\s*$|=>\s*$/.test(line.replace(/\s*(\/\/|#).*$/, ''));
}

export const CLOSER_OF: Readonly<Record<string, string>> = { '(': ')', '[': ']', '{': '}', "'": "'", '"': '"', '`': '`' };

/** A bracket or quote still open at the end of a text. */
export interface OpenBracket {
  char: string;
  /** The whole line it was opened on. */
  line: string;
}

/**
 * The brackets (and, at the very end, a quote) that `text` leaves open, outermost first. Strings
 * and line comments (`//`, and `#` when `hashComments`) are skipped. A quote that does not close
 * on its own line is ignored unless it is on the last line (Rust lifetimes, apostrophes in prose),
 * so one odd line does not swallow the rest; template literals may span lines.
 */
export function openBrackets(text: string, hashComments: boolean): OpenBracket[] {
  const stack: OpenBracket[] = [];
  const lines = text.split('\n');
  let template = false;
  lines.forEach((line, row) => {
    const last = row === lines.length - 1;
    for (let i = 0; i < line.length; i++) {
      const c = line[i];
      if (template) {
        if (c === '\\') i++;
        else if (c === '`') template = false;
        continue;
      }
      if ((c === '/' && line[i + 1] === '/') || (hashComments && c === '#')) break;
      if (c === '`') {
        template = true;
        continue;
      }
      if (c === "'" || c === '"') {
        let j = i + 1;
        while (j < line.length && line[j] !== c) j += line[j] === '\\' ? 2 : 1;
        if (j < line.length) i = j;
        else if (last) {
          stack.push({ char: c, line });
          return;
        }
        continue;
      }
      if (c === '(' || c === '[' || c === '{') stack.push({ char: c, line });
      else if ((c === ')' || c === ']' || c === '}') && stack.length > 0 && CLOSER_OF[stack[stack.length - 1].char] === c) stack.pop();
    }
  });
  if (template) stack.push({ char: '`', line: lines[lines.length - 1] });
  return stack;
}
