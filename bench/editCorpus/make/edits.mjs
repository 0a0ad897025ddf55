// Hand-written edits on real files. `at` and `sel` are 1-based line numbers of
// the original file; `ex` cuts a contiguous excerpt. `rep` replaces text inside
// the region, `to` gives the whole new region, `before`/`after` add lines.
// `forms` are the answer shapes rendered for this edit (see render.mjs).
export const EDITS = [];
const E = (spec) => EDITS.push(spec);
const npm = (p, file) => ({ npm: p, file });
const py = (file) => ({ py: file });

// ---------------------------------------------------------------- ms
E({
  id: 'ms-floor',
  src: npm('ms', 'index.js'),
  path: 'index.js',
  lang: 'javascript',
  at: [113, 128],
  instr: 'round down instead of rounding to nearest in fmtShort',
  rep: [
    ['Math.round(ms / d)', 'Math.floor(ms / d)'],
    ['Math.round(ms / h)', 'Math.floor(ms / h)'],
    ['Math.round(ms / m)', 'Math.floor(ms / m)'],
    ['Math.round(ms / s)', 'Math.floor(ms / s)'],
  ],
  say: 'fmtShort now uses Math.floor, so 1.9 hours prints as 1h instead of 2h.',
  usage: "fmtShort(5400000); // '1h'",
  forms: ['fw', 'sr', 'bare', 'srd-trail'],
});
E({
  id: 'ms-weeks',
  src: npm('ms', 'index.js'),
  path: 'index.js',
  lang: 'javascript',
  at: [138, 153],
  instr: 'add weeks to the long format',
  rep: [
    [
      "  if (msAbs >= d) {\n    return plural(ms, msAbs, d, 'day');",
      "  if (msAbs >= w) {\n    return plural(ms, msAbs, w, 'week');\n  }\n  if (msAbs >= d) {\n    return plural(ms, msAbs, d, 'day');",
    ],
  ],
  say: 'Durations of a week or more are now printed in weeks.',
  usage: "ms(ms('3w'), { long: true }); // '3 weeks'",
  forms: ['fw-prose', 'srd-indent', 'udd-lines', 'mx-2code'],
});
E({
  id: 'ms-typeerror',
  src: npm('ms', 'index.js'),
  path: 'index.js',
  lang: 'javascript',
  at: [34, 37],
  sel: [26, 38],
  instr: 'throw a TypeError instead of a plain Error',
  rep: [['throw new Error(', 'throw new TypeError(']],
  say: 'The invalid-argument case now throws a TypeError.',
  forms: ['fw-ctx', 'sr-cline', 'ud-nonum', 'srd-trail'],
});

// ---------------------------------------------------------------- escape-html
E({
  id: 'escape-html-backtick',
  src: npm('escape-html', 'index.js'),
  path: 'index.js',
  lang: 'javascript',
  at: [60, 62],
  sel: [46, 73],
  instr: 'also escape the backtick character',
  after: "      case 96: // `\n        escape = '&#96;';\n        break;",
  say: 'Added a case for the backtick (char code 96), escaped as `&#96;`.',
  forms: ['sr-fenced-path', 'fw', 'srd-elide', 'sr', 'udd-lines'],
});
E({
  id: 'escape-html-null',
  src: npm('escape-html', 'index.js'),
  path: 'index.js',
  lang: 'javascript',
  at: [33, 34],
  sel: [33, 39],
  instr: 'return an empty string for null or undefined instead of "null"/"undefined"',
  to: "function escapeHtml(string) {\n  if (string == null) {\n    return '';\n  }\n\n  var str = '' + string;",
  say: 'null and undefined now give an empty string instead of the text "null" or "undefined".',
  usage: "escapeHtml(null); // ''\nescapeHtml('<b>'); // '&lt;b&gt;'",
  forms: ['fw-notag', 'mx-2code', 'srd-tabs', 'sr-cline'],
});

