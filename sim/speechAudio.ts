// Speech-like audio synthesis: no recordings, no dependencies. Each syllable is a voiced tone with
// a handful of harmonics shaped by two vowel formants, a pitch contour (declination across the
// sentence, rise on questions), an attack/release envelope and a short noise burst for onset
// consonants; spaces and punctuation become pauses. It is clearly audible and clearly not music,
// and its length grows with the text (about 65 ms per Latin character).
import { makeRng, type Rng } from './rng';
import { SAMPLE_RATE } from './wav';

export interface VoiceProfile {
  /** Mean fundamental frequency. */
  pitchHz: number;
  /** 0..1, tilts energy towards higher harmonics. */
  brightness: number;
}

const MS_PER_LATIN_CHAR = 70;
/** CJK characters are whole syllables, so they get a syllable's length rather than a letter's. */
const MS_PER_CJK_CHAR = 180;
const PAUSE_MS: Record<string, number> = {
  ' ': 50,
  ',': 160,
  '，': 160,
  ';': 200,
  ':': 180,
  '.': 280,
  '!': 280,
  '?': 280,
  '。': 300,
  '！': 300,
  '？': 300,
  '、': 120,
};
const MIN_DURATION_S = 0.5;
const HARMONICS = 8;

/** Rough formants (F1, F2) per vowel letter. */
const FORMANTS: Record<string, [number, number]> = {
  a: [800, 1250],
  e: [500, 1900],
  i: [300, 2300],
  o: [500, 900],
  u: [350, 800],
  y: [320, 2100],
};

type Segment =
  | { kind: 'pause'; ms: number }
  | { kind: 'syllable'; ms: number; vowel: string; onsetNoise: boolean; sentencePos: number; question: boolean };

const CJK = /[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]/u;

function syllablesOf(word: string): Array<{ letters: number; vowel: string; onset: boolean }> {
  const groups = word.toLowerCase().match(/[^aeiouy]*[aeiouy]+(?:[^aeiouy]*$)?|[^aeiouy]+$/g) ?? [word];
  return groups.map((g) => ({
    letters: g.length,
    vowel: /[aeiouy]/.exec(g)?.[0] ?? 'e',
    onset: /^[^aeiouy]/.test(g),
  }));
}

