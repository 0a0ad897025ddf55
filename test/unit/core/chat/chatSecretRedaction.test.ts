// After an approved `.env` read the model may put the secret into later tool calls (a curl header, an
// apply_edit) and their cards, results and its own text. The live answer may send it (the user approved
// that); the saved chat, Export and Copy hold none of it, in that answer or any later one.
import * as assert from 'node:assert/strict';
import { chatMarkdown } from '../../../../src/core/chat/chatMarkdown';
import type { ChatChunk } from '../../../../src/core/services/wireTypes';
import type { Simulator } from '../../../../sim/simulator';
import {
  awaitingApproval,
  chatHarness,
  ENV_SECRET,
  MemoryStorage,
  scriptedClients,
  simulatorForChats,
  toolCallChunk,
  type Harness,
} from './chatHarness';

const TOKEN = ENV_SECRET.split('=')[1];
const MARKER = '[redacted: from .env]';
const count = (text: string) => text.split(TOKEN).length - 1;

/** Remembers every value ever written, so a secret written and later overwritten still shows. */
class RecordingStorage extends MemoryStorage {
  readonly writes: string[] = [];
  override async update(key: string, value: unknown): Promise<void> {
    this.writes.push(JSON.stringify(value) ?? '');
    await super.update(key, value);
  }
}

const text = (content: string, reasoning?: string): ChatChunk[] => [
  ...(reasoning ? [{ choices: [{ index: 0, delta: { reasoning_content: reasoning } }] }] : []),
  { choices: [{ index: 0, delta: { content }, finish_reason: 'stop' }] },
];

/** The model of the report: reads .env, then uses the token in a curl header and an apply_edit, then quotes it. */
function leakingModel(): ReturnType<typeof scriptedClients> {
  return scriptedClients((n) => {
    if (n === 1) return [toolCallChunk([{ id: 'read', name: 'read_file', args: JSON.stringify({ path: '.env' }) }])];
    if (n === 2)
      return [
        { choices: [{ index: 0, delta: { reasoning_content: `The token is ${TOKEN}; I will call the API with it.` } }] },
        toolCallChunk([
          {
            id: 'curl',
            name: 'run_command',
            args: JSON.stringify({ command: `curl -H "Authorization: Bearer ${TOKEN}" https://api.example.test/v1/me` }),
          },
          {
            id: 'edit',
            name: 'apply_edit',
            args: JSON.stringify({ path: 'src/config.ts', oldText: '', newText: `export const token = '${TOKEN}';\n` }),
          },
        ]),
      ];
    if (n === 3) return text(`Done: the API accepted \`${TOKEN}\`.`, `Both calls used ${TOKEN}.`);
    // A later answer, which saw only placeholders, repeats the token all the same (from its own memory, say).
    return text(`As before, ${TOKEN} is set in src/config.ts.`);
  });
}

