import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { startSimulator, type Simulator } from '../../sim/simulator';
import { until } from '../until';
import { activateTandem, type TandemApi, tandemConfig } from './tandemApi';

const config = tandemConfig();

describe('follow along in a real extension host', () => {
  let sim: Simulator;
  let api: TandemApi;
  const spoken = () =>
    sim.requests
      .filter((r) => r.path === '/v1/chat/completions')
      .map((r) => (r.body as { messages: Array<{ content: string }> }).messages.at(-1)?.content);

  before(async () => {
    sim = await startSimulator({ keyA: process.env.TANDEM_SERVICE_A_API_KEY, keyB: process.env.TANDEM_SERVICE_B_API_KEY });
    api = await activateTandem();
    await config.set('serviceA.baseUrl', sim.urlA);
    await config.set('serviceB.baseUrl', sim.urlB);
  });
  after(async () => {
    await config.reset('serviceA.baseUrl', 'serviceB.baseUrl');
    await sim.close();
  });

  it('Read from Cursor reads from the sentence at the cursor to the end of the file, highlighting each in the document', async () => {
    const content = 'Not this line.\n\nNor this sentence. The cursor is in **this** one,\nwhich wraps. Then the last.\n';
    const doc = await vscode.workspace.openTextDocument({ language: 'markdown', content });
    const editor = await vscode.window.showTextDocument(doc);
    const cursor = doc.positionAt(content.indexOf('cursor'));
    editor.selection = new vscode.Selection(cursor, cursor);
    sim.reset();
    sim.configure({ tokensPerSecond: 0 });

    const reading = vscode.commands.executeCommand('tandem.readFromCursor');
    const sentence = 'The cursor is in **this** one,\nwhich wraps.';
    const range = new vscode.Range(doc.positionAt(content.indexOf(sentence)), doc.positionAt(content.indexOf(sentence) + sentence.length));
    await until(() => api.readAloud.highlighted?.isEqual(range), 'the sentence at the cursor to be highlighted', 30_000);
    assert.deepEqual(await reading, { kind: 'finished' });
    assert.deepEqual(spoken(), ['The cursor is in this one, which wraps.', 'Then the last.']);
    assert.equal(api.readAloud.highlighted, undefined, 'the highlight goes when the reading ends');
  });

  it('an edit to the document clears the highlight', async () => {
    const content = 'A first sentence to read aloud here. A second one.';
    const doc = await vscode.workspace.openTextDocument({ language: 'markdown', content });
    const editor = await vscode.window.showTextDocument(doc);
    editor.selection = new vscode.Selection(0, 0, 0, content.length);
    sim.reset();
    sim.configure({ tokensPerSecond: 25 }); // real time: still reading when the edit comes
    const reading = vscode.commands.executeCommand('tandem.readAloud');
    await until(() => api.readAloud.highlighted !== undefined, 'a highlight', 30_000);
    await editor.edit((edit) => edit.insert(new vscode.Position(0, 0), 'New words. '));
    assert.equal(api.readAloud.highlighted, undefined);
    await vscode.commands.executeCommand('tandem.stopReading');
    assert.deepEqual(await reading, { kind: 'stopped' });
    sim.configure({ tokensPerSecond: 0 });
  });
});
