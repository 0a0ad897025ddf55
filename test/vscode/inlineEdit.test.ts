import * as assert from 'node:assert/strict';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { Simulator } from '../../sim/simulator';
import { until } from '../until';
import { chatOnSimulator, leaveSimulator, type TandemApi, tandemConfig } from './tandemApi';

const SOURCE = [
  'export function area(width: number, height: number): number {',
  '  const count = width * height;',
  '  // a comment that stays',
  '  // another one',
  '  // and a third',
  '  return count;',
  '}',
  '',
].join('\n');

describe('inline edit in a real extension host', () => {
  let sim: Simulator;
  let api: TandemApi;

  before(async () => {
    ({ sim, api } = await chatOnSimulator());
    await tandemConfig().set('edit.model', 'beta-v4-flash');
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await leaveSimulator(sim, 'edit.model');
  });

  async function openSource(): Promise<vscode.TextEditor> {
    const document = await vscode.workspace.openTextDocument({ language: 'typescript', content: SOURCE });
    return vscode.window.showTextDocument(document);
  }

  it('shows hunks as a live diff, accepts one and rejects the other, and undoes the result in one step', async () => {
    const editor = await openSource();
    const controller = await api.edit.controller();
    await vscode.commands.executeCommand('tandem.edit', {
      uri: editor.document.uri,
      startLine: 1,
      endLine: 5,
      instruction: 'rename count to total',
    });
    const pending = controller.pendingIn(editor.document.uri);
    assert.ok(pending, 'the edit is pending');
    assert.equal(pending.hunks.length, 2);
    // Pending: old and new lines both in the document, nothing decided.
    assert.match(editor.document.getText(), /const count = width \* height;\n {2}const total = width \* height;/);
    const lenses = (await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', editor.document.uri)) ?? [];
    assert.ok(
      lenses.some((l) => l.command?.command === 'tandem.edit.acceptHunk'),
      'each hunk has Accept',
    );

    await vscode.commands.executeCommand('tandem.edit.acceptHunk', editor.document.uri, 0);
    await vscode.commands.executeCommand('tandem.edit.rejectHunk', editor.document.uri, 1);
    assert.equal(controller.pendingIn(editor.document.uri), undefined, 'decided');
    assert.equal(editor.document.getText(), SOURCE.replace('const count', 'const total'));

    await vscode.commands.executeCommand('undo');
    assert.equal(editor.document.getText(), SOURCE, 'one undo restores the text before the edit');
  });

  it('rebases a change outside the hunks, and Reject All restores the text byte for byte', async () => {
    const editor = await openSource();
    const controller = await api.edit.controller();
    await vscode.commands.executeCommand('tandem.edit', {
      uri: editor.document.uri,
      startLine: 1,
      endLine: 1,
      instruction: 'rename count to total',
    });
    assert.ok(controller.pendingIn(editor.document.uri));
    // The pending document holds the hunk's old and new lines; its end is past both.
    await editor.edit((b) => b.insert(editor.document.positionAt(editor.document.getText().length), '// added meanwhile\n'));
    assert.ok(controller.pendingIn(editor.document.uri), 'a change after the hunks keeps the edit');
    await vscode.commands.executeCommand('tandem.edit.rejectAll');
    assert.equal(editor.document.getText(), `${SOURCE}// added meanwhile\n`);
  });

  it('refuses a stale edit: a change inside a hunk withdraws it rather than applying it to other code', async () => {
    const editor = await openSource();
    const controller = await api.edit.controller();
    await vscode.commands.executeCommand('tandem.edit', {
      uri: editor.document.uri,
      startLine: 1,
      endLine: 1,
      instruction: 'rename count to total',
    });
    assert.ok(controller.pendingIn(editor.document.uri));
    // Line 1 is the hunk's old line (red): the user types into it.
    await editor.edit((b) => b.insert(new vscode.Position(1, 2), 'let x = 1; '));
    await until(() => controller.pendingIn(editor.document.uri) === undefined, 'the edit to be withdrawn', 10_000);
    assert.match(controller.lastMessage ?? '', /withdrawn rather than applied/);
    assert.doesNotMatch(editor.document.getText(), /total/, 'nothing of the edit was applied');
  });

  it('offers "Fix with Tandem" on a real TypeScript error, and the refactor actions on a selection', async function () {
    this.timeout(120_000);
    const folder = vscode.workspace.workspaceFolders![0].uri.fsPath;
    const file = join(folder, 'src', 'quickFixProbe.ts');
    writeFileSync(file, "export const width: number = 'wide';\n");
    try {
      const document = await vscode.workspace.openTextDocument(file);
      await vscode.window.showTextDocument(document);
      await until(() => vscode.languages.getDiagnostics(document.uri).length > 0, 'a TypeScript diagnostic', 60_000);
      const error = vscode.languages.getDiagnostics(document.uri)[0];
      const actions =
        (await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', document.uri, error.range)) ?? [];
      const fix = actions.find((a) => a.title === 'Fix with Tandem');
      assert.ok(fix, `actions: ${actions.map((a) => a.title).join(', ')}`);
      assert.equal(fix.kind?.value, 'quickfix');
      const args = fix.command?.arguments?.[0] as { instruction: string };
      assert.match(args.instruction, /Fix this error on line 1 \(ts/);
      const refactors =
        (await vscode.commands.executeCommand<vscode.CodeAction[]>(
          'vscode.executeCodeActionProvider',
          document.uri,
          new vscode.Range(0, 0, 0, 20),
        )) ?? [];
      for (const title of ['Explain with Tandem', 'Document with Tandem', 'Write tests with Tandem']) {
        assert.ok(
          refactors.some((a) => a.title === title),
          title,
        );
      }
      await tandemConfig().set('codeActions.enabled', false);
      const off =
        (await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', document.uri, error.range)) ?? [];
      assert.ok(!off.some((a) => a.title.endsWith('with Tandem')), 'tandem.codeActions.enabled turns them off');
    } finally {
      await tandemConfig().reset('codeActions.enabled');
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      rmSync(file, { force: true });
    }
  });
});
