// Voice cloning takes a base64 audio sample of 3 to 10 seconds (docs/contracts.md#a-voiceclone-sample). The sample is
// measured here, before anything is sent, so a wrong file gets a precise message instead of a 400.
import { parseWav } from './wav';

const VOICE_SAMPLE_SECONDS = { min: 3, max: 10 } as const;

/**
 * Most bytes of a sample file read: the longest sample the contract allows (10 s) at 48 kHz, stereo,
 * 32 bits a sample is 3.84 MB, so 4 MiB holds any usable sample, and a larger file (a whole album,
 * /dev/zero behind a link) is refused before it is read into memory and base64-encoded into a request.
 */
export const MAX_VOICE_SAMPLE_BYTES = 4 * 1024 * 1024;

/** The error for a sample file past MAX_VOICE_SAMPLE_BYTES, or undefined when its size is fine. */
export function voiceSampleTooLarge(bytes: number, fileName: string): string | undefined {
  if (bytes <= MAX_VOICE_SAMPLE_BYTES) return undefined;
  const mb = (n: number) => (n / (1024 * 1024)).toFixed(1);
  return (
    `The voice sample ${fileName} is ${mb(bytes)} MB; a sample of ${VOICE_SAMPLE_SECONDS.min} to ${VOICE_SAMPLE_SECONDS.max} seconds ` +
    `is at most ${mb(MAX_VOICE_SAMPLE_BYTES)} MB. Nothing was sent: choose a shorter WAV file.`
  );
}

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
