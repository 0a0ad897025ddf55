import * as assert from 'node:assert/strict';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { Simulator } from '../../sim/simulator';
import type { HostMessage, ToolCallView, WebviewMessage } from '../../src/shared/protocol';
import type { ProposedEdits } from '../../src/vscode/chat/proposedEdits';
import { CheckpointRestorer, type RestoreAnswer, type RestoreQuestion } from '../../src/vscode/chat/restoreCheckpoint';
import { chatOnSimulator, leaveSimulator, type TandemApi } from './tandemApi';

describe('checkpoints and multi-file apply_edit (real extension host)', () => {
  let sim: Simulator;
  let api: TandemApi;
  let root: string;
  const fixtures: string[] = [];

  const fixture = (rel: string, content: string) => {
    const file = join(root, rel);
    writeFileSync(file, content);
    fixtures.push(file);
    return file;
  };
  const text = (rel: string) => readFileSync(join(root, rel), 'utf8');

  /** Sends a message; each approval card is recorded and answered by `answer`. Resolves when the answer has ended. */
  const send = async (message: string, answer: (card: ToolCallView) => WebviewMessage): Promise<ToolCallView[]> => {
    const cards: ToolCallView[] = [];
    const listener = api.chat.provider.onDidPost((m: HostMessage) => {
      const card =
        m.type === 'turn' && m.turn.role === 'assistant' ? m.turn.toolCalls.find((c) => c.status === 'awaiting-approval') : undefined;
      if (card && !cards.some((c) => c.id === card.id)) {
        cards.push(structuredClone(card));
        setTimeout(() => void api.chat.provider.receive(answer(card)), 20);
      }
    });
    try {
      await api.chat.provider.receive({ type: 'send', text: message });
    } finally {
      listener.dispose();
    }
    return cards;
  };
  const approve = (card: ToolCallView): WebviewMessage => ({ type: 'approveTool', callId: card.id, decision: 'approve' });
  /** The tool calls of the chat's last answer, as it ended. */
  const lastCalls = () => {
    const turn = api.chat.controller.chat.turns.at(-1)!;
    assert.equal(turn.role, 'assistant');
    return turn.role === 'assistant' ? turn.toolCalls : [];
  };
  const userTurnIds = () => api.chat.controller.chat.turns.filter((t) => t.role === 'user').map((t) => t.id);

  /** A restorer over the extension's own checkpoint log; only the modal question is answered by the test. */
  const restorer = (answer: RestoreAnswer, questions: RestoreQuestion[], previews: string[]) =>
    new CheckpointRestorer(
      api.chat.checkpoints.log,
      {
        show: async (_left: vscode.Uri | undefined, rel: string, restored: string) => {
          previews.push(`${rel}: ${JSON.stringify(restored)}`);
          return vscode.Uri.parse(`untitled:preview-${previews.length}`);
        },
        close: async () => undefined,
      } as unknown as ProposedEdits,
      async (question) => {
        questions.push(question);
        return answer;
      },
    );

  before(async () => {
    ({ sim, api } = await chatOnSimulator());
    root = vscode.workspace.workspaceFolders![0].uri.fsPath;
    assert.equal(await api.chat.provider.revealWithoutFocus(20_000), true, 'the chat view is ready');
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    for (const file of fixtures) rmSync(file, { force: true });
    await leaveSimulator(sim);
  });

  it('a two-file, three-replacement apply_edit is one card listing both files, and approved, all three are applied', async () => {
    fixture('mf-a.txt', 'one\ntwo\nthree\n');
    fixture('mf-b.txt', 'alpha\n');
    await api.chat.controller.newChat();
    const cards = await send(
      'Use apply_edit: in mf-a.txt replace "one" with "ONE", in mf-b.txt replace "alpha" with "ALPHA", in mf-a.txt replace "three" with "THREE"',
      approve,
    );
    assert.equal(cards.length, 1, 'one card for the whole call');
    assert.equal(cards[0].approval!.summary, 'Edit 2 files (3 replacements)');
    assert.deepEqual(
      cards[0].approval!.files!.map((f) => f.path),
      ['mf-a.txt', 'mf-b.txt'],
    );
    assert.equal(text('mf-a.txt'), 'ONE\ntwo\nTHREE\n');
    assert.equal(text('mf-b.txt'), 'ALPHA\n');
    assert.equal(lastCalls()[0].status, 'done', lastCalls()[0].result);
    assert.match(lastCalls()[0].result!, /Applied the edit to mf-a\.txt[\s\S]*Applied the edit to mf-b\.txt/);
  });

  it('one replacement that does not match writes nothing, in any file', async () => {
    fixture('mf-c.txt', 'gamma\n');
    fixture('mf-d.txt', 'delta\n');
    await api.chat.controller.newChat();
    const cards = await send('Use apply_edit: in mf-c.txt replace "gamma" with "GAMMA", in mf-d.txt replace "missing" with "x"', approve);
    assert.equal(cards.length, 0, 'a refused call asks nothing');
    assert.equal(lastCalls()[0].status, 'error');
    assert.match(lastCalls()[0].result!, /old_text was not found in mf-d\.txt.*nothing was written/);
    assert.equal(text('mf-c.txt'), 'gamma\n');
    assert.equal(text('mf-d.txt'), 'delta\n');
  });

  it('approve-each writes only the approved file, and the result says which one was not applied', async () => {
    fixture('mf-e.txt', 'epsilon\n');
    fixture('mf-f.txt', 'phi\n');
    await api.chat.controller.newChat();
    await send('Use apply_edit: in mf-e.txt replace "epsilon" with "EPSILON", in mf-f.txt replace "phi" with "PHI"', (card) => ({
      type: 'approveEdits',
      callId: card.id,
      files: [1],
    }));
    assert.equal(text('mf-e.txt'), 'epsilon\n', 'the denied file is untouched');
    assert.equal(text('mf-f.txt'), 'PHI\n');
    assert.match(lastCalls()[0].result!, /Applied the edit to mf-f\.txt\.?[\s\S]*Not applied \(the user declined\): mf-e\.txt/);
  });

  it('"Restore files to here" on the first message reverts the approved edits of both answers, across files', async () => {
    fixture('cp-a.txt', 'first a\n');
    fixture('cp-b.txt', 'first b\n');
    fixtures.push(join(root, 'cp-c.txt'));
    await api.chat.controller.newChat();
    await send('Please edit cp-a.txt: replace "first" with "second"', approve);
    assert.equal(text('cp-a.txt'), 'second a\n');
    await send('Use apply_edit: in cp-b.txt replace "first" with "second", in cp-c.txt replace "" with "created\n"', approve);
    assert.equal(text('cp-b.txt'), 'second b\n');
    assert.ok(existsSync(join(root, 'cp-c.txt')));

    const questions: RestoreQuestion[] = [];
    const previews: string[] = [];
    const result = await restorer('all', questions, previews).restoreTo(api.chat.controller.chat.id, userTurnIds(), userTurnIds()[0]);
    assert.deepEqual(result.restored, ['cp-a.txt', 'cp-b.txt', 'cp-c.txt']);
    assert.deepEqual(previews, ['cp-a.txt: "first a\\n"', 'cp-b.txt: "first b\\n"', 'cp-c.txt: ""'], 'a diff of each file was shown first');
    assert.deepEqual(questions, [{ files: ['cp-a.txt', 'cp-b.txt', 'cp-c.txt'], changed: [], dropped: 0 }]);
    assert.equal(text('cp-a.txt'), 'first a\n');
    assert.equal(text('cp-b.txt'), 'first b\n');
    assert.equal(existsSync(join(root, 'cp-c.txt')), false, 'the file Tandem created is deleted');
    assert.deepEqual(api.chat.checkpoints.log.entries(api.chat.controller.chat.id), [], 'restored checkpoints are forgotten');
  });

  it('a file the user changed after the edit is named in the question and kept unless the user says to overwrite it', async () => {
    fixture('cp-d.txt', 'one d\n');
    fixture('cp-e.txt', 'one e\n');
    await api.chat.controller.newChat();
    await send('Use apply_edit: in cp-d.txt replace "one" with "two", in cp-e.txt replace "one" with "two"', approve);
    // The user edits cp-e.txt in the editor afterwards.
    const doc = await vscode.workspace.openTextDocument(vscode.Uri.file(join(root, 'cp-e.txt')));
    const edit = new vscode.WorkspaceEdit();
    edit.insert(doc.uri, new vscode.Position(1, 0), 'mine\n');
    assert.ok(await vscode.workspace.applyEdit(edit));
    await doc.save();

    const questions: RestoreQuestion[] = [];
    const result = await restorer('unchanged', questions, []).undoLast(api.chat.controller.chat.id);
    assert.deepEqual(questions[0].changed, ['cp-e.txt']);
    assert.deepEqual(result, { restored: ['cp-d.txt'], skipped: ['cp-e.txt'] });
    assert.equal(text('cp-d.txt'), 'one d\n');
    assert.equal(text('cp-e.txt'), 'two e\nmine\n', "the user's change is kept");
  });
});
