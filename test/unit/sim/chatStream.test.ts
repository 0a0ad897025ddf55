import assert from 'node:assert/strict';
import { startSimulator, type Simulator } from '../../../sim/simulator';
import { chatA, chatB, parseSse, USER, type SseParse } from './simHttp';

const readFileTool = {
  type: 'function',
  function: {
    name: 'read_file',
    description: 'Read a file of the workspace',
    parameters: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
  },
};
const listTool = {
  type: 'function',
  function: {
    name: 'list_files',
    parameters: {
      type: 'object',
      properties: { dir: { type: 'string' }, limit: { type: 'integer', minimum: 1 } },
      required: ['dir', 'limit'],
    },
  },
};

/** Checks the framing every chat stream must have and returns the joined parts. */
function checkFraming(
  sse: SseParse,
  opts: { usage: boolean },
): { reasoning: string; content: string; finish: string; usage: SseParse['chunks'][number] } {
  assert.ok(sse.comments.includes('keep-alive'), 'a keep-alive comment is sent');
  assert.equal(sse.data[sse.data.length - 1], '[DONE]', 'ends with [DONE]');
  const chunks = sse.chunks;
  assert.equal(chunks[0].choices[0].delta.role, 'assistant', 'first chunk has the role');
  for (const c of chunks) assert.equal(c.object, 'chat.completion.chunk');
  const withChoices = chunks.filter((c) => c.choices.length > 0);
  let seenContent = false;
  let reasoning = '';
  let content = '';
  withChoices.forEach((c, i) => {
    const d = c.choices[0].delta;
    if (d.reasoning_content !== undefined) {
      assert.ok(!seenContent, 'reasoning comes before content');
      reasoning += d.reasoning_content;
    }
    if (d.content !== undefined && d.content !== null) {
      seenContent = true;
      content += d.content;
    }
    if (d.tool_calls) seenContent = true;
    const last = i === withChoices.length - 1;
    assert.equal(c.choices[0].finish_reason === null, !last, 'finish_reason only on the last choice chunk');
  });
  const final = chunks[chunks.length - 1];
  if (opts.usage) {
    assert.deepEqual(final.choices, [], 'usage chunk has choices []');
    assert.ok(final.usage);
  }
  return { reasoning, content, finish: withChoices[withChoices.length - 1].choices[0].finish_reason, usage: final.usage };
}

