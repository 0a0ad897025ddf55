import * as assert from 'node:assert/strict';
import { startSimulator, type Simulator } from '../../../sim/simulator';
import { StreamAccumulator } from '../../../src/core/transport/streamAccumulator';
import { parseWav } from '../../../src/core/speech/wav';
import { drain, simClients, type SimClients } from './simClients';

describe('service clients against the simulator: fill-in-the-middle and speech', () => {
  let sim: Simulator;
  let clients: SimClients;

  before(async () => {
    sim = await startSimulator();
    clients = simClients(sim);
  });
  beforeEach(() => sim.reset());
  after(async () => {
    await clients.close();
    await sim.close();
  });

  const prefix = 'function add(a: number, b: number): number {\n  return a + b;\n}\n\nfunction multiply(a: number, b: number): number {\n  ';
  const suffix = '\n}\n';

  it('completes code between a prefix and a suffix, in non-reasoning mode, with the exact request', async () => {
    const reply = await clients.b.fim({ model: 'beta-v4-pro', prompt: prefix, suffix, maxTokens: 64, stop: ['\n\n'] });
    const text = reply.choices[0].text;
    assert.ok(text.trim().length > 0, 'some code comes back');
    assert.ok(!text.includes('\n\n'), 'the stop sequence is honoured');
    assert.equal(sim.requests[0].path, '/beta/completions');
    assert.deepEqual(sim.requests[0].body, { model: 'beta-v4-pro', prompt: prefix, suffix, max_tokens: 64, stop: ['\n\n'], stream: false });
  });

  it('streams the same completion it returns whole', async () => {
    const whole = await clients.b.fim({ model: 'beta-v4-pro', prompt: prefix, suffix, maxTokens: 64 });
    const { items, error } = await drain(clients.b.streamFim({ model: 'beta-v4-pro', prompt: prefix, suffix, maxTokens: 64 }));
    assert.equal(error, undefined);
    assert.equal(items.map((chunk) => chunk.choices[0]?.text ?? '').join(''), whole.choices[0].text);
  });

  it('speaks text as streamed pcm16 that decodes to audio growing with the text', async () => {
    const pcmBytes = async (text: string) => {
      const acc = new StreamAccumulator();
      const { items, error } = await drain(clients.a.streamSpeech({ model: 'alpha-v2.5-tts', text, voice: 'Mia' }));
      assert.equal(error, undefined);
      for (const chunk of items) acc.push(chunk);
      const pieces = acc.snapshot.audio!.data;
      assert.ok(pieces.length > 1, 'audio arrives in several chunks');
      return pieces.reduce((total, piece) => total + Buffer.from(piece, 'base64').length, 0);
    };
    const short = await pcmBytes('Hello there.');
    const long = await pcmBytes('Hello there. This sentence is quite a bit longer than the first one was.');
    assert.ok(long > short * 2);
    const body = sim.requests[0].body as Record<string, unknown>;
    assert.deepEqual(body.messages, [{ role: 'assistant', content: 'Hello there.' }]);
    assert.deepEqual(body.audio, { format: 'pcm16', voice: 'Mia' });
    assert.equal(body.stream, true);
    for (const forbidden of ['thinking', 'tools', 'tool_choice', 'response_format', 'stop']) assert.equal(body[forbidden], undefined, forbidden);
  });

  it('returns a valid WAV when not streaming', async () => {
    const reply = await clients.a.speech({ model: 'alpha-v2.5-tts', text: 'Read this aloud, please.' });
    const wav = parseWav(Buffer.from(reply.choices[0].message.audio!.data, 'base64'));
    assert.equal(wav.sampleRate, 24_000);
    assert.equal(wav.channels, 1);
    assert.equal(wav.bitsPerSample, 16);
    assert.ok(wav.durationSeconds > 0.5);
  });
});
