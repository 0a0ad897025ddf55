// `npm run bench:edit`: the inline edit applier against the frozen, blind corpus in bench/editCorpus/
// (real files, raw model answers in every shape models send). Prints JSON: how many answers were
// applied exactly, refused (right when the case expects a refusal), and applied wrong (a changed file
// that differs from the expected one, or any change where a refusal was expected). Targets: >= 97%
// exact, 0 wrong.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { applyEditAnswer } from '../src/core/edit/editApplier';

interface Case {
  id: string;
  language: string;
  format: string;
  fileText: string;
  selection: { startLine: number; endLine: number };
  rawAnswer: string;
  expected: { kind: 'apply'; fileText: string } | { kind: 'refuse'; why: string };
}

type Verdict = 'exact' | 'refusedRight' | 'refusedWrongly' | 'appliedWrong';

const dir = join(__dirname, 'editCorpus', 'cases');
const cases: Case[] = readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .sort()
  .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as Case);

const counts: Record<Verdict, number> = { exact: 0, refusedRight: 0, refusedWrongly: 0, appliedWrong: 0 };
const byFormat: Record<string, Record<Verdict, number>> = {};
const misses: Array<{ id: string; format: string; verdict: Verdict; message?: string }> = [];
const times: number[] = [];
for (const c of cases) {
  const start = performance.now();
  const outcome = applyEditAnswer(c.fileText, c.selection, c.rawAnswer);
  times.push(performance.now() - start);
  let verdict: Verdict;
  if (c.expected.kind === 'apply') {
    if (outcome.kind === 'refuse') verdict = 'refusedWrongly';
    else verdict = outcome.fileText === c.expected.fileText ? 'exact' : 'appliedWrong';
  } else {
    verdict = outcome.kind === 'refuse' ? 'refusedRight' : 'appliedWrong';
  }
  counts[verdict]++;
  byFormat[c.format] ??= { exact: 0, refusedRight: 0, refusedWrongly: 0, appliedWrong: 0 };
  byFormat[c.format][verdict]++;
  if (verdict === 'refusedWrongly' || verdict === 'appliedWrong') {
    misses.push({ id: c.id, format: c.format, verdict, ...(outcome.kind === 'refuse' ? { message: outcome.message } : {}) });
  }
}
times.sort((a, b) => a - b);
const applyCases = cases.filter((c) => c.expected.kind === 'apply').length;
const refuseCases = cases.length - applyCases;
const pct = (n: number, of: number) => Math.round((1000 * n) / Math.max(1, of)) / 10;
console.log(
  JSON.stringify(
    {
      cases: cases.length,
      applyCases,
      refuseCases,
      appliedExactly: counts.exact,
      refusedRight: counts.refusedRight,
      refusedWrongly: counts.refusedWrongly,
      appliedWrong: counts.appliedWrong,
      // Right outcomes over all cases: exact applies plus refusals where a refusal was expected.
      exactPercent: pct(counts.exact + counts.refusedRight, cases.length),
      exactOfApplyPercent: pct(counts.exact, applyCases),
      p95Ms: Math.round(times[Math.floor(times.length * 0.95)] * 100) / 100,
      byFormat,
      misses,
    },
    null,
    2,
  ),
);
