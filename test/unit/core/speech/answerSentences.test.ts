import assert from 'node:assert/strict';
import { AnswerSentenceStream } from '../../../../src/core/speech/answerSentences';
import { answerForSpeech, type AnswerSpeechOptions } from '../../../../src/core/speech/answerSpeech';

const announce: AnswerSpeechOptions = { codeBlocks: 'announce' };

/** Streams `text` in pieces of `size` characters; returns what each push gave (by the text pushed so far) and what close gave. */
function stream(text: string, size: number, options = announce): { given: Array<[string, string]>; closed: string[] } {
  const s = new AnswerSentenceStream(options);
  const given: Array<[string, string]> = [];
  for (let i = 0; i < text.length; i += size) {
    for (const sentence of s.push(text.slice(i, i + size))) given.push([text.slice(0, i + size), sentence]);
  }
  return { given, closed: s.close() };
}

const ANSWER = [
  '## Debounce',
  '',
  'Here is a practical way to handle debounce. See [the docs](https://example.com/docs) first.',
  '',
  '- **Start small**: a pure function is easy to test. [1]',
  '- **Handle edge cases**: empty input and errors. [2]',
  '',
  '```ts',
  'export function debounce(fn: () => void, ms: number) {',
  '  let timer: ReturnType<typeof setTimeout> | undefined;',
  '  return () => {',
  '    clearTimeout(timer);',
  '    timer = setTimeout(fn, ms);',
  '  };',
  '}',
  '```',
  '',
  'Mr. Smith says this version is easy to extend. Add tests for the edge cases above.',
].join('\n');

describe('AnswerSentenceStream: an answer spoken sentence by sentence while it streams', () => {
  for (const size of [1, 3, 17, 1000]) {
    it(`gives exactly the sentences of the finished answer, in order (pieces of ${size})`, () => {
      const { given, closed } = stream(ANSWER, size);
      const all = [...given.map(([, s]) => s), ...closed];
      assert.equal(all.join(' '), answerForSpeech(ANSWER, announce));
    });
  }

  it('never gives a half sentence: a sentence only once the text after it shows it ended', () => {
    const s = new AnswerSentenceStream(announce);
    assert.deepEqual(s.push('Here is the first sentence'), []);
    assert.deepEqual(s.push('. '), [], 'a full stop and a space could still be "Mr. Smith"');
    assert.deepEqual(s.push('And'), ['Here is the first sentence.']);
    assert.deepEqual(s.push(' the second one.'), []);
    assert.deepEqual(s.close(), ['And the second one.']);
  });

  it('keeps "Mr. Smith" in one sentence across pieces', () => {
    const s = new AnswerSentenceStream(announce);
    assert.deepEqual(s.push('Ask Mr. '), []);
    assert.deepEqual(s.push('Smith about it. Then'), ['Ask Mr. Smith about it.']);
  });

  it('a paragraph break ends a sentence even without punctuation', () => {
    const s = new AnswerSentenceStream(announce);
    assert.deepEqual(s.push('A heading-like line\n'), []);
    assert.deepEqual(s.push('\n'), ['A heading-like line.']);
  });

  it('a list item or heading ends the block before it as soon as it is recognised', () => {
    const s = new AnswerSentenceStream(announce);
    assert.deepEqual(s.push('Three steps\n'), []);
    assert.deepEqual(s.push('- '), [], 'a lone "- " could still be a rule');
    assert.deepEqual(s.push('Start'), ['Three steps.']);
    assert.deepEqual(s.push(' small.\n## Next\n'), ['Start small.', 'Next.']);
  });

  it('holds back the text inside an unclosed code fence until it closes, then announces it', () => {
    const s = new AnswerSentenceStream(announce);
    assert.deepEqual(s.push('Look at this.\n\n``'), ['Look at this.']);
    assert.deepEqual(s.push('`py\nprint("One. Two. Three.")\n'), []);
    assert.deepEqual(s.push('x = 1\n``'), [], 'a partial closing fence is not yet a close');
    assert.deepEqual(s.push('`'), [], 'nor is a closing fence without its line break');
    assert.deepEqual(s.push('\nDone.'), ['Code block, 2 lines of Python.']);
    assert.deepEqual(s.close(), ['Done.']);
  });

  it('reads the code through the verbaliser when codeBlocks is read, and says nothing of it when skip', () => {
    const md = 'Run it.\n\n```go\nfmt.Println(x)\n```\n\nThen stop.';
    assert.deepEqual([...stream(md, 4, { codeBlocks: 'read' }).given.map(([, s]) => s)], ['Run it.', 'format dot println of x.']);
    const skipped = stream(md, 4, { codeBlocks: 'skip' });
    assert.deepEqual([...skipped.given.map(([, s]) => s), ...skipped.closed], ['Run it.', 'Then stop.']);
  });

  it('a fence left open when the answer ends is announced with the lines it has', () => {
    const s = new AnswerSentenceStream(announce);
    assert.deepEqual(s.push('See:\n```rust\nfn main() {}\n'), ['See:']);
    assert.deepEqual(s.close(), ['Code block, 1 line of Rust.']);
  });

  it('drops addresses and citation markers split across pieces', () => {
    const { given, closed } = stream('Read https://example.com/a/long/path now [1]. Then [the guide](https://x.dev/g) too.', 2);
    assert.deepEqual([...given.map(([, s]) => s), ...closed], ['Read link now.', 'Then the guide too.']);
  });

  it('a paragraph far past the look-again limit (no line breaks) still gives every sentence, once, in order', () => {
    const paragraph = Array.from({ length: 400 }, (_, i) => `Sentence ${i + 1} says a little more, e.g. about Mr. Smith.`).join(' ');
    assert.ok(paragraph.length > 20_000);
    for (const size of [7, 5000]) {
      const { given, closed } = stream(`Intro line.\n\n${paragraph}\n\nThe end.`, size);
      const all = [...given.map(([, s]) => s), ...closed];
      assert.equal(all.length, 402, `pieces of ${size}`);
      assert.equal(all.join(' '), `Intro line. ${paragraph} The end.`);
    }
  });

  it('a giant run without sentence ends or spaces is cut rather than held, and nothing is lost', () => {
    const run = 'x'.repeat(5000);
    const { given, closed } = stream(`${run} end.`, 100);
    assert.ok(given.length > 0, 'parts are given before the answer ends');
    assert.equal([...given.map(([, s]) => s), ...closed].join('').replace(/[ .]/g, ''), `${run}end`);
  });

  it('gives the first sentence the moment the next one starts, long before the answer ends', () => {
    const { given } = stream(ANSWER, 1);
    const first = given[0];
    assert.equal(first[1], 'Debounce.');
    assert.ok(first[0].length < ANSWER.length / 4, `given after ${first[0].length} of ${ANSWER.length} characters`);
    const second = given[1];
    assert.equal(second[1], 'Here is a practical way to handle debounce.');
    assert.ok(second[0].endsWith('debounce. S'), `given as soon as the next sentence began: ${JSON.stringify(second[0].slice(-12))}`);
  });
});
