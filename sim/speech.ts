// Service A speech models (docs/contracts.md#a-speech): pick the text and voice, synthesise audio, and return it as
// base64 in message.audio (non-stream) or as delta.audio chunks of about 100 ms (stream).
import { badRequest } from './errors';
import { checkContentFilter } from './chatFlow';
import { countPrompt, type ConversationMessage } from './conversation';
import { respondJson } from './jsonResponder';
import type { RequestContext } from './requestContext';
import { unixNow } from './requestContext';
import { seedFrom, stableId } from './rng';
import { SseWriter } from './sseWriter';
import { AUDIO_TOKENS_PER_SECOND, pcmDurationS, synthesizeSpeech, type VoiceProfile } from './speechAudio';
import { DEFAULT_VOICE, polishText, PRESET_VOICES, previewSentence, voiceFromDescription } from './speechVoices';
import type { ChatRequestA } from './validateA';
import { decodeBase64Audio, estimatePitchHz, parseWav, pcmToWav, SAMPLE_RATE } from './wav';

const CLONE_MIN_S = 3;
const CLONE_MAX_S = 10;
/** ~100 ms of 16-bit mono audio at 24 kHz. */
const CHUNK_BYTES = (SAMPLE_RATE / 10) * 2;

interface SpeechPlan {
  text: string;
  voice: VoiceProfile;
  voiceKey: string;
  finalTextPreview?: string;
  /** Prompt audio tokens of a voice-clone sample. */
  sampleTokens: number;
}

function lastText(messages: readonly ConversationMessage[], role: 'assistant' | 'user'): string | undefined {
  for (let i = messages.length - 1; i >= 0; i--) if (messages[i].role === role && messages[i].text.trim() !== '') return messages[i].text;
  return undefined;
}

function planSpeech(req: ChatRequestA): SpeechPlan {
  const assistantText = lastText(req.messages, 'assistant');
  const voiceParam = req.audio?.voice;
  if (req.kind === 'tts') {
    if (assistantText === undefined)
      throw badRequest('messages: alpha-v2.5-tts needs a message with role "assistant" holding the text to speak');
    const id = voiceParam ?? DEFAULT_VOICE;
    const voice = PRESET_VOICES[id];
    if (!voice) throw badRequest(`audio.voice: must be one of the preset voices ${Object.keys(PRESET_VOICES).join(', ')} (got "${id}")`);
    return { text: assistantText, voice, voiceKey: id, sampleTokens: 0 };
  }
  if (req.kind === 'voicedesign') {
    if (voiceParam !== undefined)
      throw badRequest('audio.voice: not supported by alpha-v2.5-tts-voicedesign; describe the voice in a user message instead');
    // Where the voice description goes is "not shown"; we take it from the last user message.
    const description = lastText(req.messages, 'user');
    if (description === undefined) throw badRequest('messages: alpha-v2.5-tts-voicedesign needs a user message describing the voice');
    const optimize = req.audio?.optimizeTextPreview ?? false;
    if (assistantText === undefined && !optimize) {
      throw badRequest(
        'messages: alpha-v2.5-tts-voicedesign needs an assistant message with the text to speak (or audio.optimize_text_preview: true)',
      );
    }
    const raw = assistantText ?? previewSentence(description);
    const text = optimize ? polishText(raw) : raw;
    return {
      text,
      voice: voiceFromDescription(description, seedFrom(description)),
      voiceKey: `design:${description}`,
      finalTextPreview: optimize ? text : undefined,
      sampleTokens: 0,
    };
  }
  // voiceclone
  if (voiceParam === undefined)
    throw badRequest(
      `audio.voice: required for alpha-v2.5-tts-voiceclone: a base64 WAV sample of ${CLONE_MIN_S} to ${CLONE_MAX_S} seconds`,
    );
  const bytes = decodeBase64Audio(voiceParam);
  if (!bytes) throw badRequest('audio.voice: must be base64 audio (optionally a data:audio/wav;base64, URL)');
  // The sample's format is not shown; the simulator reads WAV only, since it must measure the duration.
  const wav = parseWav(bytes);
  if (!wav) throw badRequest('audio.voice: the voice sample must be a WAV (RIFF/WAVE) file');
  if (wav.durationS < CLONE_MIN_S || wav.durationS > CLONE_MAX_S) {
    throw badRequest(
      `audio.voice: the voice sample must be ${CLONE_MIN_S} to ${CLONE_MAX_S} seconds long (got ${wav.durationS.toFixed(2)} s)`,
    );
  }
  if (assistantText === undefined)
    throw badRequest('messages: alpha-v2.5-tts-voiceclone needs a message with role "assistant" holding the text to speak');
  const pitchHz = estimatePitchHz(bytes, wav) ?? 160;
  return {
    text: assistantText,
    voice: { pitchHz, brightness: 0.5 },
    voiceKey: `clone:${seedFrom(voiceParam)}`,
    sampleTokens: Math.ceil(wav.durationS * AUDIO_TOKENS_PER_SECOND),
  };
}

