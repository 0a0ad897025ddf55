// Whether a shown completion breaks the file, for the corpus benchmark: tree-sitter errors of
// prefix + shown + suffix against those of the file as its author wrote it (prefix + expected[0] +
// suffix; prefix + suffix when nothing is right there), and for Python also the compiler (tabs mixed
// with spaces and bad indentation are errors tree-sitter does not report).
import { spawnSync } from 'node:child_process';
import type * as TreeSitter from '@vscode/tree-sitter-wasm';
import type { SyntaxChecker } from './completionQualityParser';

/** Where parse errors are: ERROR nodes (not looked into) and MISSING tokens. */
function errorCount(node: TreeSitter.Node): number {
  if (node.isError || node.isMissing) return 1;
  if (!node.hasError) return 0;
  let n = 0;
  for (const child of node.children) if (child) n += errorCount(child);
  return n;
}

export function parseErrors(checker: SyntaxChecker, languageId: string, text: string): number {
  const tree = checker.parse(languageId, text);
  try {
    return errorCount(tree.rootNode);
  } finally {
    tree.delete();
  }
}

/**
 * Python's own verdict on each text (true: compiles), in one process. Undefined when no Python 3
 * is installed: tree-sitter then decides alone.
 */
export function pythonCompiles(texts: readonly string[]): boolean[] | undefined {
  if (texts.length === 0) return [];
  const script = [
    'import json, sys',
    'out = []',
    'for t in json.load(sys.stdin):',
    '    try:',
    '        compile(t, "<case>", "exec")',
    '        out.append(True)',
    '    except (SyntaxError, ValueError):',
    '        out.append(False)',
    'print(json.dumps(out))',
  ].join('\n');
  const run = spawnSync('python3', ['-c', script], { input: JSON.stringify(texts), encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (run.status !== 0) return undefined;
  return JSON.parse(run.stdout) as boolean[];
}
