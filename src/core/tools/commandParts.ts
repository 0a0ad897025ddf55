// A small, deliberately strict POSIX-shell reader for run_command: it cuts a command into the simple
// commands that will run (at `;`, `&&`, `||`, `|`, `&`, newlines and subshell parentheses) and into
// its file redirections, with quotes and escapes removed from each word. Standing command rules
// judge each part, so a rule for `npm test` never covers `npm test; rm -rf x`. Whatever it cannot
// read with certainty (unbalanced quotes, here-docs, substitutions, expansions, eval, comments,
// hidden characters…) it reports as uncertain: such a command is never covered and always asks.
import { hasHiddenCharacters } from '../../shared/commandText';

/** One simple command (its words, quotes removed) or one file redirection (`>`, `out.txt`). */
export interface CommandPart {
  words: string[];
  /** A redirection to or from a file: words are the operator and the file. */
  redirect?: boolean;
}

export type CommandReading = { certain: true; parts: CommandPart[] } | { certain: false; reason: string };

/** Longer commands are not read at all: a rule never covers them (a cap on work per call). */
export const MAX_COMMAND_CHARS = 4000;
const MAX_PARTS = 64;

/**
 * Words that make the shell run text the reader cannot see as parts (eval, source), or that open a
 * compound command whose parts are not simple commands (if, for, {…}).
 */
const UNCERTAIN_COMMANDS = new Set([
  'eval',
  'source',
  '.',
  'if',
  'then',
  'else',
  'elif',
  'fi',
  'for',
  'while',
  'until',
  'do',
  'done',
  'case',
  'esac',
  'select',
  'function',
  'coproc',
  '[[',
  ']]',
  '{',
  '}',
]);

class Uncertain extends Error {}

const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*=/;

/** The parts of a command, or why it cannot be read with certainty. */
export function commandParts(command: string): CommandReading {
  if (command.length > MAX_COMMAND_CHARS) return { certain: false, reason: `it is longer than ${MAX_COMMAND_CHARS} characters` };
  // A newline separates commands; every other hidden character never stands (commandText.ts).
  if (hasHiddenCharacters(command.replace(/\n/g, ''))) return { certain: false, reason: 'it has hidden characters' };
  try {
    return { certain: true, parts: new Reader(command).read() };
  } catch (error) {
    if (error instanceof Uncertain) return { certain: false, reason: error.message };
    throw error;
  }
}

