// Voices of the speech models and the text polishing of optimize_text_preview.
import type { VoiceProfile } from './speechAudio';

/** Service A's preset voice ids for alpha-v2.5-tts, each given a distinct pitch and timbre. */
export const PRESET_VOICES: Readonly<Record<string, VoiceProfile>> = {
  alpha_default: { pitchHz: 175, brightness: 0.5 },
  冰糖: { pitchHz: 235, brightness: 0.7 },
  茉莉: { pitchHz: 220, brightness: 0.55 },
  苏打: { pitchHz: 140, brightness: 0.6 },
  白桦: { pitchHz: 115, brightness: 0.4 },
  Mia: { pitchHz: 215, brightness: 0.6 },
  Chloe: { pitchHz: 228, brightness: 0.65 },
  Milo: { pitchHz: 128, brightness: 0.5 },
  Dean: { pitchHz: 105, brightness: 0.35 },
};

export const DEFAULT_VOICE = 'alpha_default';

/** A designed voice: pitch and brightness follow words in the description. */
export function voiceFromDescription(description: string, seed: number): VoiceProfile {
  const d = description.toLowerCase();
  let pitchHz = 140 + (seed % 80);
  if (/\b(male|man|deep|low|baritone|bass)\b|男/.test(d)) pitchHz = 110;
  if (/\b(female|woman|girl|high|soprano)\b|女/.test(d)) pitchHz = 220;
  if (/\b(child|kid|boy)\b|童/.test(d)) pitchHz = 280;
  const brightness = /\b(warm|soft|calm|gentle|dark)/.test(d) ? 0.35 : /\b(bright|energetic|cheerful|lively|excited)/.test(d) ? 0.75 : 0.5;
  return { pitchHz, brightness };
}

/**
 * optimize_text_preview: trimmed, whitespace normalised, no space before punctuation, first
 * letter capitalised, ending with sentence punctuation.
 */
export function polishText(text: string): string {
  let out = text
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/\s+([,.;:!?])/g, '$1');
  if (out === '') return out;
  out = out.charAt(0).toUpperCase() + out.slice(1);
  if (!/[.!?。！？…]$/u.test(out)) out += /[\u3400-\u9fff]$/u.test(out) ? '。' : '.';
  return out;
}

/** The sentence a designed voice reads when the request brings no text of its own. */
export function previewSentence(description: string): string {
  const short = description.replace(/\s+/g, ' ').trim().slice(0, 120);
  return `hello, this is a preview of the voice you designed ${short ? `from the description "${short}"` : ''}, speaking at a natural pace`;
}
