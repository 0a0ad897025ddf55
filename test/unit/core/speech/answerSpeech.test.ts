import assert from 'node:assert/strict';
import {
  announceCodeBlock,
  answerForSpeech,
  answerSpeechParts,
  answerText,
  fenceLanguage,
  proseWithoutUrls,
} from '../../../../src/core/speech/answerSpeech';
import type { AssistantTurn } from '../../../../src/shared/protocol';

const announce = { codeBlocks: 'announce' } as const;

/** An answer as Service A's simulated model writes one with web search on. */
const WEB_ANSWER = [
  '## Typescript Release',
  '',
  'Here is a practical way to handle typescript release.',
  '',
  '- **Start small**: make the typescript logic a pure function so it is easy to test. [1]',
  '- **Handle edge cases**: empty input and errors. [2]',
  '',
  '```ts',
  'export function release(input: string[]): string[] {',
  '  if (input.length === 0) return [];',
  '  return input.map((s) => s.trim());',
  '}',
  '```',
  '',
  'Adjust the names to fit your codebase.',
  '',
  'Sources:',
  '1. [Typescript Release: a practical overview](https://example.com/articles/typescript-release)',
  '2. [Typescript Release reference](https://example.org/docs/typescript-release)',
].join('\n');

function turn(partial: Partial<AssistantTurn>): AssistantTurn {
  return { id: 't1', role: 'assistant', status: 'done', reasoning: '', content: '', toolCalls: [], citations: [], ...partial };
}