/** Turns text into timed syllables and pauses. */
function segment(text: string): Segment[] {
  const sentences = text.split(/(?<=[.!?。！？])\s*/u).filter((s) => s.trim() !== '');
  const out: Segment[] = [];
  for (const sentence of sentences.length > 0 ? sentences : [text]) {
    const question = /[?？]\s*$/.test(sentence);
    const len = Math.max(1, sentence.length);
    let pos = 0;
    for (const token of sentence.match(/[A-Za-z\d'\u00c0-\u024f]+|[\s\S]/gu) ?? []) {
      const at = pos / len;
      pos += token.length;
      if (/^[A-Za-z\d'\u00c0-\u024f]+$/u.test(token)) {
        const syllables = syllablesOf(token);
        const totalMs = token.length * MS_PER_LATIN_CHAR;
        const letters = syllables.reduce((n, s) => n + s.letters, 0);
        for (const s of syllables) {
          out.push({
            kind: 'syllable',
            ms: (totalMs * s.letters) / letters,
            vowel: s.vowel,
            onsetNoise: s.onset,
            sentencePos: at,
            question,
          });
        }
      } else if (CJK.test(token)) {
        const vowel = 'aeiou'[token.codePointAt(0)! % 5];
        out.push({ kind: 'syllable', ms: MS_PER_CJK_CHAR, vowel, onsetNoise: token.codePointAt(0)! % 3 !== 0, sentencePos: at, question });
      } else if (/\s/.test(token)) {
        out.push({ kind: 'pause', ms: PAUSE_MS[' '] });
      } else {
        out.push({ kind: 'pause', ms: PAUSE_MS[token] ?? 80 });
      }
    }
  }
  return out;
}

function harmonicWeights(vowel: string, f0: number, brightness: number): number[] {
  const [f1, f2] = FORMANTS[vowel] ?? FORMANTS.e;
  const weights: number[] = [];
  for (let k = 1; k <= HARMONICS; k++) {
    const f = k * f0;
    const formant = Math.exp(-(((f - f1) / 250) ** 2)) + 0.7 * Math.exp(-(((f - f2) / 350) ** 2));
    weights.push((0.35 + formant) * Math.pow(k, -1.2 + 0.6 * brightness));
  }
  const sum = weights.reduce((a, b) => a + b, 0);
  return weights.map((w) => w / sum);
}

function renderSyllable(
  seg: Extract<Segment, { kind: 'syllable' }>,
  voice: VoiceProfile,
  rng: Rng,
  out: Float32Array,
  start: number,
): void {
  const n = Math.round((seg.ms / 1000) * SAMPLE_RATE);
  const noiseN = seg.onsetNoise ? Math.min(n / 3, Math.round(0.022 * SAMPLE_RATE)) : 0;
  // Declination: pitch falls through a statement; questions rise at the end.
  const contour = seg.question && seg.sentencePos > 0.7 ? 1 + (seg.sentencePos - 0.7) * 1.2 : 1.12 - 0.22 * seg.sentencePos;
  const jitter = 1 + (rng.next() - 0.5) * 0.08;
  const f0Start = voice.pitchHz * contour * jitter;
  const f0End = f0Start * (0.94 + rng.next() * 0.08);
  const weights = harmonicWeights(seg.vowel, f0Start, voice.brightness);
  const attack = Math.round(0.012 * SAMPLE_RATE);
  const release = Math.round(0.03 * SAMPLE_RATE);
  const phases = new Float64Array(HARMONICS);
  let lowpass = 0;
  for (let i = 0; i < n && start + i < out.length; i++) {
    let sample = 0;
    if (i < noiseN) {
      // Onset consonant: low-passed noise with a quick decay.
      lowpass = 0.6 * lowpass + 0.4 * (rng.next() * 2 - 1);
      sample += lowpass * 0.25 * (1 - i / noiseN);
    }
    const vi = i - noiseN * 0.5;
    if (vi >= 0) {
      const t = i / n;
      const f0 = f0Start + (f0End - f0Start) * t;
      let voiced = 0;
      for (let k = 0; k < HARMONICS; k++) {
        phases[k] += (2 * Math.PI * f0 * (k + 1)) / SAMPLE_RATE;
        voiced += weights[k] * Math.sin(phases[k]);
      }
      const env = Math.min(1, vi / attack) * Math.min(1, (n - i) / release) * (1 - 0.25 * t);
      sample += voiced * env;
    }
    out[start + i] += sample;
  }
}

/** Synthesises `text` as 16-bit little-endian mono PCM at 24 kHz. Deterministic for a given seed. */
export function synthesizeSpeech(text: string, voice: VoiceProfile, seed: number): Buffer {
  const rng = makeRng(seed);
  const segments = segment(text.trim());
  const leadMs = 40;
  const tailMs = 80;
  const speechMs = segments.reduce((n, s) => n + s.ms, 0);
  const totalS = Math.max(MIN_DURATION_S, (leadMs + speechMs + tailMs) / 1000);
  const samples = new Float32Array(Math.round(totalS * SAMPLE_RATE));
  let cursor = Math.round((leadMs / 1000) * SAMPLE_RATE);
  for (const seg of segments) {
    if (seg.kind === 'syllable') renderSyllable(seg, voice, rng, samples, cursor);
    cursor += Math.round((seg.ms / 1000) * SAMPLE_RATE);
  }
  const pcm = Buffer.alloc(samples.length * 2);
  for (let i = 0; i < samples.length; i++) {
    const v = Math.max(-1, Math.min(1, samples[i] * 0.8));
    pcm.writeInt16LE(Math.round(v * 32767), i * 2);
  }
  return pcm;
}

/** Completion tokens for speech: about 25 audio tokens per second. */
export const AUDIO_TOKENS_PER_SECOND = 25;

export function pcmDurationS(pcm: Buffer): number {
  return pcm.length / 2 / SAMPLE_RATE;
}
