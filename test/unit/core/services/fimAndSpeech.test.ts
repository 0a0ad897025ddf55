import * as assert from 'node:assert/strict';
import { startSimulator, type Simulator } from '../../../../sim/simulator';
import { speechEvents } from '../../../../src/core/speech/speechEvents';
import { speechToWav } from '../../../../src/core/speech/speechToWav';
import { parseWav } from '../../../../src/core/speech/wav';
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

  const prefix =
    'function add(a: number, b: number): number {\n  return a + b;\n}\n\nfunction multiply(a: number, b: number): number {\n  ';
  const suffix = '\n}\n';

  it('streams code between a prefix and a suffix, in non-reasoning mode, with the exact request', async () => {
    const { items, error } = await drain(
      clients.b.streamFim({ model: 'beta-v4-pro', prompt: prefix, suffix, maxTokens: 64, stop: ['\n\n'] }),
    );
    assert.equal(error, undefined);
    const text = items.map((chunk) => chunk.choices[0]?.text ?? '').join('');
    assert.ok(text.trim().length > 0, 'some code comes back');
    assert.ok(!text.includes('\n\n'), 'the stop sequence is honoured');
    assert.equal(sim.requests[0].path, '/beta/completions');
    assert.deepEqual(sim.requests[0].body, { model: 'beta-v4-pro', prompt: prefix, suffix, max_tokens: 64, stop: ['\n\n'], stream: true });
  });

  it('speaks text as streamed pcm16 that decodes to audio growing with the text', async () => {
    const pcmBytes = async (text: string) => {
      const { items, error } = await drain(speechEvents(clients.a, { model: 'alpha-v2.5-tts', voice: 'Mia' }, text));
      assert.equal(error, undefined);
      const pieces = items.flatMap((event) => (event.kind === 'audio' ? [event.data] : []));
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
    for (const forbidden of ['thinking', 'tools', 'tool_choice', 'response_format', 'stop'])
      assert.equal(body[forbidden], undefined, forbidden);
  });

  it('makes a valid WAV of the streamed pcm16', async () => {
    const spoken = await speechToWav(clients.a, {
      parts: ['Read this aloud, please.'],
      voice: { model: 'alpha-v2.5-tts' },
      sampleRate: 24_000,
    });
    const wav = parseWav(Buffer.from(spoken.wav));
    assert.equal(wav.sampleRate, 24_000);
    assert.equal(wav.channels, 1);
    assert.equal(wav.bitsPerSample, 16);
    assert.ok(wav.durationSeconds > 0.5);
  });
});
