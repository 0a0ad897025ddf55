import assert from 'node:assert/strict';
import type { ChatChunk } from '../../../../src/core/services/wireTypes';
import { StreamAccumulator, toAssistantMessage } from '../../../../src/core/transport/streamAccumulator';

type Delta = ChatChunk['choices'][number]['delta'];
const chunk = (delta: Delta, extra: Partial<ChatChunk> = {}, finish: string | null = null): ChatChunk => ({
  id: 'chatcmpl-1',
  object: 'chat.completion.chunk',
  model: 'alpha-v2.5',
  choices: [{ index: 0, delta, finish_reason: finish }],
  ...extra,
});

describe('StreamAccumulator', () => {
  it('merges reasoning and content, keeping id, model and role', () => {
    const acc = new StreamAccumulator();
    acc.push(chunk({ role: 'assistant', reasoning_content: 'Let me ' }));
    acc.push(chunk({ reasoning_content: 'think.' }));
    acc.push(chunk({ content: 'Hello' }));
    acc.push(chunk({ content: ', world', reasoning_content: null }, {}, 'stop'));
    const m = acc.snapshot;
    assert.equal(m.id, 'chatcmpl-1');
    assert.equal(m.model, 'alpha-v2.5');
    assert.equal(m.role, 'assistant');
    assert.equal(m.reasoning_content, 'Let me think.');
    assert.equal(m.content, 'Hello, world');
    assert.equal(m.finish_reason, 'stop');
  });

  it('merges a tool call by index with arguments split across deltas', () => {
    const acc = new StreamAccumulator();
    acc.push(chunk({ tool_calls: [{ index: 0, id: 'call_1', type: 'function', function: { name: 'read_file', arguments: '' } }] }));
    acc.push(chunk({ tool_calls: [{ index: 0, function: { arguments: '{"pa' } }] }));
    acc.push(chunk({ tool_calls: [{ index: 0, function: { arguments: 'th":"a.ts"}' } }] }, {}, 'tool_calls'));
    assert.deepEqual(acc.snapshot.tool_calls, [
      { id: 'call_1', type: 'function', function: { name: 'read_file', arguments: '{"path":"a.ts"}' } },
    ]);
    assert.equal(acc.snapshot.finish_reason, 'tool_calls');
  });

  it('keeps two parallel tool calls apart, ordered by index, id and name set once', () => {
    const acc = new StreamAccumulator();
    acc.push(chunk({ tool_calls: [{ index: 1, id: 'call_b', type: 'function', function: { name: 'search', arguments: '{"q":' } }] }));
    acc.push(chunk({ tool_calls: [{ index: 0, id: 'call_a', type: 'function', function: { name: 'read', arguments: '{"p":' } }] }));
    acc.push(
      chunk({
        tool_calls: [
          { index: 1, id: 'call_b', function: { name: 'search', arguments: '"x"}' } },
          { index: 0, function: { arguments: '1}' } },
        ],
      }),
    );
    assert.deepEqual(acc.snapshot.tool_calls, [
      { id: 'call_a', type: 'function', function: { name: 'read', arguments: '{"p":1}' } },
      { id: 'call_b', type: 'function', function: { name: 'search', arguments: '{"q":"x"}' } },
    ]);
  });

  it('collects annotations from the chunk and from choices, de-duplicated by url', () => {
    const acc = new StreamAccumulator();
    acc.push(chunk({ content: 'a' }, { annotations: [{ url: 'https://x.test/1', title: 'One' }] }));
    acc.push(
      chunk(
        { content: 'b' },
        {
          annotations: [
            { url: 'https://x.test/1', title: 'One' },
            { url: 'https://x.test/2', title: 'Two' },
          ],
        },
      ),
    );
    const withChoiceAnnotations = chunk({ content: 'c' }) as ChatChunk & { choices: Array<{ annotations?: unknown }> };
    withChoiceAnnotations.choices[0].annotations = [{ url: 'https://x.test/3', title: 'Three' }, { url: 'https://x.test/2' }];
    acc.push(withChoiceAnnotations);
    assert.deepEqual(
      acc.snapshot.annotations.map((a) => a.url),
      ['https://x.test/1', 'https://x.test/2', 'https://x.test/3'],
    );
  });

  it('keeps the last usage, error_message and final_text_preview', () => {
    const acc = new StreamAccumulator();
    acc.push(chunk({ content: 'x' }, { usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 } }));
    acc.push({
      choices: [],
      usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15, completion_tokens_details: { reasoning_tokens: 3 } },
    });
    acc.push({ choices: [], error_message: 'search failed: timeout' });
    const withPreview = chunk({}) as ChatChunk & { choices: Array<{ final_text_preview?: string }> };
    withPreview.choices[0].final_text_preview = 'Polished text.';
    acc.push(withPreview);
    const m = acc.snapshot;
    assert.equal(m.usage?.total_tokens, 15);
    assert.equal(m.usage?.completion_tokens_details?.reasoning_tokens, 3);
    assert.equal(m.error_message, 'search failed: timeout');
    assert.equal(m.final_text_preview, 'Polished text.');
  });

  it('ignores choices other than 0', () => {
    const acc = new StreamAccumulator();
    acc.push({
      choices: [
        { index: 1, delta: { content: 'other' } },
        { index: 0, delta: { content: 'mine' } },
      ],
    });
    assert.equal(acc.snapshot.content, 'mine');
  });

  it('returns snapshots that later chunks do not change', () => {
    const acc = new StreamAccumulator();
    acc.push(chunk({ tool_calls: [{ index: 0, id: 'c', type: 'function', function: { name: 'f', arguments: '{' } }] }));
    const before = acc.snapshot;
    acc.push(chunk({ tool_calls: [{ index: 0, function: { arguments: '}' } }] }));
    assert.equal(before.tool_calls[0].function.arguments, '{');
    assert.equal(acc.result().tool_calls[0].function.arguments, '{}');
  });
});

describe('toAssistantMessage', () => {
  it('sends content, reasoning and tool calls back for a tool-call turn', () => {
    const acc = new StreamAccumulator();
    acc.push(chunk({ role: 'assistant', reasoning_content: 'Need the file.' }));
    acc.push(
      chunk({ tool_calls: [{ index: 0, id: 'call_1', type: 'function', function: { name: 'read', arguments: '{}' } }] }, {}, 'tool_calls'),
    );
    assert.deepEqual(toAssistantMessage(acc), {
      role: 'assistant',
      content: '',
      reasoning_content: 'Need the file.',
      tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'read', arguments: '{}' } }],
    });
  });

  it('leaves reasoning out of plain turns unless asked', () => {
    const acc = new StreamAccumulator();
    acc.push(chunk({ reasoning_content: 'hmm', content: 'Hi' }));
    assert.deepEqual(toAssistantMessage(acc), { role: 'assistant', content: 'Hi' });
    assert.deepEqual(toAssistantMessage(acc.snapshot, { includeReasoning: 'always' }), {
      role: 'assistant',
      content: 'Hi',
      reasoning_content: 'hmm',
    });
  });
});
