// Fuzzy matching for the composer's @ picker: the typed letters must appear in order in the candidate
// (a path or a symbol name); runs of letters, word starts and the last path segment score higher,
// so `grts` finds `src/greet.ts` and `shp` prefers `shapes.ts` over `src/helpers/deep/path.ts`.

const SEPARATORS = new Set(['/', '\\', '.', '_', '-', ' ', ':']);

/** Whether position `i` of `text` starts a word: after a separator, or an upper-case letter after a lower-case one. */
function wordStart(text: string, i: number): boolean {
  if (i === 0) return true;
  const prev = text[i - 1];
  if (SEPARATORS.has(prev)) return true;
  const c = text[i];
  return c !== c.toLowerCase() && prev === prev.toLowerCase() && prev !== prev.toUpperCase();
}

/**
 * The score of `candidate` for `query`, higher is better, or undefined when the query's characters
 * (case-insensitive, whitespace ignored) do not all appear in order. An empty query matches everything with 0.
 * Greedy from the last path segment first, so a match in the file name beats one spread over folders.
 */
export function fuzzyScore(query: string, candidate: string): number | undefined {
  const q = query.replace(/\s+/g, '').toLowerCase();
  if (q === '') return 0;
  const lower = candidate.toLowerCase();
  const lastSlash = Math.max(candidate.lastIndexOf('/'), candidate.lastIndexOf('\\'));
  // A match entirely in the base name is tried first; otherwise anywhere in the path.
  const inBase = matchFrom(q, candidate, lower, lastSlash + 1);
  const anywhere = matchFrom(q, candidate, lower, 0);
  if (inBase === undefined) return anywhere;
  return Math.max(inBase + 10, anywhere ?? -Infinity);
}

function matchFrom(q: string, candidate: string, lower: string, from: number): number | undefined {
  let score = 0;
  let previous = -2;
  let at = from;
  for (const ch of q) {
    // Prefer the next word start holding `ch` close ahead, else its next occurrence.
    const next = lower.indexOf(ch, at);
    if (next < 0) return undefined;
    let pick = next;
    if (next !== previous + 1) {
      for (let i = next; i < lower.length && i < next + 24; i++) {
        if (lower[i] === ch && wordStart(candidate, i)) {
          pick = i;
          break;
        }
      }
    }
    score += 1;
    if (pick === previous + 1) score += 5;
    if (wordStart(candidate, pick)) score += 4;
    previous = pick;
    at = pick + 1;
  }
  // Shorter candidates are closer to what was typed.
  return score - candidate.length / 100;
}

/**
 * The best `limit` of `items` for `query`, best first; ties go to the shorter, then the alphabetically
 * first text, so the order never depends on the order the items came in.
 */
export function rankFuzzy<T>(query: string, items: readonly T[], textOf: (item: T) => string, limit: number): T[] {
  const scored: Array<{ item: T; text: string; score: number }> = [];
  for (const item of items) {
    const text = textOf(item);
    const score = fuzzyScore(query, text);
    if (score !== undefined) scored.push({ item, text, score });
  }
  scored.sort((a, b) => b.score - a.score || a.text.length - b.text.length || (a.text < b.text ? -1 : a.text > b.text ? 1 : 0));
  return scored.slice(0, Math.max(0, limit)).map((s) => s.item);
}
