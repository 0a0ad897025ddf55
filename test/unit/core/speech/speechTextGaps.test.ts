import * as assert from 'node:assert/strict';
import { cleanForSpeech, sentenceRanges, splitForSpeech } from '../../../../src/core/speech/speechText';

const strip = (text: string) => cleanForSpeech(text, { stripMarkup: true });
const sentences = (text: string) => [...sentenceRanges(text)].map(({ start, end }) => text.slice(start, end));

describe('speechText: its known gaps', () => {
  describe('a trailing comment after code', () => {
    it('is read without its # marker, as a phrase of its own', () => {
      assert.equal(strip('x = 1  # note'), 'x = 1. note.');
    });

    it('is read without its // marker', () => {
      assert.equal(strip('foo(); // note'), 'foo(); note.');
    });

    it('leaves markers inside strings, addresses and words alone', () => {
      assert.equal(strip('const u = "a // b"; go("x # y")'), 'const u = "a // b"; go("x # y").');
      assert.equal(strip('See https://example.com/a for C# code'), 'See example.com for C# code.');
    });

    it('keeps Python floor division and C directives where the language says so', () => {
      assert.equal(cleanForSpeech('half = n // 2', { stripMarkup: true, languageId: 'python', readCodeLiterally: true }), 'half = n // 2.');
      assert.equal(cleanForSpeech('x = 1  # note', { stripMarkup: true, languageId: 'python', readCodeLiterally: true }), 'x = 1. note.');
    });

    it('is not looked for in prose files', () => {
      assert.equal(cleanForSpeech('Press the # key', { stripMarkup: true, languageId: 'markdown' }), 'Press the # key.');
      assert.equal(cleanForSpeech('Press the # key', { stripMarkup: true, languageId: 'plaintext' }), 'Press the # key.');
    });

    it('is left as written when stripMarkup is off', () => {
      assert.equal(cleanForSpeech('foo(); // note', { stripMarkup: false }), 'foo(); // note.');
    });
  });

  describe('abbreviations', () => {
    it('keeps "Mr. Smith" in one sentence', () => {
      assert.deepEqual(sentences('Mr. Smith went home. He slept.'), ['Mr. Smith went home.', 'He slept.']);
    });

    it('keeps Dr., Mrs., Ms., e.g., i.e. and vs. inside the sentence', () => {
      assert.deepEqual(
        sentences('Ask Dr. Jones and Mrs. Brown or Ms. Lee. Use tabs, e.g. Two of them, i.e. Both. Red vs. Blue wins. End.'),
        ['Ask Dr. Jones and Mrs. Brown or Ms. Lee.', 'Use tabs, e.g. Two of them, i.e. Both.', 'Red vs. Blue wins.', 'End.'],
      );
    });

    it('ends a sentence at "etc." before a capital, but not before lower case', () => {
      assert.deepEqual(sentences('Apples, pears etc. Then tea.'), ['Apples, pears etc.', 'Then tea.']);
      assert.deepEqual(sentences('Apples, pears etc. and tea.'), ['Apples, pears etc. and tea.']);
    });

    it('does not cut a speech part between "Mr." and the name', () => {
      assert.deepEqual(splitForSpeech('I walked for a while. Mr. Smith went home.', { firstMaxChars: 25, maxChars: 25 }), [
        'I walked for a while.',
        'Mr. Smith went home.',
      ]);
    });
  });

  describe('consecutive # comment lines', () => {
    it('reads each line that starts a new thought as its own sentence', () => {
      assert.equal(strip('# Load the config\n# Retry on failure\n# Log the result'), 'Load the config. Retry on failure. Log the result.');
    });

    it('still joins a line that continues the one above (lower case or an acronym)', () => {
      assert.equal(strip('# Compute the total\n# of all items\n# via the\n# API here'), 'Compute the total of all items via the API here.');
    });

    it('keeps consecutive markdown headings apart', () => {
      assert.equal(strip('# Tandem\n## Install'), 'Tandem. Install.');
    });
  });
});
