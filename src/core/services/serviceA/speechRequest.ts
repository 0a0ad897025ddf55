// Request body for Service A speech output: the same POST {base}/v1/chat/completions, with an
// alpha-v2.5-tts* model and an `audio` object (docs/contracts.md#a-speech).
import type { SpeechKind } from '../modelCatalog';
import { DEFAULT_VOICE, PRESET_VOICES, findModel, isPresetVoice, modelIdList, modelsFor } from '../modelCatalog';
import { SERVICE_A_PATHS } from '../endpoints';
import { isRetiredModel, retiredModelError } from '../modelMigration';
import { checkRange, invalidRequest, omitUndefined } from '../requestChecks';
import { phrase } from '../../errors/phrase';

type SpeechFormat = 'wav' | 'mp3' | 'pcm' | 'pcm16';

export interface SpeechOptions {
  model: string;
  /** The text to speak; may be omitted only for voice design with optimizeTextPreview. */
  text?: string;
  /** Preset voice id (alpha-v2.5-tts only). */
  voice?: string;
  /** How the designed voice should sound (alpha-v2.5-tts-voicedesign only). */
  voiceDescription?: string;
  /** Base64 audio sample, optionally as a data: URL (alpha-v2.5-tts-voiceclone only). */
  voiceSampleBase64?: string;
  /** Length of the sample, measured by the caller (wav.ts), to enforce the 3–10 s limit locally. */
  voiceSampleSeconds?: number;
  stream?: boolean;
  format?: SpeechFormat;
  optimizeTextPreview?: boolean;
  maxCompletionTokens?: number;
}

export interface SpeechRequest {
  path: typeof SERVICE_A_PATHS.chat;
  body: Record<string, unknown>;
}

const FORMATS: readonly SpeechFormat[] = ['wav', 'mp3', 'pcm', 'pcm16'];
const CLONE_SECONDS = { min: 3, max: 10 };

export function buildSpeechRequest(o: SpeechOptions): SpeechRequest {
  const model = speechModel(o.model);
  const speech = model.speech;
  checkRange('A', 'max_completion_tokens', o.maxCompletionTokens, { min: 1, max: model.maxOutputTokens, integer: true });
  if (o.format !== undefined && !FORMATS.includes(o.format)) {
    throw invalidRequest('A', `Service A audio format must be one of ${FORMATS.join(', ')} (got "${String(o.format)}")`);
  }
  checkOnlyFor(speech, o);

  const previewOnly = speech === 'voicedesign' && o.optimizeTextPreview === true;
  const hasText = typeof o.text === 'string' && o.text.trim() !== '';
  if (!hasText && !(previewOnly && o.text === undefined)) {
    throw invalidRequest('A', 'Service A speech needs non-empty text to speak');
  }

  const messages: Array<{ role: 'user' | 'assistant'; content: string }> = [];
  if (speech === 'voicedesign') {
    // Where the voice description goes is "not shown"; we send it as a user message, the usual place
    // for instructions in the chat-completions format, ahead of the assistant text to speak.
    messages.push({ role: 'user', content: requireDescription(o.voiceDescription) });
  }
  // The text to speak is an assistant message (docs/contracts.md#a-speech-preset).
  if (hasText) messages.push({ role: 'assistant', content: o.text as string });

  const audio = omitUndefined({
    // Streaming defaults to `pcm` (16-bit); we name pcm16 explicitly so the player never guesses the sample width.
    format: o.format ?? (o.stream ? 'pcm16' : undefined),
    voice: voiceFor(speech, o),
    optimize_text_preview: speech === 'voicedesign' ? o.optimizeTextPreview : undefined,
  });

  // Thinking, tools, tool_choice, response_format and stop are never sent to speech models (docs/contracts.md#a-speech-unsupported).
  return {
    path: SERVICE_A_PATHS.chat,
    body: omitUndefined({
      model: o.model,
      messages,
      stream: o.stream,
      max_completion_tokens: o.maxCompletionTokens,
      audio: Object.keys(audio).length > 0 ? audio : undefined,
    }),
  };
}

