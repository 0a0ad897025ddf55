import assert from 'node:assert/strict';
import { startSimulator, type Simulator } from '../../../../sim/simulator';
import { Pcm16StreamDecoder } from '../../../../src/core/speech/pcmDecoder';
import { ReadAloudSession, type ReadAloudProgress, type SpeechPlayer } from '../../../../src/core/speech/readAloudSession';
import { isServiceError } from '../../../../src/core/errors/serviceError';
import { StreamedParts } from '../../../../src/core/speech/speechParts';
import { simClients, type SimClients } from '../services/simClients';
import { until } from '../../../until';

type Call = { kind: 'start' | 'audio' | 'preview' | 'end' | 'stop'; part?: number; data?: string };

/** Records what the session tells the webview player, as the protocol messages would. */
class RecordingPlayer implements SpeechPlayer {
  readonly calls: Call[] = [];
  start(): void {
    this.calls.push({ kind: 'start' });
  }
  audio(_id: string, part: number, data: string): void {
    this.calls.push({ kind: 'audio', part, data });
  }
  preview(_id: string, data: string): void {
    this.calls.push({ kind: 'preview', data });
  }
  end(): void {
    this.calls.push({ kind: 'end' });
  }
  stop(): void {
    this.calls.push({ kind: 'stop' });
  }
  kinds(): string[] {
    return [...new Set(this.calls.map((c) => (c.kind === 'audio' ? `audio${c.part}` : c.kind)))];
  }
  /** Seconds of audio received, decoding each part's stream as the webview does. */
  seconds(sampleRate = 24000): number {
    const decoders = new Map<number, Pcm16StreamDecoder>();
    let bytes = 0;
    for (const c of this.calls) {
      if (c.kind !== 'audio') continue;
      const decoder = decoders.get(c.part!) ?? new Pcm16StreamDecoder();
      decoders.set(c.part!, decoder);
      bytes += decoder.push(c.data!).length;
    }
    return bytes / 2 / sampleRate;
  }
}

const parts = ['Hello there.', 'This is the second part of the text.', 'And a third one, to finish.'];
const voice = { model: 'alpha-v2.5-tts', voice: 'Milo' };

