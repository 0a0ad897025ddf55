// Parsers for Service B's account endpoints: GET {base}/models and GET {base}/user/balance (docs/contracts.md#b-model-list, docs/contracts.md#b-balance).
// Responses are checked, not cast, so a changed shape fails with invalid_response instead of undefined UI.
import { ServiceError } from '../../errors/serviceError';

export interface ListedModel {
  id: string;
  ownedBy: string;
}

interface Balance {
  currency: 'CNY' | 'USD' | (string & {});
  total: string;
  granted: string;
  toppedUp: string;
}

export interface BalanceInfo {
  /** Whether the account can make requests, when the service says. */
  available?: boolean;
  balances: Balance[];
}

export function parseModelList(json: unknown): ListedModel[] {
  const data = isRecord(json) ? json.data : undefined;
  if (!Array.isArray(data)) throw invalidResponse('model list: expected an object with a "data" array');
  return data.map((item, i) => {
    if (!isRecord(item) || typeof item.id !== 'string' || item.id === '') {
      throw invalidResponse(`model list: item ${i} has no string "id"`);
    }
    if (item.owned_by !== undefined && typeof item.owned_by !== 'string') {
      throw invalidResponse(`model list: item ${i} has a non-string "owned_by"`);
    }
    return { id: item.id, ownedBy: item.owned_by ?? '' };
  });
}

/**
 * The nesting of the balance fields is "not shown". We accept the common wrapper
 * `{is_available, balance_infos: [...]}`, a bare list, or a single object with the four fields.
 */
export function parseBalance(json: unknown): BalanceInfo {
  if (Array.isArray(json)) return { balances: json.map(parseBalanceItem) };
  if (!isRecord(json)) throw invalidResponse('balance: expected an object or a list');
  if ('balance_infos' in json) {
    if (!Array.isArray(json.balance_infos)) throw invalidResponse('balance: "balance_infos" is not a list');
    if (json.is_available !== undefined && typeof json.is_available !== 'boolean') {
      throw invalidResponse('balance: "is_available" is not a boolean');
    }
    const balances = json.balance_infos.map(parseBalanceItem);
    return json.is_available === undefined ? { balances } : { available: json.is_available, balances };
  }
  return { balances: [parseBalanceItem(json)] };
}

function parseBalanceItem(item: unknown, i = 0): Balance {
  if (!isRecord(item)) throw invalidResponse(`balance: entry ${i} is not an object`);
  if (typeof item.currency !== 'string' || item.currency === '') {
    throw invalidResponse(`balance: entry ${i} has no "currency"`);
  }
  return {
    currency: item.currency,
    total: amount(item, 'total_balance', i),
    granted: amount(item, 'granted_balance', i),
    toppedUp: amount(item, 'topped_up_balance', i),
  };
}

/** Amounts are strings in the contract (exact decimals); a number is tolerated and kept as text. */
function amount(item: Record<string, unknown>, field: string, i: number): string {
  const v = item[field];
  if (typeof v === 'string') return v;
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  throw invalidResponse(`balance: entry ${i} has no "${field}"`);
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function invalidResponse(detail: string): ServiceError {
  return new ServiceError({
    service: 'B',
    code: 'invalid_response',
    message: `Service B sent an unexpected ${detail}`,
  });
}
