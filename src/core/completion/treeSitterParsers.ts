// Tree-sitter (VS Code's own prebuilt WebAssembly runtime and grammars, @vscode/tree-sitter-wasm)
// behind SyntaxParsers. Loaded from a folder at run time, per language on first use: never at
// activation, never bundled, and never awaited by a completion.
import { readFile } from 'node:fs/promises';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { brotliDecompress } from 'node:zlib';
import type * as TreeSitter from '@vscode/tree-sitter-wasm';
import { advance, IncrementalTree } from './incrementalTree';
import type { InsertionJudge, SyntaxParsers } from './syntaxParser';
import grammars from './treeSitterGrammars.json';

/** VS Code language id → grammar file `tree-sitter-<name>.wasm` (esbuild.mjs ships exactly these). */
const GRAMMARS: Readonly<Record<string, string>> = grammars;

type Runtime = typeof TreeSitter;
const inflate = promisify(brotliDecompress);

/**
 * A loaded grammar's parser, with the last trees of the two texts each judgement parses: the code
 * around the cursor, and the balanced window of it that candidates are put into.
 */
interface Grammar {
  parser: TreeSitter.Parser;
  around: IncrementalTree;
  window: IncrementalTree;
}

export class TreeSitterParsers implements SyntaxParsers {
  private runtime: Promise<Runtime> | undefined;
  private readonly loading = new Map<string, Promise<Grammar | undefined>>();
  private readonly ready = new Map<string, Grammar | undefined>();

  /** `wasmDir` holds tree-sitter.js, tree-sitter.wasm and the grammars; `onError` hears why one failed. */
  constructor(
    private readonly wasmDir: string,
    private readonly onError: (message: string) => void = () => undefined,
  ) {}

  judgeInsertion(languageId: string, before: string, after: string): InsertionJudge | undefined {
    const grammar = GRAMMARS[languageId];
    if (!grammar) return undefined;
    if (!this.ready.has(grammar)) {
      void this.load(languageId);
      return undefined;
    }
    const loaded = this.ready.get(grammar);
    return loaded ? judgeWith(loaded, languageId, before, after) : undefined;
  }

  bracketTokens(languageId: string, text: string): ReadonlySet<number> | undefined {
    const tree = this.ready.get(GRAMMARS[languageId])?.parser.parse(text);
    if (!tree) return undefined;
    try {
      return new Set(bracketTokens(tree).map((b) => b.at));
    } finally {
      tree.delete();
    }
  }

  /** Loads the language's parser (once); true when it is usable. The judge's worker calls it when an editor in the language becomes active. */
  async load(languageId: string): Promise<boolean> {
    const grammar = GRAMMARS[languageId];
    if (!grammar) return false;
    let pending = this.loading.get(grammar);
    if (!pending) {
      pending = this.loadGrammar(grammar, languageId).then(
        (parser) => parser,
        (error: unknown) => {
          this.onError(
            `Syntax checks for ${languageId} are off (line rules only): ${error instanceof Error ? error.message : String(error)}`,
          );
          return undefined;
        },
      );
      this.loading.set(grammar, pending);
      void pending.then((parser) => this.ready.set(grammar, parser));
    }
    const loaded = await pending;
    this.ready.set(grammar, loaded);
    return loaded !== undefined;
  }

  private async loadGrammar(grammar: string, languageId: string): Promise<Grammar> {
    const runtime = await (this.runtime ??= this.loadRuntime());
    const language = await runtime.Language.load(await wasmFile(path.join(this.wasmDir, `tree-sitter-${grammar}.wasm`)));
    const parser = new runtime.Parser().setLanguage(language);
    const loaded = { parser, around: new IncrementalTree(parser), window: new IncrementalTree(parser) };
    await warmUp(loaded, languageId);
    return loaded;
  }

