// Parses source text with tree-sitter (@vscode/tree-sitter-wasm: VS Code's prebuilt runtime and
// grammars), so the quality benchmark can tell whether an accepted completion breaks a file.
import { dirname, join } from 'node:path';
import * as TreeSitter from '@vscode/tree-sitter-wasm';

/** VS Code language id → grammar file in @vscode/tree-sitter-wasm/wasm. */
export const GRAMMARS: Record<string, string> = {
  typescript: 'tree-sitter-typescript.wasm',
  typescriptreact: 'tree-sitter-tsx.wasm',
  javascript: 'tree-sitter-javascript.wasm',
  python: 'tree-sitter-python.wasm',
  go: 'tree-sitter-go.wasm',
  rust: 'tree-sitter-rust.wasm',
  java: 'tree-sitter-java.wasm',
};

export interface SyntaxChecker {
  /** The tree of `text`; the caller deletes it. */
  parse(languageId: string, text: string): TreeSitter.Tree;
  /** True when `text` parses without an error or missing node. */
  parses(languageId: string, text: string): boolean;
}

/** Loads the runtime and the grammars of `languageIds`. */
export async function loadSyntaxChecker(languageIds: readonly string[]): Promise<SyntaxChecker> {
  const dir = dirname(require.resolve('@vscode/tree-sitter-wasm/wasm/tree-sitter.js'));
  await TreeSitter.Parser.init({ locateFile: (file: string) => join(dir, file) });
  const parsers = new Map<string, TreeSitter.Parser>();
  for (const id of languageIds) {
    const grammar = GRAMMARS[id];
    if (!grammar) throw new Error(`No tree-sitter grammar for language "${id}"; known: ${Object.keys(GRAMMARS).join(', ')}.`);
    const parser = new TreeSitter.Parser();
    parser.setLanguage(await TreeSitter.Language.load(join(dir, grammar)));
    parsers.set(id, parser);
  }
  const parse = (languageId: string, text: string): TreeSitter.Tree => {
    const parser = parsers.get(languageId);
    if (!parser) throw new Error(`Grammar for "${languageId}" was not loaded.`);
    const tree = parser.parse(text);
    if (!tree) throw new Error(`tree-sitter returned no tree for a ${languageId} file.`);
    return tree;
  };
  return {
    parse,
    parses(languageId, text) {
      const tree = parse(languageId, text);
      try {
        return !tree.rootNode.hasError;
      } finally {
        tree.delete();
      }
    },
  };
}
