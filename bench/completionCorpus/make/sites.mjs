// Cursor sites picked from real files by plain text rules (no parser, nothing from the product).
// A site = the file cut in three: prefix | hidden span (what the author wrote) | suffix.
import { readSource } from './sources.mjs';

const MAX_CONTEXT = 3000;

// Cut the prefix to its last ~3000 characters (from a line start) and the suffix to its first
// ~3000 characters (to a line end). Cases keep exactly the file's text on both sides of the cut.
export function cutPrefix(p) {
  if (p.length <= MAX_CONTEXT) return p;
  const i = p.indexOf('\n', p.length - MAX_CONTEXT);
  return i < 0 ? p.slice(p.length - MAX_CONTEXT) : p.slice(i + 1);
}
export function cutSuffix(s) {
  if (s.length <= MAX_CONTEXT) return s;
  const i = s.lastIndexOf('\n', MAX_CONTEXT);
  return i < 0 ? s.slice(0, MAX_CONTEXT) : s.slice(0, i + 1);
}

const isPy = (lang) => lang === 'python';

export function indentUnit(text) {
  const lines = text.split('\n');
  const tabbed = lines.filter((l) => /^\t+\S/.test(l)).length;
  const spaced = lines.filter((l) => /^ +\S/.test(l)).length;
  if (tabbed > spaced) return '\t';
  let min = 8;
  for (const l of lines) {
    const m = /^( +)\S/.exec(l);
    if (m && m[1].length < min && !/^\s*\*/.test(l)) min = m[1].length;
  }
  return ' '.repeat(min >= 2 ? min : 2);
}

