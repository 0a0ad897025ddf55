import assert from 'node:assert/strict';
import { startSimulator, type Simulator } from '../../../sim/simulator';
import { chatA, parseSse, USER } from './simHttp';

/** Parses a RIFF/WAVE buffer by hand (independent of the simulator's own parser). */
function readWav(buf: Buffer): { sampleRate: number; channels: number; bits: number; samples: Int16Array } {
  assert.equal(buf.toString('ascii', 0, 4), 'RIFF');
  assert.equal(buf.toString('ascii', 8, 12), 'WAVE');
  assert.equal(buf.readUInt32LE(4), buf.length - 8, 'RIFF size');
  let off = 12;
  let fmt: { sampleRate: number; channels: number; bits: number } | undefined;
  while (off + 8 <= buf.length) {
    const id = buf.toString('ascii', off, off + 4);
    const size = buf.readUInt32LE(off + 4);
    if (id === 'fmt ') {
      assert.equal(buf.readUInt16LE(off + 8), 1, 'PCM');
      fmt = { channels: buf.readUInt16LE(off + 10), sampleRate: buf.readUInt32LE(off + 12), bits: buf.readUInt16LE(off + 22) };
    }
    if (id === 'data') {
      assert.ok(fmt);
      const data = buf.subarray(off + 8, off + 8 + size);
      assert.equal(data.length, size);
      return { ...fmt, samples: pcmSamples(data) };
    }
    off += 8 + size;
  }
  throw new Error('no data chunk');
}

function pcmSamples(pcm: Buffer): Int16Array {
  const out = new Int16Array(pcm.length >> 1);
  for (let i = 0; i < out.length; i++) out[i] = pcm.readInt16LE(i * 2);
  return out;
}

function rms(samples: Int16Array): number {
  let sum = 0;
  for (const s of samples) sum += s * s;
  return Math.sqrt(sum / samples.length) / 32768;
}

/** A mono 16-bit WAV of `seconds` of a 150 Hz tone, as a voice-clone sample. */
function sampleWav(seconds: number): string {
  const n = Math.round(seconds * 16000);
  const data = Buffer.alloc(n * 2);
  for (let i = 0; i < n; i++) data.writeInt16LE(Math.round(Math.sin((2 * Math.PI * 150 * i) / 16000) * 8000), i * 2);
  const h = Buffer.alloc(44);
  h.write('RIFF', 0, 'ascii');
  h.writeUInt32LE(36 + data.length, 4);
  h.write('WAVEfmt ', 8, 'ascii');
  h.writeUInt32LE(16, 16);
  h.writeUInt16LE(1, 20);
  h.writeUInt16LE(1, 22);
  h.writeUInt32LE(16000, 24);
  h.writeUInt32LE(32000, 28);
  h.writeUInt16LE(2, 32);
  h.writeUInt16LE(16, 34);
  h.write('data', 36, 'ascii');
  h.writeUInt32LE(data.length, 40);
  return Buffer.concat([h, data]).toString('base64');
}

const speak = (text: string, extra: Record<string, unknown> = {}) => ({
  model: 'alpha-v2.5-tts',
  messages: [USER('Please read this aloud.'), { role: 'assistant', content: text }],
  ...extra,
});

