// A model that read `.env` (approved) puts its token into later tool calls: a command, an edit of
// another file, an edit of `.env` itself. The saved chat, Export, Copy and the checkpoint log hold the
// token 0 times; Restore cannot put back text it did not keep and says so. And Restore re-checks a file
// after its modal: a link swapped in while the user read the question receives nothing.
import * as assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { Simulator } from '../../sim/simulator';
import type { HostMessage, ToolCallView } from '../../src/shared/protocol';
import type { ProposedEdits } from '../../src/vscode/chat/proposedEdits';
import { CheckpointRestorer, type RestoreAnswer, type RestoreQuestion } from '../../src/vscode/chat/restoreCheckpoint';
import { chatOnSimulator, leaveSimulator, type TandemApi } from './tandemApi';

const TOKEN = 'sk-live-0123456789abcdefghijklmnop';
const MARKER = '[redacted: from .env]';
const count = (text: string) => text.split(TOKEN).length - 1;

describe('secrets a chat handled, and Restore (real extension host)', () => {
  let sim: Simulator;
  let api: TandemApi;
  let root: string;
  let outside: string;
  const made: string[] = [];

  const write = (rel: string, content: string) => {
    const file = join(root, rel);
    rmSync(file, { force: true });
    writeFileSync(file, content);
    made.push(file);
    return file;
  };
  const text = (rel: string) => readFileSync(join(root, rel), 'utf8');
  const chatId = () => api.chat.controller.chat.id;

  /** Sends a message, approving every card; resolves when the answer has ended. */
  const sendApproving = async (message: string): Promise<ToolCallView[]> => {
    const cards: ToolCallView[] = [];
    const listener = api.chat.provider.onDidPost((m: HostMessage) => {
      const card =
        m.type === 'turn' && m.turn.role === 'assistant' ? m.turn.toolCalls.find((c) => c.status === 'awaiting-approval') : undefined;
      if (card && !cards.some((c) => c.id === card.id)) {
        cards.push(structuredClone(card));
        setTimeout(() => void api.chat.provider.receive({ type: 'approveTool', callId: card.id, decision: 'approve' }), 20);
      }
    });
    try {
      await api.chat.provider.receive({ type: 'send', text: message });
    } finally {
      listener.dispose();
    }
    return cards;
  };

  /** A restorer over the extension's own checkpoint log; the modal is answered by `ask`, the diffs are not opened. */
  const restorer = (ask: (question: RestoreQuestion) => Promise<RestoreAnswer>) =>
    new CheckpointRestorer(
      api.chat.checkpoints.log,
      { show: async () => vscode.Uri.parse('untitled:preview'), close: async () => undefined } as unknown as ProposedEdits,
      ask,
    );

  before(async () => {
    ({ sim, api } = await chatOnSimulator());
    root = vscode.workspace.workspaceFolders![0].uri.fsPath;
    outside = mkdtempSync(join(tmpdir(), 'tandem-outside-'));
    assert.equal(await api.chat.provider.revealWithoutFocus(20_000), true, 'the chat view is ready');
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    for (const t of vscode.window.terminals.filter((t) => t.name === 'Tandem')) t.dispose();
    for (const file of made) rmSync(file, { force: true });
    rmSync(outside, { recursive: true, force: true });
    await leaveSimulator(sim);
  });

  it('the token the model put into a command and two edits is in no saved chat, export, copy or checkpoint', async () => {
    write('.env', `API_TOKEN=${TOKEN}\nNODE_ENV=development\n`);
    made.push(join(root, 'sr-config.ts'));
    await api.chat.controller.newChat();
    const cards = await sendApproving(
      [
        'Please read the file ".env"',
        '[[then run_command {"command":"echo Authorization: Bearer {{value:API_TOKEN}}"}]]',
        `[[then apply_edit {"path":"sr-config.ts","old_text":"","new_text":"export const token = '{{value:API_TOKEN}}';\\n"}]]`,
        '[[then apply_edit {"path":"sr-config.ts","old_text":"const token","new_text":"const apiToken"}]]',
        '[[then apply_edit {"path":".env","old_text":"API_TOKEN=","new_text":"API_KEY="}]]',
      ].join(' '),
    );
    const answer = api.chat.controller.chat.turns.at(-1);
    const calls = answer?.role === 'assistant' ? answer.toolCalls.map((c) => `${c.name} ${c.status}: ${c.result ?? ''}`) : [];
    assert.deepEqual(
      cards.map((c) => c.name),
      ['read_file', 'run_command', 'apply_edit', 'apply_edit', 'apply_edit'],
      calls.join('\n'),
    );
    assert.ok(cards[1].approval!.command!.includes(TOKEN), 'the card showed the command exactly as it would run');
    assert.equal(text('sr-config.ts'), `export const apiToken = '${TOKEN}';\n`, 'the edits were made with the token');
    assert.equal(text('.env'), `API_KEY=${TOKEN}\nNODE_ENV=development\n`);
    const sent = JSON.stringify(sim.requests.map((r) => r.body));
    assert.ok(count(sent) > 0, 'the live answer sent the token to the model (the user approved the read)');

    const stored = await api.chat.store.load(chatId());
    assert.ok(stored);
    const storedJson = JSON.stringify(stored);
    assert.equal(count(storedJson), 0, 'the chat in globalState holds the token 0 times');
    assert.ok(storedJson.includes(MARKER));
    assert.equal(count(JSON.stringify(api.chat.controller.chat)), 0, 'nor the chat the view shows');
    const checkpoints = api.chat.checkpoints.log.entries(chatId());
    assert.equal(checkpoints.length, 3);
    assert.equal(count(JSON.stringify(checkpoints)), 0, 'the checkpoints in globalState hold the token 0 times');
    assert.deepEqual(
      checkpoints.map((e) => [e.files[0].rel, e.files[0].before === null, e.files[0].beforeHash !== undefined]),
      [
        ['sr-config.ts', true, false],
        ['sr-config.ts', true, true],
        ['.env', true, true],
      ],
      'created: nothing to keep; a file holding the token and .env: a hash of their earlier text only',
    );

    const exported = vscode.Uri.file(join(outside, 'chat.md'));
    await vscode.commands.executeCommand('tandem.exportChat', exported);
    const markdown = readFileSync(exported.fsPath, 'utf8');
    assert.ok(markdown.includes(MARKER) && markdown.includes('run_command'));
    assert.equal(count(markdown), 0, 'Export prints the token 0 times');
    await vscode.env.clipboard.writeText('');
    assert.equal(await vscode.commands.executeCommand('tandem.copyChat'), true);
    const copied = await vscode.env.clipboard.readText();
    assert.ok(copied.includes(MARKER));
    assert.equal(count(copied), 0, 'Copy prints the token 0 times');

    // Restore to the message, cancelled: the question names .env as one whose earlier text was not kept.
    const userTurn = api.chat.controller.chat.turns.find((t) => t.role === 'user')!.id;
    const questions: RestoreQuestion[] = [];
    const answering = (answer: RestoreAnswer) => async (question: RestoreQuestion) => {
      questions.push(question);
      return answer;
    };
    const cancelled = await restorer(answering(undefined)).restoreTo(chatId(), [userTurn], userTurn);
    assert.deepEqual(questions, [{ files: ['sr-config.ts'], changed: [], dropped: 0, notKept: ['.env'] }]);
    assert.deepEqual(cancelled.restored, []);
    // Undo of the .env edit: its earlier text was not kept, so nothing is written, nothing asked, and the user is told.
    const undoEnv = await restorer(answering('all')).undoLast(chatId());
    assert.equal(questions.length, 1, 'no modal offers to restore what cannot be restored');
    assert.deepEqual([undoEnv.restored, undoEnv.skipped], [[], ['.env']]);
    assert.match(undoEnv.message!, /cannot restore \.env: it did not keep the file's earlier text because it may hold secrets/);
    assert.equal(text('.env'), `API_KEY=${TOKEN}\nNODE_ENV=development\n`, '.env is left as it is');
    // The file Tandem created can still go: restoring it needs no text.
    const back = await restorer(async () => 'all').restoreTo(chatId(), [userTurn], userTurn);
    assert.deepEqual([back.restored, back.skipped], [['sr-config.ts'], []]);
    assert.equal(existsSync(join(root, 'sr-config.ts')), false, 'the file Tandem created is deleted, as before the message');
  });

  it('Restore checks the file again after its modal: a symlink swapped in meanwhile leaves the outside target untouched', async () => {
    const file = write('sr-swap.txt', 'one\n');
    await api.chat.controller.newChat();
    await sendApproving('Please edit sr-swap.txt: replace "one" with "two"');
    assert.equal(text('sr-swap.txt'), 'two\n');
    const target = join(outside, 'target.txt');
    writeFileSync(target, 'outside\n');

    const result = await restorer(async () => {
      // While the modal is open, the file becomes a link to a file outside the workspace.
      rmSync(file);
      symlinkSync(target, file);
      return 'all';
    }).undoLast(chatId());
    assert.equal(readFileSync(target, 'utf8'), 'outside\n', 'the outside file did not receive the checkpoint text');
    assert.deepEqual(result.restored, []);
    assert.match(result.message!, /sr-swap\.txt changed while you were deciding/);
  });
});
