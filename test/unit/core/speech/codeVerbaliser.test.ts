import * as assert from 'node:assert/strict';
import { identifierWords, isCodeLanguage, verbaliseCodeLine } from '../../../../src/core/speech/codeVerbaliser';
import { cleanForSpeech } from '../../../../src/core/speech/speechText';

const spoken = (text: string, languageId: string) => cleanForSpeech(text, { stripMarkup: true, languageId });

/**
 * Real code, copied verbatim from the sources installed on this machine (path given), with what read aloud says.
 * The Java snippets come from OpenJDK 17's src.zip, the Rust one from the rustc 1.63 source package.
 */
const CORPUS: { name: string; source: string; languageId: string; code: string; expected: string }[] = [
  {
    name: 'undici types: content-type.d.ts',
    source: 'node_modules/undici/types/content-type.d.ts',
    languageId: 'typescript',
    code: `interface MIMEType {
  type: string
  subtype: string
  parameters: Map<string, string>
  essence: string
}

/**
 * Parse a string to a {@link MIMEType} object. Returns \`failure\` if the string
 * couldn't be parsed.
 * @see https://mimesniff.spec.whatwg.org/#parse-a-mime-type
 */
export function parseMIMEType (input: string): 'failure' | MIMEType`,
    expected:
      'interface MIME type. type string. subtype string. parameters map of string, string. essence string. Parse a string to a MIMEType object. Returns failure if the string couldn\'t be parsed. @see mimesniff.spec.whatwg.org. export function parse MIME type of input string "failure" or MIME type.',
  },
  {
    name: 'TypeScript lib.es5.d.ts: Array.map',
    source: 'node_modules/typescript/lib/lib.es5.d.ts',
    languageId: 'typescript',
    code: `    map<U>(callbackfn: (value: T, index: number, array: T[]) => U, thisArg?: any): U[];`,
    expected: 'map of U callbackfn value T, index number, array T array arrow U, this arg any U array.',
  },
  {
    name: 'TypeScript compiler: isIdentifierStart',
    source: 'node_modules/typescript/lib/typescript.js',
    languageId: 'javascript',
    code: `function isIdentifierStart(ch, languageVersion) {
  return isASCIILetter(ch) || ch === 36 /* $ */ || ch === 95 /* _ */ || ch > 127 /* maxAsciiCharacter */ && isUnicodeIdentifierStart(ch, languageVersion);
}`,
    expected:
      'function is identifier start of ch, language version. return is ASCII letter of ch or ch equals 36, $, or ch equals 95, _, or ch greater than 127, maxAsciiCharacter, and is unicode identifier start of ch, language version.',
  },
  {
    name: 'undici: isValidHTTPToken',
    source: 'node_modules/undici/lib/core/util.js',
    languageId: 'javascript',
    code: `function isValidHTTPToken (characters) {
  if (characters.length >= 12) return tokenRegExp.test(characters)
  if (characters.length === 0) return false

  for (let i = 0; i < characters.length; i++) {
    if (validTokenChars[characters.charCodeAt(i)] !== 1) {
      return false
    }
  }
  return true
}`,
    expected:
      'function is valid HTTP token of characters. if characters dot length at least 12 return token reg exp dot test of characters. if characters dot length equals 0 return false. for let i is 0 i less than characters dot length i increment. if valid token chars at characters dot char code at of i not equal 1. return false. return true.',
  },
  {
    name: 'CPython 3.11: posixpath.isabs',
    source: '/usr/lib/python3.11/posixpath.py',
    languageId: 'python',
    code: `def isabs(s):
    """Test whether a path is absolute"""
    s = os.fspath(s)
    sep = _get_sep(s)
    return s.startswith(sep)`,
    expected:
      'define isabs of s. Test whether a path is absolute. s is os dot fspath of s. sep is get sep of s. return s dot startswith of sep.',
  },
  {
    name: 'CPython 3.11: genericpath.commonprefix',
    source: '/usr/lib/python3.11/genericpath.py',
    languageId: 'python',
    code: `def commonprefix(m):
    "Given a list of pathnames, returns the longest common leading component"
    if not m: return ''
    # Some people pass in a list of pathname parts to operate in an OS-agnostic
    # fashion; don't try to translate in that case as that's an abuse of the
    # API and they are already doing what they need to be OS-agnostic and so
    # they most likely won't be using an os.PathLike object in the sublists.
    if not isinstance(m[0], (list, tuple)):
        m = tuple(map(os.fspath, m))
    s1 = min(m)
    s2 = max(m)
    for i, c in enumerate(s1):
        if c != s2[i]:`,
    expected:
      "define commonprefix of m. \"Given a list of pathnames, returns the longest common leading component\". if not m return empty string. Some people pass in a list of pathname parts to operate in an OS-agnostic fashion; don't try to translate in that case as that's an abuse of the API and they are already doing what they need to be OS-agnostic and so they most likely won't be using an os.PathLike object in the sublists. if not isinstance of m at 0, list, tuple. m is tuple of map of os dot fspath, m. s 1 is min of m. s 2 is max of m. for i, c in enumerate of s 1. if c not equal s 2 at i.",
  },
  {
    name: 'Go 1.19: strings.HasPrefix',
    source: '/usr/share/go-1.19/src/strings/strings.go',
    languageId: 'go',
    code: `func HasPrefix(s, prefix string) bool {
	return len(s) >= len(prefix) && s[0:len(prefix)] == prefix
}`,
    expected:
      'function has prefix of s, prefix string bool. return len of s at least len of prefix and s at 0 to len of prefix equals prefix.',
  },
  {
    name: 'Go 1.19: strings.Builder.WriteString',
    source: '/usr/share/go-1.19/src/strings/builder.go',
    languageId: 'go',
    code: `func (b *Builder) WriteString(s string) (int, error) {
	b.copyCheck()
	b.buf = append(b.buf, s...)
	return len(s), nil
}`,
    expected:
      'function b star builder write string of s string int, error. b dot copy check. b dot buf is append of b dot buf, s spread. return len of s, nil.',
  },
  {
    name: 'Rust 1.63 alloc: Vec::push',
    source: '/usr/src/rustc-1.63.0/library/alloc/src/vec/mod.rs',
    languageId: 'rust',
    code: `    #[inline]
    #[stable(feature = "rust1", since = "1.0.0")]
    pub fn push(&mut self, value: T) {
        // This will panic or abort if we would allocate > isize::MAX bytes
        // or if the length increment would overflow for zero-sized types.
        if self.len == self.buf.capacity() {
            self.buf.reserve_for_push(self.len);
        }
        unsafe {
            let end = self.as_mut_ptr().add(self.len);
            ptr::write(end, value);
            self.len += 1;
        }
    }`,
    expected:
      'attribute inline. attribute stable of feature is "rust1", since is "1.0.0". public function push of mutable reference self, value T. This will panic or abort if we would allocate > isize::MAX bytes or if the length increment would overflow for zero-sized types. if self dot len equals self dot buf dot capacity. self dot buf dot reserve for push of self dot len. unsafe. let end is self dot as mut ptr dot add of self dot len. ptr path write of end, value. self dot len plus equals 1.',
  },
  {
    name: 'OpenJDK 17: Objects.equals',
    source: '/usr/lib/jvm/openjdk-17/src.zip java.base/java/util/Objects.java',
    languageId: 'java',
    code: `    public static boolean equals(Object a, Object b) {
        return (a == b) || (a != null && a.equals(b));
    }`,
    expected: 'public static boolean equals of object a, object b. return a equals b or a not equal null and a dot equals of b.',
  },
  {
    name: 'OpenJDK 17: Objects.requireNonNull',
    source: '/usr/lib/jvm/openjdk-17/src.zip java.base/java/util/Objects.java',
    languageId: 'java',
    code: `    public static <T> T requireNonNull(T obj) {
        if (obj == null)
            throw new NullPointerException();
        return obj;
    }`,
    expected: 'public static generic T T require non null of T obj. if obj equals null. throw new null pointer exception. return obj.',
  },
];

