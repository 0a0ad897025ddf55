// Checks the frozen round-3 edit corpus (an independent sample of the round-2 kinds:
// selection edges, indentation units, repeated context, end/fi/endif closers):
// every case parses and has its fields, the selection lies inside the file,
// the id matches the file name, apply cases change the file, no machine path
// leaks in, and every case file still has the sha256 recorded in FROZEN.
// Round-2 rules, kept for round 3: an apply result leaves every line outside the selection
// untouched (it may only insert lines at the selection's edges), keeps the
// file's line endings and keeps the presence or absence of the final newline.
// Run: node bench/editCorpus/round3/validate.mjs
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const casesDir = path.join(here, 'cases');
const problems = [];
const fail = (id, msg) => problems.push(`${id}: ${msg}`);

const files = fs
  .readdirSync(casesDir)
  .filter((f) => f.endsWith('.json'))
  .sort();
const frozen = new Map();
for (const line of fs.readFileSync(path.join(here, 'FROZEN'), 'utf8').split('\n')) {
  if (!line.trim()) continue;
  const m = line.match(/^([0-9a-f]{64}) {2}cases\/(.+\.json)$/);
  if (!m) {
    problems.push(`FROZEN: malformed line "${line}"`);
    continue;
  }
  frozen.set(m[2], m[1]);
}

const str = (v) => typeof v === 'string' && v.length > 0;
const machinePath = /(^|[^A-Za-z0-9_.])\/(work|home|root|tmp|usr)\//;
const counts = { format: {}, language: {}, kind: {} };
const splitLines = (t) => t.replace(/\r?\n$/, '').split(/\r?\n/);

for (const f of files) {
  const buf = fs.readFileSync(path.join(casesDir, f));
  const hash = crypto.createHash('sha256').update(buf).digest('hex');
  if (!frozen.has(f)) fail(f, 'not listed in FROZEN');
  else if (frozen.get(f) !== hash) fail(f, 'sha256 differs from FROZEN');
  frozen.delete(f);

  let c;
  try {
    c = JSON.parse(buf.toString('utf8'));
  } catch (e) {
    fail(f, 'does not parse: ' + e.message);
    continue;
  }
  const keys = ['id', 'language', 'source', 'fileText', 'selection', 'instruction', 'format', 'rawAnswer', 'expected', 'why'];
  if (JSON.stringify(Object.keys(c)) !== JSON.stringify(keys)) fail(f, `fields are ${Object.keys(c).join(',')}`);
  if (`${c.id}.json` !== f) fail(f, `id "${c.id}" does not match the file name`);
  for (const k of ['id', 'language', 'source', 'fileText', 'instruction', 'format', 'rawAnswer', 'why'])
    if (!str(c[k])) fail(f, `missing or empty "${k}"`);
  const lines = splitLines(c.fileText ?? '');
  const s = c.selection;
  if (!s || !Number.isInteger(s.startLine) || !Number.isInteger(s.endLine)) fail(f, 'selection lacks integer startLine/endLine');
  else if (s.startLine < 0 || s.endLine < s.startLine || s.endLine >= lines.length)
    fail(f, `selection ${s.startLine}..${s.endLine} outside 0..${lines.length - 1}`);
  const e = c.expected;
  if (!e || (e.kind !== 'apply' && e.kind !== 'refuse')) fail(f, 'expected.kind must be apply or refuse');
  else if (e.kind === 'apply') {
    if (typeof e.fileText !== 'string') fail(f, 'expected.fileText missing');
    else if (e.fileText === c.fileText) fail(f, 'expected.fileText equals the original file');
    else {
      const crlf = c.fileText.includes('\r\n');
      const finalNl = /\n$/.test(c.fileText);
      if (/\n$/.test(e.fileText) !== finalNl) fail(f, 'final newline not kept');
      if (crlf && /(^|[^\r])\n/.test(e.fileText)) fail(f, 'LF line in a CRLF file');
      if (!crlf && e.fileText.includes('\r')) fail(f, 'CR in an LF file');
      const out = splitLines(e.fileText);
      if (s) {
        const head = lines.slice(0, s.startLine);
        const tail = lines.slice(s.endLine + 1);
        const same = (a, b) => a.length === b.length && a.every((x, i) => x === b[i]);
        if (
          out.length < head.length + tail.length ||
          !same(out.slice(0, head.length), head) ||
          !same(out.slice(out.length - tail.length), tail)
        )
          fail(f, 'a line outside the selection changed');
      }
    }
  } else if (!str(e.why)) fail(f, 'refusal without a why');
  if (/^\//.test(c.source ?? '')) fail(f, 'source names an absolute path');
  // Round 3: every string anywhere in the case, not only the main fields.
  const walk = (v, where) => {
    if (typeof v === 'string') {
      if (machinePath.test(v)) fail(f, `"${where}" holds a machine path`);
    } else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) walk(x, where ? `${where}.${k}` : k);
  };
  walk(c, '');
  counts.format[c.format] = (counts.format[c.format] ?? 0) + 1;
  counts.language[c.language] = (counts.language[c.language] ?? 0) + 1;
  counts.kind[e?.kind] = (counts.kind[e?.kind] ?? 0) + 1;
}
for (const missing of frozen.keys()) problems.push(`FROZEN lists ${missing}, which does not exist`);

if (problems.length) {
  console.error(problems.join('\n'));
  console.error(`\n${problems.length} problem(s) in ${files.length} cases`);
  process.exit(1);
}
console.log(`${files.length} cases OK`);
console.log(JSON.stringify(counts, null, 2));
