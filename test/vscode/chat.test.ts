import * as assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { Simulator } from '../../sim/simulator';
import { ChatController } from '../../src/core/chat/chatController';
import type { ChatMessage } from '../../src/core/services/wireTypes';
import type { AssistantTurn, HostMessage } from '../../src/shared/protocol';
import { chatViewOnSimulator, leaveSimulator, type TandemApi, tandemConfig } from './tandemApi';

const config = tandemConfig();

describe('chat view host in a real extension host', () => {
  let sim: Simulator;
  let api: TandemApi;
  let posted: HostMessage[];
  let subscription: vscode.Disposable;
  const root = () => vscode.workspace.workspaceFolders![0].uri.fsPath;
  const chatBodies = () =>
    sim.requests.filter((r) => r.path.endsWith('/chat/completions')).map((r) => r.body as { messages: ChatMessage[] });
  const lastAnswer = () => {
    const turn = api.chat.controller.chat.turns.at(-1);
    assert.equal(turn?.role, 'assistant');
    return turn as AssistantTurn;
  };

  before(async () => {
    ({ sim, api } = await chatViewOnSimulator());
    subscription = api.chat.provider.onDidPost((m) => posted.push(m));
  });

  beforeEach(async () => {
    posted = [];
    sim.reset();
    await api.chat.controller.newChat();
  });

  after(async () => {
    subscription?.dispose();
    await leaveSimulator(sim, 'chat.strictTools');
  });

  it('contributes the Chat webview view first in the Tandem container, with its settings', () => {
    const views = vscode.extensions.getExtension('tandem.tandem')!.packageJSON.contributes.views.tandem as Array<{
      id: string;
      type?: string;
    }>;
    assert.deepEqual([views[0].id, views[0].type], ['tandem.chat', 'webview']);
    assert.equal(api.chat.provider.resolved, true, 'opening the view resolved the provider');
    assert.equal(config.inspect('chat.maxToolIterations')?.defaultValue, 10);
    assert.equal(config.inspect('chat.strictTools')?.defaultValue, false);
  });

  it('answers `ready` with the full state: the chat, the history list and the models', async () => {
    await api.chat.provider.receive({ type: 'ready' });
    const state = posted.find((m) => m.type === 'state');
    assert.ok(state && state.type === 'state');
    assert.equal(state.chat.options.service, 'B');
    assert.deepEqual(
      state.models.map((m) => m.id),
      ['alpha-v2.5-pro', 'alpha-v2.5', 'beta-v4-flash', 'beta-v4-pro'],
    );
  });

  it('streams an answer whose tool call reads the real workspace file, and sends its reasoning back', async () => {
    await api.chat.provider.receive({ type: 'send', text: 'Please read the file "src/greet.ts" and summarise it.' });
    const bodies = chatBodies();
    assert.equal(bodies.length, 2);
    const [, , assistant, tool] = bodies[1].messages;
    assert.equal(assistant.tool_calls![0].function.name, 'read_file');
    assert.ok(assistant.reasoning_content);
    assert.equal(tool.content, readFileSync(join(root(), 'src/greet.ts'), 'utf8'));
    assert.equal(lastAnswer().status, 'done');
    assert.ok(
      posted.some((m) => m.type === 'delta' && m.content),
      'deltas reached the webview',
    );
    assert.ok(posted.some((m) => m.type === 'turn' && m.turn.role === 'assistant' && m.turn.toolCalls[0]?.status === 'done'));
  });

  it('refuses a path outside the workspace with a clear tool error to the model', async () => {
    await api.chat.provider.receive({ type: 'send', text: 'Please read the file "../../package.json"' });
    const tool = chatBodies()[1].messages[3];
    assert.equal(tool.role, 'tool');
    assert.match(tool.content as string, /refused: "\.\." segments are not allowed/);
  });

  it('searches the workspace text with the bounded search_text tool', async () => {
    await api.chat.provider.receive({ type: 'send', text: 'Use search_text to look up "isAdult"' });
    const call = chatBodies()[1].messages[2].tool_calls![0];
    assert.equal(call.function.name, 'search_text');
    assert.match(chatBodies()[1].messages[3].content as string, /^src\/greet\.ts:10: export function isAdult/m);
  });

  it('lists directories, finds files, reads diagnostics and the selection through the VS Code API', async () => {
    const toolResult = async (text: string, tool: string) => {
      sim.reset();
      await api.chat.provider.receive({ type: 'send', text });
      // The chat goes on, so the tool round of this question ends the second request's history.
      const messages = chatBodies()[1].messages;
      assert.equal(messages.at(-2)!.tool_calls![0].function.name, tool);
      return messages.at(-1)!.content as string;
    };
    assert.match(await toolResult('Use list_directory on "src"', 'list_directory'), /^greet\.ts$/m);
    assert.equal(await toolResult('Use find_files with "**/*.py"', 'find_files'), 'src/stats.py');
    assert.match(await toolResult('Use get_diagnostics for src/greet.ts', 'get_diagnostics'), /src\/greet\.ts/);
    const doc = await vscode.workspace.openTextDocument(join(root(), 'src/greet.ts'));
    const editor = await vscode.window.showTextDocument(doc);
    editor.selection = new vscode.Selection(0, 0, 3, 1);
    assert.match(
      await toolResult('Use get_selection', 'get_selection'),
      /^src\/greet\.ts, lines 1-4 \(typescript\):\nexport interface Person \{/,
    );
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('shows a gated edit as a diff and changes the file only after approval', async () => {
    const file = join(root(), 'src/greet.ts');
    const original = readFileSync(file, 'utf8');
    const approve = (decision: 'deny' | 'approve') =>
      api.chat.provider.onDidPost((m) => {
        const card =
          m.type === 'turn' && m.turn.role === 'assistant' ? m.turn.toolCalls.find((c) => c.status === 'awaiting-approval') : undefined;
        if (card) {
          const diffOpen = vscode.window.tabGroups.all.flatMap((g) => g.tabs).some((t) => t.input instanceof vscode.TabInputTextDiff);
          assert.ok(diffOpen, 'the proposed edit is open in a diff editor');
          assert.equal(card.approval!.summary, 'Edit src/greet.ts: replace 1 line(s) with 1 line(s)');
          assert.match(card.approval!.detail!, /^- Hello\n\+ Hi$/);
          setTimeout(() => void api.chat.provider.receive({ type: 'approveTool', callId: card.id, decision }), 20);
        }
      });
    try {
      let listener = approve('deny');
      await api.chat.provider.receive({ type: 'send', text: 'Please edit src/greet.ts: replace "Hello" with "Hi"' });
      listener.dispose();
      assert.equal(lastAnswer().toolCalls[0].status, 'denied');
      assert.equal(readFileSync(file, 'utf8'), original, 'denied: the file is untouched');

      listener = approve('approve');
      await api.chat.provider.receive({ type: 'send', text: 'Please edit src/greet.ts: replace "Hello" with "Hi"' });
      listener.dispose();
      assert.equal(lastAnswer().toolCalls[0].status, 'done');
      assert.equal(readFileSync(file, 'utf8'), original.replace('Hello', 'Hi'));
      const diffStillOpen = vscode.window.tabGroups.all.flatMap((g) => g.tabs).some((t) => t.input instanceof vscode.TabInputTextDiff);
      assert.equal(diffStillOpen, false, 'the preview closes once decided');
    } finally {
      writeFileSync(file, original);
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    }
  });

  it('uses Service B strict tool mode when the setting is on', async () => {
    await config.set('chat.strictTools', true);
    try {
      await api.chat.provider.receive({ type: 'send', text: 'Hello' });
      assert.equal(sim.requests.find((r) => r.path.endsWith('/chat/completions'))!.path, '/beta/chat/completions');
    } finally {
      await config.reset('chat.strictTools');
    }
  });

  it('drops invalid messages without acting on them', async () => {
    await api.chat.provider.receive({ type: 'send', text: 42 });
    await api.chat.provider.receive({ type: 'setOptions', options: { service: 'Z' } });
    await api.chat.provider.receive({ type: 'codeAction', action: 'run', code: 'rm -rf /' });
    assert.equal(chatBodies().length, 0);
    assert.equal(api.chat.controller.chat.options.service, 'B');
  });

  it('keeps the history in globalState: a re-created view gets it in full, a reloaded window finds it', async () => {
    await api.chat.provider.receive({ type: 'send', text: 'Remember this chat' });
    const id = api.chat.controller.chat.id;
    posted = [];
    await api.chat.provider.receive({ type: 'ready' });
    const state = posted.find((m) => m.type === 'state');
    assert.ok(state && state.type === 'state');
    assert.equal(state.chat.turns.length, 2);
    assert.equal(state.chats[0].title, 'Remember this chat');

    // A new controller over the same store is what the next window builds.
    const reloaded = new ChatController({
      store: api.chat.store,
      clients: () => api.clients,
      tools: { definitions: () => [], prepare: async () => ({ kind: 'refused', error: 'unused' }) },
      emit: () => undefined,
      defaults: () => api.chat.controller.chat.options,
      limits: () => ({ maxToolIterations: 1, strictTools: false }),
      newId: () => 'reloaded',
    });
    await reloaded.openChat(id);
    assert.equal(reloaded.chat.title, 'Remember this chat');
    assert.deepEqual(
      reloaded.chat.turns.map((t) => t.role),
      ['user', 'assistant'],
    );

    await api.chat.provider.receive({ type: 'deleteChat', chatId: id });
    assert.equal(await api.chat.store.load(id), undefined);
  });

  it('attaches the editor selection as a chip and sends it with the next message', async () => {
    const doc = await vscode.workspace.openTextDocument(join(root(), 'src/greet.ts'));
    const editor = await vscode.window.showTextDocument(doc);
    editor.selection = new vscode.Selection(5, 0, 7, 1);
    await api.chat.provider.receive({ type: 'mention', itemId: 'selection' });
    const chips = posted.filter((m) => m.type === 'attachments').at(-1);
    assert.ok(chips && chips.type === 'attachments');
    assert.equal(chips.attachments[0].label, 'greet.ts:6-8');
    await api.chat.provider.receive({ type: 'send', text: 'What does this do?' });
    const user = chatBodies()[0].messages[1].content as string;
    assert.match(
      user,
      /^What does this do\?\n\nSelected code greet\.ts:6-8:\n```typescript\nexport function greet\(person: Person\): string \{/,
    );
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('runs an approved command in the Tandem terminal, and nothing when denied', async () => {
    const decide = (decision: 'deny' | 'approve') =>
      api.chat.provider.onDidPost((m) => {
        const card =
          m.type === 'turn' && m.turn.role === 'assistant' ? m.turn.toolCalls.find((c) => c.status === 'awaiting-approval') : undefined;
        if (card) {
          assert.equal(card.approval!.summary, 'Run `echo tandem-ok` in a terminal');
          setTimeout(() => void api.chat.provider.receive({ type: 'approveTool', callId: card.id, decision }), 20);
        }
      });
    const terminals = () => vscode.window.terminals.filter((t) => t.name === 'Tandem').length;
    const before = terminals();
    let listener = decide('deny');
    await api.chat.provider.receive({ type: 'send', text: 'Please run the command `echo tandem-ok`' });
    listener.dispose();
    assert.equal(terminals(), before, 'denied: no terminal');
    assert.match(chatBodies()[1].messages[3].content as string, /declined/);

    listener = decide('approve');
    await api.chat.provider.receive({ type: 'send', text: 'Please run the command `echo tandem-ok`' });
    listener.dispose();
    assert.equal(terminals(), before + 1);
    const result = chatBodies()[3].messages.at(-1)!.content as string;
    // With shell integration the output comes back; without it the model is told it was only sent.
    assert.match(result, /Exit code: 0[\s\S]*tandem-ok|Sent `echo tandem-ok` to the terminal/);
    for (const t of vscode.window.terminals.filter((t) => t.name === 'Tandem')) t.dispose();
  });

  it('opens a code block as a new file in its language', async () => {
    await api.chat.provider.receive({ type: 'codeAction', action: 'newFile', code: 'const x: number = 1;\n', language: 'ts' });
    const editor = vscode.window.activeTextEditor!;
    assert.equal(editor.document.isUntitled, true);
    assert.equal(editor.document.languageId, 'typescript');
    assert.equal(editor.document.getText(), 'const x: number = 1;\n');
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });
});