  private async loadRuntime(): Promise<Runtime> {
    // A path known only at run time, so esbuild leaves the runtime out of the bundle (and activation).
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const runtime = require(path.join(this.wasmDir, 'tree-sitter.js')) as Runtime;
    const wasm = await wasmFile(path.join(this.wasmDir, 'tree-sitter.wasm'));
    await runtime.Parser.init({
      locateFile: (file: string) => path.join(this.wasmDir, file),
      // The packaged runtime is compressed like the grammars; its inflated bytes stand in for the file.
      ...(typeof wasm === 'string' ? {} : { wasmBinary: wasm }),
    });
    return runtime;
  }
}

function judgeWith(grammar: Grammar, languageId: string, before: string, after: string): InsertionJudge {
  const whole = grammar.around.parse(before + after);
  let window = { start: 0, end: after.length };
  try {
    if (whole) window = balancedWindow(whole, languageId, before, after);
  } catch (error) {
    whole?.delete();
    throw error;
  }
  const windowBefore = before.slice(window.start);
  const windowAfter = after.slice(0, window.end);
  // Nearly half the time nothing is cut off: the window is the text just parsed.
  const cut = window.start > 0 || window.end < after.length;
  if (cut) whole?.delete();
  const base = cut || !whole ? grammar.window.parse(windowBefore + windowAfter) : whole;
  return new TreeSitterJudge(grammar.parser, base, windowBefore, windowAfter, languageId !== 'python' ? blocksAround(windowBefore) : 0);
}

/** Code in the shape most grammars know (blocks, calls, lists, strings); in Python it parses with errors, which warms that path. */
const WARM_UP = [
  ['function pick(list, key) {\n  if (list.length > 0) {\n    ', '\n  }\n  return null;\n}\n', 'return list.find((x) => x[key] === "a");'],
  ['class Box {\n  open(size) {\n    const parts = [size, 2];\n    ', '\n  }\n}\n', 'for (let i = 0; i < size; i++) { parts.push(i); }'],
] as const;

/**
 * The first judgement with a new grammar costs 20 to 140 ms (the WebAssembly is compiled lazily and
 * tiered up as it runs); a warm one about 1 ms. Judging a few throwaway insertions right after the
 * load, a turn of the event loop apart, pays that here, before the parser is handed to completions.
 */
async function warmUp(grammar: Grammar, languageId: string): Promise<void> {
  for (let round = 0; round < 3; round++) {
    for (const [before, after, inserted] of WARM_UP) {
      await new Promise((resolve) => setImmediate(resolve));
      const judge = judgeWith(grammar, languageId, before, after);
      judge.fits(inserted);
      judge.dispose();
    }
  }
}

/**
 * A grammar (or the runtime's own WebAssembly) as the runtime loads it. The packaged ones are
 * brotli-compressed (`.wasm.br`, see esbuild.mjs): inflated here, in a few ms; a plain `.wasm`
 * (node_modules' copy, in tests) loads as is, by its path.
 */
async function wasmFile(wasm: string): Promise<string | Uint8Array> {
  try {
    return await inflate(await readFile(`${wasm}.br`));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return wasm;
    throw error;
  }
}

const OPENING: Readonly<Record<string, string>> = { '{': '}', '(': ')', '[': ']', '${': '}' };
const CLOSING = new Set([')', ']', '}']);

const BRACKET_TYPES = [...Object.keys(OPENING), ...CLOSING];

/**
 * The bracket tokens of a tree (brackets inside strings and comments are not tokens), in order.
 * web-tree-sitter's descendantsOfType walks the tree inside the WebAssembly and hands out only the
 * matches: walking it with a cursor from JavaScript, a call across per node, cost more than the parse.
 * That walk passes over nodes that end at the very start of the text (a token missing there); the
 * cursor finds those.
 */
export function bracketTokens(tree: TreeSitter.Tree): Array<{ type: string; at: number }> {
  const into = emptyTokensAtStart(tree);
  for (const node of tree.rootNode.descendantsOfType(BRACKET_TYPES)) {
    if (node && node.childCount === 0) into.push({ type: node.type, at: node.startIndex });
  }
  return into;
}