/** One case per rule: [rule, code, language id, spoken]. */
const RULES: [string, string, string, string][] = [
  ['!== is "not equal"', 'a !== b', 'typescript', 'a not equal b'],
  ['=== is "equals"', 'a === b', 'typescript', 'a equals b'],
  ['== and != (Java)', 'a != b && a == c', 'java', 'a not equal b and a equals c'],
  ['=> is "arrow"', 'const f = (x) => x', 'typescript', 'const f is x arrow x'],
  ['&& is "and", || is "or"', 'a && b || c', 'javascript', 'a and b or c'],
  ['-> is "arrow"', 'fn f() -> u32', 'rust', 'function f arrow u 32'],
  [':: is "path"', 'std::mem::swap', 'rust', 'std path mem path swap'],
  ['>= and <=', 'a >= 1 && b <= 2', 'java', 'a at least 1 and b at most 2'],
  ['< and > compare when spaced', 'a < b && c > d', 'java', 'a less than b and c greater than d'],
  ['prefix ! is "not"', 'if (!done) run()', 'typescript', 'if not done run'],
  ['?? and ?.', 'x ?? y?.name', 'typescript', 'x or else y optional dot name'],
  ['+= and ++', 'n += 2; i++;', 'java', 'n plus equals 2 i increment'],
  ['ternary is "then … else"', 'x = a ? b : c', 'typescript', 'x is a then b else c'],
  ['arithmetic and unary minus', 'y = 2 ** 8 % 3 - 1 / 4 + -x', 'python', 'y is 2 to the power 8 mod 3 minus 1 divided by 4 plus minus x'],
  ['a call reads "of"', 'f(x)', 'go', 'f of x'],
  ['an empty call reads the name only', 'f()', 'go', 'f'],
  ['grouping brackets are dropped', '(a + b) * c', 'go', 'a plus b times c'],
  ['an index reads "at"', 'items[0]', 'python', 'items at 0'],
  ['braces and semicolons are dropped', '{ a; }', 'java', 'a'],
  ['an array type reads "array", an empty one "empty list"', 'let xs: string[] = []', 'typescript', 'let xs string array is empty list'],
  ['string content is kept', 'greet("hello world")', 'python', 'greet of "hello world"'],
  ['an empty string is said', "s = ''", 'python', 's is empty string'],
  ['a template literal', 'msg := `raw text`', 'go', 'msg becomes "raw text"'],
  [
    'inline /* */ and trailing // comments are prose',
    'const n = a /* count */ + 1; // done',
    'typescript',
    'const n is a, count, plus 1, done',
  ],
  ['TS: typeof', 'if (typeof x === "string") return;', 'typescript', 'if type of x equals "string" return'],
  ['TS: union types read "or"', 'let v: string | undefined', 'typescript', 'let v string or undefined'],
  ['JS: instanceof', 'x instanceof Y', 'javascript', 'x instance of Y'],
  ['Python: def and self', 'def area(self, r):', 'python', 'define area of self, r'],
  ['Python: elif and None', 'elif x is None:', 'python', 'else if x is none'],
  ['Python: // divides, # comments', 'q = n // 2  # halve', 'python', 'q is n floor divided by 2, halve'],
  ['Python: decorators', '@property', 'python', 'decorator property'],
  ['Python: *args and **kwargs', 'def f(*args, **kw):', 'python', 'define f of star args, double star kw'],
  ['Python: a slice', 'xs[1:n]', 'python', 'xs at 1 to n'],
  ['Rust: fn, pub, &mut', 'pub fn push(&mut self, v: Vec<u8>)', 'rust', 'public function push of mutable reference self, v vec of u 8'],
  ['Rust: & is a reference', 'let r = &x;', 'rust', 'let r is reference x'],
  ["Rust: a macro's bang is silent", 'println!("{}", n);', 'rust', 'println "{}", n'],
  ['Rust: attributes', '#[derive(Debug)]', 'rust', 'attribute derive of debug'],
  ['Rust: ranges', 'for i in 0..n {', 'rust', 'for i in 0 range n'],
  ['Rust: the ? operator is silent', 'let v = x?;', 'rust', 'let v is x'],
  ['Go: := is "becomes", <- receives', 'x := <-ch', 'go', 'x becomes receive ch'],
  ['Go: <- after a value sends', 'ch <- v', 'go', 'ch send v'],
  ['Go: a method receiver and pointer', 'func (s *Server) Close() error {', 'go', 'function s star server close error'],
  ['Java: generics read "of"', 'List<String> names = new ArrayList<>();', 'java', 'list of string names is new array list'],
  ['Java: nested generics', 'Map<String, List<Integer>> m;', 'java', 'map of string, list of integer m'],
  ['Java: annotations', '@Override', 'java', 'annotation override'],
  ['Java: a method type parameter', 'public static <T> T id(T x) {', 'java', 'public static generic T T id of T x'],
  ['another language gets the shared rules', 'total = a + b;', 'c', 'total is a plus b'],
];

