// What a feature asks before it sends a request that costs money: the budget may be reached, or the
// request alone may cost more than the user wants to spend without being asked.
import type { ServiceId } from '../services/wireTypes';
import type { SpendFeature } from './spendTypes';

export interface PlannedRequest {
  feature: SpendFeature;
  service: ServiceId;
  model: string;
  /** The request's prompt, estimated from its text. */
  promptTokens: number;
  /** Of those, the tokens likely to be cache hits (the prompt the previous request of this chat sent). */
  cachedTokens?: number;
}

export interface SpendGate {
  /** Resolves true to send, false to stop; may ask the user. */
  beforeRequest(request: PlannedRequest): Promise<boolean>;
}