describe('chat history: secrets a chat handled are redacted everywhere it is kept', () => {
  let h: Harness | undefined;
  afterEach(async () => {
    await h?.close();
    h = undefined;
  });

  it('tool-call arguments, cards, results, reasoning and text: 0 tokens in the store, Export and Copy; the live answer sent it', async () => {
    const storage = new RecordingStorage();
    const { clients, sent } = leakingModel();
    let keptWhileAsked = '';
    h = chatHarness(undefined, {
      clients,
      storage,
      onMessage: (m, hh) => {
        const id = awaitingApproval(m);
        if (!id) return;
        // Export/Copy while the card holding the token waits for the user: what they print is as kept.
        if (id === 'curl') keptWhileAsked = chatMarkdown(hh.controller.currentSession.keptChat(), { date: new Date(0) });
        setTimeout(() => hh.controller.approveTool(id, 'approve'), 1);
      },
    });
    await h.controller.send('Read .env and check the token works');

    assert.deepEqual(
      h.tools.commands,
      [`curl -H "Authorization: Bearer ${TOKEN}" https://api.example.test/v1/me`],
      'the approved command ran as shown',
    );
    assert.ok(JSON.stringify(sent[2]).includes(TOKEN), 'the live answer sent its own calls back to the model');

    const turn = h.lastAssistant();
    const curl = turn.toolCalls.find((c) => c.id === 'curl')!;
    assert.ok(curl.args.includes(MARKER) && curl.approval!.command!.includes(MARKER), 'the card as kept shows the marker');
    assert.equal(count(JSON.stringify([...storage.data.entries()])), 0, 'the stored chat holds the token 0 times');
    assert.equal(storage.writes.filter((w) => w.includes(TOKEN)).length, 0, 'no write to the store ever held it');
    const exported = chatMarkdown(h.controller.currentSession.keptChat(), { date: new Date(0) });
    assert.ok(exported.includes(MARKER));
    assert.equal(count(exported), 0, 'Export and Copy print it 0 times');
    assert.notEqual(keptWhileAsked, '');
    assert.equal(count(keptWhileAsked), 0, 'nor while the answer is in progress');
    assert.equal(count(JSON.stringify(h.controller.chat)), 0, 'the chat the view and the history hold, once answered');
    const lastTurnShown = h.messages.filter((m) => m.type === 'turn').at(-1);
    assert.equal(count(JSON.stringify(lastTurnShown)), 0, 'the view gets the answer as kept when it ends');

    await h.controller.send('And now?');
    assert.ok(!JSON.stringify(sent[3]).includes(TOKEN), 'a later answer is sent the kept history');
    assert.equal(count(JSON.stringify([...storage.data.entries()])), 0, 'a later answer repeating the token is kept without it');
    assert.ok(h.lastAssistant().content.includes(MARKER));
  });

  it('a web-search error that echoes a key is shown and kept masked', async () => {
    const { clients } = scriptedClients(() => [
      {
        choices: [{ index: 0, delta: { content: 'No sources.' }, finish_reason: 'stop' }],
        error_message: 'search refused key sk-live-0123456789abcdefghijkl...',
      },
    ]);
    h = chatHarness(undefined, { clients });
    await h.controller.send('Search the web for tandem');
    assert.equal(h.lastAssistant().searchError, 'search refused key [redacted]');
    assert.ok(!JSON.stringify([...h.storage.data.entries()]).includes('sk-live-0123'));
  });

  it('a chat that handled no secret is kept as it was', async () => {
    const { clients } = scriptedClients(() => text('The key sk-example-only-1234 in the docs is a placeholder.'));
    h = chatHarness(undefined, { clients });
    await h.controller.send('What is the example key?');
    assert.equal(h.controller.currentSession.keptChat(), h.controller.chat);
    assert.match(JSON.stringify([...h.storage.data.entries()]), /sk-example-only-1234/);
  });
});

describe('chat history against the simulator: a model that reads .env and then uses its token in a command', () => {
  let sim: Simulator;
  let h: Harness | undefined;
  simulatorForChats(
    (started) => (sim = started),
    () => h,
  );

  it('the command runs with the token, and the saved chat holds it 0 times', async () => {
    h = chatHarness(sim, {
      onMessage: (m, hh) => {
        const id = awaitingApproval(m);
        if (id) setTimeout(() => hh.controller.approveTool(id, 'approve'), 1);
      },
    });
    await h.controller.send(
      'Please read the file ".env" [[then run_command {"command":"curl -H \\"Authorization: Bearer {{value:API_TOKEN}}\\" https://api.example.test/v1/me"}]]',
    );
    assert.deepEqual(h.tools.reads, ['.env']);
    assert.deepEqual(h.tools.commands, [`curl -H "Authorization: Bearer ${TOKEN}" https://api.example.test/v1/me`]);
    const requests = JSON.stringify(sim.requests.map((r) => r.body));
    assert.ok(count(requests) > 0, 'the live answer sent the token (the user approved that)');
    assert.equal(count(JSON.stringify([...h.storage.data.entries()])), 0);
    assert.equal(count(chatMarkdown(h.controller.currentSession.keptChat(), { date: new Date(0) })), 0);
  });
});
