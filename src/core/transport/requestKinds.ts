// What each kind of request may take before Tandem gives up, and whether it is retried. A server
// can hold a stream open forever with `: keep-alive` comments, or trickle tokens without end; these
// deadlines bound every call (callDeadline.ts enforces them). The undici connect/headers/idle timeouts stay underneath them.
export type RequestKind = 'completion' | 'chat' | 'speech' | 'account';

export interface RequestPolicy {
  /**
   * From sending to the first content: for a stream, the first data event that carries any (a
   * reasoning increment counts; comments, empty and role-only events do not); for a JSON reply, its headers.
   * Measured per attempt.
   */
  firstTokenMs: number;
  /** The whole call, retries and their waits included. */
  totalMs: number;
  /** Whether 429s, 5xx and network errors before the first event are retried. */
  retries: boolean;
}

export const REQUEST_POLICIES: Readonly<Record<RequestKind, Readonly<RequestPolicy>>> = {
  // FIM is non-reasoning and short (at most 4K tokens, docs/contracts.md#b-fim-max-tokens; we ask for 64 on a line),
  // and ghost text that comes later than this is stale. No retries: a completion that failed is
  // superseded by the next keystroke, and a 429 starts the engine's shared cool-down instead.
  completion: { firstTokenMs: 15_000, totalMs: 60_000, retries: false },
  // Reasoning increments count as tokens, so thinking does not hold this back; a prompt near the
  // 1M-token context (Service B) can still take long to read. A whole answer (up to the model's
  // maxOutputTokens in modelCatalog.ts: 384K on B, 128K on A) can run long, but not forever; Stop is always there before this.
  chat: { firstTokenMs: 120_000, totalMs: 30 * 60_000, retries: true },
  // One part of a reading (a few sentences; at most a speech model's maxOutputTokens, 8K) streams pcm as it is
  // generated: the first audio comes fast, and the longest part is minutes of audio, not more.
  speech: { firstTokenMs: 60_000, totalMs: 10 * 60_000, retries: true },
  // Model list and balance: small JSON replies.
  account: { firstTokenMs: 30_000, totalMs: 60_000, retries: true },
};