describe('sim: speech output', () => {
  let sim: Simulator;
  before(async () => {
    sim = await startSimulator();
  });
  after(() => sim.close());

  it('non-stream: a valid 24 kHz mono 16-bit WAV that is audible and grows with the text', async () => {
    const short = await chatA(sim, speak('Hi.'));
    const long = await chatA(sim, speak('The quick brown fox jumps over the lazy dog, and then it runs far away into the forest.'));
    assert.equal(short.status, 200, short.text);
    const msg = long.json.choices[0].message;
    assert.equal(msg.role, 'assistant');
    assert.equal(typeof msg.audio.id, 'string');
    const wavShort = readWav(Buffer.from(short.json.choices[0].message.audio.data, 'base64'));
    const wav = readWav(Buffer.from(msg.audio.data, 'base64'));
    assert.equal(wav.sampleRate, 24000);
    assert.equal(wav.channels, 1);
    assert.equal(wav.bits, 16);
    const seconds = wav.samples.length / 24000;
    const chars = 'The quick brown fox jumps over the lazy dog, and then it runs far away into the forest.'.length;
    assert.ok(seconds / chars > 0.055 && seconds / chars < 0.09, `${((seconds / chars) * 1000).toFixed(0)} ms per character`);
    assert.ok(wavShort.samples.length / 24000 >= 0.5, 'minimum about half a second');
    assert.ok(wav.samples.length > wavShort.samples.length * 3);
    assert.ok(rms(wav.samples) > 0.02, `RMS ${rms(wav.samples)}`);
    assert.equal(long.json.choices[0].finish_reason, 'stop');
    const u = long.json.usage;
    assert.equal(u.completion_tokens, Math.ceil(seconds * 25));
    assert.equal(u.total_tokens, u.prompt_tokens + u.completion_tokens);
  });

  it('is deterministic, and voices differ', async () => {
    const a = await chatA(sim, speak('Same text.'));
    const b = await chatA(sim, speak('Same text.'));
    const c = await chatA(sim, speak('Same text.', { audio: { voice: 'Dean' } }));
    assert.equal(a.json.choices[0].message.audio.data, b.json.choices[0].message.audio.data);
    assert.notEqual(a.json.choices[0].message.audio.data, c.json.choices[0].message.audio.data);
    for (const voice of ['alpha_default', '冰糖', '茉莉', '苏打', '白桦', 'Mia', 'Chloe', 'Milo', 'Dean']) {
      assert.equal((await chatA(sim, speak('Hi.', { audio: { voice } }))).status, 200, voice);
    }
  });

  it('pcm / pcm16 formats return raw samples', async () => {
    for (const format of ['pcm', 'pcm16']) {
      const res = await chatA(sim, speak('Hello world.', { audio: { format } }));
      const pcm = Buffer.from(res.json.choices[0].message.audio.data, 'base64');
      assert.notEqual(pcm.toString('ascii', 0, 4), 'RIFF');
      assert.equal(pcm.length % 2, 0);
      assert.ok(rms(pcmSamples(pcm)) > 0.02);
    }
  });

  it('stream: delta.audio chunks of ~100 ms (some odd-sized) that decode to the same pcm', async () => {
    const text = 'Streaming speech arrives in small pieces.';
    const res = await chatA(sim, speak(text, { stream: true }));
    const sse = parseSse(res.text);
    assert.equal(sse.data[sse.data.length - 1], '[DONE]');
    const audioChunks = sse.chunks.filter((c) => c.choices.length > 0);
    assert.equal(audioChunks[0].choices[0].delta.role, 'assistant');
    assert.equal(audioChunks[0].choices[0].delta.content, null);
    const parts = audioChunks.map((c) => Buffer.from(c.choices[0].delta.audio.data, 'base64'));
    assert.ok(
      parts.some((p) => p.length % 2 === 1),
      'some chunks have an odd byte count',
    );
    assert.ok(
      parts.slice(0, -1).every((p) => Math.abs(p.length - 4800) <= 1),
      '~100 ms each',
    );
    assert.equal(audioChunks[audioChunks.length - 1].choices[0].finish_reason, 'stop');
    assert.deepEqual(sse.chunks[sse.chunks.length - 1].choices, []);
    const pcm = Buffer.concat(parts);
    const whole = await chatA(sim, speak(text, { audio: { format: 'pcm' } }));
    assert.ok(pcm.equals(Buffer.from(whole.json.choices[0].message.audio.data, 'base64')), 'stream pcm == non-stream pcm');
  });

  it('max_completion_tokens truncates audio with finish_reason length', async () => {
    const res = await chatA(sim, speak('This sentence is long enough to need more than a second of audio.', { max_completion_tokens: 25 }));
    assert.equal(res.json.choices[0].finish_reason, 'length');
    const wav = readWav(Buffer.from(res.json.choices[0].message.audio.data, 'base64'));
    assert.equal(wav.samples.length, 24000);
  });

  it('voicedesign: description in the user message; optimize_text_preview returns polished text', async () => {
    const res = await chatA(sim, {
      model: 'alpha-v2.5-tts-voicedesign',
      messages: [USER('A warm, deep male voice'), { role: 'assistant', content: '  hello   there ,  friend ' }],
      audio: { optimize_text_preview: true },
    });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.json.choices[0].final_text_preview, 'Hello there, friend.');
    const noText = await chatA(sim, {
      model: 'alpha-v2.5-tts-voicedesign',
      messages: [USER('A bright young woman')],
      audio: { optimize_text_preview: true },
    });
    assert.equal(noText.status, 200, noText.text);
    assert.match(noText.json.choices[0].final_text_preview, /^[A-Z].*[.!?]$/);
    const plain = await chatA(sim, {
      model: 'alpha-v2.5-tts-voicedesign',
      messages: [USER('A calm voice'), { role: 'assistant', content: 'hi' }],
    });
    assert.equal(plain.status, 200);
    assert.equal(plain.json.choices[0].final_text_preview, undefined);
  });

  it('voiceclone: accepts a 3–10 s WAV sample (also as a data URL) and rejects other lengths', async () => {
    const clone = (voice: string) =>
      chatA(sim, { model: 'alpha-v2.5-tts-voiceclone', messages: [{ role: 'assistant', content: 'Cloned hello.' }], audio: { voice } });
    const ok = await clone(sampleWav(4));
    assert.equal(ok.status, 200, ok.text);
    assert.ok(ok.json.usage.prompt_tokens_details.audio_tokens >= 100, 'the sample counts as audio input');
    assert.equal((await clone(`data:audio/wav;base64,${sampleWav(3)}`)).status, 200);
    assert.equal((await clone(sampleWav(10))).status, 200);
    for (const bad of [sampleWav(2.9), sampleWav(10.5)]) {
      const res = await clone(bad);
      assert.equal(res.status, 400);
      assert.match(res.json.error.message, /3 to 10 seconds/);
    }
    const notWav = await clone(Buffer.from('hello world, not audio').toString('base64'));
    assert.equal(notWav.status, 400);
    assert.match(notWav.json.error.message, /WAV/);
  });
});