// ---------------------------------------------------------------- bytes
E({
  id: 'bytes-parse-negative',
  src: npm('bytes', 'index.js'),
  path: 'index.js',
  lang: 'javascript',
  ex: [130, 170],
  at: [165, 169],
  sel: [141, 170],
  instr: 'reject negative byte values: return null when the parsed value is negative',
  to: '  if (isNaN(floatValue) || floatValue < 0) {\n    return null;\n  }\n\n  return Math.floor(map[unit] * floatValue);',
  say: 'parse() now returns null for negative sizes as well as for NaN.',
  forms: ['fw', 'sr', 'srd-changed', 'bare'],
  drift: ['Math.floor(map[unit] * floatValue)', 'Math.floor(floatValue * map[unit])'],
});
E({
  id: 'bytes-format-space',
  src: npm('bytes', 'index.js'),
  path: 'index.js',
  lang: 'javascript',
  ex: [66, 128],
  at: [91, 91],
  sel: [84, 128],
  instr: "default the unit separator to a single space, so 1024 formats as '1 KB'",
  rep: [["|| '';", "|| ' ';"]],
  say: "unitSeparator now defaults to ' ', so bytes.format(1024) returns '1 KB'.",
  forms: ['srd-indent', 'ud', 'mx-markers', 'fw-prose'],
});

// ---------------------------------------------------------------- vary
E({
  id: 'vary-dedupe',
  src: npm('vary', 'index.js'),
  path: 'index.js',
  lang: 'javascript',
  at: [119, 122],
  sel: [96, 123],
  instr: 'skip empty tokens so "a, , b" does not produce an empty entry',
  to: "  // final token\n  list.push(header.substring(start, end))\n\n  return list.filter(function (token) {\n    return token !== ''\n  })",
  say: 'parse() now drops empty tokens before returning the list.',
  forms: ['fw-crlf', 'sr', 'srd-elide', 'srd-blank'],
});
E({
  id: 'vary-array-check',
  src: npm('vary', 'index.js'),
  path: 'index.js',
  lang: 'javascript',
  at: [43, 45],
  sel: [38, 86],
  instr: 'also reject an empty array for field',
  rep: [['if (!field) {', 'if (!field || (Array.isArray(field) && field.length === 0)) {']],
  say: 'An empty array is now rejected like a missing field.',
  forms: ['think', 'sr-ctx', 'srd-crlf', 'mx-markers', 'udd-lines'],
});

// ---------------------------------------------------------------- fnmatch (python)
E({
  id: 'fnmatch-filter-gen',
  src: py('fnmatch.py'),
  path: 'fnmatch.py',
  lang: 'python',
  ex: [1, 72],
  at: [48, 62],
  instr: 'turn filter() into a generator that yields matching names',
  to: 'def filter(names, pat):\n    """Yield the elements of the iterable NAMES that match PAT."""\n    pat = os.path.normcase(pat)\n    match = _compile_pattern(pat)\n    if os.path is posixpath:\n        # normcase on posix is NOP. Optimize it away from the loop.\n        for name in names:\n            if match(name):\n                yield name\n    else:\n        for name in names:\n            if match(os.path.normcase(name)):\n                yield name',
  say: 'filter() is now a generator, so callers that need a list should wrap it in list().',
  usage: 'list(filter(["a.py", "b.txt"], "*.py"))  # ["a.py"]',
  forms: ['fw', 'mx-multi', 'srd-indent', 'srd-crlf'],
});
E({
  id: 'fnmatch-typecheck',
  src: py('fnmatch.py'),
  path: 'fnmatch.py',
  lang: 'python',
  ex: [1, 72],
  at: [70, 71],
  sel: [64, 71],
  instr: 'raise TypeError if name and pat are not both str or both bytes',
  before:
    '    if isinstance(name, bytes) != isinstance(pat, bytes):\n        raise TypeError("name and pat must both be str or both be bytes")',
  say: 'fnmatchcase() now raises TypeError when one argument is str and the other bytes.',
  forms: ['think', 'fw-prose', 'sr', 'bare-nonl', 'udd-blank'],
});

