#!/usr/bin/env node
// Checks the frozen completion corpus: every line parses, fields are present and typed, ids are unique,
// every non-empty `expected` is loosely contained in `raw`, and the .jsonl files match FROZEN.
// Plain node, no dependencies. Usage: node bench/completionCorpus/validate.mjs  (exit 1 on any failure)
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const CASES = path.join(here, 'cases');

export const LANGUAGES = ['typescript', 'typescriptreact', 'javascript', 'python', 'java', 'go'];
export const SITES = ['code', 'comment', 'docstring', 'string', 'template', 'jsx-text', 'eof', 'identifier', 'member', 'arguments'];
export const KINDS = [
  'ideal',
  'resembles-next',
  'comment-prose',
  'lone-closer',
  'next-line',
  'fenced',
  'fenced-explained',
  'truncated-length',
  'special-token-end',
  'special-token-mid',
  'special-token-only',
  'tabs-vs-spaces',
  'reindent-first',
  'reindent-all',
  'reindent-later',
  'invented-definition',
  'repeats-suffix',
  'repeats-prefix-line',
  'rewrites-current-line',
  'chat-prose',
  'prose-in-code',
  'markdown-junk',
  'wrong-language',
  'empty',
  'whitespace-only',
  'runaway-repetition',
  'unbalanced-brackets',
];
// kinds whose raw answer never holds anything right
const ALWAYS_EMPTY = new Set([
  'special-token-only',
  'chat-prose',
  'prose-in-code',
  'markdown-junk',
  'wrong-language',
  'empty',
  'whitespace-only',
]);

// ---- the loose "raw contains a correct answer" ------------------------------------------------
// 1. remove model control tokens (every family the corpus uses) and markdown fence lines;
// 2. then raw contains expected[0] (both trimmed), or
// 3. modulo indentation: with every line trimmed and blank lines dropped, raw's lines contain expected's lines, or
// 4. for finish_reason "length": raw (cleaned, modulo indentation) is a leading part of expected[0].
const TOKEN_RE =
  /<\|[a-z_]+\|>|<｜[^｜>]*｜>|<\/s>|\s?<(?:EOT|PRE|SUF|MID)>|<(?:fim_prefix|fim_suffix|fim_middle|fim_pad|file_sep|repo_name)>/g;
