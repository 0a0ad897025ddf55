import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_VOICE, modelsFor, PRESET_VOICES } from '../../../src/core/services/modelCatalog';

const settings = JSON.parse(readFileSync(join(__dirname, '../../../package.json'), 'utf8')).contributes.configuration.properties;

describe('speech settings in package.json', () => {
  it('offer exactly the catalog’s speech models and preset voices, with its defaults', () => {
    assert.deepEqual(
      settings['tandem.speech.model'].enum,
      modelsFor('A', 'speech').map((m) => m.id),
    );
    assert.equal(settings['tandem.speech.model'].default, 'alpha-v2.5-tts');
    assert.deepEqual(settings['tandem.speech.voice'].enum, [...PRESET_VOICES]);
    assert.equal(settings['tandem.speech.voice'].default, DEFAULT_VOICE);
  });

  it('default the pcm sample rate to 24 kHz within the range an AudioContext accepts', () => {
    const rate = settings['tandem.speech.sampleRate'];
    assert.deepEqual([rate.default, rate.minimum, rate.maximum], [24000, 8000, 96000]);
  });
});