// ---------------------------------------------------------------- leven (tabs)
E({
  id: 'leven-typecheck',
  src: npm('leven', 'index.js'),
  path: 'index.js',
  lang: 'javascript',
  at: [5, 8],
  sel: [5, 17],
  instr: 'throw a TypeError when either argument is not a string',
  to: "const leven = (left, right) => {\n\tif (typeof left !== 'string' || typeof right !== 'string') {\n\t\tthrow new TypeError('Expected two strings');\n\t}\n\n\tif (left === right) {\n\t\treturn 0;\n\t}",
  say: 'leven() now validates its arguments and throws a TypeError for non-strings.',
  usage: "leven('kitten', 'sitting'); // 3\nleven('a', 5); // TypeError: Expected two strings",
  forms: ['fw', 'srd-tabs', 'mx-2code', 'sr-ctx'],
});
E({
  id: 'leven-rename',
  src: npm('leven', 'index.js'),
  path: 'index.js',
  lang: 'javascript',
  at: [54, 72],
  sel: [47, 72],
  instr: 'rename bCharCode to rightCharCode',
  rep: [
    ['bCharCode', 'rightCharCode'],
    ['bCharCode', 'rightCharCode'],
  ],
  say: 'Renamed `bCharCode` to `rightCharCode` in the main loop.',
  forms: ['ud-git', 'srd-indent', 'udd-lines', 'fw-prose'],
});
E({
  id: 'leven-esm',
  src: npm('leven', 'index.js'),
  path: 'index.js',
  lang: 'javascript',
  at: [75, 77],
  instr: 'export with ESM syntax instead of module.exports',
  to: 'export default leven;',
  say: 'Switched to an ES module default export; the CommonJS `default` shim is no longer needed.',
  forms: ['whole', 'sr', 'bare-nonl'],
});

// ---------------------------------------------------------------- editions util.ts (typescript, tabs)
E({
  id: 'editions-assert-input-bug',
  src: npm('editions', 'source/util.ts'),
  path: 'source/util.ts',
  lang: 'typescript',
  at: [71, 78],
  sel: [70, 82],
  instr: 'this assertion throws for valid inputs: fix the inverted condition',
  to: "\tif (\n\t\t!(\n\t\t\ttypeof error === 'string' ||\n\t\t\terror instanceof Error ||\n\t\t\t(error &&\n\t\t\t\ttypeof error === 'object' &&\n\t\t\t\t'message' in error &&\n\t\t\t\ttypeof error.message === 'string')\n\t\t)\n\t) {",
  say: 'The condition was missing a negation, so every valid input threw; it now throws only for incompatible input, like assertErrorLike.',
  forms: ['think', 'fw', 'sr', 'srd-tabs', 'udd-noctx', 'mx-markers'],
});
E({
  id: 'editions-includes-doc',
  src: npm('editions', 'source/util.ts'),
  path: 'source/util.ts',
  lang: 'typescript',
  ex: [1, 57],
  at: [7, 9],
  instr: 'make includes() case-insensitive via an optional ignoreCase parameter',
  to: 'export function includes(\n\thaystack: string,\n\tneedle: string,\n\tignoreCase = false,\n): boolean {\n\tif (ignoreCase) {\n\t\treturn haystack.toLowerCase().indexOf(needle.toLowerCase()) !== -1\n\t}\n\treturn haystack.indexOf(needle) !== -1\n}',
  say: 'includes() takes an optional `ignoreCase` flag that lower-cases both strings first.',
  usage: "includes('Hello', 'hello', true) // true",
  forms: ['fw-ctx', 'sr-cline', 'srd-indent', 'mx-2code'],
});
E({
  id: 'editions-parents-set',
  src: npm('editions', 'source/util.ts'),
  path: 'source/util.ts',
  lang: 'typescript',
  ex: [100, 188],
  at: [156, 162],
  sel: [156, 162],
  instr: 'use a Set to de-duplicate parents instead of indexOf',
  to: '\t// ensure parents are valid, and not duplicated\n\tconst seen = new Set<ErrorLike>(errorDetailed.parents)\n\tfor (const parent of parents) {\n\t\tassertErrorLike(parent)\n\t\tif (!seen.has(parent)) {\n\t\t\tseen.add(parent)\n\t\t\terrorDetailed.parents.push(parent)\n\t\t}\n\t}',
  say: 'Parents are now de-duplicated with a Set, which avoids the quadratic indexOf scan.',
  forms: ['fw-dedent', 'srd-trail', 'ud', 'bare'],
});

