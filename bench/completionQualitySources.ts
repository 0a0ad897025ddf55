// Where the quality benchmark finds real code that nobody here wrote, per language. Nothing is
// downloaded at bench time: npm ci provides the TypeScript and JavaScript packages, Debian packages
// the rest (install line in README.md, Development):
//   Python  /usr/lib/python3.N        (libpython3.N-stdlib, always present with python3; PSF licence)
//   Go      /usr/share/go-1.N/src      (golang-1.N-src; BSD-3-Clause)
//   Rust    /usr/src/rustc-*/library   (rust-src; MIT OR Apache-2.0), or a rustup toolchain's rust-src component
//   Java    /usr/lib/jvm/*/lib/src.zip (openjdk-17-source; GPL-2.0 with the Classpath exception), read with `unzip`
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

export interface SourceSet {
  languageId: string;
  /** Where the files come from, for the report. */
  origin: string;
  /** Sorted, so that sampling with a seed is deterministic on a given machine. */
  files: string[];
  read(file: string): string;
}

/** Short names accepted by `--lang`. */
export const LANGUAGE_ALIASES: Record<string, string> = {
  ts: 'typescript',
  js: 'javascript',
  py: 'python',
  go: 'go',
  rs: 'rust',
  java: 'java',
};

const SKIP_DIR =
  /(^|\/)(test|tests|testdata|testing|vendor|benches|__pycache__|site-packages|dist-packages|idle_test|lib2to3|_vendor)(\/|$)/;

/** Files under `root` whose path ends with `ext` (and passes `keep`), sorted, relative to `root`. */
function listFiles(root: string, ext: string, keep: (rel: string) => boolean = () => true): string[] {
  if (!existsSync(root)) return [];
  return (readdirSync(root, { recursive: true, encoding: 'utf8' }) as string[])
    .filter((rel) => rel.endsWith(ext) && !SKIP_DIR.test(rel) && keep(rel))
    .sort();
}

/** Newest-named existing directory among `candidates` (versions sort as text; good enough for a report). */
function firstExisting(candidates: string[]): string | undefined {
  return candidates
    .filter((dir) => existsSync(dir))
    .sort()
    .reverse()[0];
}

function subdirs(parent: string, pattern: RegExp): string[] {
  if (!existsSync(parent)) return [];
  return readdirSync(parent)
    .filter((name) => pattern.test(name))
    .map((name) => join(parent, name));
}

/** Files ending in `ext` under `roots`, read as `languageId`. */
export function fromDirs(languageId: string, roots: string[], ext: string, keep?: (rel: string) => boolean): SourceSet | undefined {
  const present = roots.filter((root) => existsSync(root));
  if (present.length === 0) return undefined;
  const files = present.flatMap((root) => listFiles(root, ext, keep).map((rel) => join(root, rel)));
  return { languageId, origin: present.join(', '), files, read: (file) => readFileSync(file, 'utf8') };
}

function nodeModules(repoRoot: string, languageId: string, packages: string[], ext: string): SourceSet | undefined {
  return fromDirs(
    languageId,
    packages.map((dir) => join(repoRoot, 'node_modules', dir)),
    ext,
    (rel) => !/\.d\.[cm]?ts$/.test(rel),
  );
}

function python(): SourceSet | undefined {
  const stdlib = firstExisting(
    [
      ...subdirs('/usr/lib', /^python3\.\d+$/),
      ...subdirs(join(homedir(), '.pyenv/versions'), /^3\./).flatMap((v) => subdirs(join(v, 'lib'), /^python3\.\d+$/)),
    ].filter((dir) => existsSync(join(dir, 'json/decoder.py'))),
  );
  return stdlib ? fromDirs('python', [stdlib], '.py') : undefined;
}

function go(): SourceSet | undefined {
  const root = firstExisting(
    [...subdirs('/usr/share', /^go-1\.\d+$/).map((d) => join(d, 'src')), '/usr/local/go/src'].filter((d) => existsSync(join(d, 'strings'))),
  );
  return root ? fromDirs('go', [root], '.go', (rel) => !rel.endsWith('_test.go') && !rel.startsWith('cmd/')) : undefined;
}

function rust(): SourceSet | undefined {
  const library = firstExisting(
    [
      ...subdirs('/usr/src', /^rustc-/).map((d) => join(d, 'library')),
      ...subdirs(join(homedir(), '.rustup/toolchains'), /^stable-/).map((d) => join(d, 'lib/rustlib/src/rust/library')),
    ].filter((d) => existsSync(join(d, 'core/src'))),
  );
  return library
    ? fromDirs(
        'rust',
        ['core/src', 'alloc/src', 'std/src'].map((d) => join(library, d)),
        '.rs',
      )
    : undefined;
}

function java(): SourceSet | undefined {
  // Debian's openjdk-N-source first; any other JDK's src.zip (e.g. Temurin) otherwise.
  const zips = subdirs('/usr/lib/jvm', /./)
    .map((d) => join(d, 'lib/src.zip'))
    .filter((f) => existsSync(f) && statSync(f).size > 0);
  const zip = firstExisting(zips.filter((f) => f.includes('/openjdk-'))) ?? firstExisting(zips);
  if (!zip) return undefined;
  let listing: string;
  try {
    listing = execFileSync('unzip', ['-Z1', zip], { encoding: 'utf8', maxBuffer: 64 << 20 });
  } catch {
    return undefined; // no `unzip`: Java is reported missing, with the install line
  }
  const entries = listing
    .split('\n')
    .filter((e) => /^java\.base\/java\/(util|io|lang|time|text|net|nio)\/.*\.java$/.test(e) && !SKIP_DIR.test(e))
    .sort();
  return {
    languageId: 'java',
    origin: zip,
    files: entries,
    read: (entry) => execFileSync('unzip', ['-p', zip, entry], { encoding: 'utf8', maxBuffer: 16 << 20 }),
  };
}

/** The real code found on this machine for `languageIds`; a language with none is named in `missing`. */
export function findSources(repoRoot: string, languageIds: readonly string[]): { sets: SourceSet[]; missing: string[] } {
  const finders: Record<string, () => SourceSet | undefined> = {
    // Implementation sources (not .d.ts) of packages that npm ci installs for this repository.
    typescript: () => nodeModules(repoRoot, 'typescript', ['openai/src', 'eventsource-parser/src', 'dompurify/src'], '.ts'),
    javascript: () => nodeModules(repoRoot, 'javascript', ['undici/lib', 'mocha/lib'], '.js'),
    python,
    go,
    rust,
    java,
  };
  const sets: SourceSet[] = [];
  const missing: string[] = [];
  for (const id of languageIds) {
    const set = finders[id]?.();
    if (set && set.files.length > 0) sets.push(set);
    else missing.push(id);
  }
  return { sets, missing };
}
