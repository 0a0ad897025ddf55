import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { Simulator } from '../../sim/simulator';
import type { AssistantTurn } from '../../src/shared/protocol';
import { until } from '../until';
import { chatViewOnSimulator, leaveSimulator, type TandemApi, tandemConfig } from './tandemApi';

const config = tandemConfig();

describe('chat answers read aloud in a real extension host', () => {
  let sim: Simulator;
  let api: TandemApi;
  /** The text of each speech request (Service A, a speech model), in order. */
  const spoken = () =>
    sim.requests
      .filter((r) => r.path === '/v1/chat/completions')
      .map((r) => (r.body as { messages: Array<{ content: string }> }).messages[0].content);
  const answers = () => api.chat.controller.chat.turns.filter((t): t is AssistantTurn => t.role === 'assistant');

  before(async () => {
    ({ sim, api } = await chatViewOnSimulator());
  });

  beforeEach(async () => {
    sim.reset();
    sim.configure({ tokensPerSecond: 0 });
    await api.chat.controller.newChat();
  });

  after(async () => {
    await leaveSimulator(sim, 'speech.autoReadAnswers');
  });

  /** Starts a reading, waits until its first part was asked for, and stops it; resolves with its outcome. */
  async function firstPartOf(start: () => Thenable<unknown>): Promise<{ outcome: unknown; text: string }> {
    const reading = start();
    const text = await until(() => spoken()[0], 'the first speech request', 20_000);
    api.readAloud.stop();
    return { outcome: await reading, text };
  }

  it('Read Last Answer Aloud reads the latest answer from the chat’s history, without its reasoning', async () => {
    await api.chat.controller.send('How do I debounce a function?');
    await api.chat.controller.send('How do I throttle events?');
    const [, last] = answers();
    assert.equal(last.status, 'done');
    assert.ok(last.reasoning.length > 20, 'the answer has reasoning');
    sim.reset();
    const { outcome, text } = await firstPartOf(() => vscode.commands.executeCommand('tandem.readLastAnswer'));
    assert.deepEqual(outcome, { kind: 'stopped' });
    assert.match(text, /^Throttle Events\. /, 'the latest answer, from its heading');
    assert.ok(!text.includes(last.reasoning.split('. ')[0]), 'not its reasoning');
  });

  it('the speaker button’s message reads the turn it names, from the host’s own copy', async () => {
    await api.chat.controller.send('How do I debounce a function?');
    await api.chat.controller.send('How do I throttle events?');
    const [first] = answers();
    sim.reset();
    const { text } = await firstPartOf(() => api.chat.provider.receive({ type: 'speech/readAnswer', turnId: first.id }));
    assert.match(text, /^Debounce\. /, 'the first answer, not the latest');
    // Text sent along with the id is not a message the host accepts.
    sim.reset();
    await api.chat.provider.receive({ type: 'speech/readAnswer', turnId: first.id, text: 'Read this instead.' });
    assert.equal(await api.answerReading.read('no-such-turn'), undefined, 'an unknown turn reads nothing');
    assert.deepEqual(spoken(), []);
  });

  it('auto-read: a failed answer keeps what was read, up to its last whole sentence', async () => {
    await config.set('speech.autoReadAnswers', true);
    try {
      api.readAloud.lastReport = undefined;
      // The chat stream breaks partway into the answer's text (after its reasoning).
      sim.inject({ kind: 'reset', service: 'B', path: '/chat/completions', afterChunks: 75 });
      await api.chat.controller.send('How do I debounce a function? [[tokens=400]]');
      const [answer] = answers();
      assert.equal(answer.status, 'error', 'the answer failed');
      assert.ok(answer.content.length > 0, 'after some of its text');
      const report = await until(() => api.readAloud.lastReport, 'the reading to end', 60_000);
      assert.equal(report.outcome, 'finished', 'the reading was not stopped by the failure');
      const said = spoken().join(' ');
      assert.match(said, /^Debounce\. /);
      assert.match(said, /[.!?:]$/, `no half sentence: ${JSON.stringify(said)}`);
      const tail = answer.content.slice(answer.content.lastIndexOf(' ') + 1);
      assert.ok(!said.endsWith(tail), 'the cut-off words are not read');
    } finally {
      await config.reset('speech.autoReadAnswers');
    }
  });
});
