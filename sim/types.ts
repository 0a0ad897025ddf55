// The simulator's shared types: its options, its public handle and what it records. They live
// here, apart from simulator.ts, so the modules the simulator is built from can name them without
// importing the simulator itself (which imports them: a cycle).
import type { FimModeSpec } from './fimMode';
import type { EditMode } from './editMode';
import type { SimClock } from './pacing';

/** A parsed JSON object (a request body, a schema). */
export type JsonObject = Record<string, unknown>;

export interface SimOptions {
  /** Accepted Service A key; default process.env.TANDEM_SERVICE_A_API_KEY ?? 'sim-key-a'. */
  keyA?: string;
  /** Accepted Service B key; default process.env.TANDEM_SERVICE_B_API_KEY ?? 'sim-key-b'. */
  keyB?: string;
  /** Default 0: any free port. */
  portA?: number;
  portB?: number;
  /** Time to first token; default 0. */
  ttftMs?: number;
  /** Streaming rate; default 0 = no pacing. */
  tokensPerSecond?: number;
  /** Service A context window (not shown in the contract; default 262144). */
  contextTokensA?: number;
  /** Service B context window (contract: 1M). */
  contextTokensB?: number;
  balance?: { currency: 'CNY' | 'USD'; total: string; granted: string; toppedUp: string };
  /** How FIM answers (fimMode.ts): 'ideal' (default) or a misbehaving 'realistic' model; `x-sim-fim` overrides it per request. */
  fim?: FimModeSpec;
  /** How inline edits are answered (editMode.ts): 'fenced' (default), 'searchReplace', 'context' or 'diff'; `x-sim-edit` overrides it per request. */
  edit?: EditMode;
  /** Time and waits for pacing and keep-alives; default the real clock (tests pass a fake one). */
  clock?: SimClock;
}

export interface RecordedRequest {
  service: 'A' | 'B';
  method: string;
  path: string;
  headers: Record<string, string>;
  body: unknown;
  status: number;
  aborted: boolean;
  /** ms on the simulator's clock when the request's headers arrived (benchmarks split a latency at it). */
  receivedAt: number;
  /** Which connection carried this request: 1 for the first one the simulator accepted, and so on. */
  connection?: number;
  /** ms on the simulator's clock when the connection that carried this request was opened. */
  connectionOpenedAt?: number;
  /** ms on the simulator's clock (wall clock unless SimOptions.clock) when the first SSE `data:` event of the reply was written (benchmarks time from it). */
  firstDataAt?: number;
  /** ms on the simulator's clock when the reply was complete (unset while it streams, and for an aborted one). */
  endedAt?: number;
  /** Bytes of the reply body handed to the socket so far (shows where a hostile reply stopped). */
  bytesSent: number;
  /** True once the simulator is done with the request, complete or not: nothing more is written after. */
  handled?: boolean;
}

export interface FaultSpec {
  kind: '429' | '500' | 'reset' | 'malformed' | 'truncate' | 'search-error' | 'giant-line' | 'keepalive-forever';
  service?: 'A' | 'B';
  path?: string;
  /** How many matching requests it hits (default 1). */
  times?: number;
  /** For 429: the Retry-After header value in seconds. */
  retryAfterS?: number;
  /** For reset/malformed/truncate in streams: after N data chunks (default 2; 0 for giant-line, keepalive-forever). */
  afterChunks?: number;
  /** For giant-line: the length of the line that never ends, in MiB (default 8). */
  lineMiB?: number;
}

export interface Simulator {
  readonly urlA: string;
  readonly urlB: string;
  readonly keyA: string;
  readonly keyB: string;
  readonly requests: RecordedRequest[];
  readonly abortedCount: number;
  /** TCP connections accepted by both services since the start (or the last reset). */
  readonly connectionsOpened: number;
  /** Connections open right now. */
  readonly connectionsOpen: number;
  inject(fault: FaultSpec): void;
  configure(opts: Partial<Pick<SimOptions, 'ttftMs' | 'tokensPerSecond' | 'contextTokensA' | 'contextTokensB'>>): void;
  reset(): void;
  close(): Promise<void>;
}

export type TunableOptions = Required<Pick<SimOptions, 'ttftMs' | 'tokensPerSecond' | 'contextTokensA' | 'contextTokensB'>>;
