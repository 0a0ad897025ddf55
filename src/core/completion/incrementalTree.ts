// The code around the cursor changes by a keystroke or two between completions, yet parsing it from
// scratch costs milliseconds per request (a 9 KB window, parsed twice). Keeping the last tree and
// handing tree-sitter the difference as an edit reparses only the part that changed.
import type * as TreeSitter from '@vscode/tree-sitter-wasm';

/** Row and column after `text`, starting from `from` (web-tree-sitter counts UTF-16 code units). */
export function advance(from: TreeSitter.Point, text: string): TreeSitter.Point {
  const lastBreak = text.lastIndexOf('\n');
  if (lastBreak < 0) return { row: from.row, column: from.column + text.length };
  let rows = 0;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) rows++;
  return { row: from.row + rows, column: text.length - lastBreak - 1 };
}

/** The edit that turns `before` into `after`: the span between their common start and common end. */
export function textEdit(before: string, after: string): TreeSitter.Edit {
  const shorter = Math.min(before.length, after.length);
  let start = 0;
  while (start < shorter && before.charCodeAt(start) === after.charCodeAt(start)) start++;
  // A UTF-16 surrogate pair is one character to the parser: never split one between the kept and the changed part.
  if (start > 0 && start < shorter && isHighSurrogate(before.charCodeAt(start - 1))) start--;
  let end = 0;
  while (end < shorter - start && before.charCodeAt(before.length - 1 - end) === after.charCodeAt(after.length - 1 - end)) end++;
  if (end > 0 && end < shorter - start && isLowSurrogate(before.charCodeAt(before.length - end))) end--;
  const startPosition = advance({ row: 0, column: 0 }, before.slice(0, start));
  return {
    startIndex: start,
    oldEndIndex: before.length - end,
    newEndIndex: after.length - end,
    startPosition,
    oldEndPosition: advance(startPosition, before.slice(start, before.length - end)),
    newEndPosition: advance(startPosition, after.slice(start, after.length - end)),
  };
}

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;
const isLowSurrogate = (code: number) => code >= 0xdc00 && code <= 0xdfff;

/** One parser's last text and tree: each new text is parsed incrementally from it. */
export class IncrementalTree {
  private text = '';
  private tree: TreeSitter.Tree | null = null;

  constructor(private readonly parser: TreeSitter.Parser) {}

  /** A tree of `text` that the caller owns (and deletes); null when the parser gives none. */
  parse(text: string): TreeSitter.Tree | null {
    if (this.tree && text === this.text) return this.tree.copy();
    const old = this.tree;
    old?.edit(textEdit(this.text, text));
    // A parse that throws (WebAssembly out of memory) leaves no tree to go on from: the next text is parsed afresh.
    this.tree = null;
    try {
      this.tree = this.parser.parse(text, old);
    } finally {
      old?.delete();
    }
    this.text = text;
    return this.tree?.copy() ?? null;
  }
}
