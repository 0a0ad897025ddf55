// The model catalog, transcribed from the two contracts' model tables (docs/contracts.md#a-models, docs/contracts.md#b-models).
// Builders validate against it and the UI builds its pickers from it, so there is one source of truth.
import type { ServiceId } from './wireTypes';

export type ModelKind = 'text' | 'speech';

/** How a speech model chooses its voice (docs/contracts.md#a-speech-voice). */
export type SpeechKind = 'preset' | 'voicedesign' | 'voiceclone';

type ServiceATextModelId = 'alpha-v2.5-pro' | 'alpha-v2.5';
export type SpeechModelId = 'alpha-v2.5-tts' | 'alpha-v2.5-tts-voicedesign' | 'alpha-v2.5-tts-voiceclone';
export type ServiceBModelId = 'beta-v4-flash' | 'beta-v4-pro';
type ModelId = ServiceATextModelId | SpeechModelId | ServiceBModelId;

/** Prices in CNY per million tokens (Service B only; Service A's contract has no prices). */
interface ModelPrice {
  readonly currency: 'CNY';
  readonly cacheHit: number;
  readonly cacheMiss: number;
  readonly output: number;
  /** The contract marks the cache-miss and output prices as discounted, so they may rise later. */
  readonly discounted: boolean;
}

export interface ModelInfo {
  readonly id: ModelId;
  readonly service: ServiceId;
  readonly kind: ModelKind;
  readonly label: string;
  /** Supports reasoning output (thinking). */
  readonly reasoning: boolean;
  /** Thinking is on unless the request turns it off (both contracts: `thinking.type` defaults to `enabled`). */
  readonly reasoningByDefault: boolean;
  readonly tools: boolean;
  readonly webSearch: boolean;
  readonly speech: SpeechKind | undefined;
  /** Token cap the service applies when the request sends none; undefined where the contract does not say. */
  readonly defaultMaxTokens: number | undefined;
  /** Highest token cap a request may ask for. */
  readonly maxOutputTokens: number;
  /** Context window in tokens; Service A's are "not shown", so undefined. */
  readonly contextLength: number | undefined;
  readonly defaultTemperature: number;
  /** Fill-in-the-middle via Service B `/beta/completions` (non-reasoning mode only). */
  readonly fim: boolean;
  /** Highest `max_tokens` a fill-in-the-middle request may ask for; undefined for models without FIM. */
  readonly fimMaxTokens: number | undefined;
  readonly price: ModelPrice | undefined;
  /** A few words for the inline-completion model picker, where models are compared side by side. */
  readonly completionNote?: string;
}

/** Service A preset voices for alpha-v2.5-tts; `alpha_default` is the service default. */
export const PRESET_VOICES = ['alpha_default', '冰糖', '茉莉', '苏打', '白桦', 'Mia', 'Chloe', 'Milo', 'Dean'] as const;
export type PresetVoice = (typeof PRESET_VOICES)[number];
export const DEFAULT_VOICE: PresetVoice = 'alpha_default';

/** Service A's text-model cap on max_completion_tokens. */
const SERVICE_A_MAX_COMPLETION_TOKENS = 131072;
/** Service A's speech-model cap on max_completion_tokens. */
const SERVICE_A_SPEECH_MAX_COMPLETION_TOKENS = 8192;
/** Service B's "384K" maximum output, read as 384 × 1024 tokens. */
const SERVICE_B_MAX_OUTPUT_TOKENS = 393216;
/** Service B's "1M" context length, read as 2^20 tokens. */
const SERVICE_B_CONTEXT_LENGTH = 1048576;
/** Service B's "4K" fill-in-the-middle completion length, read as 4 × 1024 tokens. */
export const SERVICE_B_FIM_MAX_TOKENS = 4096;

/** Per-request limits a service states for all its text models. */
export interface ServiceLimits {
  /** Most stop sequences in one request. */
  readonly maxStopSequences: number;
  /** Most tools in one request; undefined where the contract states none. */
  readonly maxTools: number | undefined;
}

export const SERVICE_LIMITS: Readonly<Record<ServiceId, ServiceLimits>> = Object.freeze({
  A: { maxStopSequences: 4, maxTools: undefined },
  // The FIM table sets no stop count of its own; this chat limit is used for FIM too.
  B: { maxStopSequences: 16, maxTools: 128 },
});

/** The model the contract names for fill-in-the-middle, and the inline-completion default. */
export const DEFAULT_FIM_MODEL: ServiceBModelId = 'beta-v4-pro';
/** A new chat's model: the cheaper Service B model. */
export const DEFAULT_CHAT_MODEL: ServiceBModelId = 'beta-v4-flash';
/** Read aloud's model: preset voices need no extra setting. */
export const DEFAULT_SPEECH_MODEL: SpeechModelId = 'alpha-v2.5-tts';

