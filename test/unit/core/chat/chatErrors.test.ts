import * as assert from 'node:assert/strict';
import type { Simulator } from '../../../../sim/simulator';
import { errorView } from '../../../../src/core/chat/chatErrors';
import { MAX_TOOL_CALLS_PER_ROUND } from '../../../../src/core/chat/chatSession';
import { ServiceError } from '../../../../src/core/errors/serviceError';
import type { ChatMessage } from '../../../../src/core/services/wireTypes';
import { chatHarness, GREET_SOURCE, scriptedClients, toolCallChunk, type Harness, simulatorForChats } from './chatHarness';

describe('chat session: errors the user can act on', () => {
  let sim: Simulator;
  let h: Harness | undefined;
  simulatorForChats(
    (started) => (sim = started),
    () => h,
  );

  it('a wrong key (401) offers "Set key" for that service', async () => {
    h = chatHarness(sim, { keys: { B: 'wrong' } });
    await h.controller.send('Hi');
    const turn = h.lastAssistant();
    assert.equal(turn.status, 'error');
    assert.deepEqual([turn.error!.service, turn.error!.code, turn.error!.action], ['B', 'invalid_api_key', 'setKey']);
  });

  it('a missing key offers "Set key" without sending anything', async () => {
    h = chatHarness(sim, { keys: { A: '' }, options: { service: 'A', model: 'alpha-v2.5' } });
    await h.controller.send('Hi');
    assert.deepEqual([h.lastAssistant().error!.code, h.lastAssistant().error!.action], ['missing_key', 'setKey']);
    assert.equal(sim.requests.length, 0);
  });

  it('a key held back from an address the user has not approved offers "Set key" (which approves it)', () => {
    const declined = new ServiceError({ service: 'B', code: 'origin_not_approved', message: 'not sent' });
    assert.equal(errorView(declined, 'B', false).action, 'setKey');
  });

  it('a missing base URL or an unreachable service offers the settings', async () => {
    h = chatHarness(sim, { baseUrls: { B: '' } });
    await h.controller.send('Hi');
    assert.deepEqual([h.lastAssistant().error!.code, h.lastAssistant().error!.action], ['missing_base_url', 'openSettings']);
    await h.close();

    h = chatHarness(sim, { baseUrls: { B: 'http://127.0.0.1:9' } });
    await h.controller.send('Hi');
    assert.deepEqual([h.lastAssistant().error!.code, h.lastAssistant().error!.action], ['network_error', 'openSettings']);
  });

  it('context_length_exceeded offers a new chat that starts from a summary of this one', async () => {
    h = chatHarness(sim, { options: { thinking: false } });
    await h.controller.send('A short first question');
    sim.configure({ contextTokensB: 200 });
    await h.controller.send('word '.repeat(400));
    const turn = h.lastAssistant();
    assert.deepEqual([turn.error!.code, turn.error!.action], ['context_length_exceeded', 'newChatWithSummary']);

    const oldId = h.controller.chat.id;
    await h.controller.newChatWithSummary();
    assert.notEqual(h.controller.chat.id, oldId);
    assert.equal(h.controller.chat.turns.length, 0);
    const state = await h.controller.state();
    const chip = state.type === 'state' ? state.attachments[0] : undefined;
    assert.match(chip!.label, /summary of "A short first question"/);
    assert.match(chip!.text!, /User: A short first question/);

    sim.configure({ contextTokensB: 1_000_000 });
    await h.controller.send('Continue from the summary');
    const sent = (sim.requests.at(-1)!.body as { messages: ChatMessage[] }).messages;
    assert.equal(sent.length, 2);
    assert.match(sent[1].content as string, /Continue from the summary[\s\S]*User: A short first question/);
  });

  it('the content filter is explained (rephrase)', async () => {
    h = chatHarness(sim);
    await h.controller.send('Tell me about FORBIDDEN_TOPIC');
    const error = h.lastAssistant().error!;
    assert.equal(error.code, 'content_filter');
    assert.match(error.hint, /Rephrase/);
  });

  it('a stream cut mid-answer keeps the partial text and offers Retry', async () => {
    h = chatHarness(sim, { options: { thinking: false } });
    sim.inject({ kind: 'reset', afterChunks: 4 });
    await h.controller.send('Explain recursion [[tokens=200]]');
    let turn = h.lastAssistant();
    assert.equal(turn.status, 'error');
    assert.ok(turn.content.length > 0, 'partial text kept');
    assert.equal(turn.error!.action, 'retry');

    sim.inject({ kind: 'truncate', afterChunks: 4 });
    await h.controller.send('Explain iteration [[tokens=200]]');
    turn = h.lastAssistant();
    assert.deepEqual([turn.status, turn.error!.code, turn.error!.action], ['error', 'stream_truncated', 'retry']);
    assert.ok(turn.content.length > 0);

    await h.controller.retry();
    assert.equal(h.lastAssistant().status, 'done');
  });

  it('content_filter and repetition_truncation finishes are explained, keeping the text', async () => {
    for (const finish of ['content_filter', 'repetition_truncation'] as const) {
      h = chatHarness(sim, { headers: { 'x-sim-finish': finish }, options: { thinking: false } });
      await h.controller.send('Write a poem about rivers');
      const turn = h.lastAssistant();
      assert.equal(turn.finishReason, finish);
      assert.equal(turn.status, 'done');
      assert.ok(turn.content.length > 0);
      assert.equal(turn.error!.code, finish);
      assert.match(turn.error!.message, finish === 'content_filter' ? /content filter/ : /repeating/);
      await h.close();
    }
  });

  it('stops the tool loop at the configured cap, answering every call so the history stays valid', async () => {
    const { clients, sent } = scriptedClients((n) => [
      { choices: [{ index: 0, delta: { reasoning_content: `round ${n}` } }] },
      toolCallChunk([{ id: `call${n}`, name: 'read_file', args: '{"path":"src/greet.ts"}' }]),
    ]);
    h = chatHarness(undefined, { clients });
    h.limits.maxToolIterations = 2;
    await h.controller.send('Keep reading');
    assert.equal(sent.length, 3, 'two tool rounds, then the third request asks for more and is stopped');
    const turn = h.lastAssistant();
    assert.equal(turn.status, 'error');
    assert.equal(turn.error!.code, 'tool_limit');
    assert.match(turn.error!.message, /2 rounds/);
    assert.equal(turn.toolCalls.length, 2);
    const stored = await h.store.load(h.controller.chat.id);
    const wire = stored!.wire[turn.id];
    assert.deepEqual(
      wire.map((m) => m.role),
      ['assistant', 'tool', 'assistant', 'tool', 'assistant', 'tool'],
    );
    assert.match(wire[5].content as string, /limit of 2 tool rounds/);
    assert.equal(wire[4].reasoning_content, 'round 3');
  });

  it(`runs at most ${MAX_TOOL_CALLS_PER_ROUND} tool calls of one round and tells the model the rest did not run`, async () => {
    const calls = Array.from({ length: MAX_TOOL_CALLS_PER_ROUND + 4 }, (_, i) => ({
      id: `call${i}`,
      name: 'read_file',
      args: '{"path":"src/greet.ts"}',
    }));
    const { clients, sent } = scriptedClients((n) =>
      n === 1 ? [toolCallChunk(calls)] : [{ choices: [{ index: 0, delta: { content: 'Read it.' }, finish_reason: 'stop' }] }],
    );
    h = chatHarness(undefined, { clients, options: { thinking: false } });
    await h.controller.send('Read greet.ts twenty times');
    assert.equal(h.tools.reads.length, MAX_TOOL_CALLS_PER_ROUND, 'calls past the cap did not run');
    const turn = h.lastAssistant();
    assert.equal(turn.status, 'done');
    assert.equal(turn.toolCalls.length, MAX_TOOL_CALLS_PER_ROUND, 'no card for the calls that did not run');
    const answered = sent[1].filter((m) => m.role === 'tool');
    assert.deepEqual(
      answered.map((m) => m.tool_call_id),
      calls.map((c) => c.id),
      'every call has its tool message, so the history stays valid',
    );
    assert.equal(answered[0].content, GREET_SOURCE);
    for (const m of answered.slice(MAX_TOOL_CALLS_PER_ROUND))
      assert.match(m.content as string, new RegExp(`^Not run: at most ${MAX_TOOL_CALLS_PER_ROUND} tool calls`));
  });
});
