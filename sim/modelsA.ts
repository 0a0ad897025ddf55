// Service A's model table (docs/contracts.md#a-models).
export type ModelKindA = 'text' | 'tts' | 'voicedesign' | 'voiceclone';

export interface ModelInfoA {
  kind: ModelKindA;
  defaultMaxCompletionTokens: number;
  maxCompletionTokens: number;
}

export const MODELS_A: Readonly<Record<string, ModelInfoA>> = {
  'alpha-v2.5-pro': { kind: 'text', defaultMaxCompletionTokens: 131072, maxCompletionTokens: 131072 },
  'alpha-v2.5': { kind: 'text', defaultMaxCompletionTokens: 32768, maxCompletionTokens: 131072 },
  'alpha-v2.5-tts': { kind: 'tts', defaultMaxCompletionTokens: 8192, maxCompletionTokens: 8192 },
  'alpha-v2.5-tts-voicedesign': { kind: 'voicedesign', defaultMaxCompletionTokens: 8192, maxCompletionTokens: 8192 },
  'alpha-v2.5-tts-voiceclone': { kind: 'voiceclone', defaultMaxCompletionTokens: 8192, maxCompletionTokens: 8192 },
};

/** Earlier-generation ids (anything alpha-v… that is not 2.5) were retired at 2026-06-30 00:00 Beijing time. */
export function modelNotFoundMessageA(model: string): string {
  if (/^alpha-v/i.test(model) && !/^alpha-v2\.5(-|$)/i.test(model)) {
    return `model: "${model}" is an earlier-generation model that was retired at 2026-06-30 00:00 (Beijing time); use one of ${Object.keys(MODELS_A).join(', ')}`;
  }
  return `model: "${model}" does not exist; use one of ${Object.keys(MODELS_A).join(', ')}`;
}
