// Proof that the simulator speaks the widely used chat-completions format: the official `openai`
// SDK (v6), pointed at it, works unchanged for chat, streaming, tool calls and legacy completions.
import assert from 'node:assert/strict';
import OpenAI from 'openai';
import { startSimulator, type Simulator } from '../../../sim/simulator';

const readFileTool = {
  type: 'function' as const,
  function: {
    name: 'read_file',
    description: 'Read a file of the workspace',
    parameters: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
  },
};

describe('sim: openai SDK compatibility', () => {
  let sim: Simulator;
  let clientA: OpenAI;
  let clientB: OpenAI;
  before(async () => {
    sim = await startSimulator();
    clientA = new OpenAI({ apiKey: sim.keyA, baseURL: `${sim.urlA}/v1`, maxRetries: 0 });
    clientB = new OpenAI({ apiKey: sim.keyB, baseURL: sim.urlB, maxRetries: 0 });
  });
  after(() => sim.close());

  it('Service A: chat.completions.create (non-stream)', async () => {
    const res = await clientA.chat.completions.create({
      model: 'alpha-v2.5',
      messages: [{ role: 'user', content: 'Say hello in Go' }],
      max_completion_tokens: 500,
    });
    assert.equal(res.object, 'chat.completion');
    assert.match(res.choices[0].message.content ?? '', /```go/);
    assert.equal(res.usage!.total_tokens, res.usage!.prompt_tokens + res.usage!.completion_tokens);
  });

  it('Service A: streamed chat, content assembled by the SDK', async () => {
    const stream = await clientA.chat.completions.create({
      model: 'alpha-v2.5-pro',
      stream: true,
      messages: [{ role: 'user', content: 'Explain debounce' }],
    });
    let content = '';
    let reasoning = '';
    let usage: OpenAI.CompletionUsage | undefined | null;
    for await (const chunk of stream) {
      const delta = chunk.choices[0]?.delta as { content?: string; reasoning_content?: string } | undefined;
      content += delta?.content ?? '';
      reasoning += delta?.reasoning_content ?? '';
      if (chunk.usage) usage = chunk.usage;
    }
    assert.match(content, /debounce/);
    assert.ok(reasoning.length > 0);
    assert.ok(usage && usage.completion_tokens > 0);
  });

  it('Service A: an SDK 401 for a wrong key is an AuthenticationError with the code', async () => {
    const bad = new OpenAI({ apiKey: 'wrong', baseURL: `${sim.urlA}/v1`, maxRetries: 0 });
    await assert.rejects(
      bad.chat.completions.create({ model: 'alpha-v2.5', messages: [{ role: 'user', content: 'x' }] }),
      (err: unknown) => {
        assert.ok(err instanceof OpenAI.AuthenticationError);
        assert.equal(err.code, 'invalid_api_key');
        return true;
      },
    );
  });

  it('Service B: streamed chat via chat.completions.stream()', async () => {
    const runner = clientB.chat.completions.stream({
      model: 'beta-v4-flash',
      messages: [{ role: 'user', content: 'Sort numbers in TypeScript' }],
    });
    const final = await runner.finalChatCompletion();
    assert.match(final.choices[0].message.content ?? '', /```ts/);
    assert.equal(final.choices[0].finish_reason, 'stop');
  });

  it('Service B: streamed tool calls assembled by the SDK', async () => {
    const runner = clientB.chat.completions.stream({
      model: 'beta-v4-pro',
      tools: [readFileTool],
      messages: [{ role: 'user', content: 'Please read src/extension.ts' }],
    });
    const final = await runner.finalChatCompletion();
    const calls = final.choices[0].message.tool_calls ?? [];
    assert.equal(final.choices[0].finish_reason, 'tool_calls');
    assert.equal(calls.length, 1);
    const call = calls[0] as OpenAI.ChatCompletionMessageFunctionToolCall;
    assert.equal(call.function.name, 'read_file');
    assert.deepEqual(JSON.parse(call.function.arguments), { path: 'src/extension.ts' });
    assert.ok(call.id.startsWith('call_'));
  });

  it('Service A: streamed tool calls assembled by the SDK', async () => {
    const runner = clientA.chat.completions.stream({
      model: 'alpha-v2.5',
      tools: [readFileTool],
      messages: [{ role: 'user', content: 'use read_file on "README.md"' }],
    });
    const final = await runner.finalChatCompletion();
    const call = final.choices[0].message.tool_calls![0] as OpenAI.ChatCompletionMessageFunctionToolCall;
    assert.deepEqual(JSON.parse(call.function.arguments), { path: 'README.md' });
  });

  it('Service B: legacy completions.create against /beta (fill-in-the-middle)', async () => {
    const fim = new OpenAI({ apiKey: sim.keyB, baseURL: `${sim.urlB}/beta`, maxRetries: 0 });
    const res = await fim.completions.create({
      model: 'beta-v4-pro',
      prompt: 'function add(a: number, b: number): number {\n  return a + b;\n}\n\nfunction sub(a: number, b: number): number {\n  return ',
      suffix: '\n}\n',
      max_tokens: 32,
    });
    assert.equal(res.object, 'text_completion');
    assert.equal(res.choices[0].text, 'a + b;');
    assert.equal(res.choices[0].finish_reason, 'stop');
    const streamed = await fim.completions.create({ model: 'beta-v4-pro', prompt: 'const total = ', max_tokens: 64, stream: true });
    let text = '';
    for await (const chunk of streamed) text += chunk.choices[0]?.text ?? '';
    assert.equal(text, 'items.reduce((acc, item) => acc + item.price, 0);');
  });

  it('Service B: models.list', async () => {
    const ids: string[] = [];
    for await (const m of clientB.models.list()) ids.push(m.id);
    assert.deepEqual(ids, ['beta-v4-flash', 'beta-v4-pro']);
  });
});
