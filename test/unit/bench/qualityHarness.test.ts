// The harness of `npm run bench:completion:quality`, on the vendored real code in
// test/fixtures/realCode: it must sample the same sites for a seed, see a perfect answer as exact,
// and catch a post-processor that breaks files. The quality targets are the benchmark's job.
import * as assert from 'node:assert/strict';
import { join } from 'node:path';
import { CLASSES, runSample, summarize, type ClientStage, type SampleResult } from '../../../bench/completionQualityHarness';
import { loadSyntaxChecker, type SyntaxChecker } from '../../../bench/completionQualityParser';
import { documentText, expectedText, kindsFor, sampleSites, type Site } from '../../../bench/completionQualitySites';
import { fromDirs, type SourceSet } from '../../../bench/completionQualitySources';

const LANGUAGES: Array<[languageId: string, ext: string]> = [
  ['typescript', '.ts.txt'],
  ['javascript', '.js.txt'],
  ['python', '.py.txt'],
  ['go', '.go.txt'],
  ['rust', '.rs.txt'],
];
const SITES_PER_LANGUAGE = 6;

const fixtures = join(__dirname, '../../fixtures/realCode');
const sets: SourceSet[] = LANGUAGES.map(([id, ext]) => fromDirs(id, [join(fixtures, id)], ext)!);
const key = (site: Site) => `${site.file}:${site.start}-${site.end}`;

/** The model's answer shown as it came: no post-processing at all. */
const asServed: ClientStage = async (served) => served.text;

describe('completion quality harness (bench:completion:quality) on vendored real code', () => {
  let checker: SyntaxChecker;
  let sites: Site[];

  before(async () => {
    checker = await loadSyntaxChecker(LANGUAGES.map(([id]) => id));
    sites = sets.flatMap((set) => sampleSites(set, SITES_PER_LANGUAGE, 7, checker));
  });

  it('samples the same sites for a seed, other sites for another seed, of every kind and language', () => {
    assert.equal(sites.length, LANGUAGES.length * SITES_PER_LANGUAGE);
    assert.deepEqual(sets.flatMap((set) => sampleSites(set, SITES_PER_LANGUAGE, 7, checker)).map(key), sites.map(key));
    assert.notDeepEqual(sets.flatMap((set) => sampleSites(set, SITES_PER_LANGUAGE, 8, checker)).map(key), sites.map(key));
    for (const [id] of LANGUAGES)
      assert.deepEqual([...new Set(sites.filter((s) => s.languageId === id).map((s) => s.kind))].sort(), kindsFor(id).sort(), id);
    assert.deepEqual(
      [...new Set(sites.map((s) => s.languageId))],
      LANGUAGES.map(([id]) => id),
    );
  });

  it('hides a real span of a file that parses: the document plus the expected text is the file', () => {
    for (const site of sites) {
      assert.ok(checker.parses(site.languageId, site.source), `${key(site)} parses`);
      assert.ok(expectedText(site).trim().length >= 2, `${key(site)} hides something`);
      const doc = documentText(site);
      assert.equal(doc.slice(0, site.start) + expectedText(site) + doc.slice(site.start), site.source);
    }
  });

  it('counts the ideal answer, shown as served, as an exact match that keeps every file parsing', async () => {
    const results: SampleResult[] = [];
    for (const site of sites) results.push(await runSample(site, 'ideal', checker, asServed));
    // Where the request asks for one line, a newline stop sequence ends an answer that starts a new
    // line (`{|}`, after a statement) before it begins: nothing is shown, and that is counted as such.
    const wholeAnswer = results.filter((r) => !['empty-braces', 'next-statement'].includes(r.site.kind));
    assert.deepEqual(
      wholeAnswer.filter((r) => r.outcome !== 'exact').map((r) => `${key(r.site)} ${JSON.stringify(r.shown)}`),
      [],
    );
    assert.deepEqual(
      results.filter((r) => r.outcome === 'wrong' || r.breaksParse).map((r) => key(r.site)),
      [],
    );
    const report = summarize(results);
    assert.equal(report.parseKeptRate, 1);
    assert.equal(report.targets.exactOrNoSuggestion.pass, true);
    assert.equal(summarize(wholeAnswer).exactMatchRate, 1);
  });

  it('catches a post-processor that puts a stray closing bracket before the answer: every suggestion breaks its file', async () => {
    const strayCloser: ClientStage = async (served) => ')' + served.text;
    const results: SampleResult[] = [];
    for (const site of sites) results.push(await runSample(site, 'ideal', checker, strayCloser));
    assert.deepEqual(
      results.filter((r) => !r.breaksParse).map((r) => key(r.site)),
      [],
    );
    const report = summarize(results);
    assert.equal(report.exactMatchRate, 0);
    assert.equal(report.parseKeptRate, 0);
    assert.equal(report.targets.exactOrNoSuggestion.pass, false);
    assert.equal(report.targets.parseKept.pass, false);
    assert.equal(report.byLanguage.python.parseKeptRate, 0);
  });

  it('counts no suggestion toward the first target and never as a broken file', async () => {
    const silent: ClientStage = async () => undefined;
    const results: SampleResult[] = [];
    for (const site of sites) results.push(await runSample(site, 'ideal', checker, silent));
    const report = summarize(results);
    assert.equal(report.noSuggestionRate, 1);
    assert.equal(report.targets.exactOrNoSuggestion.pass, true);
    assert.equal(
      results.some((r) => r.breaksParse),
      false,
    );
  });

  it('serves answers as Service B does: a single-line request stops at the first newline', async () => {
    const served: Array<{ multiline: boolean; text: string }> = [];
    const record: ClientStage = async (answer, request) => {
      // A line end that may end a statement asks for more than one line (a newline stop would end an answer on the next line).
      served.push({ multiline: request.mode.multiline || request.mode.eitherLine === true, text: answer.text });
      return answer.text;
    };
    // The model runs on into the lines after the cursor, as real models do without a stop sequence.
    for (const site of sites) await runSample(site, 'run-past-block', checker, record);
    const singleLine = served.filter((s) => !s.multiline);
    assert.ok(singleLine.length > 0 && singleLine.length < served.length, 'both kinds of request were made');
    assert.deepEqual(
      singleLine.filter((s) => s.text.includes('\n')),
      [],
    );
    assert.ok(served.some((s) => s.multiline && s.text.includes('\n')));
  });

  it('runs every failure class through the real pipeline and reports each class', async () => {
    const results: SampleResult[] = [];
    for (const site of sites.slice(0, 8)) for (const className of CLASSES) results.push(await runSample(site, className, checker));
    const report = summarize(results);
    assert.deepEqual(Object.keys(report.byClass).sort(), [...CLASSES].sort());
    for (const className of CLASSES) assert.equal(report.byClass[className].samples, 8);
  });
});