// ---------------------------------------------------------------- colorsys (python)
E({
  id: 'colorsys-clamp',
  src: py('colorsys.py'),
  path: 'colorsys.py',
  lang: 'python',
  ex: [24, 68],
  at: [55, 67],
  sel: [46, 67],
  instr: 'replace the chain of ifs with a small clamp helper',
  to: '    return (_clamp(r), _clamp(g), _clamp(b))\n\n\ndef _clamp(x):\n    """Limit x to the range [0.0, 1.0]."""\n    return min(1.0, max(0.0, x))',
  say: 'The six clamping ifs are replaced by a `_clamp` helper defined right after the function.',
  forms: ['fw', 'srd-elide', 'srd-trail', 'sr'],
});
E({
  id: 'colorsys-docstring',
  src: py('colorsys.py'),
  path: 'colorsys.py',
  lang: 'python',
  at: [99, 107],
  instr: 'add a docstring to hls_to_rgb',
  rep: [
    [
      'def hls_to_rgb(h, l, s):',
      'def hls_to_rgb(h, l, s):\n    """Convert a colour from HLS to RGB.\n\n    All inputs and outputs are floats in the range [0.0, 1.0].\n    """',
    ],
  ],
  say: 'Added a docstring describing the value ranges.',
  forms: ['fw-prose-before', 'sr', 'udd-lines', 'bare', 'srd-crlf'],
});
E({
  id: 'colorsys-hsv-validate',
  src: py('colorsys.py'),
  path: 'colorsys.py',
  lang: 'python',
  at: [145, 148],
  sel: [145, 166],
  instr: 'raise ValueError if s or v is outside 0..1',
  to: 'def hsv_to_rgb(h, s, v):\n    if not (0.0 <= s <= 1.0 and 0.0 <= v <= 1.0):\n        raise ValueError("s and v must be between 0.0 and 1.0")\n    if s == 0.0:\n        return v, v, v\n    i = int(h*6.0) # XXX assume int() truncates!',
  say: 'hsv_to_rgb() now raises ValueError for saturation or value outside [0, 1].',
  forms: ['sr-fenced-path', 'srd-indent', 'mx-markers', 'ud-nonum', 'fw-crlf'],
});

// ---------------------------------------------------------------- css
E({
  id: 'github-css-pre',
  src: npm('highlight.js', 'styles/github.css'),
  path: 'styles/github.css',
  lang: 'css',
  at: [1, 5],
  instr: 'give code blocks rounded corners and a bit more padding',
  to: 'pre code.hljs {\n  display: block;\n  overflow-x: auto;\n  padding: 1.25em;\n  border-radius: 6px\n}',
  say: 'Code blocks get 1.25em padding and a 6px border radius.',
  forms: ['fw', 'sr', 'udd-lines', 'whole', 'bare'],
});
E({
  id: 'github-css-keyword',
  src: npm('highlight.js', 'styles/github.css'),
  path: 'styles/github.css',
  lang: 'css',
  at: [31, 31],
  sel: [23, 32],
  instr: 'use the newer GitHub keyword red #cf222e',
  rep: [['#d73a49', '#cf222e']],
  say: 'Keywords now use #cf222e, the current GitHub red.',
  forms: ['fw-prose', 'srd-indent', 'ud', 'mx-markers'],
});
E({
  id: 'github-css-ignored',
  src: npm('highlight.js', 'styles/github.css'),
  path: 'styles/github.css',
  lang: 'css',
  at: [110, 117],
  sel: [110, 117],
  instr: 'give the ignored tokens the default text colour explicitly',
  rep: [['  /* purposely ignored */\n  ', '  /* purposely ignored */\n  color: #24292e']],
  say: 'The ignored group now sets color: #24292e explicitly.',
  forms: ['srd-trail', 'fw-ctx', 'sr'],
});

// ---------------------------------------------------------------- json
E({
  id: 'cors-pkg-engines',
  src: npm('cors', 'package.json'),
  path: 'package.json',
  lang: 'json',
  at: [34, 36],
  instr: 'require Node 18 or newer',
  rep: [['">= 0.10"', '">= 18"']],
  say: 'engines.node now requires Node.js 18 or newer.',
  forms: ['sr', 'fw', 'udd-noctx', 'whole'],
});
E({
  id: 'cors-pkg-scripts',
  src: npm('cors', 'package.json'),
  path: 'package.json',
  lang: 'json',
  at: [37, 41],
  instr: 'add a "lint:fix" script',
  rep: [['"lint": "eslint lib test"', '"lint": "eslint lib test",\n    "lint:fix": "eslint --fix lib test"']],
  say: 'Added a `lint:fix` script next to `lint`.',
  forms: ['ud-git', 'fw-prose', 'srd-crlf', 'sr-ctx', 'srd-tabs'],
});