describe('sim: chat replies', () => {
  let sim: Simulator;
  before(async () => {
    sim = await startSimulator();
  });
  after(() => sim.close());
  afterEach(() => sim.reset());

  it('A non-stream: reasoning + markdown answer with a code block, usage adds up', async () => {
    const res = await chatA(sim, { model: 'alpha-v2.5-pro', messages: [USER('How do I debounce a function in TypeScript?')] });
    assert.equal(res.status, 200);
    const { choices, usage, object, id, created, model } = res.json;
    assert.equal(object, 'chat.completion');
    assert.match(id, /^chatcmpl-/);
    assert.equal(typeof created, 'number');
    assert.equal(model, 'alpha-v2.5-pro');
    assert.equal(choices[0].message.role, 'assistant');
    assert.match(choices[0].message.content, /^## /m);
    assert.match(choices[0].message.content, /```ts\n[\s\S]*debounce[\s\S]*```/);
    assert.match(choices[0].message.reasoning_content, /debounce/);
    assert.equal(choices[0].finish_reason, 'stop');
    assert.equal(usage.total_tokens, usage.prompt_tokens + usage.completion_tokens);
    assert.ok(usage.completion_tokens > usage.completion_tokens_details.reasoning_tokens);
    assert.ok(usage.completion_tokens >= 80 && usage.completion_tokens <= 300, `completion ${usage.completion_tokens}`);
    assert.deepEqual(Object.keys(usage.prompt_tokens_details).sort(), ['audio_tokens', 'cached_tokens', 'image_tokens', 'video_tokens']);
  });

  it('is deterministic: the same request gives the same text', async () => {
    const body = { model: 'beta-v4-pro', messages: [USER('Sort a list of users by name in Python')] };
    const a = await chatB(sim, body);
    const b = await chatB(sim, body);
    assert.equal(a.json.choices[0].message.content, b.json.choices[0].message.content);
    assert.equal(a.json.choices[0].message.reasoning_content, b.json.choices[0].message.reasoning_content);
    assert.match(a.json.choices[0].message.content, /```python/);
  });

  it('thinking disabled: no reasoning_content, reasoning_tokens 0', async () => {
    const res = await chatA(sim, { model: 'alpha-v2.5', thinking: { type: 'disabled' }, messages: [USER('hi')] });
    assert.equal(res.json.choices[0].message.reasoning_content, undefined);
    assert.equal(res.json.usage.completion_tokens_details.reasoning_tokens, 0);
  });

  it('A stream framing: role first, reasoning before content, finish on last content chunk, usage chunk, [DONE]', async () => {
    const res = await chatA(sim, { model: 'alpha-v2.5', stream: true, messages: [USER('Explain retry with backoff in TypeScript')] });
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /^text\/event-stream/);
    const sse = parseSse(res.text);
    const got = checkFraming(sse, { usage: true });
    assert.ok(got.reasoning.length > 0);
    assert.match(got.content, /```ts/);
    assert.equal(got.finish, 'stop');
    assert.equal(
      got.usage.completion_tokens,
      got.usage.completion_tokens_details.reasoning_tokens + sse.chunks.filter((c) => c.choices[0]?.delta.content).length,
    );
    const nonStream = await chatA(sim, { model: 'alpha-v2.5', messages: [USER('Explain retry with backoff in TypeScript')] });
    assert.equal(got.content, nonStream.json.choices[0].message.content, 'stream and non-stream give the same text');
  });

  it('B stream framing, include_usage false drops the usage chunk, and system_fingerprint is present', async () => {
    const withUsage = parseSse(
      (await chatB(sim, { model: 'beta-v4-flash', stream: true, stream_options: { include_usage: true }, messages: [USER('hi')] })).text,
    );
    const got = checkFraming(withUsage, { usage: true });
    assert.equal(got.usage.prompt_cache_hit_tokens + got.usage.prompt_cache_miss_tokens, got.usage.prompt_tokens);
    assert.equal(typeof withUsage.chunks[0].system_fingerprint, 'string');
    const without = parseSse(
      (await chatB(sim, { model: 'beta-v4-flash', stream: true, stream_options: { include_usage: false }, messages: [USER('hi')] })).text,
    );
    assert.ok(without.chunks.every((c) => c.choices.length === 1 && !c.usage));
    assert.equal(without.data[without.data.length - 1], '[DONE]');
  });

  it('[[tokens=N]] produces exactly N completion tokens', async () => {
    for (const n of [5, 300, 2000]) {
      const res = await chatB(sim, { model: 'beta-v4-flash', messages: [USER(`Write a long essay [[tokens=${n}]]`)] });
      assert.equal(res.json.usage.completion_tokens, n);
    }
    const sse = parseSse(
      (await chatA(sim, { model: 'alpha-v2.5', stream: true, thinking: { type: 'disabled' }, messages: [USER('go [[tokens=500]]')] })).text,
    );
    assert.equal(sse.chunks.filter((c) => c.choices[0]?.delta.content !== undefined).length, 500, 'one token per content chunk');
  });

  it('max tokens caps reasoning + content with finish_reason length', async () => {
    const a = await chatA(sim, { model: 'alpha-v2.5', max_completion_tokens: 10, messages: [USER('Explain closures')] });
    assert.equal(a.json.choices[0].finish_reason, 'length');
    assert.equal(a.json.usage.completion_tokens, 10);
    assert.equal(a.json.choices[0].message.content, '', 'the cap was spent on reasoning');
    const b = await chatB(sim, {
      model: 'beta-v4-flash',
      thinking: { type: 'disabled' },
      max_tokens: 7,
      messages: [USER('Explain closures')],
    });
    assert.equal(b.json.choices[0].finish_reason, 'length');
    assert.equal(b.json.usage.completion_tokens, 7);
  });

  it('stop sequences cut the content', async () => {
    const res = await chatB(sim, {
      model: 'beta-v4-flash',
      thinking: { type: 'disabled' },
      stop: ['```'],
      messages: [USER('Show a Go http example')],
    });
    assert.ok(!res.json.choices[0].message.content.includes('```'));
    assert.equal(res.json.choices[0].finish_reason, 'stop');
  });

  it('x-sim-finish forces a finish_reason', async () => {
    for (const reason of ['length', 'content_filter', 'repetition_truncation']) {
      const res = await chatA(sim, { model: 'alpha-v2.5', messages: [USER('hi')] }, { 'x-sim-finish': reason });
      assert.equal(res.json.choices[0].finish_reason, reason);
    }
    assert.equal((await chatA(sim, { model: 'alpha-v2.5', messages: [USER('hi')] }, { 'x-sim-finish': 'nope' })).status, 400);
  });

  it('tool calls: non-stream, arguments from the schema and the prompt', async () => {
    const res = await chatA(sim, {
      model: 'alpha-v2.5',
      tools: [readFileTool, listTool],
      messages: [USER('Please open src/app.ts and tell me what it does')],
    });
    const msg = res.json.choices[0].message;
    assert.equal(res.json.choices[0].finish_reason, 'tool_calls');
    assert.equal(msg.content, null);
    assert.ok(msg.reasoning_content.length > 0, 'reasoning comes with the tool call');
    assert.equal(msg.tool_calls.length, 1);
    assert.equal(msg.tool_calls[0].type, 'function');
    assert.equal(msg.tool_calls[0].function.name, 'read_file');
    assert.deepEqual(JSON.parse(msg.tool_calls[0].function.arguments), { path: 'src/app.ts' });
    assert.match(msg.tool_calls[0].id, /^call_/);
  });

  it('tool calls: naming two tools calls both; integer properties respect minimum', async () => {
    const res = await chatB(sim, {
      model: 'beta-v4-pro',
      thinking: { type: 'disabled' },
      tools: [readFileTool, listTool],
      messages: [USER('Use list files on "docs" then read_file README.md')],
    });
    const calls = res.json.choices[0].message.tool_calls;
    assert.deepEqual(
      calls.map((c: { function: { name: string } }) => c.function.name),
      ['list_files', 'read_file'],
    );
    const listArgs = JSON.parse(calls[0].function.arguments);
    assert.equal(listArgs.dir, 'docs');
    assert.ok(Number.isInteger(listArgs.limit) && listArgs.limit >= 1);
  });

  it('tool calls stream as deltas: index, id+name first, arguments split across deltas', async () => {
    const sse = parseSse(
      (await chatB(sim, { model: 'beta-v4-flash', stream: true, tools: [readFileTool], messages: [USER('read the file "package.json"')] }))
        .text,
    );
    const got = checkFraming(sse, { usage: true });
    assert.equal(got.finish, 'tool_calls');
    assert.ok(got.reasoning.length > 0);
    const deltas = sse.chunks.flatMap((c) => c.choices[0]?.delta.tool_calls ?? []);
    assert.ok(deltas.length >= 3);
    assert.equal(deltas[0].index, 0);
    assert.equal(deltas[0].function.name, 'read_file');
    assert.match(deltas[0].id, /^call_/);
    assert.ok(deltas.slice(1).every((d: { id?: string; index: number }) => d.id === undefined && d.index === 0));
    const args = deltas.map((d: { function: { arguments?: string } }) => d.function.arguments ?? '').join('');
    assert.deepEqual(JSON.parse(args), { path: 'package.json' });
  });

  it('B tool_choice: none suppresses, required forces, a named function is called', async () => {
    const ask = (tool_choice: unknown, text = 'read a.txt') =>
      chatB(sim, {
        model: 'beta-v4-flash',
        thinking: { type: 'disabled' },
        tools: [readFileTool, listTool],
        tool_choice,
        messages: [USER(text)],
      });
    assert.equal((await ask('none')).json.choices[0].finish_reason, 'stop');
    assert.equal((await ask('required', 'hello there')).json.choices[0].message.tool_calls[0].function.name, 'read_file');
    const named = await ask({ type: 'function', function: { name: 'list_files' } });
    assert.equal(named.json.choices[0].message.tool_calls[0].function.name, 'list_files');
  });

  it('after tool results the answer quotes the result; B follow-up gets cache hits', async () => {
    const first = await chatB(sim, { model: 'beta-v4-flash', tools: [readFileTool], messages: [USER('read notes.txt')] });
    assert.equal(first.json.usage.prompt_cache_hit_tokens, 0);
    const msg = first.json.choices[0].message;
    const followUp = await chatB(sim, {
      model: 'beta-v4-flash',
      tools: [readFileTool],
      messages: [
        USER('read notes.txt'),
        { role: 'assistant', content: msg.content, reasoning_content: msg.reasoning_content, tool_calls: msg.tool_calls },
        { role: 'tool', tool_call_id: msg.tool_calls[0].id, content: 'TODO: buy milk\nTODO: call Alice' },
      ],
    });
    assert.equal(followUp.status, 200, followUp.text);
    const answer = followUp.json.choices[0].message.content;
    assert.match(answer, /read_file/);
    assert.match(answer, /TODO: buy milk/);
    assert.equal(followUp.json.choices[0].finish_reason, 'stop');
    const u = followUp.json.usage;
    assert.ok(u.prompt_cache_hit_tokens > 0, 'the first message is a cached prefix');
    assert.ok(u.prompt_cache_hit_tokens < u.prompt_tokens);
    assert.equal(u.prompt_cache_hit_tokens + u.prompt_cache_miss_tokens, u.prompt_tokens);
  });

  it('A reports cached_tokens for a repeated prefix, and reset clears the cache', async () => {
    const body = { model: 'alpha-v2.5', messages: [{ role: 'system', content: 'You are helpful. '.repeat(20) }, USER('hi')] };
    await chatA(sim, body);
    const again = await chatA(sim, { ...body, messages: [...body.messages, { role: 'assistant', content: 'Hello!' }, USER('and more')] });
    assert.ok(again.json.usage.prompt_tokens_details.cached_tokens > 60);
    sim.reset();
    const fresh = await chatA(sim, body);
    assert.equal(fresh.json.usage.prompt_tokens_details.cached_tokens, 0);
  });

  it('web search: cited answer, 3 annotations, web_search_usage', async () => {
    const res = await chatA(sim, {
      model: 'alpha-v2.5',
      tools: [{ type: 'web_search' }],
      messages: [USER('What changed in Node streams?')],
    });
    const msg = res.json.choices[0].message;
    assert.equal(msg.annotations.length, 3);
    for (const a of msg.annotations) {
      for (const f of ['title', 'url', 'site_name', 'summary', 'publish_time', 'logo_url', 'type']) assert.equal(typeof a[f], 'string', f);
      assert.match(a.url, /^https:\/\/example\.(com|org)\//);
    }
    assert.match(msg.content, /\[1\]/);
    assert.deepEqual(res.json.usage.web_search_usage, { tool_usage: 1, page_usage: 3 });
    assert.equal(res.json.error_message, undefined);

    const sse = parseSse(
      (
        await chatA(sim, {
          model: 'alpha-v2.5',
          stream: true,
          tools: [{ type: 'web_search' }],
          messages: [USER('What changed in Node streams?')],
        })
      ).text,
    );
    const withAnnotations = sse.chunks.filter((c) => c.annotations);
    assert.equal(withAnnotations.length, 1);
    assert.equal(withAnnotations[0].annotations.length, 3);
    assert.deepEqual(sse.chunks[sse.chunks.length - 1].usage.web_search_usage, { tool_usage: 1, page_usage: 3 });
  });

  it('web search failure (queued fault and header): error_message, no annotations, page_usage 0', async () => {
    sim.inject({ kind: 'search-error' });
    const body = { model: 'alpha-v2.5', tools: [{ type: 'web_search' }], messages: [USER('news about deno')] };
    for (const res of [await chatA(sim, body), await chatA(sim, body, { 'x-sim-fault': 'search-error' })]) {
      assert.equal(res.json.choices[0].message.annotations, undefined);
      assert.equal(typeof res.json.error_message, 'string');
      assert.deepEqual(res.json.usage.web_search_usage, { tool_usage: 1, page_usage: 0 });
    }
    assert.equal((await chatA(sim, body)).json.choices[0].message.annotations.length, 3, 'the queued fault was used up');
  });

  it('B logprobs in a stream', async () => {
    const sse = parseSse(
      (
        await chatB(sim, {
          model: 'beta-v4-flash',
          stream: true,
          thinking: { type: 'disabled' },
          logprobs: true,
          top_logprobs: 2,
          messages: [USER('hi')],
        })
      ).text,
    );
    const contentChunk = sse.chunks.find((c) => c.choices[0]?.delta.content);
    assert.equal(contentChunk.choices[0].logprobs.content[0].token, contentChunk.choices[0].delta.content);
    assert.equal(contentChunk.choices[0].logprobs.content[0].top_logprobs.length, 2);
  });
});
