// `npx tsx bench/syntaxJudge.ts`: what the syntax judge adds to post-processing, per answer, in
// plain Node. Sites: statement ends in this repository's TypeScript (timing only, not quality); the
// answer is the three hidden next lines plus closers too many, so the judge parses several candidates.
// Also the judge's preparation (the parse of the code around the cursor, made while the service
// works) per keystroke while the first hidden line is typed at each site, as the engine asks it.
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
  // Key by key: the text around the cursor changes by one character between requests.
  const prepare = () =>
    all.flatMap(({ text, offset, raw }) => {
      const line = raw.split('\n')[1] ?? '';
      return Array.from({ length: line.length }, (_, typed) => {
        const doc = text.slice(0, offset) + '\n' + line.slice(0, typed + 1) + text.slice(offset);
        const ctx = extractContext(doc, offset + 2 + typed, 'typescript');
        const start = performance.now();
        parsers.judgeInsertion('typescript', ctx.prefix, ctx.judgeSuffix ?? ctx.suffix)?.dispose();
        return performance.now() - start;
      });
    });
  prepare(); // warm-up
  const prepared = prepare();
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
        preparePerKeystrokeMs: {
          keystrokes: prepared.length,
          p50: round(percentile(prepared, 0.5)),
          p95: round(percentile(prepared, 0.95)),
          totalMs: Math.round(prepared.reduce((sum, ms) => sum + ms, 0)),
        },
      },
      null,
      2,
    ),
  );
}

void main();
