import assert from 'node:assert/strict';
import { buildSpeechRequest, type SpeechOptions } from '../../../../../src/core/services/serviceA/speechRequest';
import { expectInvalid, expectServiceError } from '../expectServiceError';

const SAMPLE = 'UklGRiQAAABXQVZF';
const FORBIDDEN = ['thinking', 'tools', 'tool_choice', 'response_format', 'stop', 'temperature', 'top_p'];

describe('buildSpeechRequest', () => {
  it('alpha-v2.5-tts: text as an assistant message, default voice alpha_default', () => {
    assert.deepEqual(buildSpeechRequest({ model: 'alpha-v2.5-tts', text: 'Hello there.' }), {
      path: '/v1/chat/completions',
      body: {
        model: 'alpha-v2.5-tts',
        messages: [{ role: 'assistant', content: 'Hello there.' }],
        audio: { voice: 'alpha_default' },
      },
    });
  });

  it('alpha-v2.5-tts streamed: pcm16 unless a format is given; preset voice and token cap sent', () => {
    assert.deepEqual(
      buildSpeechRequest({ model: 'alpha-v2.5-tts', text: '你好', voice: '冰糖', stream: true, maxCompletionTokens: 4096 }).body,
      {
        model: 'alpha-v2.5-tts',
        messages: [{ role: 'assistant', content: '你好' }],
        stream: true,
        max_completion_tokens: 4096,
        audio: { format: 'pcm16', voice: '冰糖' },
      },
    );
    assert.deepEqual(buildSpeechRequest({ model: 'alpha-v2.5-tts', text: 'x', stream: true, format: 'mp3' }).body.audio, {
      format: 'mp3',
      voice: 'alpha_default',
    });
    assert.deepEqual(buildSpeechRequest({ model: 'alpha-v2.5-tts', text: 'x', format: 'wav' }).body.audio, {
      format: 'wav',
      voice: 'alpha_default',
    });
  });

  it('voicedesign: description as a user message, no audio.voice, optimize_text_preview allowed', () => {
    assert.deepEqual(
      buildSpeechRequest({
        model: 'alpha-v2.5-tts-voicedesign',
        text: 'Welcome back.',
        voiceDescription: 'A warm, slow baritone',
        optimizeTextPreview: true,
      }).body,
      {
        model: 'alpha-v2.5-tts-voicedesign',
        messages: [
          { role: 'user', content: 'A warm, slow baritone' },
          { role: 'assistant', content: 'Welcome back.' },
        ],
        audio: { optimize_text_preview: true },
      },
    );
  });

  it('voicedesign without options sends no audio object at all', () => {
    const { body } = buildSpeechRequest({ model: 'alpha-v2.5-tts-voicedesign', text: 'Hi', voiceDescription: 'bright' });
    assert.equal('audio' in body, false);
  });

  it('voicedesign with optimizeTextPreview may leave the text out', () => {
    assert.deepEqual(
      buildSpeechRequest({
        model: 'alpha-v2.5-tts-voicedesign',
        voiceDescription: 'a child narrator',
        optimizeTextPreview: true,
        stream: true,
      }).body,
      {
        model: 'alpha-v2.5-tts-voicedesign',
        messages: [{ role: 'user', content: 'a child narrator' }],
        stream: true,
        audio: { format: 'pcm16', optimize_text_preview: true },
      },
    );
  });

  it('voiceclone: bare base64 sample in audio.voice (data: prefix stripped)', () => {
    assert.deepEqual(
      buildSpeechRequest({
        model: 'alpha-v2.5-tts-voiceclone',
        text: 'Clone me.',
        voiceSampleBase64: `data:audio/wav;base64,${SAMPLE}`,
        voiceSampleSeconds: 5,
      }).body,
      {
        model: 'alpha-v2.5-tts-voiceclone',
        messages: [{ role: 'assistant', content: 'Clone me.' }],
        audio: { voice: SAMPLE },
      },
    );
    assert.deepEqual(
      buildSpeechRequest({ model: 'alpha-v2.5-tts-voiceclone', text: 'x', voiceSampleBase64: SAMPLE, voiceSampleSeconds: 3 }).body.audio,
      { voice: SAMPLE },
    );
    assert.deepEqual(
      buildSpeechRequest({ model: 'alpha-v2.5-tts-voiceclone', text: 'x', voiceSampleBase64: SAMPLE, voiceSampleSeconds: 10 }).body.audio,
      { voice: SAMPLE },
    );
  });

  it('never sends thinking, tools, tool_choice, response_format or stop (docs/contracts.md#a-speech-unsupported)', () => {
    const bodies = [
      buildSpeechRequest({ model: 'alpha-v2.5-tts', text: 'a', stream: true }).body,
      buildSpeechRequest({ model: 'alpha-v2.5-tts-voicedesign', text: 'a', voiceDescription: 'b' }).body,
      buildSpeechRequest({ model: 'alpha-v2.5-tts-voiceclone', text: 'a', voiceSampleBase64: SAMPLE, voiceSampleSeconds: 4 }).body,
    ];
    for (const body of bodies) {
      for (const field of FORBIDDEN) assert.equal(field in body, false, `${field} must not be sent`);
    }
  });

  describe('local validation', () => {
    const v = (o: SpeechOptions) => () => buildSpeechRequest(o);

    it('model must be a speech model; retired ids → model_not_found', () => {
      expectInvalid('A', v({ model: 'alpha-v2.5', text: 'x' }), '"alpha-v2.5" is not a Service A speech model');
      expectInvalid('A', v({ model: 'beta-v4-pro', text: 'x' }), '"beta-v4-pro" is not a Service A speech model');
      expectServiceError(v({ model: 'alpha-v2-tts', text: 'x' }), {
        service: 'A',
        code: 'model_not_found',
        message: 'Service A model "alpha-v2-tts" was retired on 2026-06-30 and no longer works',
        hint: 'Choose alpha-v2.5-tts instead',
      });
    });

    it('text is required and non-empty', () => {
      expectInvalid('A', v({ model: 'alpha-v2.5-tts' }), 'Service A speech needs non-empty text to speak');
      expectInvalid('A', v({ model: 'alpha-v2.5-tts', text: '  \n' }), 'Service A speech needs non-empty text to speak');
      expectInvalid(
        'A',
        v({ model: 'alpha-v2.5-tts-voicedesign', voiceDescription: 'x' }),
        'Service A speech needs non-empty text to speak',
      );
      expectInvalid(
        'A',
        v({ model: 'alpha-v2.5-tts-voicedesign', voiceDescription: 'x', optimizeTextPreview: false }),
        'Service A speech needs non-empty text to speak',
      );
    });

    it('alpha-v2.5-tts: voice must be a preset', () => {
      const err = expectInvalid(
        'A',
        v({ model: 'alpha-v2.5-tts', text: 'x', voice: 'Morgan' }),
        '"Morgan" is not a preset voice of alpha-v2.5-tts',
      );
      assert.equal(err.hint, 'Choose one of: alpha_default, 冰糖, 茉莉, 苏打, 白桦, Mia, Chloe, Milo, Dean.');
    });

    it('voice options belong to one model each', () => {
      expectInvalid(
        'A',
        v({ model: 'alpha-v2.5-tts-voicedesign', text: 'x', voiceDescription: 'd', voice: 'Mia' }),
        'alpha-v2.5-tts-voicedesign does not take a preset voice (audio.voice); describe the voice with voiceDescription instead',
      );
      expectInvalid(
        'A',
        v({ model: 'alpha-v2.5-tts-voiceclone', text: 'x', voice: 'Mia' }),
        'alpha-v2.5-tts-voiceclone does not take a preset voice (audio.voice); pass the sample as voiceSampleBase64 instead',
      );
      expectInvalid(
        'A',
        v({ model: 'alpha-v2.5-tts', text: 'x', voiceDescription: 'd' }),
        'A voice description is only used by alpha-v2.5-tts-voicedesign',
      );
      expectInvalid(
        'A',
        v({ model: 'alpha-v2.5-tts', text: 'x', optimizeTextPreview: true }),
        'optimize_text_preview is only supported by alpha-v2.5-tts-voicedesign',
      );
      expectInvalid(
        'A',
        v({ model: 'alpha-v2.5-tts-voiceclone', text: 'x', voiceSampleBase64: SAMPLE, voiceSampleSeconds: 5, optimizeTextPreview: true }),
        'optimize_text_preview is only supported by alpha-v2.5-tts-voicedesign',
      );
      expectInvalid(
        'A',
        v({ model: 'alpha-v2.5-tts', text: 'x', voiceSampleBase64: SAMPLE }),
        'A voice sample is only used by alpha-v2.5-tts-voiceclone',
      );
    });

    it('voicedesign needs a description', () => {
      expectInvalid('A', v({ model: 'alpha-v2.5-tts-voicedesign', text: 'x' }), 'alpha-v2.5-tts-voicedesign needs a voice description');
      expectInvalid(
        'A',
        v({ model: 'alpha-v2.5-tts-voicedesign', text: 'x', voiceDescription: ' ' }),
        'alpha-v2.5-tts-voicedesign needs a voice description',
      );
    });

    it('voiceclone: sample required, base64, 3–10 seconds', () => {
      expectInvalid(
        'A',
        v({ model: 'alpha-v2.5-tts-voiceclone', text: 'x' }),
        'alpha-v2.5-tts-voiceclone needs a voice sample (base64 audio of 3 to 10 seconds)',
      );
      expectInvalid(
        'A',
        v({ model: 'alpha-v2.5-tts-voiceclone', text: 'x', voiceSampleBase64: 'not base64!', voiceSampleSeconds: 5 }),
        'The voice sample is not valid base64',
      );
      expectInvalid(
        'A',
        v({ model: 'alpha-v2.5-tts-voiceclone', text: 'x', voiceSampleBase64: SAMPLE }),
        'The voice sample needs its duration (voiceSampleSeconds) to check the 3–10 s limit',
      );
      expectInvalid(
        'A',
        v({ model: 'alpha-v2.5-tts-voiceclone', text: 'x', voiceSampleBase64: SAMPLE, voiceSampleSeconds: 2.999 }),
        'Service A voice cloning needs a sample of 3 to 10 seconds (got 2.999 s)',
      );
      expectInvalid(
        'A',
        v({ model: 'alpha-v2.5-tts-voiceclone', text: 'x', voiceSampleBase64: SAMPLE, voiceSampleSeconds: 12.5 }),
        'Service A voice cloning needs a sample of 3 to 10 seconds (got 12.5 s)',
      );
      expectInvalid(
        'A',
        v({ model: 'alpha-v2.5-tts-voiceclone', text: 'x', voiceSampleBase64: SAMPLE, voiceSampleSeconds: 1 }),
        'Service A voice cloning needs a sample of 3 to 10 seconds (got 1 s)',
      );
    });

    it('max_completion_tokens within [1, 8192]; format from the list', () => {
      expectInvalid(
        'A',
        v({ model: 'alpha-v2.5-tts', text: 'x', maxCompletionTokens: 8193 }),
        'Service A max_completion_tokens must be an integer from 1 to 8192 (got 8193)',
      );
      expectInvalid(
        'A',
        v({ model: 'alpha-v2.5-tts', text: 'x', maxCompletionTokens: 0 }),
        'Service A max_completion_tokens must be an integer from 1 to 8192 (got 0)',
      );
      expectInvalid(
        'A',
        v({ model: 'alpha-v2.5-tts', text: 'x', format: 'ogg' as never }),
        'Service A audio format must be one of wav, mp3, pcm, pcm16 (got "ogg")',
      );
    });
  });
});
