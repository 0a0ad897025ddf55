#!/usr/bin/env node
// Builds bench/completionCorpus/cases/<language>.jsonl from real files and documented model behaviour.
// Written blind to the product's completion code: nothing here knows how answers are post-processed.
// Deterministic: same sources + same seed -> same corpus. Run: node bench/completionCorpus/make/make.mjs
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { FILES } from './sources.mjs';
import { candidates, needleSite, cutPrefix, cutSuffix, indentUnit } from './sites.mjs';
import { KINDS, SRC, TOKENS } from './behaviour.mjs';
import { handCases } from './hand.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const OUT = path.resolve(here, '../cases');

// ---- deterministic choice ------------------------------------------------------------------
function mulberry32(a) {
  return () => {
    a |= 0;
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const rand = mulberry32(20261125);
const pick = (arr) => arr[Math.floor(rand() * arr.length)];

const used = new Set(); // file+start: one case per cursor site
const candCache = new Map();
function takeSite(lang, pickers, fileFilter = () => true, accept = () => true) {
  const files = FILES[lang].filter(fileFilter);
  const order = [...files].sort(() => rand() - 0.5);
  const ps = [].concat(pickers);
  const r0 = Math.floor(rand() * ps.length); // rotate which site kind is tried first
  const rotated = ps.slice(r0).concat(ps.slice(0, r0));
  for (const p of rotated) {
    for (const f of order) {
      const key = f + '|' + p;
      if (!candCache.has(key)) candCache.set(key, candidates(f, lang, p));
      const free = candCache.get(key).filter((s) => !used.has(f + ':' + s.start) && !used.has(f + ':' + s.end) && accept(s));
      if (!free.length) continue;
      const s = free[Math.floor(rand() * free.length)];
      used.add(f + ':' + s.start);
      used.add(f + ':' + s.end);
      return s;
    }
  }
  return null;
}

// ---- helpers on a site ---------------------------------------------------------------------
const FENCE = { python: 'python', javascript: 'javascript', typescript: 'typescript', typescriptreact: 'tsx', java: 'java' };
function lineOf(s) {
  const a = s.text.lastIndexOf('\n', s.start - 1) + 1;
  return { lineStart: a, typed: s.text.slice(a, s.start) };
}
function prevLine(s) {
  const { lineStart } = lineOf(s);
  if (!lineStart) return '';
  const b = s.text.lastIndexOf('\n', lineStart - 2) + 1;
  return s.text.slice(b, lineStart - 1);
}
function suffixLines(s, n) {
  // the first n lines of the suffix as the model would re-write them
  const suf = s.text.slice(s.end);
  const parts = suf.split('\n');
  return parts.slice(0, n + 1).join('\n');
}
const NOT_NAMES =
  /^(if|else|elif|for|while|return|yield|raise|throw|const|let|var|new|await|async|function|def|class|this|self|not|and|the|import|from|try|with|case|break|continue|public|private|static|final|null|None|True|False|true|false|typeof|void)$/;
const firstIdent = (t) => (t.match(/[A-Za-z_$][\w$]{2,}/g) || []).find((w) => !NOT_NAMES.test(w)) || 'value';
const reIndentLines = (t, fn) =>
  t
    .split('\n')
    .map((l, i) => fn(l, i))
    .join('\n');

// ---- the case record -----------------------------------------------------------------------
const counters = {};
const all = [];
function emit(s, kind, { raw, expected, finishReason = 'stop', partialOk, breaks, why, siteKind }) {
  const lang = s.lang;
  counters[lang] = (counters[lang] || 0) + 1;
  const short = { python: 'py', javascript: 'js', typescript: 'ts', typescriptreact: 'tsx', java: 'java' }[lang];
  const c = {
    id: `${short}-${String(counters[lang]).padStart(3, '0')}-${kind}`,
    language: lang,
    source: s.label,
    kind,
    site: siteKind || s.site,
    prefix: cutPrefix(s.text.slice(0, s.start)),
    suffix: cutSuffix(s.text.slice(s.end)),
    raw,
    finishReason,
    expected: expected ?? [s.hidden],
    // partial = a leading part of the span that ends at a line end: only meaningful for 2+ non-blank lines
    partialOk: partialOk ?? (/\S[^\n]*\n[\s\S]*\S/.test(s.hidden) && (expected ?? [s.hidden]).length > 0),
  };
  if (breaks) c.breaks = true;
  c.why = why;
  // sanity: the truth is the file's own text
  if (s.text.slice(0, s.start).endsWith(c.prefix) === false || s.text.slice(s.end).startsWith(c.suffix) === false) throw new Error('cut');
  all.push(c);
  return c;
}

// ---- misbehaviours (each one documented in behaviour.mjs) -----------------------------------
const T = {
  ideal(s) {
    return { raw: s.hidden, why: KINDS.ideal.why };
  },
  'resembles-next'(s) {
    return { raw: s.hidden, why: KINDS['resembles-next'].why };
  },
  'comment-prose'(s) {
    return { raw: s.hidden, why: KINDS['comment-prose'].why };
  },
  'lone-closer'(s) {
    return { raw: s.hidden, why: KINDS['lone-closer'].why };
  },
  'next-line'(s) {
    return { raw: s.hidden, why: KINDS['next-line'].why };
  },
  fenced(s) {
    const lang = FENCE[s.lang];
    const blank = rand() < 0.4 ? '\n' : '';
    return { raw: '```' + lang + '\n' + blank + s.hidden + '\n```' + (rand() < 0.5 ? '\n' : ''), why: KINDS.fenced.why };
  },
  'fenced-explained'(s) {
    const name = firstIdent(s.hidden);
    const intro = pick([
      "Here's the completed code:\n\n",
      'Here is the code that fills the gap:\n\n',
      `Sure! The missing part uses \`${name}\`:\n\n`,
      'The completion is:\n\n',
    ]);
    const outro = pick([
      `\n\nThis completes the \`${name}\` logic so the code after the cursor works as before.`,
      '\n\nLet me know if you need anything else!',
      `\n\n**Explanation:** the line uses \`${name}\` and keeps the surrounding indentation.`,
      '',
    ]);
    return { raw: intro + '```' + FENCE[s.lang] + '\n' + s.hidden + '\n```' + outro, why: KINDS['fenced-explained'].why };
  },
  'truncated-length'(s) {
    const raw = s.hidden.slice(0, s.cut);
    return { raw, finishReason: 'length', breaks: true, why: KINDS['truncated-length'].why };
  },
  'special-token-end'(s) {
    const t = pick(TOKENS.end);
    return { raw: s.hidden + t.token, why: `${KINDS['special-token-end'].why} Token ${t.token} (${t.family}): ${t.src}` };
  },
  'special-token-mid'(s) {
    const t = pick(TOKENS.mid);
    const junk = t.after(s);
    return {
      raw: s.hidden + t.token + junk,
      why: `${KINDS['special-token-mid'].why} Token ${t.token} (${t.family}) followed by more text: ${t.src}`,
    };
  },
  'special-token-only'() {
    const t = pick(TOKENS.only);
    return { raw: t.raw, expected: [], why: `${KINDS['special-token-only'].why} ${t.src}` };
  },
  'tabs-vs-spaces'(s) {
    const unit = indentUnit(s.text);
    let raw;
    if (unit === '\t') raw = reIndentLines(s.hidden, (l, i) => (i === 0 ? l : l.replace(/^\t+/, (m) => '  '.repeat(m.length))));
    else raw = reIndentLines(s.hidden, (l, i) => (i === 0 ? l : l.replace(/^ +/, (m) => '\t'.repeat(Math.round(m.length / unit.length)))));
    return {
      raw,
      breaks: s.lang === 'python',
      why:
        KINDS['tabs-vs-spaces'].why +
        (unit === '\t'
          ? ' Here: a tab-indented file, the answer indents later lines with spaces.'
          : ' Here: a space-indented file, the answer indents later lines with tabs' +
            (s.lang === 'python' ? ' (Python refuses inconsistent tabs and spaces: TabError).' : '.')),
    };
  },
  'tabs-mixed'(s) {
    const unit = indentUnit(s.text);
    const raw = reIndentLines(s.hidden, (l, i) =>
      i % 2 === 1
        ? unit === '\t'
          ? l.replace(/^\t+/, (m) => '    '.repeat(m.length))
          : l.replace(/^ +/, (m) => '\t'.repeat(Math.round(m.length / unit.length)))
        : l,
    );
    return {
      raw,
      breaks: s.lang === 'python',
      why: KINDS['tabs-vs-spaces'].why + ' Here: mixed, every other later line uses the other indentation character.',
    };
  },
  'reindent-first'(s) {
    const { typed } = lineOf(s);
    const extra = pick([typed, '   ', ' ']);
    const py = s.lang === 'python';
    return {
      raw: extra + s.hidden,
      breaks: py,
      why:
        KINDS['reindent-first'].why +
        (extra === typed
          ? ' Here: the model re-emits the indentation already typed before the cursor.'
          : ` Here: ${extra.length} extra space(s) before the first line.`),
    };
  },
  'reindent-all'(s) {
    const unit = indentUnit(s.text);
    const raw = reIndentLines(s.hidden, (l) => (l.trim() ? unit + l : l));
    return { raw, breaks: s.lang === 'python', why: KINDS['reindent-all'].why + ' Here: every line one level deeper than the file wants.' };
  },
  'reindent-later'(s) {
    const unit = indentUnit(s.text);
    let deeper = rand() < 0.5;
    const shift = (d) =>
      reIndentLines(s.hidden, (l, i) => (i === 0 || !l.trim() ? l : d ? unit + l : l.startsWith(unit) ? l.slice(unit.length) : l));
    let raw = shift(deeper);
    if (raw === s.hidden) {
      deeper = !deeper;
      raw = shift(deeper);
    }
    return {
      raw,
      breaks: s.lang === 'python',
      why: KINDS['reindent-later'].why + (deeper ? ' Here: later lines one level too deep.' : ' Here: later lines one level too shallow.'),
    };
  },
  'invented-definition'(s) {
    const inv = KINDS['invented-definition'].pool[s.lang](indentUnit(s.text), s.defIndent || '', s);
    return { raw: s.hidden + inv, why: KINDS['invented-definition'].why };
  },
  'repeats-suffix'(s) {
    const n = 1 + Math.floor(rand() * 3);
    return {
      raw: s.hidden + suffixLines(s, n),
      why: KINDS['repeats-suffix'].why + ` Here: the right span, then the first ${n} line(s) of the suffix again.`,
    };
  },
  'repeats-suffix-inline'(s) {
    const rest = s.text.slice(s.end).split('\n')[0];
    return {
      raw: s.hidden + rest,
      why:
        KINDS['repeats-suffix'].why +
        ' Here: the cursor is mid-line and the answer re-writes the rest of the line that already follows the cursor.',
    };
  },
  'repeats-prefix-line'(s) {
    const p = prevLine(s);
    const { typed } = lineOf(s);
    const only = rand() < 0.35;
    if (only)
      return {
        raw: p.trim(),
        expected: [],
        breaks: false,
        why: KINDS['repeats-prefix-line'].why + ' Here: the answer is only a copy of the line above; nothing in it is new.',
      };
    return {
      raw: p.trim() + '\n' + typed + s.hidden,
      why: KINDS['repeats-prefix-line'].why + ' Here: a copy of the line above, then the right line.',
    };
  },
  'rewrites-current-line'(s) {
    const { typed } = lineOf(s);
    const withIndent = rand() < 0.3;
    return { raw: (withIndent ? typed : typed.trimStart()) + s.hidden, why: KINDS['rewrites-current-line'].why };
  },
  'chat-prose'(s) {
    return { raw: KINDS['chat-prose'].make(s, pick, firstIdent), expected: [], breaks: true, why: KINDS['chat-prose'].why };
  },
  'prose-in-code'(s) {
    return { raw: KINDS['prose-in-code'].make(s, pick, firstIdent), expected: [], breaks: true, why: KINDS['prose-in-code'].why };
  },
  'markdown-junk'(s) {
    return { raw: KINDS['markdown-junk'].make(s, pick, firstIdent), expected: [], breaks: true, why: KINDS['markdown-junk'].why };
  },
  'wrong-language'(s) {
    return { raw: KINDS['wrong-language'].make(s, pick), expected: [], breaks: true, why: KINDS['wrong-language'].why };
  },
  empty() {
    return { raw: '', expected: [], why: KINDS.empty.why };
  },
  'whitespace-only'(s) {
    return {
      raw: pick(['\n', '\n\n', '\n\n\n', '    \n', ' ', '\n' + indentUnit(s.text)]),
      expected: [],
      why: KINDS['whitespace-only'].why,
    };
  },
  'runaway-repetition'(s) {
    const unit = lineOf(s).typed;
    const line = '\n' + unit + s.hidden.split('\n')[0];
    let raw = s.hidden;
    while (raw.length < 15500) raw += line; // ~4K tokens of the same line again and again
    return {
      raw,
      finishReason: 'length',
      breaks: true,
      why: KINDS['runaway-repetition'].why + ' Here: the right line, then the same line again until max_tokens.',
    };
  },
  'runaway-junk'(s) {
    const unitTok = pick([')', ' and', '\n', '<|fim_pad|>', '<｜begin▁of▁sentence｜>', ' court']);
    let raw = unitTok === '\n' ? s.hidden.split('\n')[0].slice(0, 3) : '';
    while (raw.length < 15500) raw += unitTok;
    return {
      raw,
      finishReason: 'length',
      expected: [],
      breaks: true,
      why:
        KINDS['runaway-repetition'].why + ` Here: a degenerate loop of ${JSON.stringify(unitTok)} to max_tokens with nothing right in it.`,
    };
  },
  'unbalanced-brackets'(s) {
    const suf = s.text.slice(s.end);
    const m = /^[ \t]*([)\]}]+)/.exec(suf) || /^\n[ \t]*([)\]}]+)/.exec(suf);
    const extra = m ? (suf.startsWith('\n') ? '\n' + suf.split('\n')[1] : m[1]) : pick([')', '}', '\n}']);
    return {
      raw: s.hidden + extra,
      breaks: true,
      why: KINDS['unbalanced-brackets'].why + ` Here: the right span plus ${JSON.stringify(extra)} that the suffix already has.`,
    };
  },
};

