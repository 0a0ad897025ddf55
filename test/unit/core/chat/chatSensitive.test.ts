// A sensitive file's content goes to the model for the answer the user asked it for, and nowhere else:
// not into the saved chat, not into what the view shows.
import * as assert from 'node:assert/strict';
import type { Simulator } from '../../../../sim/simulator';
import { KeyValueChatStore, type StoredChat } from '../../../../src/core/chat/chatStore';
import type { ChatMessage } from '../../../../src/core/services/wireTypes';
import { awaitingApproval, chatHarness, ENV_SECRET, MemoryStorage, type Harness, simulatorForChats } from './chatHarness';

const PLACEHOLDER = '[content of .env not kept in chat history]';
const sentMessages = (sim: Simulator, i: number) =>
  (sim.requests.filter((r) => r.path.endsWith('/chat/completions'))[i].body as { messages: ChatMessage[] }).messages;
const stored = (storage: MemoryStorage) => JSON.stringify([...storage.data.entries()]);

/** Remembers every value ever written, so a secret written and later overwritten still shows. */
class RecordingStorage extends MemoryStorage {
  readonly writes: string[] = [];
  override async update(key: string, value: unknown): Promise<void> {
    this.writes.push(JSON.stringify(value) ?? '');
    await super.update(key, value);
  }
}

describe('chat history: sensitive content is sent, never kept', () => {
  let sim: Simulator;
  let h: Harness | undefined;
  simulatorForChats(
    (started) => (sim = started),
    () => h,
  );

  it('an approved read of .env reaches the model in that answer, but the store and the card keep a placeholder', async () => {
    const storage = new RecordingStorage();
    let streamed = '';
    let savedMidAnswer = false;
    h = chatHarness(sim, {
      storage,
      options: { service: 'B', thinking: false },
      onMessage: (m, hh) => {
        const id = awaitingApproval(m);
        if (id) setTimeout(() => hh.controller.approveTool(id, 'approve'), 1);
        if (m.type === 'delta') streamed += m.content ?? '';
        // The user changes an option while the model is quoting the secret: the chat is saved mid-answer.
        if (!savedMidAnswer && streamed.includes(ENV_SECRET)) {
          savedMidAnswer = true;
          void hh.controller.setOptions({ reasoningEffort: 'max' });
        }
      },
    });
    await h.controller.send('Please read the file ".env"');
    assert.ok(savedMidAnswer, 'the model quoted the secret in its answer, and the chat was saved then');
    assert.deepEqual(h.tools.reads, ['.env']);
    const toolMessage = sentMessages(sim, 1).find((m) => m.role === 'tool');
    assert.equal(toolMessage?.content, ENV_SECRET, 'the model got the content for this answer');

    assert.ok(stored(storage).includes(PLACEHOLDER), 'the saved chat says what was left out');
    assert.ok(!storage.writes.some((w) => w.includes(ENV_SECRET)), 'no write to the store ever held the secret');
    const answer = h.lastAssistant();
    assert.deepEqual([answer.toolCalls[0].status, answer.toolCalls[0].result], ['done', PLACEHOLDER], 'the card shows the placeholder');
    assert.ok(!answer.content.includes(ENV_SECRET) && answer.content.includes(PLACEHOLDER), 'the answer as kept has the quote replaced');
    assert.ok(
      !JSON.stringify(h.messages.filter((m) => m.type === 'turn')).includes(ENV_SECRET),
      'no card or answer the view keeps holds the secret',
    );

    await h.controller.send('Thanks, and now?');
    const later = JSON.stringify(sentMessages(sim, 2));
    assert.ok(!later.includes(ENV_SECRET) && later.includes(PLACEHOLDER), 'a later turn re-sends the placeholder, as saved');
  });

  it('a sensitive attachment reaches the model once; the saved chat and the chip keep a placeholder', async () => {
    h = chatHarness(sim, { options: { service: 'B', thinking: false } });
    h.controller.addAttachment({ id: 'env', kind: 'file', label: '.env', text: ENV_SECRET, language: 'dotenv', sensitive: true });
    h.controller.addAttachment({ id: 'sel', kind: 'selection', label: 'greet.ts:1', text: 'export function greet() {}' });
    await h.controller.send('What is configured here?');
    assert.match(
      sentMessages(sim, 0)[1].content as string,
      new RegExp(`File \\.env:\\n\`\`\`dotenv\\n${ENV_SECRET}\\n`),
      'the model got the file',
    );

    const saved = stored(h.storage);
    assert.ok(!saved.includes(ENV_SECRET), 'the saved chat never holds the secret');
    assert.ok(!h.lastAssistant().content.includes(ENV_SECRET), 'nor does the answer that quoted it');
    assert.ok(saved.includes(PLACEHOLDER));
    assert.ok(saved.includes('export function greet() {}'), 'other attachments are kept as they were');
    const user = h.controller.chat.turns[0];
    assert.equal(user.role === 'user' && user.attachments[0].text, PLACEHOLDER);
    assert.ok(
      !JSON.stringify(h.messages.filter((m) => m.type === 'turn')).includes(ENV_SECRET),
      'the user turn the view shows has the placeholder',
    );

    await h.controller.retry();
    assert.ok(!JSON.stringify(sentMessages(sim, 1)).includes(ENV_SECRET), 'a retry sends the placeholder, as saved');
  });

  it('the store never writes the text of an attachment marked sensitive', async () => {
    const storage = new MemoryStorage();
    const chat: StoredChat = {
      id: 'c',
      title: 'secrets',
      updatedAt: 1,
      options: { service: 'B', model: 'beta-v4-flash', thinking: true, reasoningEffort: 'high', webSearch: false },
      turns: [
        { id: 'u', role: 'user', text: 'hi', attachments: [{ id: 'a', kind: 'file', label: '.env', text: ENV_SECRET, sensitive: true }] },
      ],
      wire: {},
    };
    await new KeyValueChatStore(storage).save(chat);
    assert.ok(!stored(storage).includes(ENV_SECRET));
    const [turn] = (await new KeyValueChatStore(storage).load('c'))!.turns;
    assert.equal(turn.role === 'user' && turn.attachments[0].text, PLACEHOLDER);
  });
});
