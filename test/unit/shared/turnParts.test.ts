import * as assert from 'node:assert/strict';
import type { Simulator } from '../../../sim/simulator';
import type { AssistantTurn, HostMessage, TurnPart } from '../../../src/shared/protocol';
import { appendPart, partsExtend, partsOf } from '../../../src/shared/turnParts';
import { chatHarness, type Harness, simulatorForChats } from '../core/chat/chatHarness';

const legacyTurn = (over: Partial<AssistantTurn> = {}): AssistantTurn => ({
  id: 'a1',
  role: 'assistant',
  status: 'done',
  reasoning: 'thinking',
  content: 'answer',
  toolCalls: [{ id: 'c1', name: 'read_file', args: '{}', status: 'done' }],
  citations: [],
  ...over,
});

describe('turn parts (the order an answer happened in)', () => {
  it('appends to the last part of the same kind, else starts a new part without the round-joining blank line', () => {
    const parts: TurnPart[] = [];
    appendPart(parts, 'reasoning', 'I should ');
    appendPart(parts, 'reasoning', 'read it.');
    parts.push({ kind: 'tool', callId: 'c1' });
    appendPart(parts, 'reasoning', '\n\nIt greets.');
    appendPart(parts, 'text', '\n\nIt ');
    appendPart(parts, 'text', 'greets.');
    appendPart(parts, 'text', '');
    assert.deepEqual(parts, [
      { kind: 'reasoning', text: 'I should read it.' },
      { kind: 'tool', callId: 'c1' },
      { kind: 'reasoning', text: 'It greets.' },
      { kind: 'text', text: 'It greets.' },
    ]);
  });

  it('reads a chat saved before parts existed in the old layout: reasoning, text, tool cards', () => {
    assert.deepEqual(partsOf(legacyTurn()), [
      { kind: 'reasoning', text: 'thinking' },
      { kind: 'text', text: 'answer' },
      { kind: 'tool', callId: 'c1' },
    ]);
    assert.deepEqual(partsOf(legacyTurn({ reasoning: '', content: '', toolCalls: [] })), []);
  });

  it('never loses a card whose call is missing from the parts', () => {
    assert.deepEqual(partsOf(legacyTurn({ parts: [{ kind: 'text', text: 'answer' }] })), [
      { kind: 'text', text: 'answer' },
      { kind: 'tool', callId: 'c1' },
    ]);
  });

  it('tells when local parts are the host parts plus more streamed text', () => {
    const host: TurnPart[] = [
      { kind: 'reasoning', text: 'a' },
      { kind: 'tool', callId: 'c1' },
    ];
    assert.equal(
      partsExtend(
        [
          { kind: 'reasoning', text: 'ab' },
          { kind: 'tool', callId: 'c1' },
          { kind: 'text', text: 'x' },
        ],
        host,
      ),
      true,
    );
    assert.equal(
      partsExtend(
        [
          { kind: 'reasoning', text: 'b' },
          { kind: 'tool', callId: 'c1' },
        ],
        host,
      ),
      false,
    );
    assert.equal(
      partsExtend(
        [
          { kind: 'reasoning', text: 'a' },
          { kind: 'tool', callId: 'c2' },
        ],
        host,
      ),
      false,
    );
    assert.equal(partsExtend([{ kind: 'reasoning', text: 'a' }], host), false);
  });

  describe('recorded by the chat session against the simulator', () => {
    let sim: Simulator;
    let h: Harness | undefined;
    simulatorForChats(
      (started) => (sim = started),
      () => h,
    );

    it('records reasoning → tool card → reasoning → text for a tool answer, and the webview replay of the deltas agrees', async () => {
      h = chatHarness(sim, { options: { service: 'B', model: 'beta-v4-pro' } });
      await h.controller.send('Please read the file "src/greet.ts" and summarise it.');
      const turn = h.lastAssistant();
      const parts = turn.parts ?? [];
      const kinds = parts.map((p) => p.kind);
      const tool = kinds.indexOf('tool');
      assert.ok(tool > 0, `a tool part after the first round: ${kinds.join(',')}`);
      assert.equal(kinds[0], 'reasoning');
      assert.equal(kinds.at(-1), 'text', 'the answer text comes after the card');
      assert.deepEqual(parts[tool], { kind: 'tool', callId: turn.toolCalls[0].id });
      // Each reasoning part has its own time, so a reopened chat can say how long each round thought.
      for (const p of parts) if (p.kind === 'reasoning') assert.equal(typeof p.ms, 'number', JSON.stringify(p));
      // The parts hold all the text the aggregate fields hold, rounds without the joining blank line.
      const texts = (kind: 'reasoning' | 'text') => parts.flatMap((p) => (p.kind === kind ? [p.text] : []));
      assert.equal(texts('text').join('\n\n'), turn.content);
      assert.equal(texts('reasoning').join('\n\n'), turn.reasoning);

      // What the webview does: the first 'turn' message, then the deltas and turn updates in order.
      const messages = h.messages.filter(
        (m): m is Extract<HostMessage, { type: 'turn' | 'delta' }> =>
          (m.type === 'turn' && m.turn.id === turn.id) || (m.type === 'delta' && m.turnId === turn.id),
      );
      let replay: TurnPart[] = [];
      for (const m of messages) {
        if (m.type === 'turn' && m.turn.role === 'assistant') {
          const hostParts = partsOf(m.turn);
          if (!(m.turn.status === 'streaming' && partsExtend(replay, hostParts))) replay = structuredClone(hostParts);
        } else if (m.type === 'delta') {
          appendPart(replay, 'reasoning', m.reasoning ?? '');
          appendPart(replay, 'text', m.content ?? '');
        }
      }
      assert.deepEqual(replay, parts);
    });
  });
});
