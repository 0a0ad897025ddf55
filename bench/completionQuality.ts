// `npm run bench:completion:quality [-- --sites N --seed S --lang ts,js,py,go,rs,java --examples N]`
// Completion quality on code nobody here wrote: cursor sites sampled deterministically from real
// sources (completionQualitySources.ts), a realistic FIM model's failure classes at each site, the
// pipeline's post-processing, and tree-sitter to tell whether the shown text breaks the file.
// Prints JSON: precision (exact of shown), recall (exact of all), harm (wrong of shown), exact-match
// and no-suggestion rates, parse-kept rate, by class, language and kind, and pass/fail against the
// targets (precision ≥ 95%, recall ≥ 90%, harm ≤ 3%, ≥ 98% never break a parse; "exact or no
// suggestion" ≥ 90% is kept but no longer the headline). The failure classes are the pipeline
// author's own (sim/fimFailures.ts); bench:completion:corpus runs answers written blind to it.
import { repoRoot } from '../scripts/vscodePaths.mjs';
import { arg } from './chatMeasure';
import { CLASS_SOURCE, CLASSES, runSample, summarize, type SampleResult } from './completionQualityHarness';
import { loadSyntaxChecker } from './completionQualityParser';
import { sampleSites, type Site } from './completionQualitySites';
import { findSources, LANGUAGE_ALIASES } from './completionQualitySources';

const textArg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};

async function main() {
  const started = Date.now();
  const siteCount = arg('sites', 180);
  const seed = arg('seed', 1);
  const languages = textArg('lang', Object.keys(LANGUAGE_ALIASES).join(','))
    .split(',')
    .map((name) => LANGUAGE_ALIASES[name.trim()] ?? name.trim());
  const unknown = languages.filter((id) => !Object.values(LANGUAGE_ALIASES).includes(id));
  if (unknown.length)
    throw new Error(`Unknown language ${unknown.join(', ')}: use --lang with ${Object.keys(LANGUAGE_ALIASES).join(', ')}.`);

  const { sets, missing } = findSources(repoRoot, languages);
  const checker = await loadSyntaxChecker(sets.map((s) => s.languageId));
  const sites: Site[] = [];
  sets.forEach((set, i) => {
    // An even share per language; the first ones take the remainder.
    const share = Math.floor(siteCount / sets.length) + (i < siteCount % sets.length ? 1 : 0);
    sites.push(...sampleSites(set, share, seed, checker));
  });
  const results: SampleResult[] = [];
  for (const site of sites) for (const className of CLASSES) results.push(await runSample(site, className, checker, undefined, seed));

  const report = {
    bench: 'completion quality',
    seed,
    sites: sites.length,
    classes: [...CLASSES],
    classSource: CLASS_SOURCE,
    sources: Object.fromEntries(
      sets.map((s) => [
        s.languageId,
        {
          origin: s.origin,
          files: s.files.length,
          sitesFrom: new Set(sites.filter((x) => x.languageId === s.languageId).map((x) => x.file)).size,
        },
      ]),
    ),
    ...(missing.length ? { missingLanguages: missing, install: 'apt-get install golang-1.19-src rust-src openjdk-17-source unzip' } : {}),
    definitions: {
      exactMatchRate: 'the shown text equals the hidden span (trailing whitespace aside)',
      noSuggestionRate: 'nothing shown: no request at that position (notAskedRate), or post-processing dropped the answer',
      parseKeptRate: 'of the suggestions shown, the share whose insertion leaves the file parsing (every sampled file parses as it is)',
      precision: 'exact / shown',
      recall: 'exact / samples (every site has a right answer)',
      harm: 'wrong / shown',
      targets:
        'precision, recall, harm as above; parseKept: as parseKeptRate; exactOrNoSuggestion (retired headline): exact or nothing shown, of all samples',
    },
    ...summarize(results, repoRoot, arg('examples', 2)),
    durationMs: Date.now() - started,
  };
  console.log(JSON.stringify(report, null, 2));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
