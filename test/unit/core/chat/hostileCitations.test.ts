// A hostile server's web-search citations: only http(s) links reach the chat (and so the webview
// and VS Code's opener), checked on the host.
import * as assert from 'node:assert/strict';
import type { Simulator } from '../../../../sim/simulator';
import { HOSTILE_SAFE_URL } from '../../../../sim/webSearch';
import { chatHarness, type Harness, simulatorForChats } from './chatHarness';

describe('chat session: hostile citations', () => {
  let sim: Simulator;
  let h: Harness | undefined;
  simulatorForChats(
    (started) => (sim = started),
    () => h,
  );

  it('keeps only the http(s) citation, in the turn, the messages to the view and the saved chat', async () => {
    h = chatHarness(sim, { options: { service: 'A', model: 'alpha-v2.5', webSearch: true }, headers: { 'x-sim-citations': 'hostile' } });
    await h.controller.send('What is new in TypeScript 5.9?');
    const turn = h.lastAssistant();
    assert.equal(turn.status, 'done');
    assert.deepEqual(
      turn.citations.map((c) => c.url),
      [HOSTILE_SAFE_URL],
    );

    const sent = h.messages.flatMap((m) => (m.type === 'turn' && m.turn.role === 'assistant' ? m.turn.citations.map((c) => c.url) : []));
    assert.ok(sent.length > 0);
    assert.ok(
      sent.every((url) => url === HOSTILE_SAFE_URL),
      `the view was sent ${sent.join(', ')}`,
    );

    const [summary] = await h.store.list();
    const stored = await h.store.load(summary.id);
    const storedTurn = stored!.turns[1];
    assert.ok(storedTurn.role === 'assistant');
    assert.deepEqual(
      storedTurn.citations.map((c) => c.url),
      [HOSTILE_SAFE_URL],
    );
  });
});