/** The bracket tokens of no width at index 0: the leaves at the start of the text, up to the first that has some. */
function emptyTokensAtStart(tree: TreeSitter.Tree): Array<{ type: string; at: number }> {
  const into: Array<{ type: string; at: number }> = [];
  const cursor = tree.walk();
  try {
    for (;;) {
      if (cursor.startIndex > 0) return into;
      if (cursor.gotoFirstChild()) continue;
      const type = cursor.nodeType;
      if (cursor.endIndex === 0 && (OPENING[type] || CLOSING.has(type))) into.push({ type, at: 0 });
      while (!cursor.gotoNextSibling()) if (!cursor.gotoParent()) return into;
    }
  } finally {
    cursor.delete();
  }
}

const lineStartAfter = (text: string, at: number) => {
  const newline = text.indexOf('\n', at);
  return newline < 0 ? text.length : newline + 1;
};

/**
 * The part of the two windows the judge parses: from a line where nothing is open yet (after the
 * last closer the text before the cursor leaves unpaired, and out of a comment the window began
 * in; in Python at a line with no indentation) to the end of the line where the text after the
 * cursor has closed the most blocks (all those open at the cursor, and any the answer opens). Windows cut anywhere leave a parser recovering from errors at their
 * edges, and recovery moves when text is inserted: a right answer then looks like a new error.
 */
function balancedWindow(tree: TreeSitter.Tree, languageId: string, before: string, after: string): { start: number; end: number } {
  const brackets = bracketTokens(tree);
  let start = 0;
  const open: string[] = [];
  for (const b of brackets) {
    if (b.at >= before.length) break;
    if (OPENING[b.type]) open.push(b.type);
    else if (open.length && OPENING[open[open.length - 1]] === b.type) open.pop();
    else {
      open.length = 0;
      start = lineStartAfter(before, b.at);
    }
  }
  const commentEnd = before.indexOf('*/');
  if (commentEnd >= 0 && !before.slice(0, commentEnd).includes('/*')) start = Math.max(start, lineStartAfter(before, commentEnd));
  if (languageId === 'python') {
    for (let at = start; at < before.length; at = lineStartAfter(before, at)) {
      if (/^[^\s#]/.test(before.slice(at, at + 1)) && !/string/.test(tree.rootNode.descendantForIndex(at)?.type ?? '')) {
        start = at;
        break;
      }
    }
  }
  // The blocks open at the cursor, counted from the window's new start.
  const stack: string[] = [];
  for (const b of brackets) {
    if (b.at < start) continue;
    if (b.at >= before.length) break;
    if (OPENING[b.type]) stack.push(b.type);
    else if (stack.length && OPENING[stack[stack.length - 1]] === b.type) stack.pop();
  }
  // The suffix may close more than the prefix opened (the answer is an opener whose closer is
  // below): the window runs to where the depth first reaches its lowest.
  let depth = stack.length;
  let lowest = depth;
  let end = after.length;
  for (const b of brackets) {
    if (b.at < before.length) continue;
    depth += OPENING[b.type] ? 1 : -1;
    if (depth < lowest) {
      lowest = depth;
      end = lineStartAfter(after, b.at - before.length);
    }
  }
  return { start, end };
}

/**
 * How many blocks a window that starts inside some is nested in, by the indentation of its first
 * line (a block's closers past the window's end pair with openers before its start).
 */
function blocksAround(window: string): number {
  const widths = window
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => /^[ \t]*/.exec(line)![0].replace(/\t/g, '    ').length);
  const unit = Math.min(...widths.filter((w) => w >= 2), 4);
  return widths.length ? Math.round(widths[0] / unit) : 0;
}

/** An error that is only closing brackets (the leaf, or the ERROR node around it). */
function isCloserError(node: TreeSitter.Node | null): boolean {
  const closersOnly = (n: TreeSitter.Node | null | undefined) => n !== null && n !== undefined && /^[\s)\]}]+;?$/.test(n.text);
  return closersOnly(node) && (!node!.parent || node!.parent.isError ? closersOnly(node!.parent ?? node) : true);
}

