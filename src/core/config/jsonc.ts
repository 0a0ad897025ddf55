/**
 * Parses JSON with comments and trailing commas, the format of VS Code's settings and workspace files.
 * Returns undefined for anything else.
 */
export function parseJsonc(text: string): unknown {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '"') {
      const end = stringEnd(text, i);
      out += text.slice(i, end);
      i = end - 1;
    } else if (ch === '/' && text[i + 1] === '/') {
      while (i < text.length && text[i] !== '\n') i++;
      out += '\n';
    } else if (ch === '/' && text[i + 1] === '*') {
      const close = text.indexOf('*/', i + 2);
      i = close < 0 ? text.length : close + 1;
      out += ' ';
    } else if (ch === ',' && /^\s*[}\]]/.test(nextCode(text, i + 1))) {
      // a trailing comma: dropped
    } else {
      out += ch;
    }
  }
  try {
    return JSON.parse(out);
  } catch {
    return undefined;
  }
}

/** Index just past the string literal that starts at `start`. */
function stringEnd(text: string, start: number): number {
  let i = start + 1;
  while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
  return Math.min(i + 1, text.length);
}

/** The text after `from` with leading comments removed, enough to see what the next token is. */
function nextCode(text: string, from: number): string {
  let i = from;
  for (;;) {
    while (i < text.length && /\s/.test(text[i])) i++;
    if (text.startsWith('//', i)) i = text.indexOf('\n', i) < 0 ? text.length : text.indexOf('\n', i);
    else if (text.startsWith('/*', i)) i = text.indexOf('*/', i + 2) < 0 ? text.length : text.indexOf('*/', i + 2) + 2;
    else return text.slice(i, i + 1);
  }
}
