import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const root = join(__dirname, '..', '..', '..');

/**
 * Relative specifiers of the static imports and re-exports in `text`, type-only ones included: a
 * type cycle still ties the files together for a reader and for the compiler. The statement must
 * start a line, so code quoted in strings and comments (the simulator's code corpus) is not read.
 */
function relativeImports(text: string): string[] {
  const fromClause = /^[ \t]*(?:import|export)\s[\w\s{},*$]*?\bfrom\s*['"](\.[^'"]*)['"]/gm;
  const bare = /^[ \t]*import\s*['"](\.[^'"]*)['"]/gm;
  return [...text.matchAll(fromClause), ...text.matchAll(bare)].map((m) => m[1]);
}

function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return tsFiles(path);
    return e.name.endsWith('.ts') ? [path] : [];
  });
}

/** Repository-relative file → the repository .ts files it imports (JSON, CSS and packages are leaves). */
function importGraph(folders: string[]): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of folders.flatMap((f) => tsFiles(join(root, f)))) {
    const targets = relativeImports(readFileSync(file, 'utf8')).flatMap((spec) => {
      const base = resolve(dirname(file), spec).replace(/\.js$/, '');
      const found = [`${base}.ts`, join(base, 'index.ts'), base].find((c) => c.endsWith('.ts') && existsSync(c) && statSync(c).isFile());
      return found ? [relative(root, found).split('\\').join('/')] : [];
    });
    graph.set(relative(root, file).split('\\').join('/'), targets);
  }
  return graph;
}

/** The strongly connected groups of two or more files, or one that imports itself (Tarjan). */
function cycles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v)!, index.get(w)!));
      }
    }
    if (low.get(v) !== index.get(v)) return;
    const group: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      group.push(w);
    } while (w !== v);
    if (group.length > 1 || (graph.get(v) ?? []).includes(v)) found.push(group.sort());
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

describe('import cycles', () => {
  it('reads value, type-only, multi-line, re-export and side-effect imports', () => {
    const text = [
      `import { a } from './a';`,
      `import type { B } from "../b";`,
      `import {\n  c,\n  type C,\n} from './c';`,
      `export { d } from './d';`,
      `export * from './e';`,
      `import './f';`,
      `import { g } from 'node:fs';`,
      `const quoted = "import { h } from './h'";`,
      `  // import { i } from './i';`,
    ].join('\n');
    assert.deepEqual(relativeImports(text), ['./a', '../b', './c', './d', './e', './f']);
  });

  it('finds a cycle of two files, a longer one and a self-import, and none in a tree', () => {
    const graph = new Map(Object.entries({ a: ['b'], b: ['a', 'c'], c: [], d: ['e'], e: ['f'], f: ['d'], g: ['g'], h: ['c'] }));
    assert.deepEqual(cycles(graph), [['a', 'b'], ['d', 'e', 'f'], ['g']]);
    assert.deepEqual(cycles(new Map(Object.entries({ a: ['b', 'c'], b: ['c'], c: [] }))), []);
  });

  // One graph of both folders: sim/ borrows core types, so a cycle could in principle run through src/.
  const graph = importGraph(['src', 'sim']);
  const cyclesUnder = (folder: string) => cycles(graph).filter((group) => group.some((file) => file.startsWith(folder)));

  it('sim/ has none (its shared types live in sim/types.ts, not simulator.ts)', () => {
    assert.ok(graph.get('sim/simulator.ts')?.includes('sim/routes.ts'), 'the graph was read');
    assert.deepEqual(cyclesUnder('sim/'), []);
    const viaSimulator = [...graph].filter(([, targets]) => targets.includes('sim/simulator.ts')).map(([file]) => file);
    assert.deepEqual(viaSimulator, ['sim/main.ts'], 'only the entry point imports simulator.ts');
  });

  it('src/ has none', () => {
    assert.ok((graph.get('src/extension.ts') ?? []).length > 5, 'the graph was read');
    assert.deepEqual(cyclesUnder('src/'), []);
  });
});