// ---------------------------------------------------------------- shell
E({
  id: 'gettext-sh-short-help',
  src: { deb: 'gettext-base', file: 'usr/bin/gettext.sh' },
  path: 'gettext.sh',
  lang: 'shell',
  ex: [41, 82],
  at: [72, 75],
  sel: [70, 77],
  instr: 'accept -h and -V as short options',
  rep: [
    ['--he | --h )', '--he | --h | -h )'],
    ['--ve | --v )', '--ve | --v | -V )'],
  ],
  say: '`-h` and `-V` are now accepted as short forms of --help and --version.',
  forms: ['fw', 'sr-cline', 'udd-lines', 'srd-indent'],
});
E({
  id: 'gettext-sh-dollar-paren',
  src: { deb: 'gettext-base', file: 'usr/bin/gettext.sh' },
  path: 'gettext.sh',
  lang: 'shell',
  ex: [84, 110],
  at: [87, 89],
  instr: 'use $(...) instead of backquotes in eval_gettext',
  rep: [['`envsubst --variables "$1"`', '$(envsubst --variables "$1")']],
  say: 'eval_gettext now uses `$(...)` command substitution.',
  forms: ['think', 'bare', 'sr', 'srd-tabs'],
});
E({
  id: 'gunzip-help-short',
  src: { deb: 'gzip', file: 'bin/gunzip' },
  path: 'gunzip',
  lang: 'shell',
  at: [52, 55],
  instr: 'handle -h and -V too',
  rep: [
    ['--help)    printf', '-h|--help)    printf'],
    ['--version) printf', '-V|--version) printf'],
  ],
  say: 'The case statement also matches -h and -V.',
  forms: ['fw-notag', 'whole', 'srd-changed', 'udd-wide'],
  drift: ['case $1 in', 'case "$1" in'],
});
E({
  id: 'gunzip-missing-gzip',
  src: { deb: 'gzip', file: 'bin/gunzip' },
  path: 'gunzip',
  lang: 'shell',
  at: [57, 57],
  instr: 'fail with a clear message if gzip is not on PATH',
  before: 'command -v gzip >/dev/null 2>&1 || {\n  printf >&2 \'%s\\n\' "$0: gzip not found in PATH"\n  exit 127\n}\n',
  say: 'gunzip now checks that gzip is on PATH before exec and exits 127 with a message otherwise.',
  forms: ['fw-prose', 'sr', 'mx-2code'],
  usage: 'PATH=/nonexistent ./gunzip foo.gz\n# gunzip: gzip not found in PATH',
});
E({
  id: 'git-sh-setup-die-prefix',
  src: { deb: 'git', file: 'usr/lib/git-core/git-sh-setup' },
  path: 'git-sh-setup',
  lang: 'shell',
  ex: [44, 80],
  at: [52, 57],
  instr: 'prefix error messages with "fatal: "',
  rep: [['printf >&2 \'%s\\n\' "$*"', 'printf >&2 \'fatal: %s\\n\' "$*"']],
  say: 'die_with_status now prefixes its message with "fatal: ".',
  forms: ['srd-tabs', 'fw', 'ud', 'fw-prose-before'],
});

// ---------------------------------------------------------------- c headers (tabs)
E({
  id: 'libgen-doc',
  src: { deb: 'libc6-dev:amd64', file: 'usr/include/libgen.h' },
  path: 'libgen.h',
  lang: 'c',
  at: [25, 26],
  instr: 'note in the comment that dirname may modify its argument',
  to: '/* Return directory part of PATH or "." if none is available.\n   Like the XPG basename below, this may modify PATH in place.  */\nextern char *dirname (char *__path) __THROW;',
  say: 'The dirname comment now warns that the argument may be modified.',
  forms: ['sr-fenced-path', 'fw', 'sr', 'udd-noctx', 'whole'],
});
E({
  id: 'alloca-nonnull',
  src: { deb: 'libc6-dev:amd64', file: 'usr/include/alloca.h' },
  path: 'alloca.h',
  lang: 'c',
  at: [34, 36],
  instr: 'also use the builtin under clang',
  rep: [
    ['#ifdef\t__GNUC__', '#if defined __GNUC__ || defined __clang__'],
    ['#endif /* GCC.  */', '#endif /* GCC or clang.  */'],
  ],
  say: 'The builtin alloca is now used for clang as well as GCC.',
  forms: ['ud-git', 'srd-tabs', 'fw-prose', 'ud', 'bare-nonl'],
});

