// Answers no correct applier may apply. Written by hand, one by one.
import { loadSource, splitLines } from './lib.mjs';
import { CITE } from './render.mjs';

export const REFUSALS = [];

function R({ id, src, ex, sel, lang, instr, format, raw, refuse, why }) {
  REFUSALS.push(() => {
    const s = loadSource(src);
    let lines = splitLines(s.text);
    if (lines.at(-1) === '') lines.pop();
    const base = ex ? ex[0] : 1;
    if (ex) lines = lines.slice(ex[0] - 1, ex[1]);
    const fileText = lines.join('\n') + (ex || s.text.endsWith('\n') ? '\n' : '');
    return {
      id,
      language: lang,
      source: s.name + (ex ? `, lines ${ex[0]}-${ex[1]}` : ''),
      fileText,
      selection: { startLine: sel[0] - base, endLine: sel[1] - base },
      instruction: instr,
      format,
      rawAnswer: raw,
      expected: { kind: 'refuse', why: refuse },
      why,
    };
  });
}
const npm = (p, file) => ({ npm: p, file });
const py = (file) => ({ py: file });

// ---------------------------------------------------------------- SEARCH text matches more than one place
R({
  id: 'refuse-colorsys-twice',
  src: py('colorsys.py'),
  ex: [70, 144],
  sel: [75, 143],
  lang: 'python',
  instr: 'add a comment explaining what rc, gc and bc are',
  format: 'ambiguous',
  raw: "Here's the change:\n\n```python\n<<<<<<< SEARCH\n    rc = (maxc-r) / rangec\n    gc = (maxc-g) / rangec\n    bc = (maxc-b) / rangec\n=======\n    # Distance of each channel from the maximum, scaled to 0..1\n    rc = (maxc-r) / rangec\n    gc = (maxc-g) / rangec\n    bc = (maxc-b) / rangec\n>>>>>>> REPLACE\n```\n",
  refuse:
    'The SEARCH lines occur twice, in rgb_to_hls and in rgb_to_hsv, and both are inside the selection; one block cannot say which to change.',
  why: CITE.multiMatch,
});
R({
  id: 'refuse-ms-twice',
  src: npm('ms', 'index.js'),
  ex: [105, 162],
  sel: [113, 153],
  lang: 'javascript',
  instr: 'treat negative zero as zero',
  format: 'ambiguous',
  raw: 'index.js\n```js\n<<<<<<< SEARCH\n  var msAbs = Math.abs(ms);\n  if (msAbs >= d) {\n=======\n  if (Object.is(ms, -0)) {\n    ms = 0;\n  }\n  var msAbs = Math.abs(ms);\n  if (msAbs >= d) {\n>>>>>>> REPLACE\n```\n',
  refuse: 'The two SEARCH lines open both fmtShort and fmtLong, which are both selected; the block matches two places.',
  why: CITE.multiMatch,
});
R({
  id: 'refuse-css-brace',
  src: npm('highlight.js', 'styles/github.css'),
  ex: [1, 80],
  sel: [19, 69],
  lang: 'css',
  instr: 'add a rule that makes .hljs-meta italic after the string rule',
  format: 'ambiguous',
  raw: '<<<<<<< SEARCH\n}\n=======\n}\n.hljs-meta {\n  font-style: italic\n}\n>>>>>>> REPLACE\n',
  refuse: 'SEARCH is a lone "}" that closes every rule in the file; nothing says which one.',
  why: 'Aider PR #685 quotes exactly this answer shape: "LLMs ... often provide a very short context for the SEARCH block", e.g. a lone "}", and argues it is safe to reject multiple matches: https://github.com/Aider-AI/aider/pull/685',
});
R({
  id: 'refuse-colorsys-udiff-twice',
  src: py('colorsys.py'),
  ex: [70, 144],
  sel: [75, 143],
  lang: 'python',
  instr: 'wrap the hue into 0..1 with math.fmod instead of %',
  format: 'ambiguous',
  raw: "```diff\n--- colorsys.py\n+++ colorsys.py\n@@ ... @@\n     else:\n         h = 4.0+gc-rc\n-    h = (h/6.0) % 1.0\n+    h = math.fmod(h/6.0, 1.0)\n```\n\nDon't forget to `import math` at the top.\n",
  refuse: 'The hunk has no line numbers and its context and removed line occur in both rgb_to_hls and rgb_to_hsv inside the selection.',
  why: `${CITE.udiff}; ${CITE.multiMatch}`,
});
R({
  id: 'refuse-bisect-twice',
  src: py('bisect.py'),
  ex: [19, 51],
  sel: [19, 50],
  lang: 'python',
  instr: 'use a right shift instead of // 2 for the midpoint',
  format: 'ambiguous',
  raw: 'Sure, a shift avoids the division:\n\n```\n<<<<<<< SEARCH\n        while lo < hi:\n            mid = (lo + hi) // 2\n=======\n        while lo < hi:\n            mid = (lo + hi) >> 1\n>>>>>>> REPLACE\n```\n',
  refuse: 'Both loops of bisect_right (with and without key) start with these two lines; the block matches twice.',
  why: CITE.multiMatch,
});
R({
  id: 'refuse-editions-twice',
  src: npm('editions', 'source/util.ts'),
  ex: [120, 188],
  sel: [128, 142],
  lang: 'typescript',
  instr: 'always reset code and level to null',
  format: 'ambiguous',
  raw: '------- SEARCH\n\t\terrorLike.code ??= null\n\t\terrorLike.level ??= null\n=======\n\t\terrorLike.code = null\n\t\terrorLike.level = null\n+++++++ REPLACE\n',
  refuse: 'The two SEARCH lines appear in the string branch and in the Error branch; one block cannot pick between them.',
  why: `${CITE.clineMarkers}; ${CITE.multiMatch}`,
});

