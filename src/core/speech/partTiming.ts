// Which part of a reading the listener hears: the session knows where each part starts in seconds of
// source audio (what it forwarded), the player reports how many of those seconds have played.

/**
 * The index of the part being heard at `playedSeconds`, given the start of every part that has begun
 * (ascending, the first at 0); -1 before anything is known. A part stays current until the next one
 * starts, so the silence after the last part still counts as that part.
 */
export function partAt(partStarts: readonly number[], playedSeconds: number): number {
  let lo = 0;
  let hi = partStarts.length - 1;
  if (hi < 0) return -1;
  // Binary search: readings of a whole file have thousands of parts, and progress comes 4 times a second.
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (partStarts[mid] <= playedSeconds) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/**
 * Milliseconds until the part after `part` becomes audible, from a position of `playedSeconds` played
 * at `speed` (seconds of source audio per second); undefined when that part has not begun to arrive.
 */
export function msToNextPart(partStarts: readonly number[], part: number, playedSeconds: number, speed: number): number | undefined {
  const next = partStarts[part + 1];
  if (next === undefined || !(speed > 0)) return undefined;
  return (Math.max(0, next - playedSeconds) * 1000) / speed;
}
