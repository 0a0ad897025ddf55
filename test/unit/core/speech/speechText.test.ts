import assert from 'node:assert/strict';
import { cleanForSpeech, splitForSpeech } from '../../../../src/core/speech/speechText';

const strip = (text: string) => cleanForSpeech(text, { stripMarkup: true });
const asWritten = (text: string) => cleanForSpeech(text, { stripMarkup: false });
const words = (text: string) => text.split(/\s+/).filter(Boolean);

function assertWithinLimits(parts: string[], firstMax: number, max: number): void {
  parts.forEach((part, i) => {
    const limit = i === 0 ? firstMax : max;
    assert.ok(part.length <= limit, `part ${i} has ${part.length} characters, limit ${limit}`);
    assert.ok(part.length > 0 && part === part.trim(), `part ${i} is empty or untrimmed`);
  });
}

describe('cleanForSpeech', () => {
  it('reads a markdown document as sentences without its markup', () => {
    const doc = [
      '# Tandem',
      '',
      '## Install',
      'Run **npm install**, then `npm test`.',
      'See [the guide](https://example.com/docs/setup) or https://www.github.com/tandem/tandem.',
      '',
      '- first item',
      '- second *item* that',
      '  wraps',
      '1. numbered step',
      '',
      '```ts',
      'const total = a + b;',
      '```',
      '> A quoted line',
      '',
      '![Tandem logo](media/logo.png) Line one<br>line two.',
    ].join('\n');
    assert.equal(
      strip(doc),
      'Tandem. Install. Run npm install, then npm test. See the guide or github.com. ' +
        'first item. second item that wraps. numbered step. const total = a + b; A quoted line. ' +
        'Tandem logo Line one line two.',
    );
  });

  it('keeps content that only looks like markup', () => {
    assert.equal(
      strip('In C# a - b and x*y differ from 2*3*4; snake_case_name and Array<string> stay.'),
      'In C# a - b and x*y differ from 2*3*4; snake_case_name and Array<string> stay.',
    );
    assert.equal(strip('Call handlers[i](event) here'), 'Call handlers[i](event) here.');
  });

  it('turns bare addresses into their host name without eating the full stop', () => {
    assert.equal(strip('Docs live at https://docs.example.com:8443/a/b?c=d#e.'), 'Docs live at docs.example.com.');
    assert.equal(strip('(see http://user@www.example.org/path)'), '(see example.org).');
  });

  it('reads table rows as sentences and drops the separator row', () => {
    assert.equal(strip('| model | voice |\n|---|:---:|\n| tts | Mia |\nAfter the table'), 'model, voice. tts, Mia. After the table.');
  });

  it('speaks the words of a JSDoc block and the line comments of TypeScript', () => {
    const code = [
      '/**',
      ' * Adds two numbers.',
      ' * @param a the first',
      ' */',
      'function add(a: number, b: number) {',
      '  // the sum',
      '  return a + b; /* no overflow check */',
      '}',
      '/// triple-slash note',
    ].join('\n');
    assert.equal(
      strip(code),
      'Adds two numbers. @param a the first. function add(a: number, b: number) {. the sum. return a + b; no overflow check }. triple-slash note.',
    );
  });

  it('drops a leading JSDoc star when the selection starts inside the block comment', () => {
    assert.equal(strip(' * still inside the comment\n * and more\n */\nconst x = 1;'), 'still inside the comment and more. const x = 1;');
  });

  it('speaks Python comments and docstrings and skips the shebang', () => {
    const python = [
      '#!/usr/bin/env python3',
      '# Compute the total',
      '# of all items',
      'def total(items):',
      '    """Return the sum of items.',
      '',
      '    Empty lists give 0.',
      '    """',
      '    return sum(items)',
      "'''Module note.'''",
    ].join('\n');
    assert.equal(
      strip(python),
      'Compute the total of all items. def total(items): Return the sum of items. Empty lists give 0. return sum(items). Module note.',
    );
  });

  it('removes SQL, Lisp and HTML comment markers', () => {
    assert.equal(strip('-- pick the users\nSELECT * FROM users;'), 'pick the users. SELECT * FROM users;');
    assert.equal(strip(';; a lisp note'), 'a lisp note.');
    assert.equal(strip('<!-- hidden note -->\nVisible text'), 'hidden note. Visible text.');
  });

  it('speaks the markers as written when stripMarkup is off', () => {
    assert.equal(asWritten('## Install\n**bold** `code`\n\n// note'), '## Install **bold** `code`. // note.');
  });

  it('joins the lines of a paragraph and ends each paragraph as a sentence', () => {
    const text = 'first line\r\nsecond\tline,\r\n\r\nIs this the next?\n\n\n\n"Quoted."\n\nlast: ';
    const expected = 'first line second line. Is this the next? "Quoted." last:';
    assert.equal(asWritten(text), expected);
    assert.equal(strip(text), expected);
  });

  it('drops control characters and collapses spacing', () => {
    assert.equal(asWritten('\u0007bell\u0000 and   \t tabs\u001b'), 'bell and tabs.');
  });

  it('returns an empty string when nothing is speakable', () => {
    assert.equal(strip(''), '');
    assert.equal(strip('  \n\t\n '), '');
    assert.equal(strip('---\n```\n```\n/**\n */\n#!/bin/sh'), '');
    assert.equal(asWritten('...\n\n'), '');
  });
});

