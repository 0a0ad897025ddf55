// Where the cursor stands in the text, read from the text before it: in a comment, a Python
// docstring, a string, or code. Sentences are right answers in the first three, junk in code.
import type { CompletionContext } from './contextExtraction';

export type CursorSite = 'comment' | 'docstring' | 'string' | 'code';

const count = (text: string, needle: string) => text.split(needle).length - 1;

/** The cursor line up to the cursor with its string literals blanked, so a `#` or `//` in one is not a comment. */
function outsideStrings(line: string): { code: string; openQuote: boolean } {
  let code = '';
  let quote: string | undefined;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = undefined;
      continue;
    }
    if (c === '"' || c === "'" || c === '`') quote = c;
    else code += c;
  }
  return { code, openQuote: quote !== undefined };
}

export function cursorSite(ctx: CompletionContext): CursorSite {
  const python = ctx.languageId === 'python';
  if (python && (count(ctx.prefix, '"""') % 2 === 1 || count(ctx.prefix, "'''") % 2 === 1)) return 'docstring';
  if (!python && ctx.prefix.lastIndexOf('/*') > ctx.prefix.lastIndexOf('*/')) return 'comment';
  const { code, openQuote } = outsideStrings(ctx.linePrefix);
  if (python ? code.includes('#') : code.includes('//')) return 'comment';
  return openQuote ? 'string' : 'code';
}
