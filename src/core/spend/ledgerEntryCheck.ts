// A journal line is data from disk (another window, an older version, a torn write): only a whole
// entry is counted.
import { SPEND_FEATURES, type LedgerEntry } from './spendTypes';

const FEATURES: ReadonlySet<string> = new Set(SPEND_FEATURES);

export function isLedgerEntry(v: unknown): v is LedgerEntry {
  if (typeof v !== 'object' || v === null) return false;
  const e = v as Record<string, unknown>;
  const t = e.tokens as Record<string, unknown> | undefined;
  return (
    typeof e.id === 'string' &&
    isCount(e.at) &&
    (e.service === 'A' || e.service === 'B') &&
    typeof e.model === 'string' &&
    typeof e.feature === 'string' &&
    FEATURES.has(e.feature) &&
    typeof t === 'object' &&
    t !== null &&
    isCount(t.prompt) &&
    isCount(t.cacheHit) &&
    isCount(t.cacheMiss) &&
    isCount(t.output) &&
    isCount(t.reasoning) &&
    (e.cost === undefined || isCount(e.cost))
  );
}

function isCount(n: unknown): n is number {
  return typeof n === 'number' && Number.isFinite(n) && n >= 0;
}
