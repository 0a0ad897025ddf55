// What a service handler gets for one request. Built by the Simulator, which owns all state.
import type { ServerResponse } from 'node:http';
import type { ActiveFault, FaultKind } from './faults';
import type { FimMode } from './fimMode';
import type { EditMode } from './editMode';
import type { SimClock } from './pacing';
import type { PromptCache } from './promptCache';
import type { SimOptions } from './types';

export type ForcedFinish = 'length' | 'content_filter' | 'repetition_truncation';

interface Pacing {
  ttftMs: number;
  tokensPerSecond: number;
}

export interface RequestContext {
  service: 'A' | 'B';
  method: string;
  path: string;
  headers: Record<string, string>;
  body: unknown;
  res: ServerResponse;
  /** Aborted when the client goes away or the simulator closes: stop generating. */
  signal: AbortSignal;
  pacing: Pacing;
  /** Every pacing wait goes through it (SimOptions.clock). */
  clock: SimClock;
  /** A reset/malformed/truncate fault to apply to this response. */
  fault?: ActiveFault;
  /** `x-sim-fault: search-error` on this request: web search fails. */
  searchError: boolean;
  forcedFinish?: ForcedFinish;
  contextTokensA: number;
  contextTokensB: number;
  balance: NonNullable<SimOptions['balance']>;
  promptCache: PromptCache;
  /** The server's FIM mode (SimOptions.fim); the `x-sim-fim` header overrides it. */
  fimMode: FimMode;
  /** The server's inline edit answer shape (SimOptions.edit); the `x-sim-edit` header overrides it. */
  editMode: EditMode;
  /** Unique per request within a simulator run, for response ids. */
  serial: number;
  /** Takes a queued fault that only the handler can match (search-error). */
  takeFault(kinds: readonly FaultKind[]): ActiveFault | undefined;
  /** Called before the server destroys the socket on purpose, so it is not counted as a client abort. */
  markServerReset(): void;
}

export function unixNow(): number {
  return Math.floor(Date.now() / 1000);
}
