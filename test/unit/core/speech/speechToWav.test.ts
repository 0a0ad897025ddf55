import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSimulator, type Simulator } from '../../../../sim/simulator';
import { speechToWav } from '../../../../src/core/speech/speechToWav';
import { parseWav, pcmToWav } from '../../../../src/core/speech/wav';
import { MAX_VOICE_SAMPLE_BYTES, voiceSampleFromWav, voiceSampleTooLarge } from '../../../../src/core/speech/voiceSample';
import { requireSox } from '../../../soxAvailable';
import { simClients, type SimClients } from '../services/simClients';

const silence = (seconds: number, rate = 24000) => pcmToWav(new Uint8Array(Math.round(seconds * rate) * 2), rate);

describe('speech to a WAV file, and voice samples', () => {
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

  it('joins the streamed parts into one WAV that sox reads with the right rate, width and length', async function () {
    const parts = ['First part of the text.', 'The second part is a little longer than the first.'];
    const progress: string[] = [];
    const spoken = await speechToWav(
      clients.a,
      { parts, voice: { model: 'alpha-v2.5-tts', voice: 'Dean' }, sampleRate: 24000 },
      { onPart: (d, t) => progress.push(`${d}/${t}`) },
    );
    assert.deepEqual(progress, ['1/2', '2/2']);
    assert.equal(sim.requests.length, 2);

    const info = parseWav(spoken.wav);
    assert.deepEqual([info.sampleRate, info.channels, info.bitsPerSample], [24000, 1, 16]);
    assert.ok(Math.abs(info.durationSeconds - spoken.seconds) < 1e-9);
    assert.ok(spoken.seconds > 2, `${spoken.seconds} s for ${parts.join('').length} characters`);

    requireSox(this); // the checks above ran; the cross-check below needs sox
    const dir = mkdtempSync(join(tmpdir(), 'tandem-speech-'));
    try {
      const file = join(dir, 'speech.wav');
      writeFileSync(file, spoken.wav);
      const sox = (flag: string) => execFileSync('sox', ['--i', flag, file], { encoding: 'utf8' }).trim();
      assert.equal(sox('-r'), '24000');
      assert.equal(sox('-c'), '1');
      assert.equal(sox('-b'), '16');
      assert.ok(Math.abs(Number(sox('-D')) - spoken.seconds) < 0.001, `sox says ${sox('-D')} s`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('stops at once when cancelled, writing nothing', async () => {
    const abort = new AbortController();
    abort.abort();
    await assert.rejects(
      speechToWav(clients.a, { parts: ['Hello.'], voice: { model: 'alpha-v2.5-tts' }, sampleRate: 24000 }, { signal: abort.signal }),
    );
  });

  it('accepts a voice sample of 3 to 10 seconds and encodes it as base64 WAV', () => {
    const wav = silence(4.5);
    const sample = voiceSampleFromWav(wav, 'me.wav');
    assert.equal(sample.voiceSampleSeconds, 4.5);
    assert.deepEqual(new Uint8Array(Buffer.from(sample.voiceSampleBase64, 'base64')), wav);
    assert.equal(voiceSampleFromWav(silence(3), 'a.wav').voiceSampleSeconds, 3);
    assert.equal(voiceSampleFromWav(silence(10), 'a.wav').voiceSampleSeconds, 10);
  });

  it('refuses samples that are too short, too long or not WAV, naming the file and the limit', () => {
    assert.throws(
      () => voiceSampleFromWav(silence(2.9), 'short.wav'),
      /short\.wav is 2\.9 s long; Service A voice cloning needs 3 to 10 seconds/,
    );
    assert.throws(() => voiceSampleFromWav(silence(12), 'long.wav'), /long\.wav is 12\.0 s long/);
    assert.throws(
      () => voiceSampleFromWav(new TextEncoder().encode('ID3 this is an mp3'), 'song.mp3'),
      /song\.mp3 is not a usable WAV file/,
    );
  });

  it('caps a sample file at 4 MiB, enough for 10 s at 48 kHz stereo 32-bit, with an error that names the file and the cap', () => {
    const longest = pcmToWav(new Uint8Array(10 * 48000 * 2 * 4), 48000, 2, 32);
    assert.ok(longest.length <= MAX_VOICE_SAMPLE_BYTES, 'the longest sample the contract allows fits');
    assert.equal(voiceSampleTooLarge(longest.length, 'me.wav'), undefined);
    assert.equal(voiceSampleTooLarge(MAX_VOICE_SAMPLE_BYTES, 'me.wav'), undefined);
    assert.match(
      voiceSampleTooLarge(MAX_VOICE_SAMPLE_BYTES + 1, 'album.wav') ?? '',
      /^The voice sample album\.wav is 4\.0 MB; a sample of 3 to 10 seconds is at most 4\.0 MB\. Nothing was sent/,
    );
    assert.match(voiceSampleTooLarge(700 * 1024 * 1024, 'album.wav') ?? '', /album\.wav is 700\.0 MB/);
  });

  it('a cloned voice request carries the checked sample and the simulator accepts it', async () => {
    const sample = voiceSampleFromWav(silence(3.5), 'me.wav');
    const spoken = await speechToWav(clients.a, {
      parts: ['Cloned voice.'],
      voice: { model: 'alpha-v2.5-tts-voiceclone', ...sample },
      sampleRate: 24000,
    });
    assert.ok(spoken.seconds > 0.5);
    const body = sim.requests[0].body as { audio: { voice: string } };
    assert.equal(body.audio.voice, sample.voiceSampleBase64);
  });
});
