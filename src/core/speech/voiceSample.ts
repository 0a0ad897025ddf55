// Voice cloning takes a base64 audio sample of 3 to 10 seconds (docs/contracts.md#a-voiceclone-sample). The sample is
// measured here, before anything is sent, so a wrong file gets a precise message instead of a 400.
import { parseWav } from './wav';

export const VOICE_SAMPLE_SECONDS = { min: 3, max: 10 } as const;

export interface VoiceSample {
  voiceSampleBase64: string;
  voiceSampleSeconds: number;
}

/** Checks a WAV file's length and encodes it; throws an Error that names the file and the fix. */
export function voiceSampleFromWav(bytes: Uint8Array, fileName: string): VoiceSample {
  let seconds: number;
  try {
    seconds = parseWav(bytes).durationSeconds;
  } catch (error) {
    throw new Error(`The voice sample ${fileName} is not a usable WAV file (${error instanceof Error ? error.message : String(error)}).`);
  }
  const { min, max } = VOICE_SAMPLE_SECONDS;
  if (seconds < min || seconds > max) {
    throw new Error(
      `The voice sample ${fileName} is ${seconds.toFixed(1)} s long; Service A voice cloning needs ${min} to ${max} seconds. Trim or record a sample of that length.`,
    );
  }
  return {
    voiceSampleBase64: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64'),
    voiceSampleSeconds: seconds,
  };
}
