import * as assert from 'node:assert/strict';
import { KeyValueChatStore, type StoredChat } from '../../../../src/core/chat/chatStore';
import { summaryOf, titleFrom } from '../../../../src/core/chat/chatText';
import { usageView } from '../../../../src/core/chat/usageView';
import { MemoryStorage } from './chatHarness';

const chat = (id: string, updatedAt: number, title = id): StoredChat => ({
  id,
  title,
  updatedAt,
  options: { service: 'B', model: 'beta-v4-flash', thinking: true, reasoningEffort: 'high', webSearch: false },
  turns: [
    { id: 'u', role: 'user', text: 'hi', attachments: [] },
    { id: 'a', role: 'assistant', status: 'streaming', reasoning: '', content: 'partial', toolCalls: [], citations: [] },
  ],
  wire: {},
});

describe('chat store, titles, summaries, usage', () => {
  it('lists newest first, loads, updates in place and deletes', async () => {
    const store = new KeyValueChatStore(new MemoryStorage());
    await store.save(chat('one', 1));
    await store.save(chat('two', 2));
    await store.save(chat('one', 3, 'renamed'));
    assert.deepEqual(
      (await store.list()).map((c) => [c.id, c.title]),
      [
        ['one', 'renamed'],
        ['two', 'two'],
      ],
    );
    await store.delete('one');
    assert.deepEqual(
      (await store.list()).map((c) => c.id),
      ['two'],
    );
    assert.equal(await store.load('one'), undefined);
  });

  it('loads an answer that was streaming when the window closed as stopped, text kept', async () => {
    const store = new KeyValueChatStore(new MemoryStorage());
    await store.save(chat('c', 1));
    const turn = (await store.load('c'))!.turns[1];
    assert.deepEqual(turn.role === 'assistant' && [turn.status, turn.content], ['stopped', 'partial']);
  });

  it('titles a chat by its first line, shortened at a word', () => {
    assert.equal(titleFrom('  Fix the bug\nin greet.ts'), 'Fix the bug');
    const long = titleFrom('Explain how the JavaScript event loop schedules microtasks and macrotasks in Node');
    assert.ok(long.length <= 61 && long.endsWith('…'));
    assert.ok(!long.includes('macrot'), 'cut at a word boundary');
    assert.equal(titleFrom('   '), 'New chat');
  });

  it('summarises a long chat by its first question and latest exchanges', () => {
    const c = chat('s', 1, 'Long chat');
    c.turns = Array.from({ length: 12 }, (_, i) =>
      i % 2 === 0
        ? { id: `u${i}`, role: 'user' as const, text: `question ${i}`, attachments: [] }
        : {
            id: `a${i}`,
            role: 'assistant' as const,
            status: 'done' as const,
            reasoning: '',
            content: `answer ${i}`,
            toolCalls: [],
            citations: [],
          },
    );
    const s = summaryOf(c);
    assert.match(s, /Long chat/);
    assert.match(s, /User: question 0/);
    assert.match(s, /Assistant: answer 11/);
    assert.doesNotMatch(s, /question 2\b/);
  });

  it('adds up the usage of every request of a tool loop, pricing Service B only', () => {
    const u = {
      prompt_tokens: 1000,
      completion_tokens: 500,
      total_tokens: 1500,
      prompt_cache_hit_tokens: 400,
      prompt_cache_miss_tokens: 600,
      completion_tokens_details: { reasoning_tokens: 100 },
    };
    const view = usageView('beta-v4-flash', [u, u])!;
    assert.deepEqual([view.promptTokens, view.completionTokens, view.reasoningTokens, view.cacheHitTokens], [2000, 1000, 200, 800]);
    assert.match(view.cost!, /CNY$/);
    assert.equal(usageView('alpha-v2.5', [{ ...u, web_search_usage: { tool_usage: 1 } }])!.cost, undefined);
    assert.equal(usageView('alpha-v2.5', [{ ...u, web_search_usage: { tool_usage: 1 } }])!.webSearches, 1);
    assert.equal(usageView('beta-v4-flash', []), undefined);
  });
});
