// `npx tsx bench/syntaxJudge.ts`: what the syntax judge adds to post-processing, per answer, in
// plain Node. Sites: statement ends in this repository's TypeScript (timing only, not quality); the
// answer is the three hidden next lines plus closers too many, so the judge parses several candidates.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { decideMode } from '../src/core/completion/completionMode';
import { extractContext } from '../src/core/completion/contextExtraction';
import { postProcess } from '../src/core/completion/postProcess';
import { TreeSitterParsers } from '../src/core/completion/treeSitterParsers';

const root = join(__dirname, '..');
const files = readdirSync(join(root, 'src/core/completion'))
  .filter((f) => f.endsWith('.ts'))
  .map((f) => readFileSync(join(root, 'src/core/completion', f), 'utf8'));

function sites() {
  const out: Array<{ text: string; offset: number; raw: string }> = [];
  for (const text of files) {
    const lines = text.split('\n');
    for (let i = 0; i < lines.length - 4; i += 7) {
      if (!/;\s*$/.test(lines[i])) continue;
      // The next three lines are hidden from the file and come back as the answer.
      const before = lines.slice(0, i + 1).join('\n');
      out.push({
        text: `${before}\n${lines.slice(i + 4).join('\n')}`,
        offset: before.length,
        raw: `\n${lines.slice(i + 1, i + 4).join('\n')}\n}\n}`,
      });
    }
  }
  return out;
}

const percentile = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))];

async function main() {
  const parsers = new TreeSitterParsers(join(root, 'node_modules/@vscode/tree-sitter-wasm/wasm'));
  const loadStart = performance.now();
  await parsers.load('typescript');
  const loadMs = performance.now() - loadStart;
  const all = sites();
  const measure = (syntax?: TreeSitterParsers) =>
    all.map(({ text, offset, raw }) => {
      const ctx = extractContext(text, offset, 'typescript');
      const mode = decideMode(ctx)!;
      const start = performance.now();
      postProcess(raw, ctx, mode, { syntax });
      return performance.now() - start;
    });
  measure(parsers); // warm-up
  const lineRules = measure();
  const judged = measure(parsers);
  const round = (ms: number) => Math.round(ms * 100) / 100;
  console.log(
    JSON.stringify(
      {
        sites: all.length,
        grammarLoadMs: round(loadMs),
        postProcessMs: {
          lineRules: { p50: round(percentile(lineRules, 0.5)), p95: round(percentile(lineRules, 0.95)) },
          withSyntaxJudge: { p50: round(percentile(judged, 0.5)), p95: round(percentile(judged, 0.95)) },
        },
      },
      null,
      2,
    ),
  );
}

void main();
