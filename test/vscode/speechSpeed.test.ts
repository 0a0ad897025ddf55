// Read-aloud speed on the host side: a change of tandem.speech.speed made outside the view (Settings,
// settings.json, another window) reaches the player at once, and every reading starts at the setting.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { startSimulator, type Simulator } from '../../sim/simulator';
import type { HostMessage } from '../../src/shared/protocol';
import { until } from '../until';
import { activateTandem, type TandemApi, tandemConfig } from './tandemApi';

const config = tandemConfig();

describe('read-aloud speed in a real extension host', () => {
  let sim: Simulator;
  let api: TandemApi;
  let posted: HostMessage[] = [];
  let subscription: vscode.Disposable;

  before(async () => {
    sim = await startSimulator({ keyA: process.env.TANDEM_SERVICE_A_API_KEY, keyB: process.env.TANDEM_SERVICE_B_API_KEY });
    api = await activateTandem();
    await config.set('serviceA.baseUrl', sim.urlA);
    subscription = api.chat.provider.onDidPost((m) => posted.push(m));
    assert.ok(await api.chat.provider.revealWithoutFocus(30_000), 'the Tandem view is ready');
  });

  after(async () => {
    subscription?.dispose();
    await config.reset('serviceA.baseUrl', 'speech.speed');
    await sim.close();
  });

  it('sends a setting changed elsewhere to the player (speech/speed), clamped, and starts the next reading at it', async () => {
    posted = [];
    await config.set('speech.speed', 1.5);
    await until(() => posted.some((m) => m.type === 'speech/speed' && m.speed === 1.5), 'speech/speed 1.5 to the view', 10_000);
    // A hand-edited value out of bounds plays at the bound.
    await config.set('speech.speed', 9);
    await until(() => posted.some((m) => m.type === 'speech/speed' && m.speed === 2), 'speech/speed 2 to the view', 10_000);

    const doc = await vscode.workspace.openTextDocument({ language: 'markdown', content: 'Read this at double speed.' });
    const editor = await vscode.window.showTextDocument(doc);
    editor.selection = new vscode.Selection(0, 0, 0, doc.lineAt(0).text.length);
    await vscode.commands.executeCommand('tandem.readAloud');
    const start = posted.find((m) => m.type === 'speech/start');
    assert.ok(start?.type === 'speech/start' && start.speed === 2, JSON.stringify(start));
  });
});