// ---- the plan: kind -> pickers and counts per language ---------------------------------------
const IDEAL_PICKERS = {
  python: [
    'code',
    'block',
    'docstring',
    'comment',
    'string',
    'member',
    'arguments',
    'identifier',
    'eof',
    'code',
    'block',
    'member',
    'midline',
    'identifier',
    'docstring',
  ],
  javascript: [
    'code',
    'block',
    'comment',
    'template',
    'string',
    'member',
    'arguments',
    'identifier',
    'eof',
    'docstring',
    'code',
    'block',
    'member',
    'midline',
    'identifier',
  ],
  typescript: [
    'code',
    'block',
    'comment',
    'template',
    'docstring',
    'member',
    'arguments',
    'identifier',
    'eof',
    'string',
    'code',
    'block',
    'member',
    'midline',
    'identifier',
  ],
  java: ['code', 'block', 'docstring', 'member', 'arguments', 'identifier', 'eof', 'midline', 'string', 'docstring'],
};
const tabFile = (f) => /ora\/|p-map\/|debug\/src|editions\/|version-range\//.test(f);
const spaceFile = (f) => !tabFile(f);

// [kind, transform, pickers, count per language {py, js, ts, java}, fileFilter?]
const PLAN = [
  ['resembles-next', 'resembles-next', ['resembles'], { python: 3, javascript: 3, typescript: 3, java: 2 }],
  ['comment-prose', 'comment-prose', ['comment', 'docstring'], { python: 2, javascript: 2, typescript: 2 }],
  ['comment-prose', 'comment-prose', ['docstring', 'comment'], { python: 2, javascript: 1, typescript: 1, java: 3 }],
  ['lone-closer', 'lone-closer', ['closer'], { javascript: 3, typescript: 3, java: 2, python: 1 }],
  ['fenced', 'fenced', ['block', 'code'], { python: 2, javascript: 2, typescript: 2, java: 1 }],
  ['fenced', 'fenced', ['member', 'identifier', 'code'], { python: 1, javascript: 1, typescript: 1, java: 1 }],
  ['fenced-explained', 'fenced-explained', ['code', 'block'], { python: 2, javascript: 2, typescript: 2, java: 1 }],
  ['next-line', 'next-line', ['nextline'], { python: 4, javascript: 3, typescript: 3 }],
  ['truncated-length', 'truncated-length', ['trunc'], { python: 3, javascript: 3, typescript: 3, java: 1 }],
  [
    'special-token-end',
    'special-token-end',
    ['code', 'block', 'member', 'arguments', 'comment', 'docstring', 'string', 'identifier', 'template', 'eof'],
    { python: 4, javascript: 4, typescript: 4, java: 2 },
  ],
  [
    'special-token-mid',
    'special-token-mid',
    ['code', 'block', 'member', 'docstring'],
    { python: 2, javascript: 2, typescript: 2, java: 1 },
  ],
  [
    'special-token-only',
    'special-token-only',
    ['code', 'arguments', 'identifier', 'template', 'string'],
    { python: 2, javascript: 2, typescript: 2, java: 1 },
  ],
  [
    'tabs-vs-spaces',
    'tabs-vs-spaces',
    ['block'],
    { python: 3, javascript: 2, typescript: 2, java: 1 },
    { javascript: tabFile, typescript: tabFile },
  ],
  ['tabs-vs-spaces', 'tabs-mixed', ['block'], { python: 1, javascript: 1, typescript: 1 }],
  ['reindent-first', 'reindent-first', ['block', 'code'], { python: 2, javascript: 2, typescript: 2, java: 1 }],
  ['reindent-all', 'reindent-all', ['block'], { python: 2, javascript: 1, typescript: 1, java: 1 }],
  ['reindent-later', 'reindent-later', ['block'], { python: 2, javascript: 1, typescript: 1, java: 1 }],
  ['invented-definition', 'invented-definition', ['topend'], { python: 3, javascript: 2, typescript: 2, java: 2 }],
  ['repeats-suffix', 'repeats-suffix', ['code', 'block', 'docstring', 'comment'], { python: 2, javascript: 2, typescript: 2, java: 1 }],
  ['repeats-suffix', 'repeats-suffix-inline', ['midline'], { python: 1, javascript: 1, typescript: 1, java: 1 }],
  [
    'repeats-prefix-line',
    'repeats-prefix-line',
    ['code'],
    { python: 2, javascript: 2, typescript: 2, java: 1 },
    null,
    (s) => prevLine(s).trim().length >= 8 && prevLine(s).trim() !== s.hidden.trim(),
  ],
  [
    'rewrites-current-line',
    'rewrites-current-line',
    ['member', 'arguments', 'identifier', 'string', 'template', 'comment', 'code'],
    { python: 2, javascript: 2, typescript: 2, java: 1 },
  ],
  ['chat-prose', 'chat-prose', ['code', 'arguments', 'member'], { python: 2, javascript: 2, typescript: 2, java: 1 }],
  ['prose-in-code', 'prose-in-code', ['code', 'block'], { python: 1, javascript: 1, typescript: 1, java: 1 }],
  ['markdown-junk', 'markdown-junk', ['code'], { python: 2, javascript: 1, typescript: 1, java: 1 }],
  ['wrong-language', 'wrong-language', ['code', 'block'], { python: 2, javascript: 2, typescript: 2, java: 1 }],
  ['empty', 'empty', ['code', 'member', 'arguments', 'string', 'eof'], { python: 2, javascript: 2, typescript: 1, java: 1 }],
  ['whitespace-only', 'whitespace-only', ['code', 'block', 'identifier'], { python: 1, javascript: 2, typescript: 1, java: 1 }],
  ['runaway-repetition', 'runaway-repetition', ['code', 'docstring', 'comment'], { python: 1, javascript: 1, typescript: 1 }],
  ['runaway-repetition', 'runaway-junk', ['code', 'arguments'], { python: 1, javascript: 1, typescript: 1, java: 1 }],
  ['unbalanced-brackets', 'unbalanced-brackets', ['midline', 'block'], { python: 1, javascript: 2, typescript: 2, java: 1 }],
];
const IDEAL_COUNT = { python: 16, javascript: 15, typescript: 15, java: 10 };

