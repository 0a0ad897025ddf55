// Mentions sent through the chat controller share one budget: 20 big files reach the model cut to
// 60,000 characters in total, each with its note, and the saved turn holds what was sent.
import * as assert from 'node:assert/strict';
import type { Simulator } from '../../../../sim/simulator';
import { MENTION_BUDGET } from '../../../../src/core/chat/mentions';
import type { ChatMessage } from '../../../../src/core/services/wireTypes';
import { chatHarness, type Harness, simulatorForChats } from './chatHarness';

describe('chat controller: mentions within the budget', () => {
  let sim: Simulator;
  let h: Harness | undefined;
  simulatorForChats(
    (started) => (sim = started),
    () => h,
  );

  it('cuts 20 mentions of 10,000 characters to the budget, each with a visible note', async () => {
    sim.reset();
    h = chatHarness(sim, { options: { service: 'B', thinking: false } });
    for (let i = 0; i < 20; i++) {
      h.controller.addAttachment({
        id: `m${i}`,
        kind: 'file',
        label: `lib/f${i}.js`,
        text: `${i}`.padEnd(10_000, 'x'),
        language: 'javascript',
      });
    }
    await h.controller.send('Review these');
    const request = sim.requests.find((r) => r.path.endsWith('/chat/completions'))!;
    const user = (request.body as { messages: ChatMessage[] }).messages.find((m) => m.role === 'user')!.content as string;
    const kept = [...user.matchAll(/File lib\/f\d+\.js:\n```javascript\n(x*|\d+x*)\n… \[cut: (\d+) of 10000 characters kept/g)];
    assert.equal(kept.length, 20, 'every mention is labelled with its path and cut with a note');
    assert.equal(
      kept.reduce((n, m) => n + Number(m[2]), 0),
      MENTION_BUDGET,
    );
    assert.ok(user.length < MENTION_BUDGET + 20 * 200 + 100, `the message stays near the budget (${user.length})`);
  });
});
