// `npm run bench:completion:corpus [-- --out file.json --examples N]`
// The frozen corpus (bench/completionCorpus/, written blind to the pipeline: see its README) through
// the real completion engine: the document is the case's prefix + suffix with the cursor between,
// the service answers the engine's request with the case's raw `choices[0].text` and
// `finish_reason` (streamed in token-sized pieces, as the engine reads Service B), and the engine
// post-processes it with the tree-sitter syntax judge loaded, as the extension does. What it would
// show is compared with the case's `expected`.
//
// Two readings of the service: `raw` as given (the headline: the case's text is what came back), and
// `served`, where Service B first applies the request's own stop sequences and max_tokens.
// Prints JSON: precision, recall, harm, file-breaking share and ideal ceiling, overall and per
// language, kind and site, against the targets; exits 0 either way (the figures are the result).
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CompletionEngine } from '../src/core/completion/completionEngine';
import type { StreamFim } from '../src/core/completion/streamedCompletion';
import { inThreadJudges } from '../src/core/completion/inThreadJudge';
import { TreeSitterParsers } from '../src/core/completion/treeSitterParsers';
import type { FimOptions } from '../src/core/services/serviceB/fimRequest';
import { parseErrors, pythonCompiles } from './completionCorpusBreaks';
import { asServed, streamOf } from './completionQualityHarness';
import { loadSyntaxChecker, type SyntaxChecker } from './completionQualityParser';

const CORPUS = join(__dirname, 'completionCorpus');
const WASM_DIR = join(__dirname, '../node_modules/@vscode/tree-sitter-wasm/wasm');
/** The extension's defaults (package.json); no debounce wait in a benchmark. */
const SETTINGS = { model: 'beta-v4-pro', maxTokens: 128, debounceMs: 0 };

export const TARGETS = { precision: 0.95, recall: 0.9, harm: 0.03, fileBreaking: 0.005, idealCeiling: 0.98 };

interface Case {
  id: string;
  language: string;
  kind: string;
  site: string;
  prefix: string;
  suffix: string;
  raw: string;
  finishReason: 'stop' | 'length';
  expected: string[];
  partialOk?: boolean;
  breaks?: boolean;
}

type Outcome = 'exact' | 'partial' | 'wrong' | 'none';

interface Result {
  c: Case;
  shown: string | undefined;
  outcome: Outcome;
  fileBreaking: boolean;
}

const textArg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};

/** Trailing whitespace of each line and at the very end does not count (the engine trims it). */
const normalize = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n')
    .replace(/\s+$/, '');

function loadCases(): { cases: Case[]; frozenIntact: boolean } {
  const frozen = readFileSync(join(CORPUS, 'FROZEN'), 'utf8');
  let frozenIntact = true;
  const cases: Case[] = [];
  for (const file of readdirSync(join(CORPUS, 'cases')).sort()) {
    if (!file.endsWith('.jsonl')) continue;
    const body = readFileSync(join(CORPUS, 'cases', file));
    if (!frozen.includes(`${createHash('sha256').update(body).digest('hex')}  cases/${file}`)) frozenIntact = false;
    for (const line of body.toString('utf8').split('\n')) if (line.trim()) cases.push(JSON.parse(line) as Case);
  }
  return { cases, frozenIntact };
}

/** The text the engine would show for a case: its raw answer as the service's reply to the engine's request. */
async function shownFor(c: Case, syntax: TreeSitterParsers, served: boolean): Promise<string | undefined> {
  const streamFim: StreamFim = (options: FimOptions) => {
    const answer = served
      ? asServed({ text: c.raw, finishReason: c.finishReason }, options)
      : { text: c.raw, finishReason: c.finishReason };
    return streamOf(answer)(options);
  };
  const engine = new CompletionEngine({
    streamFim,
    syntax: inThreadJudges(syntax),
    settings: () => SETTINGS,
    now: () => 0,
    delay: () => Promise.resolve(),
  });
  const outcome = await engine.complete({ text: c.prefix + c.suffix, offset: c.prefix.length, languageId: c.language });
  return outcome.text === '' ? undefined : outcome.text;
}

function classify(c: Case, shown: string | undefined): Outcome {
  if (shown === undefined || shown.trim() === '') return 'none';
  const s = normalize(shown);
  if (c.expected.some((e) => normalize(e) === s)) return 'exact';
  if (c.partialOk && c.expected.length > 0) {
    const whole = normalize(c.expected[0]);
    if (whole.startsWith(s) && whole[s.length] === '\n') return 'partial';
  }
  return 'wrong';
}

async function run(cases: Case[], syntax: TreeSitterParsers, checker: SyntaxChecker, served: boolean): Promise<Result[]> {
  const results: Result[] = [];
  for (const c of cases) {
    const shown = await shownFor(c, syntax, served);
    results.push({ c, shown, outcome: classify(c, shown), fileBreaking: false });
  }
  // File-breaking: a wrong text that adds parse errors to the file as its author wrote it.
  const wrong = results.filter((r) => r.outcome === 'wrong');
  const reference = (r: Result) => r.c.prefix + (r.c.expected[0] ?? '') + r.c.suffix;
  const withShown = (r: Result) => r.c.prefix + r.shown! + r.c.suffix;
  for (const r of wrong)
    r.fileBreaking = parseErrors(checker, r.c.language, withShown(r)) > parseErrors(checker, r.c.language, reference(r));
  const python = wrong.filter((r) => r.c.language === 'python');
  const verdicts = pythonCompiles(python.flatMap((r) => [reference(r), withShown(r)]));
  if (verdicts) python.forEach((r, i) => (r.fileBreaking ||= verdicts[2 * i] && !verdicts[2 * i + 1]));
  return results;
}