// ---------------------------------------------------------------- edits with separate hunks
E({
  id: 'no-debugger-fixable',
  src: npm('eslint', 'lib/rules/no-debugger.js'),
  path: 'lib/rules/no-debugger.js',
  lang: 'javascript',
  at: [23, 37],
  sel: [13, 41],
  instr: 'make the rule auto-fixable by removing the debugger statement',
  rep: [
    ['fixable: null,', 'fixable: "code",'],
    [
      '\t\t\t\t\tmessageId: "unexpected",\n',
      '\t\t\t\t\tmessageId: "unexpected",\n\t\t\t\t\tfix(fixer) {\n\t\t\t\t\t\treturn fixer.remove(node);\n\t\t\t\t\t},\n',
    ],
  ],
  say: 'The rule is now fixable: the report carries a fix that removes the `debugger` statement.',
  forms: ['sr-fenced-path', 'mx-multi', 'fw', 'ud', 'srd-tabs', 'mx-markers'],
});
E({
  id: 'bisect-hi-check',
  src: py('bisect.py'),
  path: 'bisect.py',
  lang: 'python',
  ex: [1, 51],
  at: [26, 33],
  sel: [19, 50],
  instr: 'raise ValueError when hi is larger than len(a), and document it',
  rep: [
    [
      '    slice of a to be searched.\n    """',
      '    slice of a to be searched.\n\n    Raises ValueError if lo is negative or hi is larger than len(a).\n    """',
    ],
    ['        hi = len(a)', "        hi = len(a)\n    elif hi > len(a):\n        raise ValueError('hi must not exceed len(a)')"],
  ],
  say: 'bisect_right() now rejects an out-of-range `hi`, and the docstring says so.',
  forms: ['mx-multi', 'fw-prose', 'udd-lines', 'srd-elide', 'mx-markers'],
});
E({
  id: 'content-type-rename-obj',
  src: npm('content-type', 'index.js'),
  path: 'index.js',
  lang: 'javascript',
  at: [129, 166],
  sel: [106, 167],
  instr: 'rename obj to contentType in parse',
  all: true,
  rep: [['obj', 'contentType']],
  say: 'Renamed the local `obj` to `contentType` throughout parse().',
  forms: ['mx-multi', 'fw', 'srd-changed', 'mx-markers', 'sr-ctx'],
  drift: ['// parse parameters', '// parse the parameters'],
});
E({
  id: 'ms-rename-fmtshort',
  src: npm('ms', 'index.js'),
  path: 'index.js',
  lang: 'javascript',
  at: [32, 113],
  sel: [26, 128],
  instr: 'rename fmtShort to formatShort',
  rep: [
    ['fmtShort(val)', 'formatShort(val)'],
    ['function fmtShort(ms)', 'function formatShort(ms)'],
  ],
  say: 'Renamed `fmtShort` to `formatShort` (definition and its one call site).',
  forms: ['mx-multi', 'ud', 'mx-markers'],
});
E({
  id: 'textwrap-indent-validate',
  src: py('textwrap.py'),
  path: 'textwrap.py',
  lang: 'python',
  ex: [190, 491],
  at: [470, 485],
  sel: [470, 485],
  instr: 'raise TypeError when prefix is not a string, and document the check',
  rep: [
    [
      '    consist solely of whitespace characters.\n    """',
      '    consist solely of whitespace characters.\n\n    Raises TypeError if \'prefix\' is not a string.\n    """\n    if not isinstance(prefix, str):\n        raise TypeError(f"prefix must be str, not {type(prefix).__name__}")',
    ],
  ],
  say: 'indent() now checks that `prefix` is a str before doing any work.',
  forms: ['fw', 'sr', 'udd-lines', 'srd-trail', 'bare'],
});
E({
  id: 'textwrap-indent-generator-expr',
  src: py('textwrap.py'),
  path: 'textwrap.py',
  lang: 'python',
  ex: [190, 491],
  at: [482, 485],
  sel: [470, 485],
  instr: 'replace the inner generator function with a generator expression',
  to: "    return ''.join(\n        prefix + line if predicate(line) else line\n        for line in text.splitlines(True)\n    )",
  say: 'The nested prefixed_lines() helper is replaced by an equivalent generator expression.',
  forms: ['fw-prose', 'srd-indent', 'ud-nonum'],
});
E({
  id: 'textextensions-astro',
  src: npm('textextensions', 'source/index.ts'),
  path: 'source/index.ts',
  lang: 'typescript',
  at: [15, 17],
  sel: [2, 296],
  instr: "add 'astro' to the list, keeping it sorted",
  rep: [["\t'aspx',\n", "\t'aspx',\n\t'astro',\n"]],
  say: "Added 'astro' between 'aspx' and 'atom'.",
  forms: ['sr', 'ud', 'srd-tabs', 'udd-lines'],
});
E({
  id: 'textextensions-readonly',
  src: npm('textextensions', 'source/index.ts'),
  path: 'source/index.ts',
  lang: 'typescript',
  at: [1, 2],
  instr: 'make the list readonly',
  to: '/** List of text file extensions */\nconst list: readonly string[] = [',
  say: 'Typed the list as `readonly string[]` so callers cannot mutate it.',
  forms: ['fw', 'sr-cline', 'ud-nonum', 'bare-nonl'],
});