describe('ReadAloudSession against the simulator', () => {
  let sim: Simulator;
  let clients: SimClients;

  before(async () => {
    sim = await startSimulator();
  });
  beforeEach(() => {
    sim.reset();
    sim.configure({ tokensPerSecond: 0, ttftMs: 0 });
    clients = simClients(sim);
  });
  afterEach(() => clients.close());
  after(() => sim.close());

  it('streams every part in order as pcm16 requests and finishes when the player has played it all', async () => {
    const player = new RecordingPlayer();
    const progress: ReadAloudProgress[] = [];
    const session = new ReadAloudSession(clients.a, player, { id: 'r1', parts, voice, sampleRate: 24000, title: 't' }, (p) =>
      progress.push(p),
    );
    const run = session.run();
    await until(() => player.calls.some((c) => c.kind === 'end'), 'all audio sent', 5000);
    assert.deepEqual(player.kinds(), ['start', 'audio0', 'audio1', 'audio2', 'end']);
    session.ended(player.seconds());
    assert.deepEqual(await run, { kind: 'finished' });

    assert.equal(sim.requests.length, 3);
    sim.requests.forEach((r, i) => {
      assert.equal(r.path, '/v1/chat/completions');
      const body = r.body as Record<string, unknown>;
      assert.deepEqual(body, {
        model: 'alpha-v2.5-tts',
        messages: [{ role: 'assistant', content: parts[i] }],
        stream: true,
        audio: { format: 'pcm16', voice: 'Milo' },
      });
    });
    // About 65 ms of audio per character in the simulator.
    const seconds = player.seconds();
    const chars = parts.join('').length;
    assert.ok(seconds > chars * 0.04 && seconds < chars * 0.12, `${seconds} s for ${chars} chars`);
    assert.ok(Math.abs(progress.at(-1)!.estimatedTotalSeconds - seconds) < 0.05, 'once all is received, the estimate is the real length');
  });

  it('takes parts that arrive over time: the first request leaves as soon as a sentence is there, and it ends once the source closes', async () => {
    const player = new RecordingPlayer();
    const source = new StreamedParts();
    const progress: ReadAloudProgress[] = [];
    const session = new ReadAloudSession(clients.a, player, { id: 'rs', parts: source, voice, sampleRate: 24000, title: 't' }, (p) =>
      progress.push(p),
    );
    const run = session.run();
    await until(() => player.calls.length === 1, 'the player to start', 5000);
    assert.equal(sim.requests.length, 0, 'no request before there is a sentence');
    source.append(['Hello there.']);
    await until(() => sim.requests.length === 1 && player.calls.some((c) => c.kind === 'audio'), 'the first part', 5000);
    await until(() => progress.length === 1, 'the first part to complete', 5000);
    assert.deepEqual(
      player.calls.map((c) => c.kind).filter((k) => k !== 'audio'),
      ['start'],
      'the reading waits for more rather than ending',
    );
    source.append(['This is the second part of the text.', 'And a third one, to finish.']);
    source.close();
    await until(() => player.calls.some((c) => c.kind === 'end'), 'all audio sent', 5000);
    assert.deepEqual(
      sim.requests.map((r) => (r.body as { messages: Array<{ content: string }> }).messages[0].content),
      ['Hello there.', 'This is the second part of the text. And a third one, to finish.'],
    );
    assert.deepEqual(player.kinds(), ['start', 'audio0', 'audio1', 'end']);
    assert.deepEqual(
      progress.map((p) => [p.part, p.parts]),
      [
        [1, 2],
        [2, 2],
      ],
    );
    session.ended(player.seconds());
    assert.deepEqual(await run, { kind: 'finished' });
  });

  it('a stop while waiting for the next part of a source ends the reading at once', async () => {
    const player = new RecordingPlayer();
    const session = new ReadAloudSession(clients.a, player, { id: 'rw', parts: new StreamedParts(), voice, sampleRate: 24000, title: 't' });
    const run = session.run();
    await until(() => player.calls.length === 1, 'the player to start', 5000);
    session.stop();
    assert.deepEqual(await run, { kind: 'stopped' });
    assert.deepEqual(player.kinds(), ['start', 'stop']);
    assert.equal(sim.requests.length, 0);
  });

  it('records where each part starts in seconds of audio forwarded, so progress maps to the part heard', async () => {
    const player = new RecordingPlayer();
    const session = new ReadAloudSession(clients.a, player, { id: 'r5', parts, voice, sampleRate: 24000, title: 't' });
    const run = session.run();
    await until(() => player.calls.some((c) => c.kind === 'end'), 'all audio sent', 5000);
    // Each part's start is the audio of the parts before it, decoded as the webview decodes it.
    const before = (part: number) => {
      const earlier = new RecordingPlayer();
      earlier.calls.push(...player.calls.filter((c) => c.kind === 'audio' && c.part! < part));
      return earlier.seconds();
    };
    assert.equal(session.partStartSeconds.length, 3);
    session.partStartSeconds.forEach((start, i) => assert.ok(Math.abs(start - before(i)) < 0.001, `part ${i} starts at ${start} s`));
    assert.ok(session.partStartSeconds[1] > 0.5 && session.partStartSeconds[2] > session.partStartSeconds[1] + 1);
    session.ended(player.seconds());
    await run;
  });

  it('fetches the next part while the one before still streams, and hands its audio over only after that part', async () => {
    sim.configure({ tokensPerSecond: 25 }); // real time: the first part streams for a few seconds
    const player = new RecordingPlayer();
    const long = ['A first sentence that takes a few seconds to speak in real time.', 'Then a short one.'];
    const session = new ReadAloudSession(clients.a, player, { id: 'rp', parts: long, voice, sampleRate: 24000, title: 't' });
    const run = session.run();
    await until(() => sim.requests.length === 2, 'the second request', 10_000);
    assert.equal(sim.requests[0].endedAt, undefined, 'the first part is still streaming when the second is asked for');
    assert.ok(
      sim.requests[1].receivedAt >= sim.requests[0].firstDataAt!,
      'the second leaves once the first is answered, so they arrive in order',
    );
    await until(() => player.calls.some((c) => c.kind === 'end'), 'all audio sent', 20_000);
    assert.deepEqual(player.kinds(), ['start', 'audio0', 'audio1', 'end'], 'the parts reach the player whole and in order');
    assert.ok(
      sim.requests.every((r) => r.endedAt !== undefined && !r.aborted),
      'both requests ran to their end',
    );
    session.ended(player.seconds());
    assert.deepEqual(await run, { kind: 'finished' });
  });

  it('asks for a part beyond the one fetched ahead only while the player holds less than the lookahead', async () => {
    const player = new RecordingPlayer();
    const session = new ReadAloudSession(clients.a, player, {
      id: 'r2',
      parts,
      voice,
      sampleRate: 24000,
      title: 't',
      lookaheadSeconds: 0.5,
    });
    const run = session.run();
    await until(
      () => sim.requests.length === 2 && sim.requests.every((r) => r.endedAt !== undefined) && player.kinds().includes('audio1'),
      'the first part and the one fetched ahead',
      5000,
    );
    await until(() => session.waitingForRoom, 'the third part to wait for the player', 5000);
    assert.equal(sim.requests.length, 2, 'the two parts (~3 s) are more than the lookahead, so the third waits');
    session.progress(player.seconds() - 0.2);
    await until(() => sim.requests.length === 3, 'the third request once the player caught up', 5000);
    session.stop();
    assert.deepEqual(await run, { kind: 'stopped' });
  });

  it('stop aborts the open request, so its socket closes, and silences the player', async () => {
    sim.configure({ tokensPerSecond: 25 }); // the simulator streams audio in real time
    const player = new RecordingPlayer();
    const session = new ReadAloudSession(clients.a, player, {
      id: 'r3',
      parts: ['A sentence long enough to take a few seconds to stream in real time.'],
      voice,
      sampleRate: 24000,
      title: 't',
    });
    const run = session.run();
    await until(() => player.calls.some((c) => c.kind === 'audio'), 'first audio', 5000);
    session.stop();
    assert.deepEqual(await run, { kind: 'stopped' });
    assert.equal(player.calls.at(-1)!.kind, 'stop');
    await until(() => sim.abortedCount === 1, 'the simulator to see the socket close', 5000);
  });

  it('a wrong key fails with the service error and leaves nothing playing', async () => {
    const bad = simClients(sim, { keys: { A: 'wrong-key' } });
    try {
      const player = new RecordingPlayer();
      const outcome = await new ReadAloudSession(bad.a, player, { id: 'r4', parts, voice, sampleRate: 24000, title: 't' }).run();
      assert.equal(outcome.kind, 'failed');
      assert.ok(outcome.kind === 'failed' && isServiceError(outcome.error) && outcome.error.code === 'invalid_api_key');
      assert.deepEqual(player.kinds(), ['start', 'stop']);
    } finally {
      await bad.close();
    }
  });

  it('a 429 before the audio starts is retried after the service’s Retry-After, and the reading goes on', async () => {
    sim.inject({ kind: '429', service: 'A', retryAfterS: 2 });
    const player = new RecordingPlayer();
    const session = new ReadAloudSession(clients.a, player, { id: 'r8', parts: ['Hello.'], voice, sampleRate: 24000, title: 't' });
    const run = session.run();
    await until(() => player.calls.some((c) => c.kind === 'end'), 'all audio', 5000);
    session.ended(player.seconds());
    assert.deepEqual(await run, { kind: 'finished' });
    assert.deepEqual(
      sim.requests.map((r) => r.status),
      [429, 200],
    );
    assert.ok(clients.sleeps.includes(2000), `waited ${JSON.stringify(clients.sleeps)} ms`);
  });

  it('a stream cut mid-way fails the reading and stops the player after the audio it had', async () => {
    sim.inject({ kind: 'reset', service: 'A', afterChunks: 3 });
    const player = new RecordingPlayer();
    const outcome = await new ReadAloudSession(clients.a, player, { id: 'r5', parts, voice, sampleRate: 24000, title: 't' }).run();
    assert.equal(outcome.kind, 'failed');
    assert.equal(player.calls.filter((c) => c.kind === 'audio').length, 3);
    assert.equal(player.calls.at(-1)!.kind, 'stop');
    assert.ok(!player.calls.some((c) => c.kind === 'end'));
  });

  it('a player that goes away (view closed) ends the reading as failed and aborts its open requests', async () => {
    sim.configure({ tokensPerSecond: 25 });
    const player = new RecordingPlayer();
    const session = new ReadAloudSession(clients.a, player, { id: 'r6', parts, voice, sampleRate: 24000, title: 't' });
    const run = session.run();
    await until(() => player.calls.some((c) => c.kind === 'audio'), 'first audio', 5000);
    await until(() => sim.requests.length === 2, 'the next part fetched ahead', 5000);
    session.fail(new Error('The Tandem view was closed'));
    const outcome = await run;
    assert.equal(outcome.kind, 'failed');
    // Both stream in real time, so both were open: the part playing and the one fetched ahead.
    await until(() => sim.abortedCount === 2, 'both sockets to close', 5000);
  });

  it('passes voice design text previews on to the player', async () => {
    const player = new RecordingPlayer();
    const session = new ReadAloudSession(clients.a, player, {
      id: 'r7',
      parts: ['um, so this is, like, the text'],
      voice: { model: 'alpha-v2.5-tts-voicedesign', voiceDescription: 'a calm low voice', optimizeTextPreview: true },
      sampleRate: 24000,
      title: 't',
    });
    const run = session.run();
    await until(() => player.calls.some((c) => c.kind === 'end'), 'all audio', 5000);
    session.ended(player.seconds());
    await run;
    const preview = player.calls.find((c) => c.kind === 'preview');
    assert.ok(preview?.data && preview.data.length > 0, 'the polished text reaches the player');
    const body = sim.requests[0].body as { messages: unknown[]; audio: unknown };
    assert.deepEqual(body.messages, [
      { role: 'user', content: 'a calm low voice' },
      { role: 'assistant', content: 'um, so this is, like, the text' },
    ]);
    assert.deepEqual(body.audio, { format: 'pcm16', optimize_text_preview: true });
  });
});
