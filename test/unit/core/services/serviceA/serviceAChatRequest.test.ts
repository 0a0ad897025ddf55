import assert from 'node:assert/strict';
import type { ChatMessage, FunctionTool } from '../../../../../src/core/services/wireTypes';
import { buildServiceAChatRequest, type ServiceAChatOptions } from '../../../../../src/core/services/serviceA/serviceAChatRequest';
import { expectInvalid, expectServiceError } from '../expectServiceError';

const user = (content: string): ChatMessage => ({ role: 'user', content });
const base = (o: Partial<ServiceAChatOptions> = {}): ServiceAChatOptions => ({ model: 'alpha-v2.5', messages: [user('hi')], ...o });
const readFile: FunctionTool = {
  type: 'function',
  function: {
    name: 'read_file',
    description: 'Read a workspace file',
    parameters: { type: 'object', properties: { path: { type: 'string' } } },
  },
};

describe('buildServiceAChatRequest', () => {
  it('minimal request: model and messages only', () => {
    assert.deepEqual(buildServiceAChatRequest(base()), {
      path: '/v1/chat/completions',
      body: { model: 'alpha-v2.5', messages: [{ role: 'user', content: 'hi' }] },
    });
  });

  it('full request with thinking off: every field under its contract name', () => {
    const req = buildServiceAChatRequest({
      model: 'alpha-v2.5-pro',
      messages: [
        { role: 'developer', content: 'Be brief.' },
        {
          role: 'user',
          content: [
            { type: 'text', text: 'What is this?' },
            { type: 'image_url', image_url: { url: 'data:image/png;base64,AAAA' } },
          ],
          name: 'dev',
        },
      ],
      stream: true,
      thinking: false,
      maxCompletionTokens: 2048,
      temperature: 0.7,
      topP: 0.9,
      frequencyPenalty: 0.5,
      presencePenalty: -0.5,
      stop: ['###', 'END'],
      tools: [readFile],
      webSearch: true,
      responseFormat: { type: 'json_object' },
    });
    assert.deepEqual(req, {
      path: '/v1/chat/completions',
      body: {
        model: 'alpha-v2.5-pro',
        messages: [
          { role: 'developer', content: 'Be brief.' },
          {
            role: 'user',
            content: [
              { type: 'text', text: 'What is this?' },
              { type: 'image_url', image_url: { url: 'data:image/png;base64,AAAA' } },
            ],
            name: 'dev',
          },
        ],
        stream: true,
        thinking: { type: 'disabled' },
        max_completion_tokens: 2048,
        temperature: 0.7,
        top_p: 0.9,
        frequency_penalty: 0.5,
        presence_penalty: -0.5,
        stop: ['###', 'END'],
        tools: [readFile, { type: 'web_search' }],
        tool_choice: 'auto',
        response_format: { type: 'json_object' },
      },
    });
    assert.equal('max_tokens' in req.body, false);
  });

  it('thinking on: thinking enabled, temperature and top_p not sent (forced by the service)', () => {
    const { body } = buildServiceAChatRequest(base({ thinking: true, temperature: 0.2, topP: 0.5, frequencyPenalty: 1 }));
    assert.deepEqual(body, {
      model: 'alpha-v2.5',
      messages: [{ role: 'user', content: 'hi' }],
      thinking: { type: 'enabled' },
      frequency_penalty: 1,
    });
  });

  it('thinking left to the default (enabled) also drops temperature/top_p', () => {
    const { body } = buildServiceAChatRequest(base({ temperature: 0.2, topP: 0.5 }));
    assert.equal('thinking' in body, false);
    assert.equal('temperature' in body, false);
    assert.equal('top_p' in body, false);
  });

  it('web search alone: tools = [{type: web_search}] and tool_choice auto', () => {
    const { body } = buildServiceAChatRequest(base({ webSearch: true }));
    assert.deepEqual(body.tools, [{ type: 'web_search' }]);
    assert.equal(body.tool_choice, 'auto');
  });

  it('no tools → no tool_choice; an empty tools list is omitted', () => {
    const { body } = buildServiceAChatRequest(base({ tools: [], webSearch: false }));
    assert.equal('tools' in body, false);
    assert.equal('tool_choice' in body, false);
  });

  it('a single stop string is sent as given; an empty list is omitted', () => {
    assert.equal(buildServiceAChatRequest(base({ stop: '\n\n' })).body.stop, '\n\n');
    assert.equal('stop' in buildServiceAChatRequest(base({ stop: [] })).body, false);
  });

  it('reasoning_content: kept on tool-call turns, dropped elsewhere; tool turns keep tool_call_id', () => {
    const call = { id: 'call_1', type: 'function' as const, function: { name: 'read_file', arguments: '{"path":"a.ts"}' } };
    const { body } = buildServiceAChatRequest(
      base({
        tools: [readFile],
        messages: [
          user('read a.ts'),
          { role: 'assistant', content: null, reasoning_content: 'I should read it.', tool_calls: [call] },
          { role: 'tool', content: 'export {}', tool_call_id: 'call_1' },
          { role: 'assistant', content: 'It is empty.', reasoning_content: 'The file has no code.', tool_calls: [] },
          user('thanks'),
        ],
      }),
    );
    assert.deepEqual(body.messages, [
      { role: 'user', content: 'read a.ts' },
      { role: 'assistant', content: '', reasoning_content: 'I should read it.', tool_calls: [call] },
      { role: 'tool', content: 'export {}', tool_call_id: 'call_1' },
      { role: 'assistant', content: 'It is empty.' },
      { role: 'user', content: 'thanks' },
    ]);
  });

  it('a tool-call turn without reasoning is fine for A (recommended, not required)', () => {
    const call = { id: 'c', type: 'function' as const, function: { name: 'read_file', arguments: '{}' } };
    const { body } = buildServiceAChatRequest(
      base({
        messages: [user('x'), { role: 'assistant', content: '', tool_calls: [call] }, { role: 'tool', content: 'r', tool_call_id: 'c' }],
      }),
    );
    assert.deepEqual((body.messages as unknown[])[1], { role: 'assistant', content: '', tool_calls: [call] });
  });

  it('omits undefined fields of function definitions', () => {
    const { body } = buildServiceAChatRequest(base({ tools: [{ type: 'function', function: { name: 'now', description: undefined } }] }));
    assert.deepEqual(body.tools, [{ type: 'function', function: { name: 'now' } }]);
  });

  describe('local validation', () => {
    it('retired model → model_not_found with the replacement', () => {
      expectServiceError(() => buildServiceAChatRequest(base({ model: 'alpha-v2-pro' })), {
        service: 'A',
        code: 'model_not_found',
        message: 'Service A model "alpha-v2-pro" was retired on 2026-06-30 and no longer works',
        hint: 'Choose alpha-v2.5-pro instead',
      });
    });

    it('unknown and other-service models', () => {
      expectInvalid('A', () => buildServiceAChatRequest(base({ model: 'beta-v4-pro' })), 'Unknown Service A model "beta-v4-pro"');
      expectInvalid('A', () => buildServiceAChatRequest(base({ model: 'gpt-4o' })), 'Unknown Service A model "gpt-4o"');
    });

    it('speech models go through the speech builder', () => {
      expectInvalid(
        'A',
        () => buildServiceAChatRequest(base({ model: 'alpha-v2.5-tts' })),
        'alpha-v2.5-tts is a speech model; build its request with buildSpeechRequest',
      );
    });

    it('messages must be non-empty, with known roles and content', () => {
      expectInvalid('A', () => buildServiceAChatRequest(base({ messages: [] })), 'Service A needs at least one message');
      expectInvalid(
        'A',
        () => buildServiceAChatRequest(base({ messages: [{ role: 'robot' as never, content: 'x' }] })),
        'Service A message #1 has unknown role "robot"',
      );
      expectInvalid(
        'A',
        () => buildServiceAChatRequest(base({ messages: [user('a'), { role: 'user', content: null }] })),
        'Service A message #2 (user) needs content: a string or an array of parts',
      );
      expectInvalid(
        'A',
        () => buildServiceAChatRequest(base({ messages: [{ role: 'tool', content: 'r' }] })),
        'Service A tool message #1 needs tool_call_id',
      );
    });

    const ranges: Array<[Partial<ServiceAChatOptions>, string]> = [
      [{ maxCompletionTokens: 0 }, 'Service A max_completion_tokens must be an integer from 1 to 131072 (got 0)'],
      [{ maxCompletionTokens: 131073 }, 'Service A max_completion_tokens must be an integer from 1 to 131072 (got 131073)'],
      [{ maxCompletionTokens: 1.5 }, 'Service A max_completion_tokens must be an integer from 1 to 131072 (got 1.5)'],
      [{ temperature: 1.6 }, 'Service A temperature must be a number from 0 to 1.5 (got 1.6)'],
      [{ temperature: -0.1 }, 'Service A temperature must be a number from 0 to 1.5 (got -0.1)'],
      [{ topP: 0 }, 'Service A top_p must be a number from 0.01 to 1 (got 0)'],
      [{ topP: 1.01 }, 'Service A top_p must be a number from 0.01 to 1 (got 1.01)'],
      [{ frequencyPenalty: 2.5 }, 'Service A frequency_penalty must be a number from -2 to 2 (got 2.5)'],
      [{ presencePenalty: -3 }, 'Service A presence_penalty must be a number from -2 to 2 (got -3)'],
      [{ temperature: Number.NaN }, 'Service A temperature must be a number from 0 to 1.5 (got NaN)'],
    ];
    for (const [opts, message] of ranges) {
      it(`range: ${message}`, () => expectInvalid('A', () => buildServiceAChatRequest(base(opts)), message));
    }

    it('range edges are accepted', () => {
      const { body } = buildServiceAChatRequest(
        base({ thinking: false, maxCompletionTokens: 131072, temperature: 1.5, topP: 0.01, frequencyPenalty: -2, presencePenalty: 2 }),
      );
      assert.equal(body.max_completion_tokens, 131072);
      assert.equal(body.temperature, 1.5);
      assert.equal(body.top_p, 0.01);
      buildServiceAChatRequest(base({ maxCompletionTokens: 1, temperature: 0, topP: 1 }));
    });

    it('stop: at most 4', () => {
      expectInvalid(
        'A',
        () => buildServiceAChatRequest(base({ stop: ['a', 'b', 'c', 'd', 'e'] })),
        'Service A allows at most 4 stop sequences (got 5)',
      );
      assert.deepEqual(buildServiceAChatRequest(base({ stop: ['a', 'b', 'c', 'd'] })).body.stop, ['a', 'b', 'c', 'd']);
    });

    it('function names: 1–64 of [A-Za-z0-9_-], no duplicates', () => {
      const fn = (name: string): FunctionTool => ({ type: 'function', function: { name } });
      const msg = (name: string) => `Service A function name "${name}" is invalid: use 1–64 characters from a-z, A-Z, 0-9, _ and -`;
      expectInvalid('A', () => buildServiceAChatRequest(base({ tools: [fn('read file')] })), msg('read file'));
      expectInvalid('A', () => buildServiceAChatRequest(base({ tools: [fn('')] })), msg(''));
      expectInvalid('A', () => buildServiceAChatRequest(base({ tools: [fn('x'.repeat(65))] })), msg('x'.repeat(65)));
      expectInvalid('A', () => buildServiceAChatRequest(base({ tools: [fn('a.b')] })), msg('a.b'));
      expectInvalid(
        'A',
        () => buildServiceAChatRequest(base({ tools: [fn('dup'), fn('dup')] })),
        'Service A function name "dup" is declared twice',
      );
      buildServiceAChatRequest(base({ tools: [fn('Get-File_2'), fn('y'.repeat(64))] }));
    });

    it('tools option takes function tools only', () => {
      expectInvalid(
        'A',
        () => buildServiceAChatRequest(base({ tools: [{ type: 'web_search' } as unknown as FunctionTool] })),
        'Service A tools option takes function tools only (got type "web_search"); use webSearch for web search',
      );
    });
  });
});
