// Code read aloud as words: a speech model given `if (a !== b) { parseHTTPResponse2(x); }` reads the
// characters it can and skips the rest, so the listener hears "if a b parse h t t p…". This turns one
// line of code (comments already removed by speechText) into the words a person would say.
// Choices, so they stay consistent:
// - a call `f(x)` reads "f of x" and `f()` reads "f"; grouping brackets, braces and semicolons are dropped;
// - an index `a[i]` reads "a at i"; a generic `List<String>` reads "list of string";
// - string literals keep their content between quotes, so the words inside are read as written;
// - identifiers are split into lower-case words, and acronyms stay upper-case so they are spelled.
// Pure string work, so it runs in the extension host and in a browser alike.

/** Languages with rules of their own; anything else gets the shared C-like rules. */
type Family = 'ts' | 'python' | 'go' | 'rust' | 'java' | 'other';

const FAMILIES: Record<string, Family> = {
  typescript: 'ts',
  typescriptreact: 'ts',
  javascript: 'ts',
  javascriptreact: 'ts',
  python: 'python',
  go: 'go',
  rust: 'rust',
  java: 'java',
};

/**
 * Language ids that are prose, not code: read aloud leaves them to the markdown rules. Markup (HTML, XML)
 * is here too: its tags are already dropped by those rules, and "less than div" would be worse.
 */
const PROSE_LANGUAGES = new Set([
  'markdown',
  'plaintext',
  'text',
  'latex',
  'restructuredtext',
  'asciidoc',
  'log',
  'html',
  'xml',
  'xsl',
  'svg',
]);

/** True for a language id whose text should go through the verbaliser. */
export function isCodeLanguage(languageId: string | undefined): boolean {
  return languageId !== undefined && languageId !== '' && !PROSE_LANGUAGES.has(languageId);
}

/** Words for keywords that are abbreviations; the others are already words. */
const KEYWORDS: Record<Family, Record<string, string>> = {
  ts: { typeof: 'type of', instanceof: 'instance of', const: 'const', enum: 'enum' },
  python: { def: 'define', elif: 'else if', None: 'none', True: 'true', False: 'false', self: 'self', cls: 'class' },
  go: { func: 'function', chan: 'channel', fmt: 'format', nil: 'nil' },
  rust: { fn: 'function', impl: 'implement', pub: 'public', mut: 'mutable', struct: 'struct', Self: 'self type' },
  java: {},
  other: {},
};

/** Keywords followed by a bracket that is not a call: `if (x)` is not "if of x". */
const CONTROL_WORDS = new Set([
  'if',
  'elif',
  'while',
  'for',
  'switch',
  'catch',
  'return',
  'match',
  'in',
  'and',
  'or',
  'not',
  'typeof',
  'await',
  'yield',
  'else',
  'do',
  'case',
  'with',
  'assert',
  'throw',
  'new',
  'sizeof',
  'is',
  'func',
  'function',
]);

/** Operators, longest first within each family's list; the shared list comes after the family's own. */
const SHARED_OPERATORS: [string, string][] = [
  ['===', 'equals'],
  ['!==', 'not equal'],
  ['...', 'spread'],
  ['**=', 'power equals'],
  ['<<=', 'shift left equals'],
  ['>>=', 'shift right equals'],
  ['==', 'equals'],
  ['!=', 'not equal'],
  ['<=', 'at most'],
  ['>=', 'at least'],
  ['=>', 'arrow'],
  ['->', 'arrow'],
  ['::', 'path'],
  ['&&', 'and'],
  ['||', 'or'],
  ['??', 'or else'],
  ['?.', 'optional dot'],
  ['++', 'increment'],
  ['--', 'decrement'],
  ['+=', 'plus equals'],
  ['-=', 'minus equals'],
  ['*=', 'times equals'],
  ['/=', 'divided equals'],
  ['%=', 'mod equals'],
  ['**', 'to the power'],
  ['<<', 'shift left'],
  ['>>', 'shift right'],
  ['+', 'plus'],
  ['-', 'minus'],
  ['*', 'times'],
  ['/', 'divided by'],
  ['%', 'mod'],
  ['<', 'less than'],
  ['>', 'greater than'],
  ['=', 'is'],
  ['&', 'bit and'],
  ['|', 'bit or'],
  ['^', 'xor'],
  ['~', 'bit not'],
  ['!', 'not'],
  ['@', 'at'],
];
const FAMILY_OPERATORS: Record<Family, [string, string][]> = {
  // In TypeScript `|` is mostly a union type: `string | undefined` reads "string or undefined".
  ts: [['|', 'or']],
  python: [
    ['//=', 'floor divided equals'],
    ['//', 'floor divided by'],
    ['@', 'decorator'],
  ],
  go: [
    [':=', 'becomes'],
    ['<-', 'receive'],
  ],
  rust: [
    ['..=', 'range to'],
    ['..', 'range'],
  ],
  java: [['@', 'annotation']],
  other: [],
};