// ---------------------------------------------------------------- SEARCH text absent from the file
R({
  id: 'refuse-vary-absent',
  src: npm('vary', 'index.js'),
  sel: [133, 149],
  lang: 'javascript',
  instr: 'skip setting the header when it would not change',
  format: 'search-absent',
  raw: "```javascript\n<<<<<<< SEARCH\nfunction vary (res, field) {\n  var header = res.getHeader('Vary') || ''\n  var value = appendHeader(header, field)\n  res.setHeader('Vary', value)\n}\n=======\nfunction vary (res, field) {\n  var header = res.getHeader('Vary') || ''\n  var value = appendHeader(header, field)\n  if (value !== header) {\n    res.setHeader('Vary', value)\n  }\n}\n>>>>>>> REPLACE\n```\n",
  refuse: 'The SEARCH body (appendHeader, no argument check) is not in the file: the model recalled a different version of vary().',
  why: CITE.noMatch,
});
R({
  id: 'refuse-fnmatch-absent',
  src: py('fnmatch.py'),
  ex: [1, 72],
  sel: [19, 36],
  lang: 'python',
  instr: 'add a flag to make matching case-insensitive',
  format: 'search-absent',
  raw: 'fnmatch.py\n```python\n<<<<<<< SEARCH\ndef fnmatch(name, pat, *, flags=0):\n    name = os.path.normcase(name)\n    pat = os.path.normcase(pat)\n    return _compile_pattern(pat, flags)(name) is not None\n=======\ndef fnmatch(name, pat, *, flags=0, ignore_case=False):\n    if ignore_case:\n        name = name.lower()\n        pat = pat.lower()\n    name = os.path.normcase(name)\n    pat = os.path.normcase(pat)\n    return _compile_pattern(pat, flags)(name) is not None\n>>>>>>> REPLACE\n```\n',
  refuse: 'The file has no `flags` parameter and no such body; the SEARCH text matches nothing, even loosely.',
  why: `${CITE.noMatch}; Cline issue #1453 ("searching for something that I have nowhere in my code at all"): https://github.com/cline/cline/issues/1453`,
});
R({
  id: 'refuse-bytes-udiff-absent',
  src: npm('bytes', 'index.js'),
  ex: [66, 128],
  sel: [84, 128],
  lang: 'javascript',
  instr: 'support a lowercase option for the unit',
  format: 'search-absent',
  raw: '```diff\n--- a/index.js\n+++ b/index.js\n@@ -95,7 +95,8 @@ function format(value, options) {\n   var unit = options.unit;\n-  var str = formatNumber(value, unit);\n-  return str + unit;\n+  var str = formatNumber(value, unit);\n+  var suffix = options.lowercase ? unit.toLowerCase() : unit;\n+  return str + suffix;\n }\n```\n',
  refuse:
    'Neither the context line nor the removed lines (formatNumber, options.unit without a guard) exist in the file; the hunk belongs to another file.',
  why: CITE.lineNumbers,
});
R({
  id: 'refuse-css-absent',
  src: npm('highlight.js', 'styles/github.css'),
  sel: [53, 58],
  lang: 'css',
  instr: 'make strings a slightly darker blue',
  format: 'search-absent',
  raw: 'Here you go:\n\n```css\n<<<<<<< SEARCH\n.hljs-string,\n.hljs-meta-string {\n  color: #183691;\n}\n=======\n.hljs-string,\n.hljs-meta-string {\n  color: #0a2a6b;\n}\n>>>>>>> REPLACE\n```\n',
  refuse: 'The SEARCH rule (.hljs-meta-string, #183691) is from an older GitHub theme and is not in this file.',
  why: CITE.noMatch,
});
R({
  id: 'refuse-gunzip-absent',
  src: { deb: 'gzip', file: 'bin/gunzip' },
  sel: [52, 55],
  lang: 'shell',
  instr: 'add a --list passthrough',
  format: 'search-absent',
  raw: '```sh\n<<<<<<< SEARCH\ncase "$1" in\n  --help) usage; exit 0 ;;\n  --version) version; exit 0 ;;\nesac\n=======\ncase "$1" in\n  --help) usage; exit 0 ;;\n  --version) version; exit 0 ;;\n  --list) exec gzip -l "$@" ;;\nesac\n>>>>>>> REPLACE\n```\n',
  refuse: 'The SEARCH case statement (usage/version functions, quoted "$1") is not what the file has.',
  why: CITE.noMatch,
});
R({
  id: 'refuse-vary-other-file',
  src: npm('vary', 'index.js'),
  sel: [38, 86],
  lang: 'javascript',
  instr: 'add a test for appending to "*"',
  format: 'search-absent',
  raw: "I'll add the test to the existing suite:\n\ntest/test.js\n```js\n<<<<<<< SEARCH\n  describe('when header is \"*\"', function () {\n=======\n  describe('when header is \"*\"', function () {\n    it('should stay \"*\"', function () {\n      assert.strictEqual(vary.append('*', 'Origin'), '*')\n    })\n\n>>>>>>> REPLACE\n```\n",
  refuse: 'The block targets test/test.js, a different file; its SEARCH line is not in this file.',
  why: `The answer edits a file other than the one open. ${CITE.formats}`,
});