/** Where parse errors start: ERROR nodes (not looked into) and MISSING tokens. */
function errorStarts(node: TreeSitter.Node, into: number[] = []): number[] {
  if (node.isError || node.isMissing) into.push(node.startIndex);
  else if (node.hasError) for (const child of node.children) if (child) errorStarts(child, into);
  return into;
}

/** What a label names (JavaScript's and Java's grammars): a loop or a block, for `break` and `continue`. */
const LABELLED = new Set([
  'for_statement',
  'for_in_statement',
  'enhanced_for_statement',
  'while_statement',
  'do_statement',
  'statement_block',
  'block',
]);

/**
 * Whether the text between `start` and `end` starts a labelled statement that labels no loop or
 * block: a note written as code, `TODO: handle this` or `Note: x`, parses in JavaScript and Java as
 * a label before an expression, so it adds no parse error.
 */
function labelsProse(tree: TreeSitter.Tree, start: number, end: number, from: TreeSitter.Point, to: TreeSitter.Point): boolean {
  // Only the nodes in the text's rows and columns are walked, not the whole window's, once per candidate.
  return tree.rootNode
    .descendantsOfType('labeled_statement', from, to)
    .some((node) => node !== null && node.startIndex >= start && node.startIndex < end && !LABELLED.has(node.lastChild?.type ?? ''));
}

class TreeSitterJudge implements InsertionJudge {
  private readonly baseErrors: number[];
  private readonly at: TreeSitter.Point;

  /** `base`: the tree of `before + after`, which the judge owns from now on; `around`: blocks opened before the window whose closers it may hold. */
  constructor(
    private readonly parser: TreeSitter.Parser,
    private readonly base: TreeSitter.Tree | null,
    private readonly before: string,
    private readonly after: string,
    private readonly around = 0,
  ) {
    this.baseErrors = this.base ? errorStarts(this.base.rootNode) : [];
    this.at = advance({ row: 0, column: 0 }, before);
  }

  fits(inserted: string): boolean {
    if (!this.base) return false;
    // Incremental: the unchanged parts of the tree are reused.
    const edited = this.base.copy();
    const start = this.before.length;
    const end = start + inserted.length;
    const newEnd = advance(this.at, inserted);
    edited.edit({
      startIndex: start,
      oldEndIndex: start,
      newEndIndex: end,
      startPosition: this.at,
      oldEndPosition: this.at,
      newEndPosition: newEnd,
    });
    const tree = this.parser.parse(this.before + inserted + this.after, edited);
    edited.delete();
    if (!tree) return false;
    const errors = errorStarts(tree.rootNode);
    const prose = labelsProse(tree, start, end, this.at, newEnd);
    const closers = new Set(
      errors.filter((at) => at >= this.before.length + inserted.length && isCloserError(tree.rootNode.descendantForIndex(at))),
    );
    tree.delete();
    // Every error must be one the file already had, where it had it (shifted past the text): the
    // prefix and suffix are windows cut anywhere, and text that swaps their errors for its own (an
    // unclosed `{` that pairs with a closer the window left over) would break the real file. A
    // token missing at the end of an unfinished file (its last block not closed yet) is the file's.
    const known = new Set(this.baseErrors);
    const atFileEnd = (at: number) => this.after.slice(at - end).trim() === '';
    const fromBase = (at: number) => (at < start ? known.has(at) : at >= end && (known.has(at - inserted.length) || atFileEnd(at)));
    // A closer of a block opened before the window, once the text closes the block it belongs to.
    const news = errors.filter((at) => !fromBase(at));
    const pairedOutside = news.length <= this.around && news.every((at) => closers.has(at));
    // Tokens missing at the end of an unfinished window do not count against the text either.
    const counted = errors.filter((at) => !(at >= end && atFileEnd(at)) && !(pairedOutside && news.includes(at)));
    return !prose && counted.length <= this.baseErrors.length && (pairedOutside || news.length === 0);
  }

  dispose(): void {
    this.base?.delete();
  }
}
