// The prompt's start stays the same across turns and tool rounds, so the services' prefix caches hit:
// system prompt with the project rules, the tools in a fixed order, then the history, each request
// extending the one before it.
import assert from 'node:assert/strict';
import type { Simulator } from '../../../../sim/simulator';
import { SYSTEM_PROMPT } from '../../../../src/core/chat/chatRound';
import { composeProjectRules } from '../../../../src/core/chat/projectRules';
import { chatHarness, simulatorForChats, type Harness } from './chatHarness';

describe('a stable prompt start across turns and tool rounds (simulator)', () => {
  let sim: Simulator;
  let h: Harness | undefined;
  simulatorForChats(
    (s) => (sim = s),
    () => h,
  );
  const rules = () => Promise.resolve(composeProjectRules([{ path: 'AGENTS.md', size: 24, text: 'Always answer in haiku.\n' }]));

  for (const [service, model, thinking] of [
    ['A', 'alpha-v2.5', false],
    ['B', 'beta-v4-flash', false],
    ['B', 'beta-v4-flash', true],
  ] as const) {
    it(`Service ${service}${thinking ? ' with thinking' : ''}: each request starts with the whole previous one, rules first, tools the same`, async () => {
      h = chatHarness(sim, { options: { service, model, thinking }, projectRules: rules });
      for (let round = 1; round <= 3; round++)
        await h.controller.send(`Please read the file "src/greet.ts" and tell me about part ${round}.`);
      const bodies = sim.requests
        .filter((r) => r.path.endsWith('/chat/completions'))
        .map((r) => r.body as { messages: Array<{ role: string; content: unknown }>; tools?: unknown[] });
      assert.ok(bodies.length >= 6, `two requests a turn (a tool round, then the answer): ${bodies.length}`);
      const first = bodies[0];
      assert.equal(first.messages[0].role, 'system');
      assert.ok(String(first.messages[0].content).startsWith(`${SYSTEM_PROMPT}\n\n`), 'the system prompt, then the rules');
      assert.ok(String(first.messages[0].content).includes('Always answer in haiku.'));
      for (let i = 1; i < bodies.length; i++) {
        assert.deepEqual(bodies[i].tools, first.tools, `request ${i + 1}: the same tools in the same order`);
        const before = bodies[i - 1].messages;
        assert.ok(bodies[i].messages.length > before.length, `request ${i + 1} adds to the history`);
        assert.deepEqual(bodies[i].messages.slice(0, before.length), before, `request ${i + 1} starts with request ${i}'s messages`);
      }
    });
  }
});