export function cleanRaw(raw) {
  return raw
    .replace(TOKEN_RE, '\n')
    .split('\n')
    .filter((l) => !/^\s*```/.test(l))
    .join('\n');
}
const norm = (t) =>
  t
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .join('\n');
export function looselyContains(raw, expected, finishReason) {
  const r = cleanRaw(raw);
  const e = expected;
  if (!e.trim()) return true;
  if (r.includes(e.trim())) return true;
  if (norm(r).includes(norm(e))) return true;
  if (finishReason === 'length') {
    const nr = norm(r);
    if (nr && norm(e).startsWith(nr)) return true;
    if (r.trim() && e.startsWith(r.trimEnd())) return true;
  }
  return false;
}

function check(c, file, lineNo, errors) {
  const where = `${file}:${lineNo}`;
  const need = (k, type) => {
    const v = c[k];
    const ok = type === 'array' ? Array.isArray(v) && v.every((x) => typeof x === 'string') : typeof v === type;
    if (!ok) errors.push(`${where} ${c.id ?? ''}: field ${k} must be ${type === 'array' ? 'an array of strings' : 'a ' + type}`);
    return ok;
  };
  ['id', 'language', 'source', 'kind', 'site', 'prefix', 'suffix', 'raw', 'finishReason', 'why'].forEach((k) => need(k, 'string'));
  need('expected', 'array');
  need('partialOk', 'boolean');
  if ('breaks' in c && typeof c.breaks !== 'boolean') errors.push(`${where} ${c.id}: breaks must be boolean when present`);
  if (!LANGUAGES.includes(c.language)) errors.push(`${where} ${c.id}: language ${c.language}`);
  if (`${c.language}.jsonl` !== file) errors.push(`${where} ${c.id}: language ${c.language} in ${file}`);
  if (!KINDS.includes(c.kind)) errors.push(`${where} ${c.id}: kind ${c.kind}`);
  if (!SITES.includes(c.site)) errors.push(`${where} ${c.id}: site ${c.site}`);
  if (!['stop', 'length'].includes(c.finishReason)) errors.push(`${where} ${c.id}: finishReason ${c.finishReason}`);
  if (typeof c.why === 'string' && c.why.trim().length < 20) errors.push(`${where} ${c.id}: why is too short to cite a source`);
  if (!Array.isArray(c.expected)) return;
  if (ALWAYS_EMPTY.has(c.kind) && c.expected.length) errors.push(`${where} ${c.id}: kind ${c.kind} must have empty expected`);
  if (c.kind === 'ideal' && c.expected[0] !== c.raw) errors.push(`${where} ${c.id}: ideal raw must equal expected[0]`);
  if (c.expected.length && c.partialOk && !/\S[^\n]*\n[\s\S]*\S/.test(c.expected[0]))
    errors.push(`${where} ${c.id}: partialOk needs a span of 2+ lines`);
  if (!c.expected.length && c.partialOk) errors.push(`${where} ${c.id}: partialOk with empty expected`);
  if (c.expected.length && !looselyContains(c.raw, c.expected[0], c.finishReason))
    errors.push(`${where} ${c.id}: raw does not loosely contain expected[0]`);
}

function main() {
  const errors = [];
  const ids = new Set();
  const counts = { total: 0, byLanguage: {}, byKind: {}, byLanguageKind: {}, bySite: {}, nonEmptyExpected: 0, breaks: 0 };
  const files = fs
    .readdirSync(CASES)
    .filter((f) => f.endsWith('.jsonl'))
    .sort();
  for (const file of files) {
    const lines = fs.readFileSync(path.join(CASES, file), 'utf8').split('\n');
    if (lines[lines.length - 1] === '') lines.pop();
    lines.forEach((line, i) => {
      let c;
      try {
        c = JSON.parse(line);
      } catch (e) {
        errors.push(`${file}:${i + 1}: not JSON (${e.message})`);
        return;
      }
      if (ids.has(c.id)) errors.push(`${file}:${i + 1}: duplicate id ${c.id}`);
      ids.add(c.id);
      check(c, file, i + 1, errors);
      counts.total++;
      counts.byLanguage[c.language] = (counts.byLanguage[c.language] || 0) + 1;
      counts.byKind[c.kind] = (counts.byKind[c.kind] || 0) + 1;
      (counts.byLanguageKind[c.language] ||= {})[c.kind] = (counts.byLanguageKind[c.language][c.kind] || 0) + 1;
      counts.bySite[c.site] = (counts.bySite[c.site] || 0) + 1;
      if (c.expected?.length) counts.nonEmptyExpected++;
      if (c.breaks) counts.breaks++;
    });
  }
  counts.idealShare = +(counts.byKind.ideal / counts.total).toFixed(3);
  // FROZEN: "sha256  cases/<file>" lines must match the files
  const frozenPath = path.join(here, 'FROZEN');
  let frozen = 'missing';
  if (fs.existsSync(frozenPath)) {
    const want = Object.fromEntries(
      [...fs.readFileSync(frozenPath, 'utf8').matchAll(/^([0-9a-f]{64})\s+(cases\/\S+\.jsonl)$/gm)].map((m) => [m[2], m[1]]),
    );
    const bad = [];
    for (const file of files) {
      const got = crypto
        .createHash('sha256')
        .update(fs.readFileSync(path.join(CASES, file)))
        .digest('hex');
      if (want['cases/' + file] !== got) bad.push(file);
    }
    for (const f of Object.keys(want)) if (!files.includes(f.slice('cases/'.length))) bad.push(f + ' (listed, absent)');
    frozen = bad.length ? 'changed: ' + bad.join(', ') : 'ok';
    if (bad.length && !process.argv.includes('--ignore-frozen')) errors.push('FROZEN does not match: ' + bad.join(', '));
  }
  counts.frozen = frozen;
  console.log(JSON.stringify({ ok: errors.length === 0, errors: errors.slice(0, 50), errorCount: errors.length, counts }, null, 1));
  process.exit(errors.length ? 1 : 0);
}
if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) main();
