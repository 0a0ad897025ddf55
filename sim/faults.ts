// Fault injection: queued FaultSpecs (from inject() or POST /__sim/faults) and the per-request
// `x-sim-fault` header, e.g. `429;retry-after=2`, `reset;after=3`, `truncate;after=1`, and the
// hostile-server modes `giant-line;mib=8` and `keepalive-forever` (see hostileServer.ts).
import { badRequest } from './errors';
import type { FaultSpec } from './types';

export type FaultKind = FaultSpec['kind'];

const FAULT_KINDS: readonly FaultKind[] = [
  '429',
  '500',
  'reset',
  'malformed',
  'truncate',
  'search-error',
  'giant-line',
  'keepalive-forever',
];

/** Faults that play a hostile server; with no `after` they start before the first data chunk. */
const HOSTILE_KINDS: readonly FaultKind[] = ['giant-line', 'keepalive-forever'];

/** A fault resolved for one request. */
export interface ActiveFault {
  kind: FaultKind;
  retryAfterS: number;
  afterChunks: number;
  /** For giant-line: the length of the line in MiB. */
  lineMiB: number;
}

type FaultParams = Pick<FaultSpec, 'kind' | 'retryAfterS' | 'afterChunks' | 'lineMiB'>;

const DEFAULT_RETRY_AFTER_S = 1;
const DEFAULT_AFTER_CHUNKS = 2;
/** Twice the 4 MiB a client should buffer at most: enough to show whether it stops. */
const DEFAULT_LINE_MIB = 8;

function activate(spec: FaultParams): ActiveFault {
  return {
    kind: spec.kind,
    retryAfterS: spec.retryAfterS ?? DEFAULT_RETRY_AFTER_S,
    afterChunks: spec.afterChunks ?? (HOSTILE_KINDS.includes(spec.kind) ? 0 : DEFAULT_AFTER_CHUNKS),
    lineMiB: spec.lineMiB ?? DEFAULT_LINE_MIB,
  };
}

/** Queued faults, consumed in order by the requests they match. Owned by one Simulator. */
export class FaultQueue {
  private items: Array<{ spec: FaultSpec; remaining: number }> = [];

  add(spec: FaultSpec): void {
    const remaining = spec.times ?? 1;
    if (remaining <= 0) return;
    this.items.push({ spec: { ...spec }, remaining });
  }

  clear(): void {
    this.items = [];
  }

  /** Takes one use of the first queued fault of one of `kinds` that matches this request. */
  take(service: 'A' | 'B', path: string, kinds: readonly FaultKind[]): ActiveFault | undefined {
    const index = this.items.findIndex(
      ({ spec }) =>
        kinds.includes(spec.kind) &&
        (spec.service === undefined || spec.service === service) &&
        (spec.path === undefined || spec.path === path),
    );
    if (index < 0) return undefined;
    const item = this.items[index];
    item.remaining -= 1;
    if (item.remaining <= 0) this.items.splice(index, 1);
    return activate(item.spec);
  }
}

function nonNegativeInt(name: string, value: unknown): number {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 0) throw badRequest(`${name}: must be a non-negative integer`);
  return n;
}

/** Parses `kind[;retry-after=S][;after=N][;mib=M]`. */
export function parseFaultHeader(value: string): ActiveFault {
  const [kindPart, ...params] = value.split(';').map((p) => p.trim());
  if (!FAULT_KINDS.includes(kindPart as FaultKind)) {
    throw badRequest(`x-sim-fault: unknown fault "${kindPart}" (one of ${FAULT_KINDS.join(', ')})`);
  }
  const spec: FaultParams = { kind: kindPart as FaultKind };
  for (const param of params) {
    if (param === '') continue;
    const [key, raw = ''] = param.split('=').map((p) => p.trim());
    if (key === 'retry-after') spec.retryAfterS = nonNegativeInt('x-sim-fault retry-after', raw);
    else if (key === 'after') spec.afterChunks = nonNegativeInt('x-sim-fault after', raw);
    else if (key === 'mib') spec.lineMiB = nonNegativeInt('x-sim-fault mib', raw);
    else throw badRequest(`x-sim-fault: unknown parameter "${key}" (retry-after, after, mib)`);
  }
  return activate(spec);
}

/** Validates a FaultSpec posted to /__sim/faults. */
export function parseFaultSpec(body: unknown): FaultSpec {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw badRequest('fault: must be a JSON object');
  const b = body as Record<string, unknown>;
  if (!FAULT_KINDS.includes(b.kind as FaultKind)) throw badRequest(`fault.kind: must be one of ${FAULT_KINDS.join(', ')}`);
  const spec: FaultSpec = { kind: b.kind as FaultKind };
  if (b.service !== undefined) {
    if (b.service !== 'A' && b.service !== 'B') throw badRequest('fault.service: must be "A" or "B"');
    spec.service = b.service;
  }
  if (b.path !== undefined) {
    if (typeof b.path !== 'string') throw badRequest('fault.path: must be a string');
    spec.path = b.path;
  }
  if (b.times !== undefined) spec.times = nonNegativeInt('fault.times', b.times);
  if (b.retryAfterS !== undefined) spec.retryAfterS = nonNegativeInt('fault.retryAfterS', b.retryAfterS);
  if (b.afterChunks !== undefined) spec.afterChunks = nonNegativeInt('fault.afterChunks', b.afterChunks);
  if (b.lineMiB !== undefined) spec.lineMiB = nonNegativeInt('fault.lineMiB', b.lineMiB);
  return spec;
}
