// Standing approvals in a real extension host: "Always allow `npm test` in this workspace" on a card
// saves a workspace rule (workspaceState), so a later `npm test` runs without a card, in a new chat
// too, while `npm test; rm -rf x` still asks.
import * as assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { Simulator } from '../../sim/simulator';
import type { HostMessage, ToolCallView } from '../../src/shared/protocol';
import { until } from '../until';
import { chatOnSimulator, leaveSimulator, type TandemApi, tandemConfig } from './tandemApi';

const config = tandemConfig();
const MARKER = 'tandem-approvals-marker.txt';

describe('standing approvals: a workspace rule for npm test (real extension host)', () => {
  let sim: Simulator;
  let api: TandemApi;
  let root: string;
  const created: string[] = [];

  before(async () => {
    ({ sim, api } = await chatOnSimulator());
    root = vscode.workspace.workspaceFolders![0].uri.fsPath;
    // A harmless `npm test` the test can observe: each run appends a line to the marker file.
    const script = `node -e "require('fs').appendFileSync('${MARKER}', 'ran\\n')"`;
    writeFileSync(join(root, 'package.json'), JSON.stringify({ name: 'fixture', private: true, scripts: { test: script } }, null, 2));
    mkdirSync(join(root, 'x'), { recursive: true });
    writeFileSync(join(root, 'x', 'keep.txt'), 'keep\n');
    created.push(join(root, 'package.json'), join(root, MARKER), join(root, 'x'));
  });

  after(async () => {
    await api.chat.commandRules?.remove('allow', 'npm test');
    for (const file of created) rmSync(file, { recursive: true, force: true });
    await leaveSimulator(sim);
  });

  const runs = () => (existsSync(join(root, MARKER)) ? readFileSync(join(root, MARKER), 'utf8').split('\n').filter(Boolean).length : 0);

  it('"Always allow in this workspace" lets npm test run without a card, in a new chat too; npm test; rm -rf x still asks', async () => {
    assert.equal(await api.chat.provider.revealWithoutFocus(20_000), true, 'the chat view is ready');
    await api.chat.controller.newChat();
    sim.reset();
    const cards: ToolCallView[] = [];
    const listener = api.chat.provider.onDidPost((m: HostMessage) => {
      if (m.type !== 'turn' || m.turn.role !== 'assistant') return;
      const card = m.turn.toolCalls.find((c) => c.status === 'awaiting-approval');
      if (!card || cards.some((c) => c.id === card.id)) return;
      cards.push(structuredClone(card));
      // The user clicks "Always allow `npm test` in this workspace" where the card offers it, else Deny.
      const offered = card.approval?.command === 'npm test' && card.approval.workspaceRule?.join() === 'npm test';
      setTimeout(
        () => void api.chat.provider.receive({ type: 'approveTool', callId: card.id, decision: offered ? 'allowInWorkspace' : 'deny' }),
        20,
      );
    });
    try {
      await api.chat.provider.receive({ type: 'send', text: 'Please run the command `npm test`' });
      assert.equal(cards.length, 1, 'the first npm test asks');
      assert.deepEqual(cards[0].approval?.workspaceRule, ['npm test'], 'the card offers "Always allow `npm test` in this workspace"');
      await until(() => runs() === 1, 'the approved npm test to run', 60_000);

      await api.chat.provider.receive({ type: 'send', text: 'Please run the command `npm test; rm -rf x`' });
      assert.equal(cards.length, 2, 'a chained command still asks');
      assert.equal(cards[1].approval?.command, 'npm test; rm -rf x');
      assert.ok(existsSync(join(root, 'x', 'keep.txt')), 'the denied chain did not run');

      await api.chat.controller.newChat();
      await api.chat.provider.receive({ type: 'send', text: 'Please run the command `npm test`' });
      assert.equal(cards.length, 2, 'in a new chat, npm test ran without a card');
      const calls = api.chat.controller.chat.turns.flatMap((t) => (t.role === 'assistant' ? t.toolCalls : []));
      assert.deepEqual(
        calls.map((c) => [c.name, c.status]),
        [['run_command', 'done']],
        `the new chat's npm test ran: ${JSON.stringify(calls.map((c) => c.result))}`,
      );
      await until(() => runs() === 2, 'the second npm test to run', 60_000);
      assert.deepEqual(api.chat.commandRules.workspace().allow, ['npm test'], 'the rule is in workspaceState');
    } finally {
      listener.dispose();
    }
  });

  it('the global rules come from user settings; the workspace store keeps only plain prefixes; the rules in effect join both', async () => {
    const store = api.chat.commandRules;
    const before = store.workspace();
    try {
      await config.set('chat.commandRules', { allow: ['git status', 'npm test; rm x'], deny: ['git push'] });
      assert.deepEqual(store.user(), { allow: ['git status'], deny: ['git push'] }, 'a rule that is not one plain prefix is dropped');
      assert.deepEqual(await store.add('deny', ['npm   run lint', 'rm $(x)']), ['rm $(x)'], 'only a plain prefix is added');
      assert.deepEqual(store.effective(), { allow: [...before.allow, 'git status'], deny: [...before.deny, 'npm run lint', 'git push'] });
    } finally {
      await store.remove('deny', 'npm run lint');
      await config.reset('chat.commandRules');
    }
    assert.deepEqual(store.workspace(), before, 'removed again');
  });
});