// ---------------------------------------------------------------- markdown (fences inside the edited text)
E({
  id: 'ms-readme-weeks',
  src: npm('ms', 'readme.md'),
  path: 'readme.md',
  lang: 'markdown',
  at: [17, 18],
  sel: [7, 22],
  instr: 'add a weeks example to the list',
  rep: [["ms('1y')      // 31557600000\n", "ms('1y')      // 31557600000\nms('3w')      // 1814400000\n"]],
  say: "Added an `ms('3w')` example.",
  forms: ['fw', 'fw-4tick', 'sr', 'ud', 'think'],
});
E({
  id: 'ms-readme-features',
  src: npm('ms', 'readme.md'),
  path: 'readme.md',
  lang: 'markdown',
  at: [44, 47],
  sel: [42, 47],
  instr: 'mention that invalid input throws',
  after: '- Throws an `Error` when the input is neither a non-empty string nor a finite number',
  say: 'Added a bullet about the error thrown for invalid input.',
  forms: ['fw-prose', 'srd-trail', 'whole', 'mx-markers'],
});
E({
  id: 'vary-readme-description',
  src: npm('vary', 'README.md'),
  path: 'README.md',
  lang: 'markdown',
  at: [9, 9],
  sel: [1, 9],
  instr: 'say in the description what the Vary header is for',
  to: 'Manipulate the HTTP Vary header, which tells caches which request headers\nselected the response that was sent.',
  say: 'The description now explains what the Vary header does.',
  forms: ['fw-ctx', 'sr-cline', 'udd-lines'],
});