/** The catalog's facts about a speech model that its request needs. */
function speechModel(model: string): { speech: SpeechKind; maxOutputTokens: number } {
  if (isRetiredModel('A', model)) throw retiredModelError('A', model);
  const info = findModel(model);
  if (!info || info.service !== 'A' || info.kind !== 'speech' || !info.speech) {
    throw invalidRequest('A', `"${model}" is not a Service A speech model`, phrase('Use {0}.', modelIdList(modelsFor('A', 'speech'))));
  }
  return { speech: info.speech, maxOutputTokens: info.maxOutputTokens };
}

/** Each voice option belongs to exactly one speech model; passing it to another is a caller bug worth naming. */
function checkOnlyFor(speech: SpeechKind, o: SpeechOptions): void {
  if (o.voice !== undefined && speech !== 'preset') {
    const instead = speech === 'voicedesign' ? 'describe the voice with voiceDescription' : 'pass the sample as voiceSampleBase64';
    throw invalidRequest('A', `${o.model} does not take a preset voice (audio.voice); ${instead} instead`);
  }
  if (o.voiceDescription !== undefined && speech !== 'voicedesign') {
    throw invalidRequest('A', 'A voice description is only used by alpha-v2.5-tts-voicedesign');
  }
  if (o.optimizeTextPreview !== undefined && speech !== 'voicedesign') {
    throw invalidRequest('A', 'optimize_text_preview is only supported by alpha-v2.5-tts-voicedesign');
  }
  if ((o.voiceSampleBase64 !== undefined || o.voiceSampleSeconds !== undefined) && speech !== 'voiceclone') {
    throw invalidRequest('A', 'A voice sample is only used by alpha-v2.5-tts-voiceclone');
  }
}

function voiceFor(speech: SpeechKind, o: SpeechOptions): string | undefined {
  if (speech === 'preset') {
    const voice = o.voice ?? DEFAULT_VOICE;
    if (!isPresetVoice(voice)) {
      throw invalidRequest(
        'A',
        `"${voice}" is not a preset voice of alpha-v2.5-tts`,
        phrase('Choose one of: {0}.', PRESET_VOICES.join(', ')),
      );
    }
    return voice;
  }
  // Voice design takes no audio.voice at all (docs/contracts.md#a-speech-voicedesign).
  if (speech === 'voicedesign') return undefined;
  return cloneSample(o);
}

function requireDescription(description: string | undefined): string {
  if (typeof description !== 'string' || description.trim() === '') {
    throw invalidRequest(
      'A',
      'alpha-v2.5-tts-voicedesign needs a voice description',
      phrase('Describe the voice, e.g. "a calm, low female voice".'),
    );
  }
  return description;
}

/** A base64 sample of 3 to 10 seconds (docs/contracts.md#a-voiceclone-sample). Sent as bare base64, which is what the contract names. */
function cloneSample(o: SpeechOptions): string {
  if (typeof o.voiceSampleBase64 !== 'string' || o.voiceSampleBase64.trim() === '') {
    throw invalidRequest('A', 'alpha-v2.5-tts-voiceclone needs a voice sample (base64 audio of 3 to 10 seconds)');
  }
  const b64 = o.voiceSampleBase64.replace(/^data:[^,]*,/, '').replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(b64) || b64.length % 4 === 1) {
    throw invalidRequest('A', 'The voice sample is not valid base64');
  }
  const seconds = o.voiceSampleSeconds;
  if (typeof seconds !== 'number' || !Number.isFinite(seconds)) {
    throw invalidRequest('A', 'The voice sample needs its duration (voiceSampleSeconds) to check the 3–10 s limit');
  }
  if (seconds < CLONE_SECONDS.min || seconds > CLONE_SECONDS.max) {
    throw invalidRequest(
      'A',
      `Service A voice cloning needs a sample of 3 to 10 seconds (got ${Number(seconds.toFixed(3))} s)`,
      phrase('Trim or record a sample between 3 and 10 seconds long.'),
    );
  }
  return b64;
}
