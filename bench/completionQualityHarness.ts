import * as path from 'node:path';
// The quality harness: for each cursor site and each failure class of a realistic FIM model, the
// raw answer goes through the completion pipeline as a real request would (context → mode → request
// options → a server honouring stop and max_tokens → streamed, cut-early read → post-processing),
// and the shown text is compared with the hidden span and checked with a parser.
import { relative } from 'node:path';
import type { CompletionMode } from '../src/core/completion/completionMode';
import { decideMode } from '../src/core/completion/completionMode';
import type { CompletionContext } from '../src/core/completion/contextExtraction';
import { extractContext } from '../src/core/completion/contextExtraction';
import { postProcess } from '../src/core/completion/postProcess';
import { fimOptionsFor } from '../src/core/completion/requestOptions';
import { streamedCompletion, type StreamFim } from '../src/core/completion/streamedCompletion';
import { TreeSitterParsers } from '../src/core/completion/treeSitterParsers';
import type { FimOptions } from '../src/core/services/serviceB/fimRequest';
import { seedFrom } from '../sim/rng';
import { countTokens, splitTokens, truncateToTokens } from '../sim/tokens';
import type { SyntaxChecker } from './completionQualityParser';
import { documentText, expectedText, siteLine, type Site } from './completionQualitySites';
import { REALISTIC_CLASSES, realisticOutput, type RawFimOutput, type RealisticClass } from '../sim/fimFailures';

/** The realistic FIM model's classes, `ideal` first. */
export const CLASSES: readonly RealisticClass[] = REALISTIC_CLASSES;
export const CLASS_SOURCE =
  "sim/fimFailures.ts (the simulator's realistic FIM mode), made by the pipeline's own author: for figures on answers written blind to the pipeline, see bench:completion:corpus";

/** What Service B sends back: the model's text after its stop sequences and max_tokens. */
export type ServedAnswer = RawFimOutput;

export interface PlannedRequest {
  ctx: CompletionContext;
  mode: CompletionMode;
  options: FimOptions;
}

/** The client after the request: reading the stream and post-processing it into the shown text. */
export type ClientStage = (served: ServedAnswer, request: PlannedRequest) => Promise<string | undefined>;

/** The tree-sitter runtime and grammars as installed (the extension ships a copy in dist/). */
const WASM_DIR = path.join(__dirname, '../node_modules/@vscode/tree-sitter-wasm/wasm');
const syntax = new TreeSitterParsers(WASM_DIR);

/** The pipeline's own, as the engine runs it: the streamed, cut-early read, then postProcess judged by syntax. */
export const pipelineClient: ClientStage = async (served, { ctx, mode, options }) => {
  // The engine never waits for a grammar (the line rules answer meanwhile); a benchmark judges the steady state.
  await syntax.load(ctx.languageId);
  const answer = await streamedCompletion(streamOf(served), options, ctx, mode, new AbortController().signal, () => 0);
  return postProcess(answer.raw, ctx, mode, { syntax, truncated: answer.truncated });
};

/** The extension's defaults (package.json): what a user gets. */
const SETTINGS = { model: 'beta-v4-pro', maxTokens: 128 };

/** exact: the shown text is the hidden span (trailing whitespace aside); none: no suggestion. */
export type Outcome = 'exact' | 'none' | 'wrong';

export interface SampleResult {
  site: Site;
  className: RealisticClass;
  outcome: Outcome;
  shown: string | undefined;
  /** False where the pipeline asked for nothing (decideMode refused the position). */
  asked: boolean;
  /** The file parsed before; with the shown text inserted it does not. */
  breaksParse: boolean;
}

/** Trailing whitespace of each line and trailing blank lines do not count. */
const normalize = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n')
    .replace(/\n+$/, '');

/** What Service B does with the model's text: cut before the first stop sequence, then at max_tokens. */
export function asServed(output: RawFimOutput, options: FimOptions): ServedAnswer {
  let { text, finishReason } = output;
  const stops = Array.isArray(options.stop) ? options.stop : options.stop ? [options.stop] : [];
  const cut = Math.min(...stops.map((s) => text.indexOf(s)).filter((at) => at >= 0));
  if (Number.isFinite(cut)) [text, finishReason] = [text.slice(0, cut), 'stop'];
  if (options.maxTokens !== undefined && countTokens(text) > options.maxTokens)
    [text, finishReason] = [truncateToTokens(text, options.maxTokens), 'length'];
  return { text, finishReason };
}

/** A stream of the served text in token-sized pieces, like the SSE stream the client reads. */
export function streamOf({ text, finishReason }: ServedAnswer): StreamFim {
  return async function* () {
    const pieces = splitTokens(text);
    for (let i = 0; i < pieces.length; i++) {
      yield { choices: [{ index: 0, text: pieces[i], finish_reason: i === pieces.length - 1 ? finishReason : null }] };
    }
  };
}

