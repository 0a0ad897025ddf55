import assert from 'node:assert/strict';
import { cleanForSpeech, speechSentences, type CleanOptions } from '../../../../src/core/speech/speechText';

/** Each spoken sentence with the source it was read from. */
const pairs = (source: string, options: CleanOptions = { stripMarkup: true, languageId: 'markdown' }) =>
  speechSentences(source, options).map((s) => [s.text, source.slice(s.start, s.end)]);

describe('speechSentences: sentences cleaned for speech, each with its span of the source', () => {
  it('splits prose into sentences first, then cleans each, keeping the span as written', () => {
    assert.deepEqual(pairs('# Notes\n\nRead **this** sentence aloud. Not this one.'), [
      ['Notes.', '# Notes'],
      ['Read this sentence aloud.', 'Read **this** sentence aloud.'],
      ['Not this one.', 'Not this one.'],
    ]);
  });

  it('runs a sentence over a wrapped line, and keeps "Mr. Smith" in one sentence', () => {
    assert.deepEqual(pairs('A wrapped\nline goes on. Mr. Smith came.'), [
      ['A wrapped line goes on.', 'A wrapped\nline goes on.'],
      ['Mr. Smith came.', 'Mr. Smith came.'],
    ]);
  });

  it('never joins list items, table rows or a heading to what follows', () => {
    assert.deepEqual(pairs('Intro\n- item one\n- item two\n| a | b |\n# Next\ntext'), [
      ['Intro.', 'Intro'],
      ['item one.', '- item one'],
      ['item two.', '- item two'],
      ['a, b.', '| a | b |'],
      ['Next.', '# Next'],
      ['text.', 'text'],
    ]);
  });

  it('drops sentences that clean to nothing', () => {
    assert.deepEqual(pairs('First.\n\n---\n\n***\n\nLast.'), [
      ['First.', 'First.'],
      ['Last.', 'Last.'],
    ]);
  });

  it('reads code as the code verbaliser does, a comment inside a block comment without its marker', () => {
    const source =
      '/**\n * Returns the total. Also logs\n * it to the console.\n */\nfunction total(x: number) {\n  return x + 1; // add one\n}';
    assert.deepEqual(pairs(source, { stripMarkup: true, languageId: 'typescript' }), [
      ['Returns the total.', '* Returns the total.'],
      ['Also logs it to the console.', 'Also logs\n * it to the console.'],
      ['function total of x number.', 'function total(x: number) {'],
      ['return x plus 1. add one.', 'return x + 1; // add one'],
    ]);
  });

  it('speaks the same words as cleanForSpeech over the whole text', () => {
    const source = '# Title\n\nSome *prose* here. And [a link](https://example.com/x) too.\n\n- a list item\n- another one\n\nLast words.';
    const options = { stripMarkup: true, languageId: 'markdown' };
    assert.equal(
      speechSentences(source, options)
        .map((s) => s.text)
        .join(' '),
      cleanForSpeech(source, options),
    );
  });

  it('keeps the text as written when markup is not stripped', () => {
    assert.deepEqual(pairs('Say **this**. Then\nthat.\n\nEnd', { stripMarkup: false }), [
      ['Say **this**.', 'Say **this**.'],
      ['Then that.', 'Then\nthat.'],
      ['End.', 'End'],
    ]);
  });

  it('counts offsets in the source as given, with CRLF line ends', () => {
    assert.deepEqual(pairs('One line.\r\nTwo\r\nlines.'), [
      ['One line.', 'One line.'],
      ['Two lines.', 'Two\r\nlines.'],
    ]);
  });

  it('cuts a sentence past the limits as splitForSpeech does, each piece keeping the whole sentence span', () => {
    const long = `Then ${'word '.repeat(60).trim()}, ${'more '.repeat(60).trim()}.`;
    const sentences = speechSentences(`Short one. ${long}`, { stripMarkup: true }, { firstMaxChars: 50, maxChars: 200 });
    assert.equal(sentences[0].text, 'Short one.');
    const rest = sentences.slice(1);
    assert.ok(rest.length >= 2, `${rest.length} pieces`);
    for (const piece of rest) {
      assert.ok(piece.text.length <= 200, `${piece.text.length} characters`);
      assert.deepEqual([piece.start, piece.end], [11, 11 + long.length]);
    }
    assert.equal(rest.map((p) => p.text).join(' '), long);
  });

  it('holds the first-part limit for the first sentence, so the first sound comes soon', () => {
    const sentences = speechSentences(`${'word '.repeat(30).trim()}.`, { stripMarkup: true }, { firstMaxChars: 40, maxChars: 1000 });
    assert.ok(sentences.length > 1 && sentences[0].text.length <= 40);
  });
});
