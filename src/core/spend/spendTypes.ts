// The ledger's vocabulary: what a request cost, for which feature, and how sure the figure is.
import type { ServiceId, Usage } from '../services/wireTypes';

/**
 * Every feature that sends requests. `inlineEdit` and `commitMessage` are named ahead of their
 * features so they can record from their first day without a ledger format change.
 */
export const SPEND_FEATURES = ['completion', 'chat', 'inlineEdit', 'commitMessage', 'speech', 'check'] as const;
export type SpendFeature = (typeof SPEND_FEATURES)[number];

/** What a feature hands the ledger after one request: the service's usage, or what is known when it sent none. */
export interface UsageRecord {
  service: ServiceId;
  model: string;
  feature: SpendFeature;
  /** The usage the service reported; absent when the stream was cut before its last chunk. */
  usage?: Usage | null;
  /** Used when `usage` is missing: the request's and the answer's size, estimated from their text. */
  estimate?: { promptTokens: number; outputTokens: number };
  /** The chat a chat request belongs to, so the Spend view can link the most expensive chats. */
  chatId?: string;
  chatTitle?: string;
}

/** Tokens of one request, normalised across both services' usage shapes. */
export interface SpendTokens {
  prompt: number;
  cacheHit: number;
  cacheMiss: number;
  /** Output tokens, reasoning included (the contracts count reasoning in completion_tokens). */
  output: number;
  /** Of `output`, the reasoning; shown, never priced twice. */
  reasoning: number;
}

/** One request as the ledger keeps it. */
export interface LedgerEntry {
  /** Unique across windows: a reader drops a second copy of the same id. */
  id: string;
  /** Epoch ms when it was recorded. */
  at: number;
  service: ServiceId;
  model: string;
  feature: SpendFeature;
  tokens: SpendTokens;
  /** CNY; absent while the model has no price (Service A before `tandem.spend.prices` names it). */
  cost?: number;
  /** The service reported no cache split: every prompt token was priced as a miss (the dearer side). */
  assumedMiss?: true;
  /** The service reported no usage (a cut stream): tokens estimated from the text. */
  estimated?: true;
  chatId?: string;
  chatTitle?: string;
}

/** What features record into: one call per request, synchronous and cheap (writing happens later). */
export interface UsageSink {
  record(record: UsageRecord): void;
}
