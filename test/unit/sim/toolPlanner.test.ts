import assert from 'node:assert/strict';
import type { ConversationMessage, FunctionToolSpec } from '../../../sim/conversation';
import { planToolCalls } from '../../../sim/toolPlanner';
import { countTokens, splitTokens, truncateToTokens } from '../../../sim/tokens';

const TOOLS: FunctionToolSpec[] = [
  { name: 'read_file', parameters: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] } },
  { name: 'list_dir', parameters: { type: 'object', properties: { dir: { type: 'string' } }, required: ['dir'] } },
  { name: 'search_code', parameters: { type: 'object', properties: { query: { type: 'string' } }, required: ['query'] } },
  {
    name: 'get_weather',
    parameters: {
      type: 'object',
      properties: { city: { type: 'string' }, unit: { type: 'string', enum: ['celsius', 'fahrenheit'] } },
      required: ['city', 'unit'],
    },
  },
];

const user = (text: string): ConversationMessage[] => [
  { role: 'user', text, imageParts: 0, audioTokens: 0, videoParts: 0, toolCalls: [], raw: {} },
];

describe('sim: tool-call planner', () => {
  const cases: Array<[string, Array<[string, Record<string, unknown>]>]> = [
    ['list the files in src', [['list_dir', { dir: 'src' }]]],
    ['find usages of "parseArgs"', [['search_code', { query: 'parseArgs' }]]],
    ["What's the weather in Paris?", [['get_weather', { city: 'Paris', unit: 'celsius' }]]],
    ['open ./lib/util.js please', [['read_file', { path: './lib/util.js' }]]],
    [
      'use read file on a.md and search code for "x"',
      [
        ['read_file', { path: 'a.md' }],
        ['search_code', { query: 'x' }],
      ],
    ],
    ['Write a function that sorts numbers', []],
    ['How do I list files in Python?', []],
  ];
  for (const [text, expected] of cases) {
    it(`"${text}"`, () => {
      const calls = planToolCalls(TOOLS, 'auto', user(text));
      assert.deepEqual(
        calls.map((c) => [c.name, JSON.parse(c.arguments)]),
        expected,
      );
    });
  }

  it('no call after a tool result or when the last message is not a user message', () => {
    const messages: ConversationMessage[] = [
      ...user('read a.txt'),
      { role: 'tool', text: 'data', imageParts: 0, audioTokens: 0, videoParts: 0, toolCalls: [], raw: {} },
    ];
    assert.deepEqual(planToolCalls(TOOLS, 'auto', messages), []);
  });
});

describe('sim: tokenizer', () => {
  it('pieces concatenate back to the text and count consistently', () => {
    const text = 'export const x = foo(a, b); // 12345 — 你好 supercalifragilistic\n\n  done.';
    assert.equal(splitTokens(text).join(''), text);
    assert.equal(countTokens(text), splitTokens(text).length);
    assert.equal(countTokens(truncateToTokens(text, 5)), 5);
  });
});
