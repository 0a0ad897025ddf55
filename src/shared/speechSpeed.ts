// Read-aloud speed: its bounds, its step, and how it reads. Shared because the setting (host) and the
// −/+ controls (webview) must agree on them, and the protocol validators check a speed against them.

/** Below half speed WSOLA stretching smears speech; above double it is hard to follow. */
export const SPEECH_SPEED_MIN = 0.5;
export const SPEECH_SPEED_MAX = 2;
export const SPEECH_SPEED_DEFAULT = 1;
/** One press of − or +. */
const SPEECH_SPEED_STEP = 0.1;

/**
 * Into the bounds and onto the 0.1 grid: 0.1 steps add up to values like 1.2000000000000002, which
 * would show as such and never compare equal to the bound. A value that is not a finite number
 * (a hand-edited setting) reads as the default.
 */
export function clampSpeechSpeed(raw: unknown): number {
  if (typeof raw !== 'number' || !Number.isFinite(raw)) return SPEECH_SPEED_DEFAULT;
  const onGrid = Math.round(raw / SPEECH_SPEED_STEP) / Math.round(1 / SPEECH_SPEED_STEP);
  return Math.min(SPEECH_SPEED_MAX, Math.max(SPEECH_SPEED_MIN, onGrid));
}

/** One press of − (`direction` -1) or + (1), clamped. */
export function stepSpeechSpeed(speed: number, direction: -1 | 1): number {
  return clampSpeechSpeed(speed + direction * SPEECH_SPEED_STEP);
}

/** As the view shows it, one decimal so the label keeps its width: "1.0×", "1.2×", "0.5×". */
export function formatSpeechSpeed(speed: number): string {
  return `${clampSpeechSpeed(speed).toFixed(1)}×`;
}

/** Whether a message's speed is one the player accepts (the validators drop anything else). */
export function isSpeechSpeed(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= SPEECH_SPEED_MIN && value <= SPEECH_SPEED_MAX;
}