// ---------------------------------------------------------------- no code, or nothing to apply
R({
  id: 'refuse-question',
  src: npm('ms', 'index.js'),
  sel: [105, 153],
  lang: 'javascript',
  instr: 'make it handle negative numbers properly',
  format: 'no-code',
  raw: 'Both `fmtShort` and `fmtLong` already use `Math.abs(ms)` to pick the unit, and they keep the sign in the output (`-2h`, `-2 hours`). Could you say what "properly" should mean here: should negative durations be rejected, printed with a word like "ago", or clamped to zero?\n',
  refuse: 'The answer asks a clarifying question and holds no code.',
  why: CITE.prose,
});
R({
  id: 'refuse-explain-only',
  src: npm('escape-html', 'index.js'),
  sel: [33, 78],
  lang: 'javascript',
  instr: 'make this escape single quotes',
  format: 'explain-only',
  raw: "This function already escapes single quotes. Look at the `switch`:\n\n- `case 39: // '` sets `escape = '&#39;'`\n\nso `escapeHtml(\"it's\")` returns `it&#39;s`. No change is needed.\n",
  refuse: 'The answer explains that no change is needed; the inline code spans are not an edit.',
  why: CITE.prose,
});
R({
  id: 'refuse-usage-only',
  src: npm('ms', 'index.js'),
  sel: [26, 38],
  lang: 'javascript',
  instr: 'return the long format by default',
  format: 'explain-only',
  raw: 'You don\'t need to change the library for that. Pass the `long` option when you call it:\n\n```js\nconst ms = require(\'ms\');\n\nms(60000, { long: true }); // "1 minute"\nms(2 * 60000, { long: true }); // "2 minutes"\n```\n\nIf you want this everywhere, wrap it in a helper in your own code.\n',
  refuse: 'The only code block is calling code for another file; it is not an edit of the selection.',
  why: `${CITE.prose}; the answer argues against editing and shows caller code instead.`,
});
R({
  id: 'refuse-cannot',
  src: { deb: 'libc6-dev:amd64', file: 'usr/include/libgen.h' },
  sel: [25, 35],
  lang: 'c',
  instr: 'make basename thread safe',
  format: 'no-code',
  raw: "I can't make `basename` thread-safe from this header. The header only declares the function; the implementation lives in glibc itself, so the change would have to be made in the C library sources (or you can use the GNU `basename` from `<string.h>`, which does not modify its argument).\n",
  refuse: 'The model declines and gives no code.',
  why: CITE.prose,
});
R({
  id: 'refuse-truncated',
  src: py('textwrap.py'),
  ex: [420, 491],
  sel: [470, 485],
  lang: 'python',
  instr: 'let predicate default to keeping blank lines unprefixed but prefix whitespace-only lines',
  format: 'truncated',
  raw: "textwrap.py\n```python\n<<<<<<< SEARCH\n    if predicate is None:\n        def predicate(line):\n            return line.strip()\n=======\n    if predicate is None:\n        def predicate(line):\n            return line not in ('\\n', '\\r\\n', '",
  refuse: 'The answer stops mid-REPLACE (no closing marker, the string literal is cut); applying it would write broken code.',
  why: 'Streams cut off before the closing fence or marker (Continue issue #6059, output missing the closing backticks): https://github.com/continuedev/continue/issues/6059',
});
R({
  id: 'refuse-identical',
  src: npm('leven', 'index.js'),
  sel: [5, 17],
  lang: 'javascript',
  instr: 'swap the arguments with destructuring',
  format: 'no-op',
  raw: '```js\n<<<<<<< SEARCH\n\tif (left.length > right.length) {\n\t\tleft = right;\n\t\tright = swap;\n\t}\n=======\n\tif (left.length > right.length) {\n\t\tleft = right;\n\t\tright = swap;\n\t}\n>>>>>>> REPLACE\n```\n',
  refuse: 'SEARCH and REPLACE are identical; the answer changes nothing, so reporting an applied edit would be wrong.',
  why: 'Cline issue #4575: models emit identical SEARCH and REPLACE blocks, a silent no-op: https://github.com/cline/cline/issues/4575',
});