function run(kind, transform, s, siteOverride) {
  const r = T[transform](s);
  return emit(s, kind, { ...r, siteKind: siteOverride });
}

// hand-picked cases first (they claim their sites), then generated ones
for (const h of handCases({ needleSite, T, KINDS, TOKENS, SRC })) {
  used.add(h.site.label + ':' + h.site.start);
  used.add(h.site.label + ':' + h.site.end);
  if (h.transform) run(h.kind, h.transform, h.site);
  else emit(h.site, h.kind, h.fields);
}
for (const lang of ['python', 'javascript', 'typescript', 'java']) {
  for (let i = 0; i < IDEAL_COUNT[lang]; i++) {
    const p = IDEAL_PICKERS[lang][i % IDEAL_PICKERS[lang].length];
    const s = takeSite(lang, [p, 'code']);
    run('ideal', 'ideal', s);
  }
  for (const [kind, transform, pickers, counts, filters, accept] of PLAN) {
    for (let i = 0; i < (counts[lang] || 0); i++) {
      const filt = (filters && filters[lang]) || (transform === 'tabs-vs-spaces' || transform === 'tabs-mixed' ? spaceFile : () => true);
      const s =
        takeSite(lang, lang === 'python' && transform === 'unbalanced-brackets' ? ['midline'] : pickers, filt, accept) ||
        takeSite(lang, ['code']);
      run(kind, transform, s);
    }
  }
}

// ---- write -------------------------------------------------------------------------------------
fs.mkdirSync(OUT, { recursive: true });
const byLang = {};
for (const c of all) (byLang[c.language] ||= []).push(c);
for (const [lang, cs] of Object.entries(byLang)) {
  fs.writeFileSync(path.join(OUT, `${lang}.jsonl`), cs.map((c) => JSON.stringify(c)).join('\n') + '\n');
}
const summary = {};
for (const c of all) {
  summary[c.language] ||= {};
  summary[c.language][c.kind] = (summary[c.language][c.kind] || 0) + 1;
}
console.log(JSON.stringify({ total: all.length, summary }, null, 1));