// Classify every line: blank | code | comment (line comment) | doc (docstring / block comment body) | edge.
function lineTable(text, lang) {
  const out = [];
  let pos = 0;
  let inDoc = false;
  for (const t of text.split('\n')) {
    const trimmed = t.trim();
    const indent = /^[ \t]*/.exec(t)[0];
    let kind;
    if (isPy(lang)) {
      const q = (t.match(/"""|'''/g) || []).length;
      if (inDoc) {
        kind = q % 2 ? 'edge' : 'doc';
        if (q % 2) inDoc = false;
      } else if (q % 2) {
        kind = 'edge';
        inDoc = true;
      } else if (q) kind = 'edge';
      else if (!trimmed) kind = 'blank';
      else if (trimmed.startsWith('#')) kind = 'comment';
      else kind = 'code';
    } else {
      if (inDoc) {
        if (trimmed.includes('*/')) {
          kind = 'edge';
          inDoc = false;
        } else kind = trimmed.startsWith('*') || trimmed ? 'doc' : 'blank';
      } else if (trimmed.startsWith('/*')) {
        kind = 'edge';
        inDoc = !trimmed.includes('*/');
      } else if (!trimmed) kind = 'blank';
      else if (trimmed.startsWith('//')) kind = 'comment';
      else kind = 'code';
    }
    if (!trimmed && kind !== 'doc') kind = inDoc ? 'doc' : 'blank';
    out.push({ i: out.length, start: pos, text: t, trimmed, indent, kind });
    pos += t.length + 1;
  }
  return out;
}

const words = (s) => s.trim().split(/\s+/).filter(Boolean);
const isCloser = (t) => /^[}\])][\])};,]*$/.test(t);
const DIRECTIVE =
  /eslint|istanbul|prettier|@ts-|noqa|type:|-\*-|pragma|jshint|c8 |\$FlowFixMe|TODO|XXX|FIXME|SPDX|Copyright|License|=====|-----/i;
const KEYWORDS = new Set([
  'function',
  'return',
  'const',
  'let',
  'var',
  'if',
  'else',
  'for',
  'while',
  'class',
  'def',
  'import',
  'from',
  'export',
  'public',
  'private',
  'protected',
  'static',
  'final',
  'async',
  'await',
  'throw',
  'new',
  'typeof',
  'instanceof',
  'elif',
  'lambda',
  'yield',
  'switch',
  'case',
  'default',
  'break',
  'continue',
  'interface',
  'extends',
  'implements',
  'readonly',
  'abstract',
  'synchronized',
  'volatile',
  'transient',
  'boolean',
  'string',
  'number',
  'void',
  'null',
  'undefined',
  'true',
  'false',
  'None',
  'True',
  'False',
  'self',
  'this',
  'super',
  'type',
  'raise',
  'try',
  'except',
  'finally',
  'catch',
  'with',
  'pass',
  'global',
  'nonlocal',
  'assert',
  'delete',
]);

function site(label, lang, text, start, end, siteKind, picker, meta = {}) {
  return { label, lang, text, start, end, hidden: text.slice(start, end), site: siteKind, picker, ...meta };
}
const lineEnd = (l) => l.start + l.text.length;
const clean = (l) => l.text === l.text.trimEnd() && !/\t/.test(l.text.slice(l.indent.length));
const quotesBalancedBefore = (s, idx) => (s.slice(0, idx).match(/["'`]/g) || []).length % 2 === 0;

// All candidate sites of one picker kind in one file, in file order.
export function candidates(label, lang, picker) {
  const text = readSource(label);
  const L = lineTable(text, lang);
  const out = [];
  const py = isPy(lang);
  const noSemi =
    !/;\s*$/m.test(
      text
        .split('\n')
        .filter((x) => /\S/.test(x) && !/^\s*(\/\/|\*|\/\*)/.test(x))
        .slice(0, 200)
        .join('\n'),
    ) || (text.match(/;\s*$/gm) || []).length < 5;
  for (let k = 0; k < L.length; k++) {
    const l = L[k];
    const prev = L[k - 1];
    const next = L[k + 1];
    if (!clean(l)) continue;
    const cur = l.start + l.indent.length;
    switch (picker) {
      case 'code': {
        if (l.kind !== 'code' || isCloser(l.trimmed)) break;
        if (l.trimmed.length < 12 || l.trimmed.length > 100 || l.trimmed.endsWith('\\')) break;
        if (!prev || prev.kind === 'blank' || prev.trimmed === l.trimmed) break;
        if (!next || next.kind === 'blank') break;
        if (py && /^(def |class |@)/.test(l.trimmed)) break;
        out.push(site(label, lang, text, cur, lineEnd(l), 'code', picker, { lineIndex: k }));
        break;
      }
      case 'block': {
        if (l.kind !== 'code') break;
        const opens = py ? /:$/.test(l.trimmed) && !/^(else|try|finally)\b/.test(l.trimmed) : /\{$/.test(l.trimmed);
        if (!opens) break;
        let m = k + 1;
        while (m < L.length && (L[m].kind === 'code' || L[m].kind === 'comment') && L[m].indent.length > l.indent.length && clean(L[m]))
          m++;
        const count = m - (k + 1);
        if (count < 2 || count > 6) break;
        const after = L[m];
        if (!after) break;
        if (
          py
            ? after.kind === 'blank'
              ? false
              : after.indent.length > l.indent.length
            : !(after.indent === l.indent && after.trimmed.startsWith('}'))
        )
          break;
        if (!L[k + 1].indent.length) break;
        out.push(
          site(label, lang, text, L[k + 1].start + L[k + 1].indent.length, lineEnd(L[m - 1]), 'code', picker, {
            lineIndex: k + 1,
            lines: count,
          }),
        );
        break;
      }
      case 'comment': {
        if (l.kind !== 'comment' || DIRECTIVE.test(l.trimmed)) break;
        const m = /^(#+|\/\/+)\s?/.exec(l.trimmed);
        const body = l.trimmed.slice(m[0].length);
        const w = words(body);
        if (w.length < 6 || !/^[A-Za-z]/.test(body)) break;
        const lead = w.slice(0, 2).join(' ') + ' ';
        if (!body.startsWith(lead)) break;
        const s = cur + m[0].length + lead.length;
        out.push(site(label, lang, text, s, lineEnd(l), 'comment', picker, { lineIndex: k }));
        break;
      }
      case 'docstring': {
        if (l.kind !== 'doc' || DIRECTIVE.test(l.trimmed)) break;
        const m = py ? /^/.exec(l.trimmed) : /^\*\s?/.exec(l.trimmed);
        if (!m) break;
        const body = l.trimmed.slice(m[0].length);
        const w = words(body);
        if (w.length < 6 || !/^[A-Za-z]/.test(body) || /[{}<>@]/.test(body)) break;
        const lead = w.slice(0, 2).join(' ') + ' ';
        if (!body.startsWith(lead)) break;
        out.push(site(label, lang, text, cur + m[0].length + lead.length, lineEnd(l), 'docstring', picker, { lineIndex: k }));
        break;
      }
      case 'string': {
        if (l.kind !== 'code') break;
        const re = /(['"])((?:(?!\1)[^\\\n])*)\1/g;
        let m;
        while ((m = re.exec(l.text))) {
          const body = m[2];
          const w = words(body);
          if (w.length < 3 || body.length < 12 || !/^[A-Za-z]/.test(body)) continue;
          const lead = w[0] + ' ';
          if (!body.startsWith(lead)) continue;
          if (!quotesBalancedBefore(l.text, m.index)) continue;
          out.push(site(label, lang, text, l.start + m.index + 1 + lead.length, lineEnd(l), 'string', picker, { lineIndex: k }));
          break;
        }
        break;
      }
      case 'template': {
        if (py || l.kind !== 'code') break;
        const m = /`([^`$]*)\$\{[^`]*`/.exec(l.text);
        if (!m) break;
        out.push(
          site(label, lang, text, l.start + m.index + 1 + Math.min(m[1].length, 6), lineEnd(l), 'template', picker, { lineIndex: k }),
        );
        break;
      }
      case 'member': {
        if (l.kind !== 'code') break;
        const re = /[A-Za-z_$][\w$]*(\??\.)([A-Za-z_$][\w$]{2,})/g;
        let m;
        while ((m = re.exec(l.text))) {
          const dot = m.index + m[0].length - m[2].length;
          if (dot < l.indent.length + 2 || !quotesBalancedBefore(l.text, dot)) continue;
          if (l.text.length - dot < 5) continue;
          out.push(site(label, lang, text, l.start + dot, lineEnd(l), 'member', picker, { lineIndex: k }));
          break;
        }
        break;
      }
      case 'arguments': {
        if (l.kind !== 'code') break;
        const re = /[A-Za-z_$][\w$]*\((?!\))/g;
        let m;
        while ((m = re.exec(l.text))) {
          const at = m.index + m[0].length;
          if (KEYWORDS.has(m[0].slice(0, -1)) || !quotesBalancedBefore(l.text, at)) continue;
          if (l.text.length - at < 4) continue;
          out.push(site(label, lang, text, l.start + at, lineEnd(l), 'arguments', picker, { lineIndex: k }));
          break;
        }
        break;
      }
      case 'midline': {
        // cursor inside an argument list; the rest of the line after the cursor is closing punctuation
        if (l.kind !== 'code') break;
        const tail = /[)\]}]+[;:,]?( \{)?$/.exec(l.text);
        const open = /[A-Za-z_$][\w$]*\((?!\))/.exec(l.text);
        if (!tail || !open) break;
        const at = open.index + open[0].length;
        const end = tail.index;
        if (end - at < 4 || !quotesBalancedBefore(l.text, at) || KEYWORDS.has(open[0].slice(0, -1))) break;
        out.push(site(label, lang, text, l.start + at, l.start + end, 'arguments', picker, { lineIndex: k }));
        break;
      }
      case 'identifier': {
        if (l.kind !== 'code') break;
        const re = /(^|[\s=(!,])([A-Za-z_$][\w$]{7,})/g;
        let m;
        while ((m = re.exec(l.text))) {
          const id = m[2];
          const at = m.index + m[1].length;
          if (KEYWORDS.has(id) || at < l.indent.length || !quotesBalancedBefore(l.text, at)) continue;
          out.push(site(label, lang, text, l.start + at + 3, lineEnd(l), 'identifier', picker, { lineIndex: k }));
          break;
        }
        break;
      }
      case 'closer': {
        if (l.kind !== 'code' || !isCloser(l.trimmed)) break;
        if (!prev || prev.kind === 'blank') break;
        const last = !L.slice(k + 1).some((x) => x.trimmed);
        out.push(site(label, lang, text, cur, lineEnd(l), last ? 'eof' : 'code', picker, { lineIndex: k }));
        break;
      }
      case 'eof': {
        if (L.slice(k + 1).some((x) => x.trimmed) || !l.trimmed) break;
        out.push(site(label, lang, text, cur, text.length - (text.endsWith('\n') ? 1 : 0), 'eof', picker, { lineIndex: k }));
        break;
      }
      case 'nextline': {
        if (l.kind !== 'code' || !next || next.kind !== 'code' || next.indent !== l.indent || !clean(next)) break;
        if (py) {
          if (/[:,([{\\]$/.test(l.trimmed) || /^(def |class |@|elif |else|except|finally)/.test(next.trimmed)) break;
          if (/^[)\]}]/.test(next.trimmed) || /^(return|raise|continue|break|pass)\b/.test(l.trimmed)) break;
        } else {
          if (!noSemi) break;
          if (/[{(,[=+\-*/&|?:.;]$/.test(l.trimmed) || /^[.([`+\-*/}\])?:]/.test(next.trimmed)) break;
          if (/^(return|throw|continue|break)\b/.test(l.trimmed)) break;
        }
        if (next.trimmed.length < 8) break;
        out.push(site(label, lang, text, lineEnd(l), lineEnd(next), 'code', picker, { lineIndex: k }));
        break;
      }
      case 'resembles': {
        if (l.kind !== 'code' || !next || next.kind !== 'code' || next.indent !== l.indent || !clean(next)) break;
        if (l.trimmed.length < 8 || next.trimmed.length < 8 || l.trimmed === next.trimmed || isCloser(l.trimmed)) break;
        let cp = 0;
        while (cp < l.trimmed.length && l.trimmed[cp] === next.trimmed[cp]) cp++;
        if (cp < 5 || cp >= l.trimmed.length - 2) break;
        if (!prev || prev.kind === 'blank') break;
        out.push(site(label, lang, text, cur, lineEnd(l), 'code', picker, { lineIndex: k }));
        break;
      }
      case 'trunc': {
        // a 2-5 line span whose middle line has a bracket inside a string or a comment; the answer is cut just after it
        if (l.kind !== 'code') break;
        const m =
          /(["'`])[^"'`\n]*?([{([])[^"'`\n]*\1/.exec(l.text) || (py ? /#[^\n]*?([{([])/.exec(l.text) : /\/\/[^\n]*?([{([])/.exec(l.text));
        if (!m) break;
        const br = l.start + m.index + m[0].indexOf(m[m.length - 1], 1);
        if (!quotesBalancedBefore(l.text, m.index)) break;
        let a = k;
        if (prev && prev.kind === 'code' && prev.indent === l.indent && clean(prev)) a = k - 1;
        let b = k;
        while (b + 1 < L.length && b - a < 4 && L[b + 1].kind === 'code' && clean(L[b + 1])) b++;
        if (b - a < 1) break;
        const s = L[a].start + L[a].indent.length;
        out.push(site(label, lang, text, s, lineEnd(L[b]), 'code', picker, { lineIndex: a, cut: br + 1 - s }));
        break;
      }
      case 'topend': {
        // end of a definition followed by another definition at the same level
        if (py) {
          if (l.kind !== 'code' || l.indent.length !== 4 || /[:,([{\\]$/.test(l.trimmed)) break;
          let j = k + 1;
          while (j < L.length && L[j].kind === 'blank') j++;
          if (j - k < 2 || !L[j] || L[j].indent.length !== 0 || !/^(def |class |@)/.test(L[j].trimmed)) break;
          out.push(site(label, lang, text, cur, lineEnd(l), 'code', picker, { lineIndex: k, defIndent: '' }));
        } else {
          const unit = indentUnit(text);
          if (l.kind !== 'code' || !/^}[;)]*$/.test(l.trimmed) || (l.indent !== '' && l.indent !== unit)) break;
          if (!prev || prev.kind !== 'code' || prev.indent.length <= l.indent.length || !clean(prev)) break;
          let j = k + 1;
          while (j < L.length && L[j].kind === 'blank') j++;
          if (j - k < 2 || !L[j] || L[j].indent !== l.indent) break;
          const defRe =
            l.indent === ''
              ? /^(\/\*\*|export |function |async function |const [\w$]+ = |class |module\.exports)/
              : /^(\/\*\*|public |private |protected |static |async |get |set |#?[A-Za-z_$][\w$]*\s*\([^)]*\)\s*(:[^{]+)?\{$|@)/;
          if (!defRe.test(L[j].trimmed)) break;
          out.push(
            site(label, lang, text, prev.start + prev.indent.length, lineEnd(l), 'code', picker, { lineIndex: k - 1, defIndent: l.indent }),
          );
        }
        break;
      }
      default:
        throw new Error('picker ' + picker);
    }
  }
  return out;
}

// A hand-picked site: `needle` is exact file text with the hidden span between ⟦ and ⟧.
export function needleSite(label, lang, needle, siteKind, nth = 0) {
  const text = readSource(label);
  const a = needle.indexOf('⟦');
  const b = needle.indexOf('⟧');
  if (a < 0 || b < a) throw new Error('needle needs ⟦…⟧: ' + needle);
  const plain = needle.slice(0, a) + needle.slice(a + 1, b) + needle.slice(b + 1);
  let at = -1;
  for (let i = 0; i <= nth; i++) {
    at = text.indexOf(plain, at + 1);
    if (at < 0) break;
  }
  if (at < 0) throw new Error(`needle not found in ${label}: ${JSON.stringify(plain)}`);
  if (nth === 0 && text.indexOf(plain, at + 1) >= 0) throw new Error(`needle not unique in ${label}: ${JSON.stringify(plain)}`);
  const start = at + a;
  const end = start + (b - a - 1);
  return site(label, lang, text, start, end, siteKind, 'hand');
}
