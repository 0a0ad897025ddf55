import * as assert from 'node:assert/strict';
import { startSimulator, type Simulator } from '../../../../sim/simulator';
import type { ChatChunk, ChatMessage, FunctionTool } from '../../../../src/core/services/wireTypes';
import { costOf } from '../../../../src/core/services/cost';
import { StreamAccumulator, toAssistantMessage } from '../../../../src/core/transport/streamAccumulator';
import { drain, simClients, type SimClients } from './simClients';

const readFileTool: FunctionTool = {
  type: 'function',
  function: {
    name: 'read_file',
    description: 'Read a file in the workspace',
    parameters: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
  },
};

async function accumulate(stream: AsyncIterable<ChatChunk>) {
  const acc = new StreamAccumulator();
  const { items, error } = await drain(stream);
  for (const chunk of items) acc.push(chunk);
  return { message: acc.snapshot, chunks: items, error };
}

describe('service clients against the simulator: chat', () => {
  let sim: Simulator;
  let clients: SimClients;

  before(async () => {
    sim = await startSimulator({ keyA: 'key-a', keyB: 'key-b' });
    clients = simClients(sim);
  });
  beforeEach(() => sim.reset());
  after(async () => {
    await clients.close();
    await sim.close();
  });

  it('streams a Service A answer with live reasoning, then content and usage that adds up', async () => {
    const { message, chunks, error } = await accumulate(
      clients.a.streamChat({ model: 'alpha-v2.5-pro', messages: [{ role: 'user', content: 'How do I reverse a list in Python?' }] }),
    );
    assert.equal(error, undefined);
    assert.ok(message.reasoning_content.length > 20, 'reasoning arrives');
    assert.ok(message.content.includes('```'), 'markdown with a code block');
    const firstContent = chunks.findIndex((c) => c.choices[0]?.delta.content);
    const lastReasoning = chunks.findLastIndex((c) => c.choices[0]?.delta.reasoning_content);
    assert.ok(lastReasoning < firstContent, 'reasoning streams before the answer');
    assert.equal(message.finish_reason, 'stop');
    const usage = message.usage!;
    assert.equal(usage.total_tokens, usage.prompt_tokens + usage.completion_tokens);
    assert.ok(usage.completion_tokens_details!.reasoning_tokens! > 0);
    const body = sim.requests[0].body as Record<string, unknown>;
    assert.equal(sim.requests[0].path, '/v1/chat/completions');
    assert.equal(body.stream, true);
    assert.equal(sim.requests[0].headers.authorization, 'Bearer key-a');
  });

  it('sends Service A the api-key header when configured', async () => {
    const apiKeyClients = simClients(sim, { authScheme: 'api-key' });
    try {
      const reply = await apiKeyClients.a.chat({ model: 'alpha-v2.5', thinking: false, messages: [{ role: 'user', content: 'hi' }] });
      assert.ok(reply.choices[0].message.content);
      assert.equal(sim.requests[0].headers['api-key'], 'key-a');
      assert.equal(sim.requests[0].headers.authorization, undefined);
    } finally {
      await apiKeyClients.close();
    }
  });

  it('streams a Service B answer whose cost follows the price table, with cache hits on the follow-up', async () => {
    const messages: ChatMessage[] = [
      { role: 'system', content: 'You are a helpful coding assistant.' },
      { role: 'user', content: 'Write a TypeScript debounce function.' },
    ];
    const first = await accumulate(clients.b.streamChat({ model: 'beta-v4-flash', messages }));
    assert.equal(first.error, undefined);
    assert.ok(first.message.content.length > 0);
    const usage = first.message.usage!;
    assert.equal(usage.prompt_cache_hit_tokens! + usage.prompt_cache_miss_tokens!, usage.prompt_tokens);
    const cost = costOf('beta-v4-flash', usage)!;
    const expected = (usage.prompt_cache_hit_tokens! * 0.02 + usage.prompt_cache_miss_tokens! * 1 + usage.completion_tokens * 2) / 1e6;
    assert.ok(Math.abs(cost.amount - expected) < 1e-12);

    const followUp = await accumulate(
      clients.b.streamChat({
        model: 'beta-v4-flash',
        messages: [...messages, toAssistantMessage(first.message), { role: 'user', content: 'Now add a cancel method.' }],
      }),
    );
    assert.ok(followUp.message.usage!.prompt_cache_hit_tokens! > 0, 'the repeated prefix is a cache hit');
    const sent = sim.requests[1].body as { messages: ChatMessage[] };
    assert.equal(sent.messages[2].reasoning_content, undefined, 'reasoning of a turn without tool calls is not sent back');
  });

  it('runs a Service B tool call round trip, sending the reasoning of the tool-call turn back', async () => {
    const messages: ChatMessage[] = [{ role: 'user', content: 'Please read the file "src/greet.ts" and summarise it.' }];
    const turn = await accumulate(clients.b.streamChat({ model: 'beta-v4-pro', messages, tools: [readFileTool] }));
    assert.equal(turn.message.finish_reason, 'tool_calls');
    assert.equal(turn.message.tool_calls.length, 1);
    const call = turn.message.tool_calls[0];
    assert.equal(call.function.name, 'read_file');
    assert.deepEqual(JSON.parse(call.function.arguments), { path: 'src/greet.ts' });
    assert.ok(turn.message.reasoning_content, 'reasoning mode reasons before calling');

    const assistant = toAssistantMessage(turn.message);
    assert.equal(assistant.reasoning_content, turn.message.reasoning_content);
    const answer = await accumulate(
      clients.b.streamChat({
        model: 'beta-v4-pro',
        tools: [readFileTool],
        messages: [...messages, assistant, { role: 'tool', tool_call_id: call.id, content: 'export function greet() { return "Hello"; }' }],
      }),
    );
    assert.equal(answer.error, undefined, 'the service accepted the history');
    assert.equal(answer.message.finish_reason, 'stop');
    assert.match(answer.message.content, /greet/);
    const sent = sim.requests[1].body as { messages: ChatMessage[] };
    assert.equal(sent.messages[1].reasoning_content, turn.message.reasoning_content);
  });

  it('rejects, before sending, a Service B tool-call turn that lost its reasoning', async () => {
    await assert.rejects(
      () =>
        drain(
          clients.b.streamChat({
            model: 'beta-v4-flash',
            tools: [readFileTool],
            messages: [
              { role: 'user', content: 'read a.ts' },
              {
                role: 'assistant',
                content: '',
                tool_calls: [{ id: 'c1', type: 'function', function: { name: 'read_file', arguments: '{"path":"a.ts"}' } }],
              },
              { role: 'tool', tool_call_id: 'c1', content: 'x' },
            ],
          }),
        ).then(({ error }) => {
          if (error) throw error;
        }),
      (error: Error & { code?: string }) => error.code === 'invalid_request' && /reasoning_content/.test(error.message),
    );
    assert.equal(sim.requests.length, 0);
  });

  it('returns Service A web-search citations and counts', async () => {
    const { message } = await accumulate(
      clients.a.streamChat({
        model: 'alpha-v2.5',
        webSearch: true,
        messages: [{ role: 'user', content: 'What is new in TypeScript 5.9?' }],
      }),
    );
    assert.ok(message.annotations.length > 0);
    for (const annotation of message.annotations) assert.match(annotation.url!, /^https:\/\//);
    assert.ok(message.usage!.web_search_usage!.tool_usage! >= 1);
    assert.deepEqual((sim.requests[0].body as { tools: unknown[] }).tools, [{ type: 'web_search' }]);
  });

  it('reports a failed web search through error_message', async () => {
    sim.inject({ kind: 'search-error' });
    const { message } = await accumulate(
      clients.a.streamChat({ model: 'alpha-v2.5', webSearch: true, messages: [{ role: 'user', content: 'Latest Node.js release?' }] }),
    );
    assert.ok(message.error_message);
    assert.equal(message.annotations.length, 0);
  });

  it('maps content_filter and context_length_exceeded to clear errors', async () => {
    await assert.rejects(
      () => clients.a.chat({ model: 'alpha-v2.5', messages: [{ role: 'user', content: 'Tell me about FORBIDDEN_TOPIC' }] }),
      (error: Error & { code?: string; hint?: string }) => error.code === 'content_filter' && Boolean(error.hint),
    );
    sim.configure({ contextTokensA: 50 });
    await assert.rejects(
      () => clients.a.chat({ model: 'alpha-v2.5', messages: [{ role: 'user', content: 'word '.repeat(400) }] }),
      (error: Error & { code?: string; hint?: string }) =>
        error.code === 'context_length_exceeded' && /new chat|shorten/i.test(error.hint ?? ''),
    );
  });

  it('lists Service B models and reads the balance', async () => {
    assert.deepEqual((await clients.b.listModels()).map((m) => m.id).sort(), ['beta-v4-flash', 'beta-v4-pro']);
    const balance = await clients.b.balance();
    assert.equal(balance.balances[0].currency, 'CNY');
    assert.ok(Number(balance.balances[0].total) > 0);
  });
});
