// `npx tsx bench/syntaxFirstJudgement.ts`: the first syntax judgement after a grammar loads, per
// language, each in a fresh process (nothing compiled or tiered up yet), then a second one. The
// parser counts as loaded when `load` resolves, which is when a completion can first use it.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { TreeSitterParsers } from '../src/core/completion/treeSitterParsers';

const SITES: Record<string, { before: string; after: string; answer: string }> = {
  typescript: {
    before: 'export function total(items: Item[]): number {\n  let sum = 0;\n  for (const item of items) {\n    ',
    after: '\n  }\n  return sum;\n}\n',
    answer: 'sum += item.price * item.count;',
  },
  typescriptreact: {
    before: 'export function List({ items }: Props) {\n  return (\n    <ul>\n      ',
    after: '\n    </ul>\n  );\n}\n',
    answer: '{items.map((i) => <li key={i.id}>{i.name}</li>)}',
  },
  javascript: {
    before: 'function total(items) {\n  let sum = 0;\n  for (const item of items) {\n    ',
    after: '\n  }\n  return sum;\n}\n',
    answer: 'sum += item.price * item.count;',
  },
  python: {
    before: 'def total(items):\n    result = 0\n    for item in items:\n        ',
    after: '\n    return result\n',
    answer: 'result += item.price * item.count',
  },
  go: {
    before: 'func total(items []Item) int {\n\tsum := 0\n\tfor _, item := range items {\n\t\t',
    after: '\n\t}\n\treturn sum\n}\n',
    answer: 'sum += item.Price * item.Count',
  },
  rust: {
    before: 'fn total(items: &[Item]) -> u32 {\n    let mut sum = 0;\n    for item in items {\n        ',
    after: '\n    }\n    sum\n}\n',
    answer: 'sum += item.price * item.count;',
  },
  java: {
    before: 'class Cart {\n  int total(List<Item> items) {\n    int sum = 0;\n    for (Item item : items) {\n      ',
    after: '\n    }\n    return sum;\n  }\n}\n',
    answer: 'sum += item.price * item.count;',
  },
};

const round = (ms: number) => Math.round(ms * 10) / 10;

async function one(languageId: string): Promise<void> {
  const parsers = new TreeSitterParsers(join(__dirname, '..', 'node_modules/@vscode/tree-sitter-wasm/wasm'));
  await parsers.load(languageId);
  const site = SITES[languageId];
  const judge = () => {
    const start = performance.now();
    parsers.judgeInsertion(languageId, site.before, site.after)?.fits(site.answer);
    return performance.now() - start;
  };
  const first = judge();
  const second = judge();
  console.log(JSON.stringify({ firstMs: round(first), secondMs: round(second) }));
}

if (process.argv[2]) void one(process.argv[2]);
else {
  // Medians of several fresh processes: a shared machine's noise swamps a single run.
  const runs = Number(process.env.BENCH_RUNS ?? 5);
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const result: Record<string, unknown> = {};
  for (const languageId of Object.keys(SITES)) {
    const samples = Array.from({ length: runs }, () => {
      const out = execFileSync(process.execPath, ['--import', 'tsx', __filename, languageId], { encoding: 'utf8' });
      return JSON.parse(out.trim().split('\n').pop() ?? '{}') as { firstMs: number; secondMs: number };
    });
    result[languageId] = {
      firstMsMedian: median(samples.map((s) => s.firstMs)),
      firstMsMax: Math.max(...samples.map((s) => s.firstMs)),
      secondMsMedian: median(samples.map((s) => s.secondMs)),
    };
  }
  console.log(JSON.stringify(result, null, 2));
}
