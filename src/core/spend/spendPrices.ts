// What a request cost. Service B's prices are the contract's (docs/contracts.md#b-prices, via the
// catalog); Service A's contract has none, so its models cost what the user set in
// `tandem.spend.prices`, and until then they count tokens only (no cost, rather than a made-up one).
import type { ServiceId } from '../services/wireTypes';
import { findModel } from '../services/modelCatalog';
import { migrateModelSetting } from '../services/modelMigration';
import type { SpendTokens } from './spendTypes';

/** CNY per million tokens. A price without `cacheHit` charges hits as misses. */
interface UserPrice {
  cacheHit?: number;
  cacheMiss: number;
  output: number;
}

export type UserPrices = Readonly<Record<string, UserPrice>>;

interface Price {
  cacheHit: number;
  cacheMiss: number;
  output: number;
}

const PER_TOKENS = 1_000_000;

export function priceFor(service: ServiceId, model: string, userPrices: UserPrices): Price | undefined {
  if (service === 'B') {
    // Responses from a retired alias are priced as the model it maps to.
    const price = (findModel(model) ?? findModel(migrateModelSetting('B', model).model))?.price;
    return price ? { cacheHit: price.cacheHit, cacheMiss: price.cacheMiss, output: price.output } : undefined;
  }
  const own = Object.hasOwn(userPrices, model) ? userPrices[model] : undefined;
  if (!own) return undefined;
  return { cacheHit: own.cacheHit ?? own.cacheMiss, cacheMiss: own.cacheMiss, output: own.output };
}

/** CNY, or undefined when the model has no price. */
export function costOfTokens(price: Price | undefined, tokens: SpendTokens): number | undefined {
  if (!price) return undefined;
  const raw = (tokens.cacheHit * price.cacheHit + tokens.cacheMiss * price.cacheMiss + tokens.output * price.output) / PER_TOKENS;
  // Round away binary noise (0.1 + 0.2 style) while keeping the tiny amounts of short requests.
  return Number(raw.toPrecision(12));
}

/** Reads `tandem.spend.prices`: entries that are not a usable price are dropped, not guessed at. */
export function parseUserPrices(value: unknown): UserPrices {
  const out: Record<string, UserPrice> = {};
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return out;
  for (const [model, raw] of Object.entries(value as Record<string, unknown>)) {
    if (typeof raw !== 'object' || raw === null) continue;
    const { cacheHit, cacheMiss, output } = raw as Record<string, unknown>;
    if (!isPrice(cacheMiss) || !isPrice(output)) continue;
    out[model] = isPrice(cacheHit) ? { cacheHit, cacheMiss, output } : { cacheMiss, output };
  }
  return out;
}

function isPrice(v: unknown): v is number {
  return typeof v === 'number' && Number.isFinite(v) && v >= 0;
}