describe('splitForSpeech', () => {
  const sentence = (i: number) => `Sentence number ${i} tells a little more of the story.`;
  const long = Array.from({ length: 80 }, (_, i) => sentence(i)).join(' ');

  it('keeps the first part short and packs later parts up to the limit', () => {
    const parts = splitForSpeech(long);
    assertWithinLimits(parts, 200, 1000);
    assert.ok(parts[0].length <= 200 && parts[0].length > 100, `first part: ${parts[0].length}`);
    assert.ok(parts[1].length > 900, `later parts are packed: ${parts[1].length}`);
    for (const part of parts) assert.match(part, /^Sentence number \d+ .*story\.$/, 'parts end at sentence boundaries');
  });

  it('gives back the same words in order', () => {
    const text = strip(`# Notes\n\n${long}\n\n- an item\n- another item, e.g. this one`);
    const parts = splitForSpeech(text, { firstMaxChars: 60, maxChars: 300 });
    assertWithinLimits(parts, 60, 300);
    assert.deepEqual(words(parts.join(' ')), words(text));
  });

  it('honours custom limits', () => {
    const parts = splitForSpeech(long, { firstMaxChars: 80, maxChars: 150 });
    assertWithinLimits(parts, 80, 150);
    assert.equal(parts[0], sentence(0));
  });

  it('does not split after an abbreviation', () => {
    assert.deepEqual(splitForSpeech('Pick a voice, e.g. this one. Then press play.', { firstMaxChars: 30, maxChars: 30 }), [
      'Pick a voice, e.g. this one.',
      'Then press play.',
    ]);
  });

  it('splits an over-long sentence at clause punctuation first', () => {
    const text = 'one two three four, five six seven eight; nine ten eleven twelve: thirteen fourteen';
    const parts = splitForSpeech(text, { firstMaxChars: 45, maxChars: 45 });
    assert.deepEqual(parts, ['one two three four, five six seven eight;', 'nine ten eleven twelve: thirteen fourteen']);
  });

  it('splits a 3000-character sentence without punctuation at spaces', () => {
    const text = Array.from({ length: 800 }, (_, i) => `word${i}`)
      .join(' ')
      .slice(0, 3000)
      .trim();
    assert.ok(text.length >= 2990 && !/[.,;:!?]/.test(text));
    const parts = splitForSpeech(text);
    assertWithinLimits(parts, 200, 1000);
    assert.ok(parts.length >= 4);
    assert.deepEqual(words(parts.join(' ')), words(text), 'no word is cut');
  });

  it('hard-cuts a long CJK run within the limits', () => {
    const text = '语音合成把文字变成声音'.repeat(150);
    const parts = splitForSpeech(text);
    assertWithinLimits(parts, 200, 1000);
    assert.equal(parts[0].length, 200);
    assert.equal(parts.join(''), text);
  });

  it('cuts CJK sentences at full-width punctuation', () => {
    const text = `${'很长的句子'.repeat(30)}，${'后半部分'.repeat(20)}。第二句。`;
    const parts = splitForSpeech(text);
    assertWithinLimits(parts, 200, 1000);
    assert.equal(parts[0], `${'很长的句子'.repeat(30)}，`);
    assert.equal(parts.join(''), text);
  });

  it('returns no parts for empty or blank text', () => {
    assert.deepEqual(splitForSpeech(''), []);
    assert.deepEqual(splitForSpeech(' \n\t '), []);
  });

  it('rejects limits that are not positive integers', () => {
    assert.throws(() => splitForSpeech('text', { maxChars: 0 }), RangeError);
    assert.throws(() => splitForSpeech('text', { firstMaxChars: 1.5 }), RangeError);
  });
});