const rate = (n: number, of: number) => (of === 0 ? null : Math.round((n / of) * 10000) / 10000);

function figures(results: Result[]) {
  const count = (o: Outcome) => results.filter((r) => r.outcome === o).length;
  const [exact, partial, wrong, none] = [count('exact'), count('partial'), count('wrong'), count('none')];
  const shown = exact + partial + wrong;
  const withExpected = results.filter((r) => r.c.expected.length > 0).length;
  const fileBreaking = results.filter((r) => r.fileBreaking).length;
  const ideal = results.filter((r) => r.c.kind === 'ideal');
  return {
    cases: results.length,
    shown,
    exact,
    partial,
    wrong,
    none,
    fileBreaking,
    precision: rate(exact, shown),
    recall: rate(exact, withExpected),
    harm: rate(wrong, shown),
    fileBreakingShare: rate(fileBreaking, results.length),
    partialShare: rate(partial, results.length),
    ...(ideal.length ? { idealCeiling: rate(ideal.filter((r) => r.outcome === 'exact').length, ideal.length) } : {}),
  };
}

function meetsTargets(f: ReturnType<typeof figures>) {
  const checks = {
    precision: (f.precision ?? 0) >= TARGETS.precision,
    recall: (f.recall ?? 0) >= TARGETS.recall,
    harm: (f.harm ?? 0) <= TARGETS.harm,
    fileBreaking: (f.fileBreakingShare ?? 0) <= TARGETS.fileBreaking,
    idealCeiling: (f.idealCeiling ?? 0) >= TARGETS.idealCeiling,
  };
  return { ...checks, all: Object.values(checks).every(Boolean) };
}

function by(results: Result[], key: (r: Result) => string) {
  const groups = new Map<string, Result[]>();
  for (const r of results) groups.set(key(r), [...(groups.get(key(r)) ?? []), r]);
  return Object.fromEntries([...groups].sort(([a], [b]) => a.localeCompare(b)).map(([k, rs]) => [k, figures(rs)]));
}

/** Cases not exact (wrong, partial, or nothing shown where something was right), by kind. */
function misses(results: Result[], examples: number) {
  const out: Record<string, unknown[]> = {};
  for (const r of results) {
    if (r.outcome === 'exact' || (r.outcome === 'none' && r.c.expected.length === 0)) continue;
    const list = (out[r.c.kind] ??= []);
    if (examples > 0 && list.length >= examples) continue;
    const tag = `${r.c.id}: ${r.outcome}${r.fileBreaking ? ' (file-breaking)' : ''}`;
    list.push(examples > 0 ? { case: tag, shown: r.shown, expected: r.c.expected[0] } : tag);
  }
  return out;
}

async function main() {
  const started = Date.now();
  const { cases, frozenIntact } = loadCases();
  const languages = [...new Set(cases.map((c) => c.language))];
  const syntax = new TreeSitterParsers(WASM_DIR);
  for (const id of languages) if (!(await syntax.load(id))) throw new Error(`No tree-sitter grammar loaded for ${id}.`);
  const checker = await loadSyntaxChecker(languages);

  const raw = await run(cases, syntax, checker, false);
  const served = await run(cases, syntax, checker, true);
  const overall = figures(raw);
  const servedOverall = figures(served);
  const report = {
    bench: 'completion corpus',
    corpus: { cases: cases.length, frozenIntact, readme: 'bench/completionCorpus/README.md' },
    settings: SETTINGS,
    definitions: {
      shown: 'the engine returned a non-blank text',
      exact: 'shown equals one of expected (trailing whitespace of each line and at the end aside)',
      partial: 'partialOk and shown is a leading part of expected[0] ending at a line end',
      precision: 'exact / shown',
      recall: 'exact / cases whose expected is non-empty',
      harm: 'wrong (file-breaking included) / shown',
      fileBreakingShare:
        'of all cases: wrong and prefix+shown+suffix has more tree-sitter errors than prefix+expected[0]+suffix (Python: or no longer compiles)',
      idealCeiling: 'exact share of the ideal cases',
      served: 'the same cases with the request’s own stop sequences and max_tokens applied by the service first',
    },
    targets: TARGETS,
    overall,
    meetsTargets: meetsTargets(overall),
    byLanguage: by(raw, (r) => r.c.language),
    byKind: by(raw, (r) => r.c.kind),
    bySite: by(raw, (r) => r.c.site),
    served: { overall: servedOverall, meetsTargets: meetsTargets(servedOverall), byKind: by(served, (r) => r.c.kind) },
    misses: misses(raw, Number(textArg('examples') ?? 0)),
    durationMs: Date.now() - started,
  };
  const json = JSON.stringify(report, null, 2);
  const out = textArg('out');
  if (out) writeFileSync(out, `${json}\n`);
  console.log(json);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