/** A word as it must be written so the reader gives it back unchanged (single quotes when needed). */
export function quoteWord(word: string): string {
  return /^[A-Za-z0-9_@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/** The words of a part written back as one line, e.g. `npm test -- --grep 'a b'`. */
export function partText(part: CommandPart): string {
  return part.words.map(quoteWord).join(' ');
}

/**
 * Every name a command may touch, read loosely (split at blanks, quotes and shell operators, and at
 * `=`), so an uncertain command is checked for sensitive paths too.
 */
export function looseWords(command: string): string[] {
  return command.split(/[\s;&|()<>`'"$=,{}]+/).filter((w) => w !== '');
}

class Reader {
  private at = 0;
  private readonly parts: CommandPart[] = [];
  private words: string[] = [];
  private redirects: CommandPart[] = [];
  /** The word being read; undefined between words (an empty quoted word is '' , not undefined). */
  private word: string | undefined;

  constructor(private readonly text: string) {}

  read(): CommandPart[] {
    const { text } = this;
    while (this.at < text.length) {
      const c = text[this.at];
      if (c === ' ') {
        this.endWord();
        this.at++;
      } else if (c === '\n' || c === ';' || c === '(' || c === ')') {
        if (c === ';' && text[this.at + 1] === ';') throw new Uncertain('it has `;;` (case syntax)');
        this.endPart();
        this.at++;
      } else if (c === '&') {
        if (text[this.at + 1] === '>') this.redirect();
        else {
          this.endPart();
          this.at += text[this.at + 1] === '&' ? 2 : 1;
        }
      } else if (c === '|') {
        this.endPart();
        this.at += text[this.at + 1] === '|' || text[this.at + 1] === '&' ? 2 : 1;
      } else if (c === '>' || c === '<') {
        this.redirect();
      } else {
        this.wordChars();
      }
    }
    this.endPart();
    return this.parts;
  }

  /** Characters of one word up to a blank or an operator: plain, escaped, or quoted. */
  private wordChars(): void {
    const { text } = this;
    while (this.at < text.length) {
      const c = text[this.at];
      if (' \n;&|()<>'.includes(c)) return;
      if (c === '#' && this.word === undefined) throw new Uncertain('it has a comment (`#`), which shells read differently');
      if (c === '$' || c === '`') throw new Uncertain('it has a substitution or expansion (`$` or a backtick)');
      if (c === '!') throw new Uncertain('it has `!` (history expansion or negation)');
      if ('*?[]{}~'.includes(c) && !(c === '~' && this.word !== undefined)) {
        throw new Uncertain('it has a wildcard, brace or tilde expansion');
      }
      if (c === '\\') {
        const next = text[this.at + 1];
        if (next === undefined || next === '\n') throw new Uncertain('it has a line continuation');
        this.append(next);
        this.at += 2;
      } else if (c === "'") {
        const end = text.indexOf("'", this.at + 1);
        if (end < 0) throw new Uncertain('it has an unbalanced quote');
        this.append(text.slice(this.at + 1, end));
        this.at = end + 1;
      } else if (c === '"') {
        this.doubleQuoted();
      } else {
        this.append(c);
        this.at++;
      }
    }
  }

  private doubleQuoted(): void {
    const { text } = this;
    let value = '';
    this.at++;
    for (;;) {
      const c = text[this.at];
      if (c === undefined) throw new Uncertain('it has an unbalanced quote');
      if (c === '"') break;
      if (c === '$' || c === '`') throw new Uncertain('it has a substitution or expansion inside double quotes');
      if (c === '!') throw new Uncertain('it has `!` inside double quotes (history expansion)');
      if (c === '\\') {
        const next = text[this.at + 1];
        if (next === '\n') throw new Uncertain('it has a line continuation');
        if (next !== undefined && '$`"\\'.includes(next)) {
          value += next;
          this.at += 2;
          continue;
        }
      }
      value += c;
      this.at++;
    }
    this.at++;
    this.append(value);
  }

  /** A redirection: to or from a file it is a part of its own; `2>&1` and the like only move descriptors. */
  private redirect(): void {
    const { text } = this;
    const op = /^(?:&>>|&>|>>|>\||>&|<&|<>|<<|>|<)/.exec(text.slice(this.at))![0];
    if (op === '<<' || text[this.at + op.length] === '(') throw new Uncertain('it has a here-document or a process substitution');
    // `2>out.txt`: the digits just before the operator name a descriptor, not a word.
    if (this.word !== undefined && /^\d+$/.test(this.word) && /\d/.test(text[this.at - 1] ?? '')) this.word = undefined;
    this.endWord();
    this.at += op.length;
    while (text[this.at] === ' ') this.at++;
    this.wordChars();
    const target = this.word;
    this.word = undefined;
    if (target === undefined || target === '') throw new Uncertain(`a redirection (${op}) has no target`);
    if ((op === '>&' || op === '<&') && /^(?:\d+|-)$/.test(target)) return;
    this.redirects.push({ words: [op, target], redirect: true });
  }

  private append(chars: string): void {
    this.word = (this.word ?? '') + chars;
  }

  private endWord(): void {
    if (this.word !== undefined) this.words.push(this.word);
    this.word = undefined;
  }

  private endPart(): void {
    this.endWord();
    if (this.words.length > 0) {
      const command = this.words.find((w) => !ASSIGNMENT.test(w));
      if (command !== undefined && UNCERTAIN_COMMANDS.has(command)) throw new Uncertain(`it uses \`${command}\``);
      this.parts.push({ words: this.words });
    }
    this.parts.push(...this.redirects);
    if (this.parts.length > MAX_PARTS) throw new Uncertain(`it has more than ${MAX_PARTS} parts`);
    this.words = [];
    this.redirects = [];
  }
}
