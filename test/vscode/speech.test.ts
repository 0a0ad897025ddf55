import * as assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { startSimulator, type Simulator } from '../../sim/simulator';
import { parseWav, pcmToWav } from '../../src/core/speech/wav';
import type { HostMessage } from '../../src/shared/protocol';
import { readSpeechSettings } from '../../src/vscode/speech/speechSettings';
import { until } from '../until';
import { activateTandem, type TandemApi, tandemConfig } from './tandemApi';

const config = tandemConfig();
const FORBIDDEN_FOR_SPEECH = ['thinking', 'tools', 'tool_choice', 'response_format', 'stop'];

/** Opens text in an editor with `selected` selected (or the cursor on line 0 when it is empty). */
async function openWith(content: string, selected: string): Promise<vscode.TextEditor> {
  const doc = await vscode.workspace.openTextDocument({ language: 'markdown', content });
  const editor = await vscode.window.showTextDocument(doc);
  const start = doc.positionAt(content.indexOf(selected));
  editor.selection = new vscode.Selection(start, doc.positionAt(content.indexOf(selected) + selected.length));
  return editor;
}

describe('read aloud in a real extension host', () => {
  let sim: Simulator;
  let api: TandemApi;
  let posted: HostMessage[];
  let subscription: vscode.Disposable;
  const speechBodies = () => sim.requests.filter((r) => r.path === '/v1/chat/completions').map((r) => r.body as Record<string, unknown>);

  before(async () => {
    sim = await startSimulator({ keyA: process.env.TANDEM_SERVICE_A_API_KEY, keyB: process.env.TANDEM_SERVICE_B_API_KEY });
    api = await activateTandem();
    await config.set('serviceA.baseUrl', sim.urlA);
    await config.set('serviceB.baseUrl', sim.urlB);
    subscription = api.chat.provider.onDidPost((m) => posted.push(m));
  });

  beforeEach(() => {
    posted = [];
    sim.reset();
    sim.configure({ tokensPerSecond: 0 });
  });

  after(async () => {
    subscription?.dispose();
    await config.reset('serviceA.baseUrl', 'serviceB.baseUrl', 'speech.voice', 'speech.model', 'speech.voiceSample');
    await sim.close();
  });

  it('contributes the commands, the context menu, the keybinding and the settings', () => {
    const pkg = vscode.extensions.getExtension('tandem.tandem')!.packageJSON.contributes;
    const commands = (pkg.commands as Array<{ command: string; title: string }>).map((c) => `${c.command}: ${c.title}`);
    for (const c of ['tandem.readAloud: Read Aloud', 'tandem.stopReading: Stop Reading', 'tandem.saveSpeech: Save Selection as Speech…'])
      assert.ok(commands.includes(c), c);
    assert.ok((pkg.menus['editor/context'] as Array<{ command: string }>).some((m) => m.command === 'tandem.readAloud'));
    assert.ok((pkg.keybindings as Array<{ command: string }>).some((k) => k.command === 'tandem.readAloud'));
    assert.equal(config.inspect('speech.sampleRate')?.defaultValue, 24000);
    assert.equal(config.inspect('speech.model')?.defaultValue, 'alpha-v2.5-tts');
    assert.equal(config.inspect('speech.voice')?.defaultValue, 'alpha_default');
  });

  it('reads the selection: a pcm16 stream request with the text as the assistant message, played in the webview', async () => {
    await config.set('speech.voice', 'Chloe');
    await openWith('# Notes\n\nRead **this** sentence aloud. Not this one.', 'Read **this** sentence aloud.');
    const outcome = await vscode.commands.executeCommand('tandem.readAloud');
    assert.deepEqual(outcome, { kind: 'finished' });

    const [body] = speechBodies();
    assert.equal(body.model, 'alpha-v2.5-tts');
    assert.deepEqual(body.messages, [{ role: 'assistant', content: 'Read this sentence aloud.' }], 'markdown markers are not spoken');
    assert.deepEqual(body.audio, { format: 'pcm16', voice: 'Chloe' });
    assert.equal(body.stream, true);
    for (const field of FORBIDDEN_FOR_SPEECH) assert.equal(body[field], undefined, `${field} is never sent to a speech model`);

    // The webview was revealed, got the audio as it streamed, and played all of it.
    assert.equal(posted.find((m) => m.type.startsWith('speech/'))?.type, 'speech/start');
    assert.ok(posted.filter((m) => m.type === 'speech/audio').length > 3);
    const report = api.readAloud.lastReport!;
    assert.equal(report.outcome, 'finished');
    assert.ok(report.commandToFirstSoundMs !== undefined && report.commandToFirstSoundMs > 0, 'the player reported its first sound');
    assert.ok(report.playedSeconds > 1, `played ${report.playedSeconds} s`);
    await config.reset('speech.voice');
  });

  it('reads the current line when nothing is selected', async () => {
    const editor = await openWith('First line to read.\nSecond line.', '');
    editor.selection = new vscode.Selection(1, 3, 1, 3);
    sim.configure({ tokensPerSecond: 25 });
    const reading = vscode.commands.executeCommand('tandem.readAloud');
    await until(() => speechBodies().length === 1, 'the request', 10_000);
    assert.deepEqual(speechBodies()[0].messages, [{ role: 'assistant', content: 'Second line.' }]);
    await vscode.commands.executeCommand('tandem.stopReading');
    assert.deepEqual(await reading, { kind: 'stopped' });
  });

  it('Stop Reading aborts the open requests at once: the simulator sees the sockets close and the player is told to stop', async () => {
    sim.configure({ tokensPerSecond: 25 }); // audio streams in real time, so the request is still open
    await openWith('A long paragraph. '.repeat(20), 'A long paragraph. '.repeat(20).trim());
    const reading = vscode.commands.executeCommand('tandem.readAloud');
    await until(() => posted.some((m) => m.type === 'speech/audio'), 'the first audio', 10_000);
    await vscode.commands.executeCommand('tandem.stopReading');
    assert.deepEqual(await reading, { kind: 'stopped' });
    // The part playing and the one fetched ahead may both be open: every open socket closes.
    await until(() => sim.requests.every((r) => r.aborted || r.endedAt !== undefined), 'every open socket to close', 5_000);
    assert.ok(sim.abortedCount >= 1, 'the request of the part playing was aborted');
    assert.equal(posted.at(-1)?.type, 'speech/stop');
  });

  it('Save Selection as Speech writes a WAV file with the spoken text', async () => {
    await openWith('Save this sentence as speech.', 'Save this sentence as speech.');
    const target = vscode.Uri.file(join(mkdtempSync(join(tmpdir(), 'tandem-wav-')), 'speech.wav'));
    const written = await vscode.commands.executeCommand<vscode.Uri>('tandem.saveSpeech', { saveTo: target });
    assert.equal(written?.fsPath, target.fsPath);
    const info = parseWav(readFileSync(target.fsPath));
    assert.deepEqual([info.sampleRate, info.channels, info.bitsPerSample], [24000, 1, 16]);
    assert.ok(info.durationSeconds > 1, `${info.durationSeconds} s`);
    assert.deepEqual(speechBodies()[0].audio, { format: 'pcm16', voice: 'alpha_default' });
  });

  it('checks a voice-clone sample before sending: a 2 s sample sends nothing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tandem-sample-'));
    writeFileSync(join(dir, 'short.wav'), pcmToWav(new Uint8Array(2 * 24000 * 2), 24000));
    writeFileSync(join(dir, 'good.wav'), pcmToWav(new Uint8Array(4 * 24000 * 2), 24000));
    await config.set('speech.model', 'alpha-v2.5-tts-voiceclone');
    await config.set('speech.voiceSample', join(dir, 'short.wav'));
    await openWith('Clone my voice.', 'Clone my voice.');
    assert.equal(await vscode.commands.executeCommand('tandem.readAloud'), undefined);
    assert.equal(sim.requests.length, 0, 'a sample outside 3–10 s never leaves the machine');

    await config.set('speech.voiceSample', join(dir, 'good.wav'));
    assert.deepEqual(await vscode.commands.executeCommand('tandem.readAloud'), { kind: 'finished' });
    const body = speechBodies()[0] as { model: string; audio: { voice: string } };
    assert.equal(body.model, 'alpha-v2.5-tts-voiceclone');
    assert.equal(body.audio.voice, readFileSync(join(dir, 'good.wav')).toString('base64'));
    await config.reset('speech.model');
  });

  it('asks before reading a .env aloud: Cancel sends nothing (Read Aloud, Read from Cursor, Save), Read sends it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tandem-speech-env-'));
    const envFile = join(dir, '.env');
    writeFileSync(envFile, 'API_TOKEN=sk-speech-4711\nOTHER=plain\n');
    const editor = await vscode.window.showTextDocument(vscode.Uri.file(envFile));
    editor.selection = new vscode.Selection(0, 0, 0, editor.document.lineAt(0).text.length);
    const asked: string[] = [];
    let answer = false;
    const confirm = api.ui.confirmSensitive;
    api.ui.confirmSensitive = async (message, action) => (asked.push(`${message} [${action}]`), answer);
    try {
      assert.equal(await vscode.commands.executeCommand('tandem.readAloud'), undefined);
      assert.equal(await vscode.commands.executeCommand('tandem.readFromCursor'), undefined);
      const target = vscode.Uri.file(join(dir, 'speech.wav'));
      assert.equal(await vscode.commands.executeCommand('tandem.saveSpeech', { saveTo: target }), undefined);
      assert.equal(sim.requests.length, 0, 'nothing was sent');
      assert.deepEqual(asked, [
        `${envFile} may contain secrets; its text will be sent to Service A. Read it aloud? [Read]`,
        `${envFile} may contain secrets; its text will be sent to Service A. Read it aloud? [Read]`,
        `${envFile} may contain secrets; its text will be sent to Service A. Save it as speech? [Save]`,
      ]);

      answer = true;
      assert.deepEqual(await vscode.commands.executeCommand('tandem.readAloud'), { kind: 'finished' });
      assert.equal(asked.length, 4);
      assert.ok(JSON.stringify(speechBodies()[0].messages).includes('4711'), 'the line was read once the user said so');
    } finally {
      api.ui.confirmSensitive = confirm;
      await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
    }
  });

  it('reads an ordinary file without asking', async () => {
    const folder = vscode.workspace.workspaceFolders![0].uri;
    const editor = await vscode.window.showTextDocument(vscode.Uri.joinPath(folder, 'README.md'));
    editor.selection = new vscode.Selection(0, 0, 0, editor.document.lineAt(0).text.length);
    const confirm = api.ui.confirmSensitive;
    api.ui.confirmSensitive = async () => assert.fail('no question for an ordinary file');
    try {
      assert.deepEqual(await vscode.commands.executeCommand('tandem.readAloud'), { kind: 'finished' });
      assert.equal(speechBodies().length > 0, true);
    } finally {
      api.ui.confirmSensitive = confirm;
      await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
    }
  });

  it("ignores a workspace's tandem.speech.voiceSample (flat or nested): only the user's own sample is uploaded", async () => {
    const outside = mkdtempSync(join(tmpdir(), 'tandem-sample-'));
    const theirs = join(outside, 'theirs.wav');
    const mine = join(outside, 'mine.wav');
    writeFileSync(theirs, pcmToWav(new Uint8Array(4 * 24000 * 2), 24000));
    writeFileSync(mine, pcmToWav(new Uint8Array(5 * 24000 * 2), 24000));
    const settingsDir = join(vscode.workspace.workspaceFolders![0].uri.fsPath, '.vscode');
    const tabSize = () => vscode.workspace.getConfiguration('editor').inspect<number>('tabSize')?.workspaceValue;
    const warned: string[] = [];
    const warn = api.ui.warn;
    api.ui.warn = async (message) => void warned.push(message);
    await config.reset('speech.voiceSample'); // no sample of the user's yet
    await config.set('speech.model', 'alpha-v2.5-tts-voiceclone');
    mkdirSync(settingsDir, { recursive: true });
    // Flat (VS Code drops it for a machine-scoped setting) and nested (VS Code merges it as an unregistered key).
    const hostile = { 'tandem.speech.voiceSample': theirs, tandem: { speech: { voiceSample: theirs } }, 'editor.tabSize': 6 };
    writeFileSync(join(settingsDir, 'settings.json'), JSON.stringify(hostile));
    try {
      await until(() => tabSize() === 6, 'VS Code to read the workspace settings', 20_000);
      await openWith('Clone my voice.', 'Clone my voice.');
      await assert.rejects(readSpeechSettings(), /Voice cloning needs a WAV sample of 3 to 10 seconds/);
      assert.equal(await vscode.commands.executeCommand('tandem.readAloud'), undefined);
      assert.equal(sim.requests.length, 0, "the workspace's sample was not uploaded");
      await until(() => warned.some((w) => w.includes('tandem.speech.voiceSample')), 'the notice that it was ignored', 10_000);

      await config.set('speech.voiceSample', mine);
      assert.deepEqual(await vscode.commands.executeCommand('tandem.readAloud'), { kind: 'finished' });
      const body = speechBodies()[0] as { audio: { voice: string } };
      assert.equal(body.audio.voice, readFileSync(mine).toString('base64'), "the user's sample, not the workspace's");
    } finally {
      rmSync(settingsDir, { recursive: true, force: true });
      await until(() => tabSize() === undefined, 'VS Code to drop the workspace settings', 20_000);
      api.ui.warn = warn;
      await config.reset('speech.voiceSample', 'speech.model');
      rmSync(outside, { recursive: true, force: true });
    }
  });

  it('refuses a voice sample file past 4 MiB with an error that says so, and sends nothing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tandem-sample-'));
    const huge = join(dir, 'album.wav');
    // A WAV header that claims 5 s, then far more data than any sample: only the size stops it.
    writeFileSync(huge, Buffer.concat([pcmToWav(new Uint8Array(5 * 24000 * 2), 24000), Buffer.alloc(5 * 1024 * 1024)]));
    await config.set('speech.model', 'alpha-v2.5-tts-voiceclone');
    await config.set('speech.voiceSample', huge);
    try {
      await assert.rejects(
        readSpeechSettings(),
        /^Error: The voice sample album\.wav is 5\.\d MB; a sample of 3 to 10 seconds is at most 4\.0 MB\. Nothing was sent/,
      );
      await openWith('Clone my voice.', 'Clone my voice.');
      assert.equal(await vscode.commands.executeCommand('tandem.readAloud'), undefined);
      assert.equal(sim.requests.length, 0, 'nothing was sent');
    } finally {
      await config.reset('speech.voiceSample', 'speech.model');
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('when the view cannot be shown, the reading fails at once instead of playing nowhere', async () => {
    const provider = api.chat.provider;
    const reveal = provider.revealWithoutFocus;
    provider.revealWithoutFocus = async () => false; // as when the view never loads
    sim.configure({ tokensPerSecond: 25 });
    try {
      await openWith('Nobody can hear this.', 'Nobody can hear this.');
      const outcome = (await vscode.commands.executeCommand('tandem.readAloud')) as { kind: string; error?: Error };
      assert.equal(outcome.kind, 'failed');
      assert.equal(outcome.error?.name, 'NoPlayerError');
      assert.ok(!posted.some((m) => m.type === 'speech/audio'), 'no audio went to a view that is not there');
      // The request may not have left yet when the view gave up; if it had, it was aborted.
      await until(() => sim.requests.length === sim.abortedCount, 'no request left open', 5_000);
    } finally {
      provider.revealWithoutFocus = reveal;
    }
  });

  it('an unreachable service fails with a network error and nothing playing', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    await config.set('serviceA.baseUrl', `http://127.0.0.1:${port}`);
    try {
      await openWith('Is anyone there?', 'Is anyone there?');
      const outcome = (await vscode.commands.executeCommand('tandem.readAloud')) as { kind: string; error?: { code?: string } };
      assert.equal(outcome.kind, 'failed');
      assert.equal(outcome.error?.code, 'network_error');
      assert.equal(posted.filter((m) => m.type.startsWith('speech/')).at(-1)?.type, 'speech/stop');
    } finally {
      await config.set('serviceA.baseUrl', sim.urlA);
    }
  });

  it('a cut stream ends the reading with an error and leaves nothing playing', async () => {
    sim.inject({ kind: 'reset', service: 'A', afterChunks: 2 });
    await openWith('This reading will be cut off by the network.', 'This reading will be cut off by the network.');
    const outcome = (await vscode.commands.executeCommand('tandem.readAloud')) as { kind: string };
    assert.equal(outcome.kind, 'failed');
    assert.equal(posted.at(-1)?.type, 'speech/stop');
  });
});