type Token =
  | { kind: 'word'; text: string }
  | { kind: 'number'; text: string }
  | { kind: 'string'; text: string }
  | { kind: 'op'; text: string }
  | { kind: 'comment'; text: string }
  | { kind: 'space'; text: ' ' };

const IDENTIFIER = /^[\p{L}_$][\p{L}\p{N}_$]*/u;
const NUMBER = /^(?:0[xob][\da-f_]+|\d[\d_]*(?:\.\d[\d_]*)?(?:e[+-]?\d+)?)[a-z\d]*/i;

function tokenize(line: string, operators: [string, string][], family: Family): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < line.length) {
    const rest = line.slice(i);
    const char = line[i];
    if (/\s/.test(char)) {
      i++;
      if (tokens[tokens.length - 1]?.kind !== 'space') tokens.push({ kind: 'space', text: ' ' });
      continue;
    }
    // A comment inside the line (`ch === 36 /* $ */`) or after it is read as prose, without its markers.
    const comment = /^\/\*+(.*?)\*+\/|^\/\/[/!]?(.*)$/.exec(rest);
    if (comment && (family !== 'python' || rest.startsWith('/*'))) {
      tokens.push({ kind: 'comment', text: (comment[1] ?? comment[2]).trim() });
      i += comment[0].length;
      continue;
    }
    if (family === 'python' && char === '#') {
      tokens.push({ kind: 'comment', text: rest.slice(1).trim() });
      break;
    }
    // A string prefix such as Python's f"…" or Rust's b"…" is part of the literal, not a word.
    const literal = /^(?:[rbfu]{1,2}|)(["'`])/i.exec(rest);
    if (literal && (literal[0].length === 1 || !IDENTIFIER.test(line[i - 1] ?? ''))) {
      const quote = literal[1];
      let j = i + literal[0].length;
      let body = '';
      while (j < line.length && line[j] !== quote) {
        if (line[j] === '\\' && j + 1 < line.length) {
          body += line[j + 1] === 'n' ? ' ' : line[j + 1];
          j += 2;
          continue;
        }
        body += line[j++];
      }
      // A Rust lifetime ('a) or a lone apostrophe is not a string.
      if (quote === "'" && j >= line.length) {
        i += literal[0].length;
        continue;
      }
      tokens.push({ kind: 'string', text: body.trim() });
      i = j + 1;
      continue;
    }
    const number = NUMBER.exec(rest);
    if (number) {
      tokens.push({ kind: 'number', text: number[0].replace(/_/g, '') });
      i += number[0].length;
      continue;
    }
    const identifier = IDENTIFIER.exec(rest);
    if (identifier) {
      tokens.push({ kind: 'word', text: identifier[0] });
      i += identifier[0].length;
      continue;
    }
    const operator = ['(', ')', '[', ']', '{', '}', ';', ',', '.', ':', '?', '#']
      .concat(operators.map(([op]) => op))
      .filter((op) => rest.startsWith(op))
      .sort((a, b) => b.length - a.length)[0];
    tokens.push({ kind: 'op', text: operator ?? char });
    i += (operator ?? char).length;
  }
  return tokens;
}

/** `parseHTTPResponse2` → "parse HTTP response 2"; `MAX_SIZE` → "max size"; `__init__` → "init". */
export function identifierWords(identifier: string): string {
  const screaming = /^[A-Z\d_]+$/.test(identifier) && /[A-Z]{2}/.test(identifier) && /_/.test(identifier);
  const words = identifier
    .replace(/\$/g, '_')
    .split(/_+/)
    .flatMap((part) => part.match(/\p{Lu}+(?=\p{Lu}\p{Ll})|\p{Lu}?\p{Ll}+|\p{Lu}+|\p{L}+|\d+/gu) ?? [])
    .map((word) => (screaming || !/^\p{Lu}+$/u.test(word) ? word.toLowerCase() : word));
  return words.join(' ');
}

/** One line of code, spoken: words separated by single spaces, commas kept as pauses. */
export function verbaliseCodeLine(line: string, languageId: string): string {
  const family = FAMILIES[languageId] ?? 'other';
  const operators = [...FAMILY_OPERATORS[family], ...SHARED_OPERATORS];
  // The family's own words win over the shared ones (Python's `@` is a decorator, not "at").
  const spoken = new Map([...SHARED_OPERATORS, ...FAMILY_OPERATORS[family]]);
  const keywords = KEYWORDS[family];
  const all = tokenize(line, operators, family);
  const tokens: Token[] = [];
  /** Whether a space comes before / after each kept token: `*ptr` and `a * b` differ only in that. */
  const spaceBefore: boolean[] = [];
  const spaceAfter: boolean[] = [];
  all.forEach((token, i) => {
    if (token.kind === 'space') return;
    tokens.push(token);
    spaceBefore.push(all[i - 1]?.kind === 'space');
    spaceAfter.push(all[i + 1]?.kind === 'space');
  });
  const out: string[] = [];
  let genericDepth = 0;
  let ternary = 0;
  let brackets = 0;
  const say = (words: string) => {
    if (words) out.push(words);
  };
  /** A value ends just before: a binary operator follows, not a prefix one. */
  const afterValue = (index: number) => {
    const prev = tokens[index - 1];
    if (prev === undefined || (prev.kind === 'op' && prev.text !== ')' && prev.text !== ']')) return false;
    if (prev.kind === 'word' && CONTROL_WORDS.has(prev.text)) return false;
    // `(s *Server)`, `f(&x)`: spaced before and glued after is a prefix.
    return !(spaceBefore[index] && !spaceAfter[index]);
  };
  for (let index = 0; index < tokens.length; index++) {
    const token = tokens[index];
    const next = tokens[index + 1];
    if (token.kind === 'word') {
      say(keywords[token.text] ?? identifierWords(token.text));
      continue;
    }
    if (token.kind === 'number') {
      say(token.text);
      continue;
    }
    if (token.kind === 'comment') {
      if (token.text && out.length > 0) out[out.length - 1] += ',';
      if (token.text) say(`${token.text},`);
      continue;
    }
    if (token.kind === 'string') {
      say(token.text ? `"${token.text}"` : 'empty string');
      continue;
    }
    if (token.kind === 'space') continue;
    const op = token.text;
    const prev = tokens[index - 1];
    switch (op) {
      case '(':
        // A call reads "of" before its arguments; grouping brackets carry no word.
        if (prev?.kind === 'word' && !CONTROL_WORDS.has(prev.text) && next?.text !== ')') say('of');
        continue;
      case '[':
        // An array type `T[]` reads "T array".
        if (next?.text === ']' && prev && !spaceBefore[index] && (prev.kind === 'word' || prev.text === '>')) {
          index++;
          say('array');
          continue;
        }
        if (next?.text === ']') {
          index++;
          say('empty list');
          continue;
        }
        brackets++;
        if (prev && (prev.kind === 'word' || prev.text === ')' || prev.text === ']') && next?.text !== ']') say('at');
        continue;
      case ']':
        brackets = Math.max(0, brackets - 1);
        continue;
      case ')':
      case '{':
      case '}':
      case ';':
        continue;
      case ',':
        if (out.length > 0) out[out.length - 1] += ',';
        continue;
      case '.':
        say('dot');
        continue;
      case '#':
        // Rust `#[derive(…)]`, C# regions: an attribute, its brackets drop away.
        if (next?.text === '[' || next?.text === '!') say('attribute');
        continue;
      case '?':
        // `a ? b : c` reads "then … else"; TypeScript's `x?: T` and Rust's `x?` carry no word.
        if (afterValue(index) && next && next.kind !== 'op') {
          ternary++;
          say('then');
        }
        continue;
      case ':':
        // A slice `s[0:n]` reads "s at 0 to n".
        if (brackets > 0) {
          say('to');
          continue;
        }
        if (ternary > 0) {
          ternary--;
          say('else');
        }
        continue;
      case '<':
        // Glued to a type name and followed by one: a generic, "list of string".
        if (prev?.kind === 'word' && next?.text === '>' && !spaceBefore[index]) {
          // Java's diamond `new ArrayList<>()`: the type is inferred, nothing to say.
          index++;
          continue;
        }
        // `List<String>` reads "list of string"; a method's own `<T>` reads "generic T".
        if (!spaceAfter[index] && next?.kind === 'word' && tokens.some((t, j) => j > index && t.text.startsWith('>') && !spaceBefore[j])) {
          const glued = prev?.kind === 'word' && !spaceBefore[index];
          if (glued || !afterValue(index) || prev?.kind === 'word') {
            genericDepth++;
            say(glued ? 'of' : 'generic');
            continue;
          }
        }
        break;
      case '>':
        if (genericDepth > 0) {
          genericDepth--;
          continue;
        }
        break;
      case '>>':
        if (genericDepth > 1) {
          genericDepth -= 2;
          continue;
        }
        break;
      case '!':
        // Rust's `println!` macro: the bang is not "not".
        if (prev?.kind === 'word' && family === 'rust') continue;
        break;
      case '&':
        if (!afterValue(index)) {
          if (next?.kind === 'word' && next.text === 'mut') {
            index++;
            say('mutable reference');
          } else say('reference');
          continue;
        }
        break;
      case '*':
        // `*args`, `*ptr`: a prefix star is not "times".
        if (!afterValue(index)) {
          say('star');
          continue;
        }
        break;
      case '**':
        // Python's `**kwargs`.
        if (!afterValue(index)) {
          say('double star');
          continue;
        }
        break;
      case '<-':
        // Go: `ch <- v` sends, `<-ch` receives.
        if (afterValue(index)) {
          say('send');
          continue;
        }
        break;
      case '-':
        if (!afterValue(index)) {
          say('minus');
          continue;
        }
        break;
    }
    say(spoken.get(op) ?? '');
  }
  // A comma before nothing, or doubled up by dropped brackets, is no pause.
  return out.join(' ').replace(/,+/g, ',').replace(/,$/, '').trim();
}