describe('codeVerbaliser', () => {
  describe('a corpus of real code in five languages', () => {
    for (const { name, source, languageId, code, expected } of CORPUS) {
      it(`${name} (${languageId}, ${source})`, () => {
        assert.equal(spoken(code, languageId), expected);
      });
    }

    it('covers TypeScript/JavaScript, Python, Go, Rust and Java', () => {
      const languages = new Set(CORPUS.map((snippet) => snippet.languageId));
      for (const id of ['typescript', 'javascript', 'python', 'go', 'rust', 'java']) assert.ok(languages.has(id), id);
    });
  });

  describe('rules', () => {
    for (const [rule, code, languageId, expected] of RULES) {
      it(`${rule}: ${code}`, () => {
        assert.equal(verbaliseCodeLine(code, languageId), expected);
      });
    }
  });

  describe('identifiers are read as words', () => {
    const cases: [string, string][] = [
      ['parseHTTPResponse2', 'parse HTTP response 2'],
      ['camelCase', 'camel case'],
      ['PascalCase', 'pascal case'],
      ['snake_case', 'snake case'],
      ['SCREAMING_CASE', 'screaming case'],
      ['MAX_RETRIES_3', 'max retries 3'],
      ['getURL', 'get URL'],
      ['XMLHttpRequest', 'XML http request'],
      ['__init__', 'init'],
      ['utf8Decoder', 'utf 8 decoder'],
      ['T', 'T'],
      ['$el', 'el'],
    ];
    for (const [identifier, words] of cases) {
      it(`${identifier} → ${words}`, () => assert.equal(identifierWords(identifier), words));
    }
  });

  describe('in read aloud', () => {
    it('reads each line of code as a phrase of its own and comments as prose', () => {
      assert.equal(
        spoken('// Add them up.\nconst total = a + b;\nif (total !== 0) log(total);', 'typescript'),
        'Add them up. const total is a plus b. if total not equal 0 log of total.',
      );
    });

    it('drops docstring and -- comment markers and reads their text', () => {
      assert.equal(spoken('def f():\n    """Return one."""\n    return 1', 'python'), 'define f. Return one. return 1.');
      assert.equal(spoken('-- count the rows\nSELECT count(*) FROM t;', 'sql'), 'count the rows. SELECT count of star FROM t.');
    });

    it('leaves markdown and plain text to the prose rules', () => {
      assert.equal(spoken('Use `a !== b` here.', 'markdown'), 'Use a !== b here.');
      assert.equal(spoken('a !== b', 'plaintext'), 'a !== b.');
      assert.ok(!isCodeLanguage('markdown') && !isCodeLanguage('plaintext') && !isCodeLanguage(undefined));
      assert.ok(!isCodeLanguage('html') && !isCodeLanguage('xml'), 'markup keeps the tag rules');
      assert.ok(isCodeLanguage('typescript') && isCodeLanguage('rust'));
    });

    it('reads code as written when tandem.speech.readCodeLiterally is on', () => {
      const literally = cleanForSpeech('if (a !== b) run();', { stripMarkup: true, languageId: 'typescript', readCodeLiterally: true });
      assert.equal(literally, 'if (a !== b) run();');
    });

    it('reads code as written when stripMarkup is off', () => {
      assert.equal(cleanForSpeech('a !== b', { stripMarkup: false, languageId: 'typescript' }), 'a !== b.');
    });
  });
});