// ---------------------------------------------------------------- express view.js
E({
  id: 'express-view-trystat-enoent',
  src: npm('express', 'lib/view.js'),
  path: 'lib/view.js',
  lang: 'javascript',
  ex: [1, 205],
  at: [200, 204],
  sel: [197, 205],
  instr: 'only swallow "file not found" errors in tryStat, rethrow anything else',
  to: "  try {\n    return fs.statSync(path);\n  } catch (e) {\n    if (e.code === 'ENOENT' || e.code === 'ENOTDIR') {\n      return undefined;\n    }\n    throw e;\n  }",
  say: 'tryStat() now returns undefined only for ENOENT and ENOTDIR and rethrows other errors such as EACCES.',
  forms: ['fw', 'sr', 'srd-indent', 'ud-nonum', 'think'],
});
E({
  id: 'express-view-render-promise',
  src: npm('express', 'lib/view.js'),
  path: 'lib/view.js',
  lang: 'javascript',
  ex: [1, 205],
  at: [158, 159],
  sel: [133, 159],
  instr: 'add a promise-returning renderAsync next to render',
  after:
    '\n/**\n * Render with the given options, returning a promise.\n *\n * @param {object} options\n * @return {Promise<string>}\n * @private\n */\n\nView.prototype.renderAsync = function renderAsync(options) {\n  var view = this;\n  return new Promise(function (resolve, reject) {\n    view.render(options, function (err, html) {\n      if (err) return reject(err);\n      resolve(html);\n    });\n  });\n};',
  say: 'Added View.prototype.renderAsync, a promise wrapper around render().',
  usage: "const html = await view.renderAsync({ title: 'Home' });",
  forms: ['fw-prose', 'mx-2code', 'srd-elide', 'sr-fenced-path', 'mx-markers'],
});
E({
  id: 'express-view-lookup-debug',
  src: npm('express', 'lib/view.js'),
  path: 'lib/view.js',
  lang: 'javascript',
  ex: [1, 205],
  at: [120, 122],
  sel: [104, 123],
  instr: 'log through debug when no view file was found',
  to: '  }\n\n  if (!path) {\n    debug(\'lookup "%s" found nothing in %o\', name, roots);\n  }\n\n  return path;',
  say: 'lookup() now logs a debug line when none of the roots holds the view.',
  forms: ['bare', 'srd-blank', 'udd-lines', 'fw-ctx'],
});

// ---------------------------------------------------------------- highlight.js ini.js
E({
  id: 'hljs-ini-literals-bug',
  src: npm('highlight.js', 'lib/languages/ini.js'),
  path: 'lib/languages/ini.js',
  lang: 'javascript',
  at: [37, 40],
  sel: [30, 40],
  instr: 'the word boundaries only apply to "on" and "no"; fix the literal regex',
  rep: [['/\\bon|off|true|false|yes|no\\b/', '/\\b(?:on|off|true|false|yes|no)\\b/']],
  say: 'Grouped the alternatives so both \\b anchors apply to every literal; before, "button" highlighted its "on".',
  forms: ['fw', 'sr-cline', 'srd-trail', 'ud', 'whole'],
});

// ---------------------------------------------------------------- getopt.py
E({
  id: 'getopt-shorts-docstring',
  src: py('getopt.py'),
  path: 'getopt.py',
  lang: 'python',
  ex: [140, 215],
  at: [192, 192],
  sel: [192, 205],
  instr: 'add a docstring to do_shorts',
  after:
    '    """Parse the short options in OPTSTRING, consuming option arguments\n    from ARGS when needed, and append (option, value) pairs to OPTS."""',
  say: 'Added a docstring explaining what do_shorts() consumes and returns.',
  forms: ['fw-prose-before', 'sr', 'udd-wide', 'srd-crlf'],
});
E({
  id: 'getopt-short-enumerate',
  src: py('getopt.py'),
  path: 'getopt.py',
  lang: 'python',
  ex: [140, 215],
  at: [208, 210],
  sel: [207, 211],
  instr: 'use enumerate instead of range(len(...))',
  to: "    for i, c in enumerate(shortopts):\n        if opt == c != ':':\n            return shortopts.startswith(':', i+1)",
  say: 'The loop now uses enumerate() and compares against the character directly.',
  forms: ['fw-crlf', 'srd-tabs', 'ud-git', 'bare-nonl'],
});
E({
  id: 'getopt-prefix-message',
  src: py('getopt.py'),
  path: 'getopt.py',
  lang: 'python',
  ex: [140, 215],
  at: [181, 184],
  sel: [171, 190],
  instr: 'list the possible completions in the "not a unique prefix" error, as the XXX comment suggests',
  to: "    if len(possibilities) > 1:\n        raise GetoptError(\n            _('option --%s not a unique prefix; possibilities: %s')\n            % (opt, ', '.join('--' + p.rstrip('=') for p in sorted(possibilities))),\n            opt)",
  say: 'The error now lists the matching long options, and the XXX note is gone.',
  forms: ['fw', 'sr-ctx', 'srd-changed', 'mx-markers'],
  drift: ['# No exact match, so better be unique.', '# No exact match, so it must be unique.'],
});
