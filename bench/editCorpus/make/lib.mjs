// Helpers that turn one hand-written edit (file, region, new region) into the
// raw model answers of the corpus. The answers copy the shapes models were
// documented to produce (see ../README.md); the variation is deliberate so an
// applier cannot key on one template.
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { structuredPatch } from 'diff';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../../..');
const nodeModules = path.join(repoRoot, 'node_modules');
// The Debian roots are asked of the system so no machine path is written here.
const pyStdlib = execSync(`python3 -c "import sysconfig;print(sysconfig.get_paths()['stdlib'])"`).toString().trim();
const sysRoot = path.parse(repoRoot).root;

function debVersion(pkg) {
  return execSync(`dpkg-query -W -f='\${Version}' ${pkg}`).toString().trim();
}

/** Reads a source and names it without any path of this machine. */
export function loadSource(src) {
  if (src.npm) {
    const pkgDir = path.join(nodeModules, src.npm);
    const version = JSON.parse(fs.readFileSync(path.join(pkgDir, 'package.json'), 'utf8')).version;
    return {
      text: fs.readFileSync(path.join(pkgDir, src.file), 'utf8'),
      name: `npm ${src.npm}@${version}, ${src.file}`,
    };
  }
  if (src.py) {
    return {
      text: fs.readFileSync(path.join(pyStdlib, src.py), 'utf8'),
      name: `Debian libpython3.11-stdlib ${debVersion('libpython3.11-stdlib')}, python3.11 stdlib ${src.py}`,
    };
  }
  if (src.deb) {
    return {
      text: fs.readFileSync(path.join(sysRoot, src.file), 'utf8'),
      name: `Debian ${src.deb.split(':')[0]} ${debVersion(src.deb)}, ${src.file}`,
    };
  }
  throw new Error('unknown source ' + JSON.stringify(src));
}

// Small deterministic generator so the corpus is reproducible from its id.
export function rng(seed) {
  let h = 2166136261;
  for (const c of seed) h = Math.imul(h ^ c.charCodeAt(0), 16777619);
  return () => {
    h = Math.imul(h ^ (h >>> 15), 2246822507);
    h = Math.imul(h ^ (h >>> 13), 3266489909);
    h ^= h >>> 16;
    return (h >>> 0) / 4294967296;
  };
}
export const pick = (r, xs) => xs[Math.floor(r() * xs.length)];

export const splitLines = (t) => t.split('\n');

/** Counts full-line occurrences of `needle` lines inside `hay` lines. */
export function countLineMatches(hayLines, needleLines) {
  let n = 0;
  for (let i = 0; i + needleLines.length <= hayLines.length; i++) {
    let ok = true;
    for (let j = 0; j < needleLines.length; j++) {
      if (hayLines[i + j] !== needleLines[j]) {
        ok = false;
        break;
      }
    }
    if (ok) n++;
  }
  return n;
}

export function udiffHunks(oldText, newText, context) {
  return structuredPatch('a', 'b', oldText, newText, '', '', { context }).hunks;
}

export function hunkText(h, { numbers = true, lineShift = 0, blankContextBare = false } = {}) {
  const head = numbers ? `@@ -${h.oldStart + lineShift},${h.oldLines} +${h.newStart + lineShift},${h.newLines} @@` : '@@ ... @@';
  const body = h.lines.filter((l) => !l.startsWith('\\')).map((l) => (blankContextBare && l === ' ' ? '' : l));
  return [head, ...body].join('\n');
}

const commentFor = (lang) =>
  ({
    python: '#',
    shell: '#',
    ini: ';',
  })[lang] ?? '//';

export function existingCodeMarker(lang, indent, r) {
  const c = commentFor(lang);
  if (lang === 'css') return `${indent}/* ... existing code ... */`;
  if (lang === 'json') return `${indent}// ... existing code ...`;
  return indent + pick(r, [`${c} ... existing code ...`, `${c} ...existing code...`, `${c} ... rest of the code unchanged ...`]);
}

export const fenceTag = (lang, r) =>
  pick(
    r,
    {
      javascript: ['javascript', 'js', 'javascript', ''],
      typescript: ['typescript', 'ts', 'typescript'],
      python: ['python', 'py', 'python'],
      shell: ['sh', 'bash', 'shell'],
      c: ['c', 'c', 'cpp'],
      css: ['css', 'css'],
      json: ['json', 'jsonc', 'json'],
      markdown: ['markdown', 'md', 'markdown'],
    }[lang] ?? [lang],
  );
