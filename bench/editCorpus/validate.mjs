// Checks one frozen round of the edit corpus: every case parses and has
// exactly its fields, the id matches the file name, the selection lies inside
// the file, apply cases really change the file, no path of the machine leaks
// into any string, and every case file still has the sha256 recorded in FROZEN.
// An apply result also leaves every line outside the selection untouched (it
// may only insert lines at the selection's edges) and keeps the file's line
// endings and its final newline or the lack of one.
// Run: node bench/editCorpus/validate.mjs [round folder]   (default: round 1, this folder)
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(process.argv[2] ?? here);
const casesDir = path.join(root, 'cases');
const problems = [];
const fail = (id, msg) => problems.push(`${id}: ${msg}`);

const files = fs
  .readdirSync(casesDir)
  .filter((f) => f.endsWith('.json'))
  .sort();
const frozen = new Map();
for (const line of fs.readFileSync(path.join(root, 'FROZEN'), 'utf8').split('\n')) {
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
const fields = ['id', 'language', 'source', 'fileText', 'selection', 'instruction', 'format', 'rawAnswer', 'expected', 'why'];
const counts = { format: {}, language: {}, kind: {} };
const splitLines = (t) => t.replace(/\r?\n$/, '').split(/\r?\n/);
const same = (a, b) => a.length === b.length && a.every((x, i) => x === b[i]);

// Lines outside the selection, line endings and the final newline are as in the file.
function checkOutside(f, c, lines) {
  const e = c.expected;
  const crlf = c.fileText.includes('\r\n');
  if (/\n$/.test(e.fileText) !== /\n$/.test(c.fileText)) fail(f, 'final newline not kept');
  if (crlf && /(^|[^\r])\n/.test(e.fileText)) fail(f, 'LF line in a CRLF file');
  if (!crlf && e.fileText.includes('\r')) fail(f, 'CR in an LF file');
  const out = splitLines(e.fileText);
  const head = lines.slice(0, c.selection.startLine);
  const tail = lines.slice(c.selection.endLine + 1);
  if (out.length < head.length + tail.length || !same(out.slice(0, head.length), head) || !same(out.slice(out.length - tail.length), tail))
    fail(f, 'a line outside the selection changed');
}

function walkStrings(f, v, where) {
  if (typeof v === 'string') {
    if (machinePath.test(v)) fail(f, `"${where}" holds a machine path`);
  } else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) walkStrings(f, x, where ? `${where}.${k}` : k);
}

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
  if (!same(Object.keys(c), fields)) fail(f, `fields are ${Object.keys(c).join(',')}`);
  if (`${c.id}.json` !== f) fail(f, `id "${c.id}" does not match the file name`);
  for (const k of ['id', 'language', 'source', 'fileText', 'instruction', 'format', 'rawAnswer', 'why'])
    if (!str(c[k])) fail(f, `missing or empty "${k}"`);
  const lines = splitLines(c.fileText ?? '');
  const s = c.selection;
  const selectionOk = s && Number.isInteger(s.startLine) && Number.isInteger(s.endLine);
  if (!selectionOk) fail(f, 'selection lacks integer startLine/endLine');
  else if (s.startLine < 0 || s.endLine < s.startLine || s.endLine >= lines.length)
    fail(f, `selection ${s.startLine}..${s.endLine} outside 0..${lines.length - 1}`);
  const e = c.expected;
  if (!e || (e.kind !== 'apply' && e.kind !== 'refuse')) fail(f, 'expected.kind must be apply or refuse');
  else if (e.kind === 'apply') {
    if (typeof e.fileText !== 'string') fail(f, 'expected.fileText missing');
    else if (e.fileText === c.fileText) fail(f, 'expected.fileText equals the original file');
    else if (selectionOk && str(c.fileText)) checkOutside(f, c, lines);
  } else if (!str(e.why)) fail(f, 'refusal without a why');
  if (/^\//.test(c.source ?? '')) fail(f, 'source names an absolute path');
  walkStrings(f, c, '');
  counts.format[c.format] = (counts.format[c.format] ?? 0) + 1;
  counts.language[c.language] = (counts.language[c.language] ?? 0) + 1;
  counts.kind[e?.kind] = (counts.kind[e?.kind] ?? 0) + 1;
}
for (const missing of frozen.keys()) problems.push(`FROZEN lists ${missing}, which does not exist`);

const name = path.relative(process.cwd(), root) || '.';
if (problems.length) {
  console.error(problems.join('\n'));
  console.error(`\n${problems.length} problem(s) in ${files.length} cases of ${name}`);
  process.exit(1);
}
console.log(`${name}: ${files.length} cases OK`);
console.log(JSON.stringify(counts, null, 2));
