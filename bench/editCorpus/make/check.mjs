// Second, independent path to the expected results: a deliberately naive
// reference applier for the answer shapes that have one exact reading
// (exact SEARCH/REPLACE, correct unified diffs, fenced or bare rewrites of the
// selection, whole files). It must reproduce expected.fileText byte for byte.
// It also checks the refusal claims (SEARCH found twice / not at all).
// Run: node bench/editCorpus/make/check.mjs
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { applyPatch } from 'diff';

const here = path.dirname(fileURLToPath(import.meta.url));
const dir = path.join(here, '..', 'cases');
let checked = 0;
const skipped = [];
const bad = [];

const lf = (s) => s.replace(/\r\n/g, '\n');
function blocks(raw) {
  const re = /(?:<<<<<<< SEARCH|------- SEARCH)\n([\s\S]*?)\n?=======\n([\s\S]*?)\n?(?:>>>>>>> REPLACE|\+\+\+\+\+\+\+ REPLACE)/g;
  return [...lf(raw).matchAll(re)].map((m) => [m[1], m[2]]);
}
function occurrences(hay, needle) {
  let n = 0;
  for (let i = hay.indexOf(needle); i !== -1; i = hay.indexOf(needle, i + 1)) n++;
  return n;
}
// The outermost fenced block: from the first fence line to the last line that
// closes it (same backtick run, no info string), so nested fences survive.
function fences(raw) {
  const ls = lf(raw).split('\n');
  const open = ls.findIndex((l) => /^`{3,}/.test(l));
  if (open < 0) return [];
  const tick = ls[open].match(/^`+/)[0];
  let close = -1;
  for (let i = ls.length - 1; i > open; i--)
    if (ls[i] === tick) {
      close = i;
      break;
    }
  return [ls.slice(open + 1, close).join('\n')];
}
const loose = (t) =>
  lf(t)
    .split('\n')
    .map((l) => l.trim().replace(/\s+/g, ' '))
    .filter((l) => l && !/^(\/\/|#)? ?\.\.\.$/.test(l));
function insideSelection(c) {
  // The changed stretch (common prefix and suffix removed, trying both
  // orders, since repeated lines make the alignment ambiguous) must lie in
  // the selection; an insertion right after the last selected line counts.
  const a = lf(c.fileText).split('\n');
  const b = lf(c.expected.fileText).split('\n');
  const stretch = (prefixFirst) => {
    let p = 0;
    let q = 0;
    const grow = () => {
      while (p < a.length - q && p < b.length - q && a[p] === b[p]) p++;
    };
    const shrink = () => {
      while (q < a.length - p && q < b.length - p && a[a.length - 1 - q] === b[b.length - 1 - q]) q++;
    };
    if (prefixFirst) {
      grow();
      shrink();
    } else {
      shrink();
      grow();
    }
    return p >= c.selection.startLine && a.length - q - 1 <= c.selection.endLine;
  };
  if (!stretch(true) && !stretch(false)) throw new Error('change leaves the selection');
}
function looseBlocks(c, bs) {
  const fileL = loose(c.fileText);
  const expL = loose(c.expected.fileText);
  let cur = fileL;
  for (const [s, r] of bs) {
    if (/^\s*(\/\/|#)? ?\.\.\.$/m.test(s)) {
      // Elided SEARCH: each piece between markers must be found, in order.
      let from = 0;
      for (const piece of lf(s)
        .split(/^\s*(?:\/\/|#)? ?\.\.\.$/m)
        .map(loose)
        .filter((x) => x.length)) {
        let at = -1;
        for (let i = from; i + piece.length <= cur.length; i++)
          if (piece.every((l, j) => cur[i + j] === l)) {
            at = i;
            break;
          }
        if (at < 0) throw new Error('elided SEARCH piece not found in order');
        from = at + piece.length;
      }
      continue;
    }
    const sl = loose(s);
    const rl = loose(r);
    const tolerance = c.rawAnswer.includes('misquoted') || /written as/.test(c.why) ? 1 : 0;
    const hits = [];
    for (let i = 0; i + sl.length <= cur.length; i++) {
      let miss = 0;
      for (let j = 0; j < sl.length && miss <= tolerance; j++) if (cur[i + j] !== sl[j]) miss++;
      if (miss <= tolerance) hits.push(i);
    }
    if (hits.length !== 1) throw new Error(`loose SEARCH found ${hits.length} times`);
    // Lines identical in SEARCH and REPLACE keep the file's version.
    const fixed = rl.map((l) => (sl.includes(l) ? l : l));
    cur = [...cur.slice(0, hits[0]), ...fixed, ...cur.slice(hits[0] + sl.length)];
  }
  if (!/written as/.test(c.why) && cur.join('\n') !== expL.join('\n') && !/\.\.\./.test(c.rawAnswer))
    throw new Error('loose result differs from loose expected');
}

// Lines of `answer` (markers stand for elided lines) must be `target` with
// each marker replacing a non-empty run of lines, and no line dropped
// anywhere else. Returns the elided runs.
const isMarker = (l) =>
  /^\s*(\/\/|#|\/\*)? ?\.\.\. ?(existing code|rest of the code unchanged|existingcode)?.*\.{0,3} ?(\*\/)?$/.test(l) && l.includes('...');
function elisionRuns(answer, target) {
  const runs = [];
  let t = 0;
  for (let i = 0; i < answer.length; i++) {
    if (isMarker(answer[i])) {
      // The segment up to the next marker must follow the elided run verbatim.
      let e = i + 1;
      while (e < answer.length && !isMarker(answer[e])) e++;
      const seg = answer.slice(i + 1, e);
      let k = t + 1;
      if (!seg.length) k = target.length;
      else while (k + seg.length <= target.length && seg.some((l, j) => target[k + j] !== l)) k++;
      if (seg.length && k + seg.length > target.length) throw new Error('text after a marker not found');
      if (k === t || k > target.length) throw new Error('marker stands for nothing');
      runs.push(target.slice(t, k));
      t = k;
    } else {
      if (target[t] !== answer[i]) throw new Error(`answer line ${i} "${answer[i]}" is not the next target line "${target[t]}"`);
      t++;
    }
  }
  if (t !== target.length) throw new Error('answer drops lines at the end without a marker');
  return runs;
}

for (const f of fs.readdirSync(dir).sort()) {
  const c = JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8'));
  const file = c.fileText;
  const lines = file.split('\n');
  const { startLine: s0, endLine: s1 } = c.selection;
  let got;
  try {
    if (c.expected.kind === 'refuse') {
      const bs = blocks(c.rawAnswer);
      if (c.format === 'ambiguous' && bs.length) {
        const selText = lines.slice(s0, s1 + 1).join('\n') + '\n';
        if (occurrences(selText, bs[0][0] + '\n') < 2) throw new Error('ambiguous SEARCH is not found twice inside the selection');
      } else if (c.format === 'search-absent' && bs.length) {
        if (occurrences(file, bs[0][0]) !== 0) throw new Error('absent SEARCH is present');
      } else if (c.format === 'no-op') {
        if (bs[0][0] !== bs[0][1]) throw new Error('no-op blocks differ');
      }
      checked++;
      continue;
    }
    // The result keeps the file's line endings.
    const crlf = file.includes('\r\n');
    if (crlf && /(^|[^\r])\n/.test(c.expected.fileText)) throw new Error('CRLF file, LF in expected');
    if (!crlf && c.expected.fileText.includes('\r')) throw new Error('LF file, CR in expected');
    if (file.endsWith('\n') !== c.expected.fileText.endsWith('\n')) throw new Error('final newline changed');
    if (c.format === 'search-replace' || c.format === 'multi-block') {
      got = file;
      for (const [s, r] of blocks(c.rawAnswer)) {
        if (occurrences(got, s + '\n') !== 1) throw new Error('SEARCH not found exactly once');
        got = got.replace(s + '\n', () => r + '\n');
      }
    } else if (c.format === 'udiff') {
      const patch = fences(c.rawAnswer)[0];
      if (patch.includes('@@ ... @@')) {
        got = file;
        for (const h of patch.split(/^@@ \.\.\. @@\n/m).slice(1)) {
          const hl = h.split('\n');
          const o =
            hl
              .filter((l) => l[0] === ' ' || l[0] === '-')
              .map((l) => l.slice(1))
              .join('\n') + '\n';
          const n =
            hl
              .filter((l) => l[0] === ' ' || l[0] === '+')
              .map((l) => l.slice(1))
              .join('\n') + '\n';
          if (occurrences(got, o) !== 1) throw new Error('hunk not found exactly once');
          got = got.replace(o, () => n);
        }
      } else {
        got = applyPatch(file, patch, { fuzzFactor: 0 });
        if (got === false) throw new Error('patch does not apply');
      }
    } else if (c.format === 'whole-file') {
      got = fences(c.rawAnswer)[0] + (file.endsWith('\n') ? '\n' : '');
    } else if (['fenced-whole', 'fenced-with-prose', 'bare-code'].includes(c.format)) {
      let code = (c.format === 'bare-code' ? lf(c.rawAnswer).replace(/\n$/, '') : fences(c.rawAnswer)[0]).split('\n');
      // Drop unchanged lines the answer repeats from just before / after the selection.
      for (let k = Math.min(s0, code.length - 1); k > 0; k--) {
        if (code.slice(0, k).join('\n') === lines.slice(s0 - k, s0).join('\n')) {
          code = code.slice(k);
          break;
        }
      }
      for (let k = Math.min(lines.length - s1 - 1, code.length - 1); k > 0; k--) {
        if (code.slice(code.length - k).join('\n') === lines.slice(s1 + 1, s1 + 1 + k).join('\n')) {
          code = code.slice(0, code.length - k);
          break;
        }
      }
      const ind = (lines[s0].match(/^[ \t]*/) ?? [''])[0];
      if (ind && !code[0].startsWith(ind)) code = code.map((l) => (l ? ind + l : l));
      got = [...lines.slice(0, s0), ...code, ...lines.slice(s1 + 1)].join('\n');
    } else {
      // Drift and mixed shapes have no single literal reading; check what must
      // hold for any correct result instead: the change stays inside the
      // selection, and each block's SEARCH, read loosely (trimmed lines, blank
      // lines and "..." markers ignored), points at one place whose loose text
      // becomes the loose REPLACE in expected.fileText.
      insideSelection(c);
      const oldSel = lf(c.fileText)
        .split('\n')
        .slice(s0, s1 + 1);
      const delta = lf(c.expected.fileText).split('\n').length - lf(c.fileText).split('\n').length;
      const newSel = lf(c.expected.fileText)
        .split('\n')
        .slice(s0, s1 + 1 + delta);
      if (c.format === 'existing-code-markers') {
        // Every marker stands for unchanged lines of the new selection.
        const runs = elisionRuns(fences(c.rawAnswer)[0].split('\n'), newSel);
        for (const run of runs) if (!run.every((l) => oldSel.includes(l))) throw new Error('a marker hides a changed line');
      }
      if (c.id.endsWith('-srd-elide')) {
        const [[sb, rb]] = blocks(c.rawAnswer);
        const start = oldSel.indexOf(sb.split('\n')[0]);
        const a = elisionRuns(sb.split('\n'), oldSel.slice(start));
        const b = elisionRuns(rb.split('\n'), newSel.slice(newSel.indexOf(rb.split('\n')[0])));
        if (a.length !== 1 || b.length !== 1 || a[0].join('\n') !== b[0].join('\n'))
          throw new Error('SEARCH and REPLACE elide different lines');
      }
      const bs = blocks(c.rawAnswer);
      if (bs.length) looseBlocks(c, bs);
      skipped.push(`${c.id} (${c.format})`);
      continue;
    }
    if (got !== c.expected.fileText) throw new Error('result differs from expected.fileText');
    checked++;
  } catch (e) {
    bad.push(`${c.id} (${c.format}): ${e.message}`);
  }
}
console.log(`${checked} cases reproduced by the reference applier, ${skipped.length} drift/mixed cases left to review by eye`);
if (bad.length) {
  console.log(bad.join('\n'));
  process.exit(1);
}
