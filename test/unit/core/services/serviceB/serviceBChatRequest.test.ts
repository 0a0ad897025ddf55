import assert from 'node:assert/strict';
import type { ChatMessage, FunctionTool, ToolCall } from '../../../../../src/core/services/wireTypes';
import { buildServiceBChatRequest, type ServiceBChatOptions } from '../../../../../src/core/services/serviceB/serviceBChatRequest';
import { expectInvalid, expectServiceError } from '../expectServiceError';

const user = (content: string): ChatMessage => ({ role: 'user', content });
const base = (o: Partial<ServiceBChatOptions> = {}): ServiceBChatOptions => ({ model: 'beta-v4-flash', messages: [user('hi')], ...o });
const fn = (name: string, extra: Partial<FunctionTool['function']> = {}): FunctionTool => ({
  type: 'function',
  function: { name, ...extra },
});
const weather = fn('get_weather', {
  description: 'Weather for a city',
  parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
});
const call: ToolCall = { id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Hangzhou"}' } };
const build = (o: Partial<ServiceBChatOptions>) => () => buildServiceBChatRequest(base(o));

describe('buildServiceBChatRequest', () => {
  it('minimal request', () => {
    assert.deepEqual(buildServiceBChatRequest(base()), {
      path: '/chat/completions',
      body: { model: 'beta-v4-flash', messages: [{ role: 'user', content: 'hi' }] },
    });
  });

  it('reasoning request, streamed: thinking, reasoning_effort, max_tokens, stream_options; temperature/top_p not sent', () => {
    assert.deepEqual(
      buildServiceBChatRequest(
        base({
          model: 'beta-v4-pro',
          messages: [{ role: 'system', content: 'You are terse.' }, user('Plan a trip.')],
          stream: true,
          thinking: true,
          reasoningEffort: 'max',
          maxTokens: 8192,
          temperature: 0.3,
          topP: 0.8,
          stop: ['</answer>'],
          tools: [weather],
          toolChoice: 'auto',
          userId: 'u-42',
        }),
      ),
      {
        path: '/chat/completions',
        body: {
          model: 'beta-v4-pro',
          messages: [
            { role: 'system', content: 'You are terse.' },
            { role: 'user', content: 'Plan a trip.' },
          ],
          stream: true,
          stream_options: { include_usage: true },
          thinking: { type: 'enabled' },
          reasoning_effort: 'max',
          max_tokens: 8192,
          stop: ['</answer>'],
          tools: [weather],
          tool_choice: 'auto',
          user_id: 'u-42',
        },
      },
    );
  });

  it('non-reasoning request: thinking disabled, sampling sent, reasoning_effort dropped, logprobs', () => {
    assert.deepEqual(
      buildServiceBChatRequest(
        base({
          thinking: false,
          reasoningEffort: 'high',
          temperature: 0,
          topP: 1,
          logprobs: true,
          topLogprobs: 5,
          responseFormat: { type: 'text' },
        }),
      ).body,
      {
        model: 'beta-v4-flash',
        messages: [{ role: 'user', content: 'hi' }],
        thinking: { type: 'disabled' },
        temperature: 0,
        top_p: 1,
        response_format: { type: 'text' },
        logprobs: true,
        top_logprobs: 5,
      },
    );
  });

  it('stream_options only when streaming, and not when includeUsage is false', () => {
    assert.equal('stream_options' in buildServiceBChatRequest(base({ stream: false })).body, false);
    assert.equal('stream_options' in buildServiceBChatRequest(base({ stream: true, includeUsage: false })).body, false);
    assert.deepEqual(buildServiceBChatRequest(base({ stream: true, includeUsage: true })).body.stream_options, { include_usage: true });
  });

  it('developer → system; text parts flattened; tool-only assistant content becomes ""', () => {
    const { body } = buildServiceBChatRequest(
      base({
        thinking: false,
        tools: [weather],
        messages: [
          { role: 'developer', content: 'Follow the style guide.' },
          {
            role: 'user',
            content: [
              { type: 'text', text: 'Line one' },
              { type: 'text', text: 'Line two' },
            ],
            name: 'ana',
          },
          { role: 'assistant', content: null, tool_calls: [call] },
          { role: 'tool', content: [{ type: 'text', text: 'sunny' }], tool_call_id: 'call_1' },
        ],
      }),
    );
    assert.deepEqual(body.messages, [
      { role: 'system', content: 'Follow the style guide.' },
      { role: 'user', content: 'Line one\nLine two', name: 'ana' },
      { role: 'assistant', content: '', tool_calls: [call] },
      { role: 'tool', content: 'sunny', tool_call_id: 'call_1' },
    ]);
  });

  describe('reasoning retention (docs/contracts.md#b-reasoning-content)', () => {
    const history = (reasoning: string | undefined): ChatMessage[] => [
      user('Weather in Hangzhou?'),
      { role: 'assistant', content: 'Earlier answer.', reasoning_content: 'old thoughts' },
      user('And now?'),
      { role: 'assistant', content: null, reasoning_content: reasoning, tool_calls: [call] },
      { role: 'tool', content: 'sunny', tool_call_id: 'call_1' },
    ];

    it('tool-call turns keep reasoning_content; other turns have it stripped', () => {
      const { body } = buildServiceBChatRequest(base({ tools: [weather], messages: history('need the weather tool') }));
      assert.deepEqual(body.messages, [
        { role: 'user', content: 'Weather in Hangzhou?' },
        { role: 'assistant', content: 'Earlier answer.' },
        { role: 'user', content: 'And now?' },
        { role: 'assistant', content: '', reasoning_content: 'need the weather tool', tool_calls: [call] },
        { role: 'tool', content: 'sunny', tool_call_id: 'call_1' },
      ]);
    });

    it('thinking on + a tool-call turn without reasoning_content → local error', () => {
      for (const thinking of [true, undefined]) {
        const err = expectInvalid(
          'B',
          build({ thinking, tools: [weather], messages: history(undefined) }),
          'Service B needs the reasoning_content of assistant message #4, which made tool calls, when thinking is on',
        );
        assert.match(err.hint, /turn thinking off/);
      }
      expectInvalid('B', build({ tools: [weather], messages: history('') }), /assistant message #4/);
    });

    it('thinking off: no reasoning needed', () => {
      const { body } = buildServiceBChatRequest(base({ thinking: false, tools: [weather], messages: history(undefined) }));
      assert.deepEqual((body.messages as unknown[])[3], { role: 'assistant', content: '', tool_calls: [call] });
    });
  });

  describe('strict tool mode (docs/contracts.md#b-strict-beta)', () => {
    it('uses /beta/chat/completions and sets strict: true on every function', () => {
      const req = buildServiceBChatRequest(
        base({ strict: true, tools: [weather, fn('now', { strict: false })], toolChoice: { type: 'function', function: { name: 'now' } } }),
      );
      assert.equal(req.path, '/beta/chat/completions');
      assert.deepEqual(req.body.tools, [
        { type: 'function', function: { ...weather.function, strict: true } },
        { type: 'function', function: { name: 'now', strict: true } },
      ]);
      assert.deepEqual(req.body.tool_choice, { type: 'function', function: { name: 'now' } });
      assert.equal('strict' in req.body, false);
    });

    it('outside strict mode the beta-only strict field is not sent', () => {
      const req = buildServiceBChatRequest(base({ tools: [fn('now', { strict: true })] }));
      assert.equal(req.path, '/chat/completions');
      assert.deepEqual(req.body.tools, [{ type: 'function', function: { name: 'now' } }]);
    });
  });

  describe('JSON output (docs/contracts.md#b-json-object)', () => {
    it('json_object with "json" in a system or user message is sent', () => {
      const ok = buildServiceBChatRequest(
        base({
          responseFormat: { type: 'json_object' },
          messages: [{ role: 'system', content: 'Answer as JSON.' }, user('list three colours')],
        }),
      );
      assert.deepEqual(ok.body.response_format, { type: 'json_object' });
      buildServiceBChatRequest(base({ responseFormat: { type: 'json_object' }, messages: [user('give me json')] }));
      buildServiceBChatRequest(
        base({ responseFormat: { type: 'json_object' }, messages: [{ role: 'developer', content: 'Output JSON.' }, user('x')] }),
      );
    });

    it('json_object without "json" in a system/user message → local error', () => {
      const err = expectInvalid(
        'B',
        build({ responseFormat: { type: 'json_object' }, messages: [user('list three colours')] }),
        'Service B JSON output needs the word "json" in a system or user message',
      );
      assert.match(err.hint, /Reply in JSON/);
      // An assistant turn mentioning JSON is not an instruction.
      expectInvalid(
        'B',
        build({
          responseFormat: { type: 'json_object' },
          messages: [user('hi'), { role: 'assistant', content: 'I can write JSON' }, user('go')],
        }),
        /needs the word "json"/,
      );
    });

    it('unknown response_format type → local error', () => {
      expectInvalid(
        'B',
        build({ responseFormat: { type: 'json_schema' } as never }),
        'Service B response_format type must be "json_object" or "text" (got "json_schema")',
      );
    });
  });

  describe('local validation', () => {
    it('retired ids → model_not_found; unknown ids → invalid_request', () => {
      expectServiceError(build({ model: 'beta-chat' }), {
        service: 'B',
        code: 'model_not_found',
        message: 'Service B model "beta-chat" went offline on 2026-07-24 and no longer works',
        hint: 'Choose beta-v4-flash with thinking off instead',
      });
      expectServiceError(build({ model: 'beta-reasoner' }), {
        service: 'B',
        code: 'model_not_found',
        message: /beta-reasoner/,
        hint: 'Choose beta-v4-flash with thinking on instead',
      });
      expectInvalid('B', build({ model: 'alpha-v2.5' }), 'Unknown Service B model "alpha-v2.5"');
    });

    it('messages: non-empty, known roles, text only', () => {
      expectInvalid('B', build({ messages: [] }), 'Service B needs at least one message');
      expectInvalid(
        'B',
        build({ messages: [{ role: 'narrator' as never, content: 'x' }] }),
        'Service B message #1 has unknown role "narrator"',
      );
      const err = expectInvalid(
        'B',
        build({
          messages: [
            user('a'),
            {
              role: 'user',
              content: [
                { type: 'text', text: 'see' },
                { type: 'image_url', image_url: { url: 'https://x/y.png' } },
              ],
            },
          ],
        }),
        'Service B accepts text only: message #2 has a part of type "image_url"',
      );
      assert.match(err.hint, /Service A/);
      expectInvalid('B', build({ messages: [{ role: 'user', content: null }] }), 'Service B message #1 (user) needs text content');
      expectInvalid(
        'B',
        build({ thinking: false, messages: [{ role: 'tool', content: 'r' }] }),
        'Service B tool message #1 needs tool_call_id',
      );
    });

    const ranges: Array<[Partial<ServiceBChatOptions>, string]> = [
      [{ maxTokens: 0 }, 'Service B max_tokens must be an integer from 1 to 393216 (got 0)'],
      [{ maxTokens: 393217 }, 'Service B max_tokens must be an integer from 1 to 393216 (got 393217)'],
      [{ temperature: 2.1 }, 'Service B temperature must be a number from 0 to 2 (got 2.1)'],
      [{ temperature: -1 }, 'Service B temperature must be a number from 0 to 2 (got -1)'],
      [{ topP: 0 }, 'Service B top_p must be a number greater than 0 and at most 1 (got 0)'],
      [{ topP: 1.5 }, 'Service B top_p must be a number greater than 0 and at most 1 (got 1.5)'],
      [{ logprobs: true, topLogprobs: 21 }, 'Service B top_logprobs must be an integer from 0 to 20 (got 21)'],
      [{ logprobs: true, topLogprobs: -1 }, 'Service B top_logprobs must be an integer from 0 to 20 (got -1)'],
    ];
    for (const [opts, message] of ranges) {
      it(`range: ${message}`, () => expectInvalid('B', build(opts), message));
    }

    it('range edges are accepted', () => {
      const { body } = buildServiceBChatRequest(
        base({ thinking: false, maxTokens: 393216, temperature: 2, topP: 1, logprobs: true, topLogprobs: 20 }),
      );
      assert.equal(body.max_tokens, 393216);
      assert.equal(body.temperature, 2);
      buildServiceBChatRequest(base({ maxTokens: 1, temperature: 0, topP: 0.001, logprobs: true, topLogprobs: 0 }));
    });

    it('top_logprobs only with logprobs', () => {
      expectInvalid('B', build({ topLogprobs: 3 }), 'Service B top_logprobs needs logprobs: true');
      expectInvalid('B', build({ logprobs: false, topLogprobs: 3 }), 'Service B top_logprobs needs logprobs: true');
    });

    it('reasoning_effort must be high or max', () => {
      expectInvalid(
        'B',
        build({ reasoningEffort: 'medium' as never }),
        'Service B reasoning_effort must be "high" or "max" (got "medium")',
      );
    });

    it('stop: at most 16', () => {
      const stops = Array.from({ length: 17 }, (_, i) => `s${i}`);
      expectInvalid('B', build({ stop: stops }), 'Service B allows at most 16 stop sequences (got 17)');
      assert.equal((buildServiceBChatRequest(base({ stop: stops.slice(0, 16) })).body.stop as string[]).length, 16);
    });

    it('tools: at most 128, functions only, web_search is Service A only', () => {
      const many = Array.from({ length: 129 }, (_, i) => fn(`f${i}`));
      expectInvalid('B', build({ tools: many }), 'Service B allows at most 128 tools (got 129)');
      assert.equal((buildServiceBChatRequest(base({ tools: many.slice(0, 128) })).body.tools as unknown[]).length, 128);
      const err = expectInvalid(
        'B',
        build({ tools: [{ type: 'web_search' } as unknown as FunctionTool] }),
        'Web search is a Service A tool; Service B takes function tools only',
      );
      assert.match(err.hint, /Service A/);
      expectInvalid(
        'B',
        build({ tools: [{ type: 'retrieval' } as unknown as FunctionTool] }),
        'Service B takes function tools only (got type "retrieval")',
      );
      expectInvalid(
        'B',
        build({ tools: [fn('bad name')] }),
        'Service B function name "bad name" is invalid: use 1–64 characters from a-z, A-Z, 0-9, _ and -',
      );
    });

    it('tool_choice: values, named function must exist, required needs tools', () => {
      assert.equal(buildServiceBChatRequest(base({ tools: [weather], toolChoice: 'required' })).body.tool_choice, 'required');
      assert.equal(buildServiceBChatRequest(base({ tools: [weather], toolChoice: 'none' })).body.tool_choice, 'none');
      assert.equal('tool_choice' in buildServiceBChatRequest(base({ toolChoice: 'auto' })).body, false);
      expectInvalid('B', build({ toolChoice: 'required' }), 'Service B tool_choice "required" needs at least one tool');
      expectInvalid(
        'B',
        build({ tools: [weather], toolChoice: 'any' as never }),
        'Service B tool_choice must be none, auto, required or a named function (got "any")',
      );
      expectInvalid(
        'B',
        build({ tools: [weather], toolChoice: { type: 'function', function: { name: 'nope' } } }),
        'Service B tool_choice names function "nope", which is not among the tools',
      );
      expectInvalid(
        'B',
        build({ tools: [weather], toolChoice: { type: 'tool' } as never }),
        'Service B tool_choice object must be {type: "function", function: {name}}',
      );
    });
  });
});
