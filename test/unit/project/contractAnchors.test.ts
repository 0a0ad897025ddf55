// Code cites the services' contracts by anchor in docs/contracts.md, never by a rule number or a
// document the repository does not hold. This keeps every citation resolvable by a newcomer.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = join(__dirname, '../../..');
const CONTRACTS = 'docs/contracts.md';
/** Folders whose files may cite the contracts; fixtures are third-party code, and this file quotes the banned forms. */
const SCANNED = ['src', 'sim', 'test', 'bench'];
const SKIPPED = new Set(['test/fixtures', 'test/unit/project/contractAnchors.test.ts']);
const SOURCE = /\.(?:ts|tsx|js|mjs|cjs)$/;
/** Markdown outside docs/contracts.md that may link into it. */
const PROSE = ['README.md', 'CONTRIBUTING.md', 'docs/ARCHITECTURE.md'];

const CITATION = /contracts\.md#([A-Za-z0-9_-]+)/g;
/** A rule cited by its number in the vendors' documents, or the documents themselves by seed number. */
const NUMBERED_CITATIONS: readonly RegExp[] = [/\brules?\s+\d+/i, /\bseeds?\s+0\d\d\b/i];

interface Line {
  file: string;
  number: number;
  text: string;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (SKIPPED.has(relative(root, path).split('\\').join('/'))) return [];
    if (entry.isDirectory()) return sourceFiles(path);
    return SOURCE.test(entry.name) ? [path] : [];
  });
}

function linesOf(path: string): Line[] {
  const file = relative(root, path).split('\\').join('/');
  return readFileSync(path, 'utf8')
    .split('\n')
    .map((text, i) => ({ file, number: i + 1, text }));
}

function existing(path: string): boolean {
  try {
    readFileSync(join(root, path));
    return true;
  } catch {
    return false;
  }
}

/** Explicit `<a id="…"></a>` anchors: headings may be reworded, these ids may not. */
export function anchorsIn(markdown: string): string[] {
  return [...markdown.matchAll(/<a id="([^"]+)"><\/a>/g)].map((m) => m[1]);
}

/** Every `contracts.md#anchor` on the given lines, with where it was cited. */
export function citationsIn(lines: readonly Line[]): Array<{ anchor: string; at: string }> {
  return lines.flatMap((line) => [...line.text.matchAll(CITATION)].map((m) => ({ anchor: m[1], at: `${line.file}:${line.number}` })));
}

/** Lines that cite a numbered rule or a seed document instead of an anchor. */
export function numberedCitations(lines: readonly Line[]): string[] {
  return lines
    .filter((line) => NUMBERED_CITATIONS.some((re) => re.test(line.text)))
    .map((line) => `${line.file}:${line.number}: ${line.text.trim()}`);
}

describe('docs/contracts.md anchors', () => {
  const contracts = readFileSync(join(root, CONTRACTS), 'utf8');
  const anchors = anchorsIn(contracts);
  const code = SCANNED.flatMap((dir) => sourceFiles(join(root, dir))).flatMap(linesOf);
  const prose = PROSE.filter(existing).flatMap((path) => linesOf(join(root, path)));

  it('has unique anchors, each prefixed a- (Service A) or b- (Service B)', () => {
    assert.ok(anchors.length > 40, `expected the contracts page to carry its anchors, found ${anchors.length}`);
    assert.deepEqual(
      anchors.filter((a, i) => anchors.indexOf(a) !== i),
      [],
      'duplicate anchors',
    );
    assert.deepEqual(
      anchors.filter((a) => !/^[ab]-[a-z0-9-]+$/.test(a)),
      [],
      'anchors without the a-/b- prefix',
    );
  });

  it('resolves every anchor the code, the tests and the other docs cite', () => {
    const citations = citationsIn([...code, ...prose]);
    // Guards against a scan that silently finds nothing (a moved folder, a broken pattern).
    assert.ok(citations.length >= 40, `expected the code to cite the contracts, found ${citations.length} citations`);
    const missing = citations.filter((c) => !anchors.includes(c.anchor)).map((c) => `${c.at} → #${c.anchor}`);
    assert.deepEqual(missing, [], 'citations of anchors missing from docs/contracts.md');
  });

  it('resolves its own in-page links', () => {
    const links = [...contracts.matchAll(/\]\(#([^)]+)\)/g)].map((m) => m[1]);
    assert.ok(links.length > 0);
    assert.deepEqual(
      links.filter((l) => !anchors.includes(l)),
      [],
    );
  });

  it('is never cited by rule number or seed document, only by anchor', () => {
    assert.ok(code.length > 1000, `expected to scan the source tree, read ${code.length} lines`);
    assert.deepEqual(numberedCitations(code), []);
  });

  it('recognises a numbered citation and an anchored one (the patterns themselves)', () => {
    const sample = (text: string): Line[] => [{ file: 'x.ts', number: 1, text }];
    assert.equal(numberedCitations(sample('// Rule 6: FIM is non-reasoning only')).length, 1);
    assert.equal(numberedCitations(sample('// (Service A rules 5–7)')).length, 1);
    assert.equal(numberedCitations(sample('// (seed 001)')).length, 1);
    assert.equal(numberedCitations(sample('// contracts (seeds 000 and 001)')).length, 1);
    assert.equal(numberedCitations(sample('// FIM is non-reasoning only (docs/contracts.md#b-fim-non-reasoning)')).length, 0);
    assert.equal(numberedCitations(sample('const rng = makeRng(seed);')).length, 0);
    assert.deepEqual(
      citationsIn(sample('// x (docs/contracts.md#b-fim, docs/contracts.md#b-balance)')).map((c) => c.anchor),
      ['b-fim', 'b-balance'],
    );
  });
});
