// Standing command rules in the answer loop: an allowed command runs without a card, a denied one is
// refused without a card, and "Always allow in this workspace" saves exactly the rules the card offered.
import * as assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { startSimulator, type Simulator } from '../../../../sim/simulator';
import { ChatController } from '../../../../src/core/chat/chatController';
import type { ApprovalDecision } from '../../../../src/core/chat/chatSession';
import { KeyValueChatStore } from '../../../../src/core/chat/chatStore';
import type { ToolHost } from '../../../../src/core/chat/toolHost';
import { sensitivePathPolicy } from '../../../../src/core/security/sensitivePaths';
import { preparedCommand } from '../../../../src/core/tools/commandApproval';
import type { CommandRules } from '../../../../src/core/tools/commandRules';
import { chatTools } from '../../../../src/core/tools/toolDefinitions';
import type { ChatOptions, ToolCallView } from '../../../../src/shared/protocol';
import { MemoryStorage, simChatClients } from './chatHarness';

describe('chat command rules: standing approvals in the answer loop', () => {
  let sim: Simulator;
  let close: () => Promise<void>;
  let controller: ChatController;
  let rules: { allow: string[]; deny: string[] };
  let ran: string[];
  let asked: ToolCallView[];
  let saved: string[][];

  const policy = sensitivePathPolicy();
  const tools: ToolHost = {
    definitions: () => chatTools({ trusted: true }),
    prepare: async ({ name, args }) => {
      if (name !== 'run_command') return { kind: 'refused', error: `unknown tool "${name}"` };
      const command = (JSON.parse(args) as { command: string }).command;
      const rulesNow: CommandRules = { allow: [...rules.allow], deny: [...rules.deny] };
      return {
        kind: 'ready',
        ...preparedCommand(command, 'demo', { rules: rulesNow, isSensitive: (p) => policy.isSensitive(p) }),
        run: async () => {
          ran.push(command);
          return 'Exit code: 0';
        },
      };
    },
  };
  const options: ChatOptions = { service: 'B', model: 'beta-v4-flash', thinking: false, reasoningEffort: 'high', webSearch: false };

  before(async () => {
    sim = await startSimulator({ keyA: 'key-a', keyB: 'key-b' });
  });
  after(async () => {
    await sim.close();
  });
  afterEach(async () => {
    await controller.dispose();
    await close();
  });

  /** A chat whose user answers each card with `decide(card)`. */
  const start = (decide: (card: ToolCallView) => ApprovalDecision) => {
    sim.reset();
    rules = { allow: [], deny: [] };
    ran = [];
    asked = [];
    saved = [];
    const sims = simChatClients(sim);
    close = sims.close;
    controller = new ChatController({
      store: new KeyValueChatStore(new MemoryStorage()),
      clients: () => sims.clients,
      tools,
      emit: (m) => {
        if (m.type !== 'turn' || m.turn.role !== 'assistant') return;
        const card = m.turn.toolCalls.find((c) => c.status === 'awaiting-approval');
        if (!card) return;
        asked.push(structuredClone(card));
        setTimeout(() => controller.approveTool(card.id, decide(card)), 1);
      },
      defaults: () => options,
      limits: () => ({ maxToolIterations: 5, strictTools: false }),
      newId: () => randomUUID(),
      allowInWorkspace: (prefixes) => {
        saved.push(prefixes);
        rules.allow.push(...prefixes);
      },
    });
  };
  const run = (command: string) => controller.send(`Please run the command \`${command}\``);
  const statusOf = () => {
    const turn = controller.chat.turns.at(-1)!;
    assert.equal(turn.role, 'assistant');
    return turn.role === 'assistant' ? turn.toolCalls.map((c) => c.status) : [];
  };

  it('an allow rule runs the command without a card; a chained command still asks; the rule holds in a new chat', async () => {
    start(() => 'deny');
    rules.allow.push('git log');
    await run('git log --oneline');
    assert.equal(asked.length, 0, 'no card');
    assert.deepEqual(ran, ['git log --oneline']);
    await run('git log; rm -rf x');
    assert.deepEqual(
      asked.map((c) => c.approval?.command),
      ['git log; rm -rf x'],
    );
    assert.deepEqual(ran, ['git log --oneline'], 'the denied chain did not run');
    await controller.newChat();
    await run('git log');
    assert.deepEqual(ran, ['git log --oneline', 'git log']);
    assert.equal(asked.length, 1);
  });

  it('a deny rule refuses without a card, even where an allow rule matches', async () => {
    start(() => 'approve');
    rules.allow.push('git');
    rules.deny.push('git push');
    await run('git push origin main');
    assert.equal(asked.length, 0);
    assert.deepEqual(ran, []);
    assert.deepEqual(statusOf(), ['denied']);
  });

  it('"Always allow in this workspace" saves the prefixes the card offered, and the next such command runs without a card', async () => {
    start(() => 'allowInWorkspace');
    await run('git log -n 1');
    assert.deepEqual(
      asked.map((c) => c.approval?.workspaceRule),
      [['git log']],
    );
    assert.deepEqual(saved, [['git log']]);
    await run('git log -n 2');
    assert.equal(asked.length, 1, 'the second ran without a card');
    assert.deepEqual(ran, ['git log -n 1', 'git log -n 2']);
    await run('npm test -- --bail');
    assert.deepEqual(
      asked.at(-1)?.approval?.workspaceRule,
      ['npm test -- --bail'],
      'npm test runs code: only the exact command is offered',
    );
  });

  it('"allowInWorkspace" on a card that offered no rule (a sensitive path) approves once and saves nothing', async () => {
    start(() => 'allowInWorkspace');
    await run('npm test > .env');
    assert.equal(asked.length, 1);
    assert.equal(asked[0].approval?.workspaceRule, undefined);
    assert.match(asked[0].approval?.warning ?? '', /\.env/);
    assert.deepEqual(saved, []);
    await run('npm test > .env');
    assert.equal(asked.length, 2, 'asked again');
  });
});
