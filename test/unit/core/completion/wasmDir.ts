import * as path from 'node:path';

/** The tree-sitter runtime and grammars as installed (the extension ships a copy in dist/). */
export const WASM_DIR = path.join(__dirname, '../../../../node_modules/@vscode/tree-sitter-wasm/wasm');