/** Sizes of ~100 ms that vary by one byte, so some chunks hold an odd number of bytes (clients must carry the half sample over). */
function chunkSizes(total: number): number[] {
  const sizes: number[] = [];
  let used = 0;
  for (let i = 0; used < total; i++) {
    const size = Math.min(total - used, CHUNK_BYTES + [1, -1, 0][i % 3]);
    sizes.push(size);
    used += size;
  }
  return sizes;
}

export async function handleSpeech(ctx: RequestContext, req: ChatRequestA): Promise<void> {
  checkContentFilter(req.messages.map((m) => m.text));
  const plan = planSpeech(req);
  const format = req.audio?.format ?? (req.stream ? 'pcm' : 'wav');
  // mp3 needs an encoder; the simulator has no dependency for one, so it rejects mp3 explicitly.
  if (format === 'mp3') throw badRequest('audio.format: mp3 is not supported by the simulator; use wav, pcm or pcm16');

  let pcm = synthesizeSpeech(plan.text, plan.voice, seedFrom(req.model, plan.voiceKey, plan.text));
  let finishReason = 'stop';
  let audioTokens = Math.ceil(pcmDurationS(pcm) * AUDIO_TOKENS_PER_SECOND);
  if (audioTokens > req.maxTokens) {
    pcm = pcm.subarray(0, Math.floor((req.maxTokens / AUDIO_TOKENS_PER_SECOND) * SAMPLE_RATE) * 2);
    audioTokens = req.maxTokens;
    finishReason = 'length';
  }
  if (ctx.forcedFinish) finishReason = ctx.forcedFinish;
  const bytes = format === 'wav' ? pcmToWav(pcm) : pcm;

  const count = countPrompt(req.messages, undefined);
  const promptTokens = count.total + plan.sampleTokens;
  const usage = {
    prompt_tokens: promptTokens,
    completion_tokens: audioTokens,
    total_tokens: promptTokens + audioTokens,
    completion_tokens_details: { reasoning_tokens: 0 },
    prompt_tokens_details: {
      cached_tokens: 0,
      audio_tokens: count.audioTokens + plan.sampleTokens,
      image_tokens: count.imageTokens,
      video_tokens: count.videoTokens,
    },
  };
  const id = stableId('chatcmpl-', String(ctx.serial), req.model, plan.text);
  const audioId = stableId('audio_', req.model, plan.voiceKey, plan.text);
  const created = unixNow();

  if (!req.stream) {
    const choice: Record<string, unknown> = {
      index: 0,
      // Speech replies carry no text; content is null as in the common audio-output convention.
      message: { role: 'assistant', content: null, audio: { id: audioId, data: bytes.toString('base64') } },
      finish_reason: finishReason,
    };
    if (plan.finalTextPreview !== undefined) choice.final_text_preview = plan.finalTextPreview;
    await respondJson(ctx, { id, object: 'chat.completion', created, model: req.model, choices: [choice], usage }, audioTokens);
    return;
  }

  const writer = new SseWriter(ctx);
  writer.open();
  const base = { id, object: 'chat.completion.chunk', created, model: req.model };
  const sizes = chunkSizes(bytes.length);
  let offset = 0;
  for (let i = 0; i < sizes.length; i++) {
    const data = bytes.subarray(offset, offset + sizes[i]).toString('base64');
    offset += sizes[i];
    const delta: Record<string, unknown> =
      i === 0 ? { role: 'assistant', content: null, audio: { id: audioId, data } } : { audio: { id: audioId, data } };
    const choice: Record<string, unknown> = { index: 0, delta, finish_reason: i === sizes.length - 1 ? finishReason : null };
    // Where a stream carries final_text_preview is not shown; we put it on the first chunk's choice.
    if (i === 0 && plan.finalTextPreview !== undefined) choice.final_text_preview = plan.finalTextPreview;
    const tokens = (sizes[i] / 2 / SAMPLE_RATE) * AUDIO_TOKENS_PER_SECOND;
    if (!(await writer.send({ ...base, choices: [choice] }, tokens))) return;
  }
  if (!(await writer.send({ ...base, choices: [], usage }, 0))) return;
  await writer.done();
}
