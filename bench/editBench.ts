// `npm run bench:edit`: the inline edit applier against the frozen, blind corpora in bench/editCorpus/
// (round 1: every answer shape models send; round 2, bench/editCorpus/round2/: structure and
// indentation at the edges of the selection; each later roundN/ another sample written after the
// fixes the round before it led to), real files and raw model answers. Prints JSON per round
// and overall: how many answers were applied exactly, refused (right when the case expects a refusal),
// and applied wrong (a changed file that differs from the expected one, or any change where a refusal
// was expected), and whether every case file still has the sha256 its FROZEN list records.
// Where blind writers disagree, an independent reviewer judged both readings (editCorpus/adjudication/):
// a result that differs from the writer's but is a reading the reviewer accepted counts as right, and
// is reported apart (`appliedAcceptedReading`); a reading the reviewer rejected counts as wrong. A
// reading may be a refusal: one the reviewer rejected is a refusal made wrongly, even where the writer
// expected it, and a change the reviewer accepted where the writer expected a refusal is an accepted reading.
// Targets: >= 97% exact, 0 wrong.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { applyEditAnswer } from '../src/core/edit/editApplier';

interface Case {
  id: string;
  language: string;
  format: string;
  fileText: string;
  selection: { startLine: number; endLine: number };
  rawAnswer: string;
  instruction: string;
  expected: { kind: 'apply'; fileText: string } | { kind: 'refuse'; why: string };
}

type Verdict = 'exact' | 'acceptedReading' | 'refusedRight' | 'refusedWrongly' | 'appliedWrong';

const sha256 = (text: string | Buffer) => createHash('sha256').update(text).digest('hex');

interface Adjudicated {
  case: string;
  // A reading is a changed file (its sha256) or the refusal.
  readings: Record<string, { sha256: string; verdict: 'ACCEPT' | 'REJECT' } | { refusal: true; verdict: 'ACCEPT' | 'REJECT' }>;
}
/** `round/id` → each judged reading (the sha256 of the file after, or `refusal`) → the reviewer's verdict. */
const judged = new Map(
  (JSON.parse(readFileSync(join(__dirname, 'editCorpus/adjudication/verdicts.json'), 'utf8')) as Adjudicated[]).map((a) => [
    a.case,
    new Map(Object.values(a.readings).map((r) => ['refusal' in r ? 'refusal' : r.sha256, r.verdict])),
  ]),
);

/** Whether every case file of the corpus in `dir` is listed in its FROZEN file with the same sha256. */
function frozenIntact(dir: string, files: readonly string[]): boolean {
  const listed = new Map(
    readFileSync(join(dir, 'FROZEN'), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => [line.slice(66), line.slice(0, 64)] as const),
  );
  return listed.size === files.length && files.every((f) => listed.get(`cases/${f}`) === sha256(readFileSync(join(dir, 'cases', f))));
}

function run(round: string, dir: string) {
  const files = readdirSync(join(dir, 'cases'))
    .filter((f) => f.endsWith('.json'))
    .sort();
  const cases = files.map((f) => JSON.parse(readFileSync(join(dir, 'cases', f), 'utf8')) as Case);
  const none = (): Record<Verdict, number> => ({ exact: 0, acceptedReading: 0, refusedRight: 0, refusedWrongly: 0, appliedWrong: 0 });
  const counts = none();
  const byFormat: Record<string, Record<Verdict, number>> = {};
  const misses: Array<{ id: string; format: string; verdict: Verdict; message?: string }> = [];
  const times: number[] = [];
  for (const c of cases) {
    const start = performance.now();
    const outcome = applyEditAnswer(c.fileText, c.selection, c.rawAnswer, c.instruction);
    times.push(performance.now() - start);
    const reviewed = judged.get(`${round}/${c.id}`)?.get(outcome.kind === 'refuse' ? 'refusal' : sha256(outcome.fileText));
    let verdict: Verdict;
    if (outcome.kind === 'refuse') {
      const right = c.expected.kind === 'refuse' ? reviewed !== 'REJECT' : reviewed === 'ACCEPT';
      verdict = right ? 'refusedRight' : 'refusedWrongly';
    } else if (reviewed === 'REJECT') verdict = 'appliedWrong';
    else if (c.expected.kind === 'apply' && outcome.fileText === c.expected.fileText) verdict = 'exact';
    else verdict = reviewed === 'ACCEPT' ? 'acceptedReading' : 'appliedWrong';
    counts[verdict]++;
    byFormat[c.format] ??= none();
    byFormat[c.format][verdict]++;
    if (verdict !== 'exact' && verdict !== 'refusedRight') {
      misses.push({ id: c.id, format: c.format, verdict, ...(outcome.kind === 'refuse' ? { message: outcome.message } : {}) });
    }
  }
  times.sort((a, b) => a - b);
  const applyCases = cases.filter((c) => c.expected.kind === 'apply').length;
  return {
    frozenIntact: frozenIntact(dir, files),
    cases: cases.length,
    applyCases,
    refuseCases: cases.length - applyCases,
    appliedExactly: counts.exact,
    appliedAcceptedReading: counts.acceptedReading,
    refusedRight: counts.refusedRight,
    refusedWrongly: counts.refusedWrongly,
    appliedWrong: counts.appliedWrong,
    // Right outcomes over all cases: exact applies (or a reading the reviewer accepted) plus refusals where a refusal was expected.
    exactPercent: pct(counts.exact + counts.acceptedReading + counts.refusedRight, cases.length),
    exactOfApplyPercent: pct(counts.exact, applyCases),
    p95Ms: Math.round(times[Math.floor(times.length * 0.95)] * 100) / 100,
    byFormat,
    misses,
  };
}

function pct(n: number, of: number): number {
  return Math.round((1000 * n) / Math.max(1, of)) / 10;
}

const corpus = join(__dirname, 'editCorpus');
// Round 1 at the corpus's root; each later round in a folder of its own, counted once it is frozen.
const later = readdirSync(corpus)
  .filter((name) => /^round\d+$/.test(name) && existsSync(join(corpus, name, 'FROZEN')))
  .sort((a, b) => Number(a.slice(5)) - Number(b.slice(5)));
const rounds: Record<string, ReturnType<typeof run>> = { round1: run('round1', corpus) };
for (const name of later) rounds[name] = run(name, join(corpus, name));
const all = Object.values(rounds);
const total = (key: 'cases' | 'appliedExactly' | 'appliedAcceptedReading' | 'refusedRight' | 'appliedWrong' | 'refusedWrongly') =>
  all.reduce((n, r) => n + r[key], 0);
const right = total('appliedExactly') + total('appliedAcceptedReading') + total('refusedRight');
console.log(
  JSON.stringify(
    {
      overall: {
        cases: total('cases'),
        exactPercent: pct(right, total('cases')),
        appliedWrong: total('appliedWrong'),
        // Results that differ from the blind writer's, in readings the reviewer accepted.
        appliedAcceptedReading: total('appliedAcceptedReading'),
        refusedWrongly: total('refusedWrongly'),
        meetsTargets: pct(right, total('cases')) >= 97 && total('appliedWrong') === 0,
        frozenIntact: all.every((r) => r.frozenIntact),
      },
      ...rounds,
    },
    null,
    2,
  ),
);