describe('answerSpeech: what read aloud says for a chat answer', () => {
  it('reads a real-looking answer: heading, prose, list, the code announced, links as their text, no markers or addresses', () => {
    assert.equal(
      answerForSpeech(WEB_ANSWER, announce),
      'Typescript Release. Here is a practical way to handle typescript release. ' +
        'Start small: make the typescript logic a pure function so it is easy to test. ' +
        'Handle edge cases: empty input and errors. Code block, 4 lines of TypeScript. ' +
        'Adjust the names to fit your codebase. Sources: Typescript Release: a practical overview. Typescript Release reference.',
    );
  });

  it('reads only the text parts of a turn: not its reasoning, not its tool cards or their results', () => {
    const t = turn({
      reasoning: 'The user wants the file, so I should call read_file.',
      content: 'Let me look.\n\nThe file has two lines.',
      parts: [
        { kind: 'reasoning', text: 'The user wants the file, so I should call read_file.' },
        { kind: 'text', text: 'Let me look.' },
        { kind: 'tool', callId: 'c1' },
        { kind: 'reasoning', text: 'It returned 12 characters.' },
        { kind: 'text', text: 'The file has two lines.' },
      ],
      toolCalls: [{ id: 'c1', name: 'read_file', args: '{"path":"a.txt"}', status: 'done', result: 'secret tool output' }],
    });
    assert.equal(answerText(t), 'Let me look.\n\nThe file has two lines.');
    assert.deepEqual(answerSpeechParts(t, announce), ['Let me look. The file has two lines.']);
  });

  it('reads a turn saved before parts existed from its content only', () => {
    const t = turn({ reasoning: 'Thinking hard.', content: 'Plain answer.' });
    assert.deepEqual(answerSpeechParts(t, announce), ['Plain answer.']);
  });

  it('never reads the citations the service attached (they are not in the text)', () => {
    const t = turn({ content: 'It changed. [1]', citations: [{ title: 'Release notes', url: 'https://example.com/notes' }] });
    assert.deepEqual(answerSpeechParts(t, announce), ['It changed.']);
  });

  describe('citation markers and addresses', () => {
    for (const [input, expected] of [
      ['It is fast [1].', 'It is fast.'],
      ['It is fast.[1][2]', 'It is fast.'],
      ['It is fast [1, 3].', 'It is fast.'],
      ['It is fast [^2].', 'It is fast.'],
      ['It is fast [citation:4].', 'It is fast.'],
      ['It is fast【5】.', 'It is fast.'],
      ['See [the guide](https://example.com/guide "Guide").', 'See the guide.'],
      ['See [Foo (bar)](https://en.wikipedia.org/wiki/Foo_(bar)).', 'See Foo (bar).'],
      ['See <https://example.com/x>.', 'See link.'],
      ['See https://example.com/a/b?c=d#e, then go on.', 'See link, then go on.'],
      ['[1]: https://example.com/ref', ''],
      ['Footnote here.\n[^1]: https://example.com/ref', 'Footnote here.'],
      ['Arrays are `a[1]`.', 'Arrays are a[1].'],
      ['Cite [docs][1] here.', 'Cite docs here.'],
    ] as const) {
      it(`${JSON.stringify(input)} → ${JSON.stringify(expected)}`, () => {
        assert.equal(answerForSpeech(input, announce), expected);
      });
    }
    it('a numbered link keeps its text', () => {
      assert.equal(proseWithoutUrls('[1](https://example.com/one)'), '1');
    });
  });

  describe('code blocks', () => {
    const block = (info: string, lines: string[]) => ['Before.', '', '```' + info, ...lines, '```', '', 'After.'].join('\n');
    const three = ['def area(r):', '    # the area of a circle', '    return 3.14 * r * r'];

    it('announce (default): the language from the fence, mapped to a readable name', () => {
      assert.equal(answerForSpeech(block('python', three), announce), 'Before. Code block, 3 lines of Python. After.');
      assert.equal(answerForSpeech(block('py', three), announce), 'Before. Code block, 3 lines of Python. After.');
      assert.equal(answerForSpeech(block('rs', ['fn main() {}']), announce), 'Before. Code block, 1 line of Rust. After.');
      assert.equal(answerForSpeech(block('tsx title="App.tsx"', three), announce), 'Before. Code block, 3 lines of TypeScript. After.');
    });

    it('announce: no language, or plain text, is just a code block; an unknown tag is still named', () => {
      assert.equal(answerForSpeech(block('', three), announce), 'Before. Code block, 3 lines. After.');
      assert.equal(answerForSpeech(block('text', three), announce), 'Before. Code block, 3 lines. After.');
      assert.equal(answerForSpeech(block('mermaid', three), announce), 'Before. Code block, 3 lines of mermaid. After.');
    });

    it('counts the lines of code, not blank lines around them; an empty block says nothing', () => {
      assert.equal(answerForSpeech(block('go', ['', 'x := 1', '', 'y := 2', '']), announce), 'Before. Code block, 3 lines of Go. After.');
      assert.equal(answerForSpeech(block('go', []), announce), 'Before. After.');
    });

    it('tilde fences, longer fences, and a fence left open at the end', () => {
      assert.equal(answerForSpeech(['~~~java', 'int x = 1;', '~~~'].join('\n'), announce), 'Code block, 1 line of Java.');
      assert.equal(answerForSpeech(['````md', '```', 'inner', '```', '````'].join('\n'), announce), 'Code block, 3 lines of Markdown.');
      assert.equal(answerForSpeech(['Look:', '```js', 'a();', 'b();'].join('\n'), announce), 'Look: Code block, 2 lines of JavaScript.');
    });

    it('skip: the code is not mentioned', () => {
      assert.equal(answerForSpeech(block('python', three), { codeBlocks: 'skip' }), 'Before. After.');
    });

    it('read: the code through the code verbaliser with the fence language, comments without markers', () => {
      assert.equal(
        answerForSpeech(block('python', three), { codeBlocks: 'read' }),
        'Before. define area of r. the area of a circle. return 3.14 times r times r. After.',
      );
    });

    it('read with readCodeLiterally: the code as written, comments still without markers', () => {
      assert.equal(
        answerForSpeech(block('python', three), { codeBlocks: 'read', readCodeLiterally: true }),
        'Before. def area(r): the area of a circle. return 3.14 * r * r. After.',
      );
    });

    it('URLs inside code are the code’s business: announce does not read them, and prose rules do not touch the block', () => {
      const code = block('sh', ['curl https://example.com/install.sh | sh']);
      assert.equal(answerForSpeech(code, announce), 'Before. Code block, 1 line of shell. After.');
    });
  });

  it('fenceLanguage and announceCodeBlock', () => {
    assert.deepEqual(fenceLanguage('ts'), { name: 'TypeScript', languageId: 'typescript' });
    assert.deepEqual(fenceLanguage('{.golang}'), { name: 'Go', languageId: 'go' });
    assert.equal(fenceLanguage(''), undefined);
    assert.equal(announceCodeBlock(12, 'TypeScript'), 'Code block, 12 lines of TypeScript.');
    assert.equal(announceCodeBlock(3, undefined), 'Code block, 3 lines.');
  });
});