R({
  id: 'refuse-readme-fence-twice',
  src: npm('ms', 'readme.md'),
  sel: [24, 40],
  lang: 'markdown',
  instr: 'use javascript instead of js as the fence language',
  format: 'ambiguous',
  raw: '````\n<<<<<<< SEARCH\n```js\n=======\n```javascript\n>>>>>>> REPLACE\n````\n',
  refuse: 'The SEARCH line opens three code blocks in the file, two of them in the selection; one block cannot say which to change.',
  why: `${CITE.multiMatch}; ${CITE.nested}`,
});
R({
  id: 'refuse-think-only',
  src: npm('bytes', 'index.js'),
  ex: [130, 170],
  sel: [141, 170],
  lang: 'javascript',
  instr: 'accept strings with a space between the number and the unit',
  format: 'no-code',
  raw: "<think>\nThe user wants `parse('1 KB')` to work. Looking at parseRegExp... it isn't in the selection, it's defined above. The regex probably already allows optional whitespace with `\\s*`. If so nothing needs to change. But I can't see the regex. Let me think about what to answer.\n\nI should check whether\n",
  refuse: 'The stream ends inside the <think> block; there is no answer at all, only unfinished reasoning.',
  why: CITE.think,
});
R({
  id: 'refuse-express-view-twice',
  src: npm('express', 'lib/view.js'),
  ex: [161, 205],
  sel: [169, 187],
  lang: 'javascript',
  instr: 'also accept symlinks to files',
  format: 'ambiguous',
  raw: 'You need to follow the link before checking `isFile()`; `statSync` already does that, so the fix is only in the check:\n\n```js\n<<<<<<< SEARCH\n  if (stat && stat.isFile()) {\n    return path;\n  }\n=======\n  if (stat && (stat.isFile() || stat.isSymbolicLink())) {\n    return path;\n  }\n>>>>>>> REPLACE\n```\n',
  refuse: 'resolve() runs the same three-line check twice (for <path>.<ext> and for <path>/index.<ext>); the block matches both.',
  why: CITE.multiMatch,
});
R({
  id: 'refuse-getopt-absent',
  src: py('getopt.py'),
  ex: [140, 215],
  sel: [149, 166],
  lang: 'python',
  instr: 'allow --opt value as well as --opt=value for optional arguments',
  format: 'search-absent',
  raw: "```diff\n--- a/getopt.py\n+++ b/getopt.py\n@@ -150,7 +150,9 @@ def do_longs(opts, opt, longopts, args):\n-    opt, _, optarg = opt.partition('=')\n-    has_arg, opt = _long_has_args(opt, longopts)\n+    opt, sep, optarg = opt.partition('=')\n+    if not sep:\n+        optarg = None\n+    has_arg, opt = _long_has_args(opt, longopts)\n     if has_arg:\n```\n",
  refuse: 'The removed lines (opt.partition, _long_has_args) are not in this version of do_longs; the hunk matches nothing.',
  why: CITE.lineNumbers,
});
R({
  id: 'refuse-ini-placeholder',
  src: npm('highlight.js', 'lib/languages/ini.js'),
  ex: [1, 121],
  sel: [41, 70],
  lang: 'javascript',
  instr: 'support TOML multi-line literal strings with escapes disabled',
  format: 'no-code',
  raw: "```javascript\n  const STRINGS = {\n    // ... add the TOML literal string variants here ...\n  };\n```\n\nYou'll want one variant for `'''` that does not contain `BACKSLASH_ESCAPE`, and keep the others as they are.\n",
  refuse:
    'The only code is a placeholder comment in place of the whole object; writing it would delete the string rules, and there is no real edit to apply.',
  why: `${CITE.markers} Here the lazy comment replaces the content itself rather than marking unchanged lines.`,
});