const speechModel = (id: SpeechModelId, label: string, speech: SpeechKind): ModelInfo => ({
  id,
  service: 'A',
  kind: 'speech',
  label,
  reasoning: false,
  reasoningByDefault: false,
  tools: false,
  webSearch: false,
  speech,
  defaultMaxTokens: 8192,
  maxOutputTokens: SERVICE_A_SPEECH_MAX_COMPLETION_TOKENS,
  contextLength: undefined,
  defaultTemperature: 0.6,
  fim: false,
  fimMaxTokens: undefined,
  price: undefined,
});

const serviceBModel = (id: ServiceBModelId, label: string, price: ModelPrice, completionNote: string): ModelInfo => ({
  id,
  service: 'B',
  kind: 'text',
  label,
  reasoning: true,
  reasoningByDefault: true,
  tools: true,
  webSearch: false,
  speech: undefined,
  // Service B does not state a default max_tokens.
  defaultMaxTokens: undefined,
  maxOutputTokens: SERVICE_B_MAX_OUTPUT_TOKENS,
  contextLength: SERVICE_B_CONTEXT_LENGTH,
  defaultTemperature: 1,
  fim: true,
  fimMaxTokens: SERVICE_B_FIM_MAX_TOKENS,
  price,
  completionNote,
});

export const MODELS: readonly ModelInfo[] = Object.freeze([
  {
    id: 'alpha-v2.5-pro',
    service: 'A',
    kind: 'text',
    label: 'Alpha 2.5 Pro',
    reasoning: true,
    reasoningByDefault: true,
    tools: true,
    webSearch: true,
    speech: undefined,
    defaultMaxTokens: 131072,
    maxOutputTokens: SERVICE_A_MAX_COMPLETION_TOKENS,
    contextLength: undefined,
    defaultTemperature: 1.0,
    fim: false,
    fimMaxTokens: undefined,
    price: undefined,
  },
  {
    id: 'alpha-v2.5',
    service: 'A',
    kind: 'text',
    label: 'Alpha 2.5',
    reasoning: true,
    reasoningByDefault: true,
    tools: true,
    webSearch: true,
    speech: undefined,
    defaultMaxTokens: 32768,
    maxOutputTokens: SERVICE_A_MAX_COMPLETION_TOKENS,
    contextLength: undefined,
    defaultTemperature: 1.0,
    fim: false,
    fimMaxTokens: undefined,
    price: undefined,
  },
  speechModel('alpha-v2.5-tts', 'Alpha 2.5 TTS (preset voices)', 'preset'),
  speechModel('alpha-v2.5-tts-voicedesign', 'Alpha 2.5 TTS (voice design)', 'voicedesign'),
  speechModel('alpha-v2.5-tts-voiceclone', 'Alpha 2.5 TTS (voice clone)', 'voiceclone'),
  serviceBModel(
    'beta-v4-flash',
    'Beta 4 Flash',
    { currency: 'CNY', cacheHit: 0.02, cacheMiss: 1, output: 2, discounted: false },
    'faster, cheaper',
  ),
  serviceBModel(
    'beta-v4-pro',
    'Beta 4 Pro',
    { currency: 'CNY', cacheHit: 0.1, cacheMiss: 3, output: 6, discounted: true },
    'best completions',
  ),
]);

export function findModel(id: string): ModelInfo | undefined {
  return MODELS.find((m) => m.id === id);
}

/** Models of one service, optionally only one kind, in catalog order (the pickers' order). */
export function modelsFor(service: ServiceId, kind?: ModelKind): ModelInfo[] {
  return MODELS.filter((m) => m.service === service && (kind === undefined || m.kind === kind));
}

/**
 * The inline-completion models in picker order: the default first, then the other FIM models in
 * catalog order (the order `tandem.completion.model` lists them in).
 */
export function completionModels(): ModelInfo[] {
  const fim = MODELS.filter((m) => m.fim);
  return [...fim.filter((m) => m.id === DEFAULT_FIM_MODEL), ...fim.filter((m) => m.id !== DEFAULT_FIM_MODEL)];
}

/** Model ids as a list in a sentence: "a", "a or b", "a, b or c". */
export function modelIdList(models: readonly ModelInfo[]): string {
  const ids = models.map((m) => m.id);
  return ids.length < 2 ? ids.join('') : `${ids.slice(0, -1).join(', ')} or ${ids[ids.length - 1]}`;
}

export function isPresetVoice(voice: string): voice is PresetVoice {
  return (PRESET_VOICES as readonly string[]).includes(voice);
}
