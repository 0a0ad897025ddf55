import * as assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { dayKey } from '../../src/core/spend/localDays';
import { CSV_HEADER, LISTED_CHATS } from '../../src/core/spend/spendReport';
import type { Simulator } from '../../sim/simulator';
import type { AssistantTurn } from '../../src/shared/protocol';
import { until } from '../until';
import { chatViewOnSimulator, leaveSimulator, type TandemApi, tandemConfig } from './tandemApi';

describe('spend budgets in a real extension host', () => {
  let sim: Simulator;
  let api: TandemApi;
  const config = tandemConfig();
  const chatRequests = () =>
    sim.requests.filter(
      (r) => r.path.endsWith('/chat/completions') && (r.body as { model?: string } | undefined)?.model === 'beta-v4-flash',
    );

  before(async () => {
    ({ sim, api } = await chatViewOnSimulator());
  });

  after(async () => {
    await leaveSimulator(sim, 'spend.dailyLimit', 'spend.confirmAbove');
  });

  it('records the simulator usage of a chat answer, then a reached daily limit pauses completions and asks before chat and speech', async () => {
    const before = api.spend.guard.spent().today;
    await api.chat.controller.newChat();
    await api.chat.provider.receive({ type: 'send', text: 'Say hello.' });
    await until(() => (api.chat.controller.chat.turns.at(-1) as AssistantTurn | undefined)?.status === 'done', 'the answer', 20_000);
    const cost = api.spend.guard.spent().today - before;
    assert.ok(cost > 0, 'the answer was priced from the simulator usage');
    const chatEntries = api.spend.ledger.snapshot().entries.filter((e) => e.feature === 'chat' && e.chatId === api.chat.controller.chat.id);
    assert.equal(chatEntries.length, 1);
    assert.equal(chatEntries[0].estimated, undefined, 'the simulator reported usage');

    // A limit below what was spent today: reached.
    await config.set('spend.dailyLimit', api.spend.guard.spent().today / 2);
    await until(() => api.completions.status.snapshot.state === 'over-budget', 'completions to pause', 10_000);
    assert.equal(api.completions.status.isPaused(), true);

    const questions: string[] = [];
    const originalWarn = api.ui.warn;
    api.ui.warn = async (message: string) => (questions.push(message), 'Stop');
    try {
      sim.reset();
      await api.chat.provider.receive({ type: 'send', text: 'Say hello again.' });
      await until(
        () => (api.chat.controller.chat.turns.at(-1) as AssistantTurn | undefined)?.status === 'stopped',
        'the refused answer to stop',
        20_000,
      );
      assert.equal(chatRequests().length, 0, 'Stop sends nothing');
      assert.match(questions[0], /^Over today's budget: [\d.]+ of [\d.]+ CNY\./);

      const editor = await vscode.window.showTextDocument(
        await vscode.workspace.openTextDocument({ content: 'Read this sentence aloud.' }),
      );
      editor.selection = new vscode.Selection(0, 0, 0, 25);
      await vscode.commands.executeCommand('tandem.readAloud');
      assert.equal(questions.length, 2, 'read aloud asked too');
      assert.equal(sim.requests.filter((r) => (r.body as { model?: string } | undefined)?.model?.startsWith('alpha-v2.5-tts')).length, 0);

      // Raising the limit resumes at once.
      await config.set('spend.dailyLimit', 0);
      await until(() => api.completions.status.snapshot.state !== 'over-budget', 'completions to resume', 10_000);
    } finally {
      api.ui.warn = originalWarn;
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    }
  });

  it('Show Spend draws the ledger in its panel and exports it as CSV; the Service B balance is read after a request, not again within the minute, and afresh for another address or key', async () => {
    await api.chat.controller.newChat();
    await api.chat.provider.receive({ type: 'send', text: 'Say hello for the spend view.' });
    await until(() => (api.chat.controller.chat.turns.at(-1) as AssistantTurn | undefined)?.status === 'done', 'the answer', 20_000);
    const chatId = api.chat.controller.chat.id;

    // The request ended while Tandem is in use: the balance is read once (the simulator's account holds CNY).
    // Pointing Service B at this simulator started the comparison over, so the reading is this account's.
    const reading = await until(() => api.spend.balance.latest, 'a balance reading', 10_000);
    assert.ok(reading.total > 0);
    assert.ok(
      sim.requests.some((r) => r.path.endsWith('/user/balance')),
      'read from the simulator',
    );
    assert.equal(api.spend.balance.due(), false, 'not again within the minute');

    await vscode.commands.executeCommand('tandem.showSpend');
    await until(() => api.spendView.lastRenderMs !== undefined, 'the panel to draw its chart', 30_000);
    const report = api.spendView.report();
    assert.equal(report.days.at(-1), dayKey(Date.now()));
    const chat = report.series.find((s) => s.feature === 'chat');
    assert.ok(chat && chat.cost.at(-1)! > 0, 'today has chat spend');
    const ours = api.spend.ledger.snapshot().chats.find((c) => c.chatId === chatId);
    assert.ok(ours && ours.cost > 0, 'the chat is in the ledger, priced');
    // The view lists the ten dearest chats: this one, unless ten dearer ones came before it in this run.
    const listed = report.chats.some((c) => c.chatId === chatId);
    assert.ok(
      listed || (report.chats.length === LISTED_CHATS && report.chats.every((c) => c.cost >= ours.cost)),
      `the chat (${ours.cost} CNY) is listed, or ten dearer chats are: ${JSON.stringify(report.chats.map((c) => c.cost))}`,
    );

    const dir = mkdtempSync(join(tmpdir(), 'tandem-spend-'));
    try {
      const target = vscode.Uri.file(join(dir, 'spend.csv'));
      assert.equal((await api.spendView.exportCsv(target))?.fsPath, target.fsPath);
      const lines = readFileSync(target.fsPath, 'utf8').trimEnd().split('\r\n');
      assert.equal(lines[0], CSV_HEADER.join(','));
      assert.ok(lines.some((l) => l.startsWith(`${dayKey(Date.now())},chat,`)));

      // Another address or key for Service B may be another account: the comparison starts over.
      await config.set('serviceB.baseUrl', `${sim.urlB}/`);
      await until(() => api.spend.balance.latest === undefined, 'a new address to drop the reading', 10_000);
      assert.equal(api.spend.balance.due(), true, 'the next request reads the new account');
      await config.set('serviceB.baseUrl', sim.urlB);
      await api.chat.provider.receive({ type: 'send', text: 'Once more.' });
      await until(() => (api.chat.controller.chat.turns.at(-1) as AssistantTurn | undefined)?.status === 'done', 'the answer', 20_000);
      await until(() => api.spend.balance.latest, 'a reading of the address in use', 10_000);
      await api.secretKeys.store('B', 'sk-another-account');
      await until(() => api.spend.balance.latest === undefined, 'a new key to drop the reading', 10_000);
      await api.secretKeys.delete('B');
    } finally {
      rmSync(dir, { recursive: true, force: true });
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    }
  });
});