/** Runs one site with one failure class through the pipeline. */
export async function runSample(
  site: Site,
  className: RealisticClass,
  checker: SyntaxChecker,
  client: ClientStage = pipelineClient,
  seed = 1,
): Promise<SampleResult> {
  const doc = documentText(site);
  const expected = expectedText(site);
  const ctx = extractContext(doc, site.start, site.languageId);
  const mode = decideMode(ctx);
  let shown: string | undefined;
  if (mode) {
    const options = fimOptionsFor(ctx, mode, SETTINGS);
    const served = asServed(
      realisticOutput(
        className,
        expected,
        options.prompt,
        options.suffix ?? '',
        seedFrom(String(seed), site.languageId, expected, String(site.start), className),
      ),
      options,
    );
    shown = await client(served, { ctx, mode, options });
  }
  // Empty ghost text is no ghost text.
  if (shown === '') shown = undefined;
  const outcome: Outcome = shown === undefined ? 'none' : normalize(shown) === normalize(expected) ? 'exact' : 'wrong';
  const breaksParse = outcome === 'wrong' && !checker.parses(site.languageId, doc.slice(0, site.start) + shown + doc.slice(site.start));
  return { site, className, outcome, shown, asked: mode !== undefined, breaksParse };
}

interface Tally {
  samples: number;
  exact: number;
  none: number;
  wrong: number;
  notAsked: number;
  breaksParse: number;
}

const rate = (n: number, of: number) => (of === 0 ? null : Math.round((n / of) * 1000) / 1000);

function figures(t: Tally) {
  const shown = t.exact + t.wrong;
  return {
    samples: t.samples,
    exactMatchRate: rate(t.exact, t.samples),
    noSuggestionRate: rate(t.none, t.samples),
    /** Part of noSuggestionRate: no request at all at that position. */
    notAskedRate: rate(t.notAsked, t.samples),
    wrongRate: rate(t.wrong, t.samples),
    /** Of the suggestions shown, the share that leaves the file parsing. */
    parseKeptRate: rate(shown - t.breaksParse, shown),
    /** Exact of shown. */
    precision: rate(t.exact, shown),
    /** Exact of all samples (every site has a right answer: its hidden span). */
    recall: rate(t.exact, t.samples),
    /** Wrong of shown. */
    harm: rate(t.wrong, shown),
  };
}

function tallyBy(results: SampleResult[], key: (r: SampleResult) => string) {
  const tallies = new Map<string, Tally>();
  for (const r of results) {
    const k = key(r);
    const t = tallies.get(k) ?? { samples: 0, exact: 0, none: 0, wrong: 0, notAsked: 0, breaksParse: 0 };
    t.samples++;
    t[r.outcome]++;
    if (r.breaksParse) t.breaksParse++;
    if (!r.asked) t.notAsked++;
    tallies.set(k, t);
  }
  return Object.fromEntries([...tallies].sort(([a], [b]) => a.localeCompare(b)).map(([k, t]) => [k, figures(t)]));
}

/** Inside the repository (node_modules) relative to it; elsewhere (/usr, a zip entry) as it is. */
const shortPath = (root: string, file: string) => (root && !relative(root, file).startsWith('..') ? relative(root, file) : file);

export const TARGETS = { exactOrNoSuggestion: 0.9, parseKept: 0.98, precision: 0.95, recall: 0.9, harm: 0.03 };

/** The figures the benchmark prints, with pass/fail against the targets and a few wrong answers per class. */
export function summarize(results: SampleResult[], root = '', examplesPerClass = 2) {
  const all = tallyBy(results, () => 'all').all;
  const exactOrNone = rate(results.filter((r) => r.outcome !== 'wrong').length, results.length);
  const examples = Object.fromEntries(
    [...new Set(results.map((r) => r.className))].map((className) => [
      className,
      results
        .filter((r) => r.className === className && r.outcome === 'wrong')
        .slice(0, examplesPerClass)
        .map((r) => ({
          at: `${shortPath(root, r.site.file)}:${siteLine(r.site)}`,
          kind: r.site.kind,
          expected: expectedText(r.site),
          shown: r.shown,
          breaksParse: r.breaksParse,
        })),
    ]),
  );
  const at = (value: number | null | undefined, bound: number, atLeast: boolean) => ({
    value: value ?? null,
    [atLeast ? 'min' : 'max']: bound,
    pass: value !== null && value !== undefined && (atLeast ? value >= bound : value <= bound),
  });
  return {
    ...all,
    targets: {
      precision: at(all?.precision, TARGETS.precision, true),
      recall: at(all?.recall, TARGETS.recall, true),
      harm: at(all?.harm, TARGETS.harm, false),
      // Retired as the headline: showing nothing counts as a success there, so a pipeline that drops
      // right answers scores as well as one that shows them.
      exactOrNoSuggestion: {
        value: exactOrNone,
        min: TARGETS.exactOrNoSuggestion,
        pass: exactOrNone !== null && exactOrNone >= TARGETS.exactOrNoSuggestion,
      },
      parseKept: { value: all?.parseKeptRate ?? null, min: TARGETS.parseKept, pass: (all?.parseKeptRate ?? 1) >= TARGETS.parseKept },
    },
    byClass: tallyBy(results, (r) => r.className),
    byLanguage: tallyBy(results, (r) => r.site.languageId),
    byKind: tallyBy(results, (r) => r.site.kind),
    wrongExamples: examples,
  };
}
