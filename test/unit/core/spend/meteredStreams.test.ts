import assert from 'node:assert/strict';
import type { ChatChunk } from '../../../../src/core/services/wireTypes';
import type { ChatClients } from '../../../../src/core/chat/chatRound';
import { meteredChatClients, meteredFim, meteredSpeech } from '../../../../src/core/spend/meteredStreams';
import type { UsageRecord } from '../../../../src/core/spend/spendTypes';

const usage = { prompt_tokens: 10, prompt_cache_hit_tokens: 4, prompt_cache_miss_tokens: 6, completion_tokens: 2, total_tokens: 12 };

async function* chunks(list: ChatChunk[], failAfter?: number): AsyncGenerator<ChatChunk> {
  for (const [i, c] of list.entries()) {
    if (i === failAfter) throw new Error('cut');
    yield c;
  }
}

function clients(list: ChatChunk[], sent: string[], failAfter?: number): ChatClients {
  return {
    a: { streamChat: (o) => (sent.push(`A ${o.model}`), chunks(list, failAfter)) },
    b: { streamChat: (o) => (sent.push(`B ${o.model}`), chunks(list, failAfter)) },
  };
}

const text = (content: string): ChatChunk => ({ choices: [{ index: 0, delta: { content } }] }) as ChatChunk;

describe('metered streams', () => {
  it('records a chat request with its usage and chat, passing the stream through', async () => {
    const records: UsageRecord[] = [];
    const sent: string[] = [];
    const metered = meteredChatClients(() => clients([text('hi'), { ...text(''), usage } as ChatChunk], sent), {
      sink: { record: (r) => void records.push(r) },
      chatId: 'c1',
      chatTitle: () => 'Title',
    });
    const got: ChatChunk[] = [];
    for await (const c of metered.b.streamChat({ model: 'beta-v4-flash', messages: [{ role: 'user', content: 'x' }] })) got.push(c);
    assert.equal(got.length, 2);
    assert.deepEqual(records, [{ service: 'B', model: 'beta-v4-flash', feature: 'chat', usage, chatId: 'c1', chatTitle: 'Title' }]);
  });

  it('a stream cut before its usage is recorded with estimated tokens', async () => {
    const records: UsageRecord[] = [];
    const metered = meteredChatClients(() => clients([text('12345678'), text('x')], [], 1), {
      sink: { record: (r) => void records.push(r) },
      chatId: 'c',
      chatTitle: () => '',
    });
    await assert.rejects(async () => {
      for await (const _ of metered.a.streamChat({ model: 'alpha-v2.5', messages: [{ role: 'user', content: 'x'.repeat(400) }] })) void _;
    });
    assert.equal(records.length, 1);
    assert.equal(records[0].usage, undefined);
    assert.equal(records[0].estimate?.outputTokens, 2);
    assert.ok((records[0].estimate?.promptTokens ?? 0) >= 100);
  });

  it('records nothing for a request that failed before any answer', async () => {
    const records: UsageRecord[] = [];
    const metered = meteredChatClients(() => clients([text('x')], [], 0), {
      sink: { record: (r) => void records.push(r) },
      chatId: 'c',
      chatTitle: () => '',
    });
    await assert.rejects(async () => {
      for await (const _ of metered.b.streamChat({ model: 'beta-v4-flash', messages: [] })) void _;
    });
    assert.deepEqual(records, []);
  });

  it('a refused budget sends nothing and ends the request as stopped', async () => {
    const sent: string[] = [];
    const metered = meteredChatClients(() => clients([text('x')], sent), {
      sink: { record: () => assert.fail('nothing to record') },
      budget: { beforeRequest: async () => false },
      chatId: 'c',
      chatTitle: () => '',
    });
    await assert.rejects(
      async () => {
        for await (const _ of metered.b.streamChat({ model: 'beta-v4-flash', messages: [] })) void _;
      },
      { code: 'aborted' },
    );
    assert.deepEqual(sent, []);
  });

  it('the confirmation estimate counts the previous request of the chat as cached', async () => {
    const planned: Array<{ promptTokens: number; cachedTokens?: number }> = [];
    const metered = meteredChatClients(() => clients([text('x')], []), {
      sink: { record: () => undefined },
      budget: { beforeRequest: async (r) => (planned.push(r), true) },
      chatId: 'c',
      chatTitle: () => '',
    });
    for (const content of ['a'.repeat(400), 'a'.repeat(800)]) {
      for await (const _ of metered.b.streamChat({ model: 'beta-v4-flash', messages: [{ role: 'user', content }] })) void _;
    }
    assert.equal(planned[1].cachedTokens, planned[0].promptTokens);
  });

  it('records completions (estimated when cut early) and read-aloud parts', async () => {
    const records: UsageRecord[] = [];
    const sink = { record: (r: UsageRecord) => void records.push(r) };
    const fim = meteredFim(async function* () {
      yield { choices: [{ index: 0, text: 'abcd' }] };
      yield { choices: [{ index: 0, text: 'efgh' }] };
    }, sink);
    for await (const _ of fim({ prompt: 'x'.repeat(40), suffix: 'y'.repeat(40) })) break;
    // Recorded once the answer has gone on to the suggestion, not on its way there.
    assert.equal(records.length, 0);
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(records[0], {
      service: 'B',
      model: 'beta-v4-pro',
      feature: 'completion',
      usage: undefined,
      estimate: { promptTokens: 20, outputTokens: 1 },
    });
    const speech = meteredSpeech(
      {
        async *streamSpeech() {
          yield { choices: [{ index: 0, delta: {} }], usage } as ChatChunk;
        },
      },
      { sink },
    );
    for await (const _ of speech.streamSpeech({ model: 'alpha-v2.5-tts', text: 'Hello.' })) void _;
    assert.equal(records[1].feature, 'speech');
    assert.deepEqual(records[1].usage, usage);
  });
});
