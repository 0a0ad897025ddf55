// How the simulator's FIM answers: `ideal` (the copy model's text as is, the default) or
// `realistic` (a misbehaving model: each site gets one of fimFailures.ts's classes, picked by a
// stable hash of the prompt and suffix, or forced with `realistic;class=<name>`). Set per server
// (`--fim`, SimOptions.fim) and per request (header `x-sim-fim`), which wins.
import { badRequest } from './errors';
import { pickRealisticClass, REALISTIC_CLASSES, type RealisticClass } from './fimFailures';

export type FimModeSpec = 'ideal' | 'realistic' | `realistic;class=${RealisticClass}`;

export interface FimMode {
  realistic: boolean;
  /** The class every answer takes; undefined: picked per site. */
  forced?: RealisticClass;
}

const IDEAL_FIM: FimMode = { realistic: false };

/** Parses a mode spec; throws an Error that says what is accepted. */
export function parseFimMode(spec: string): FimMode {
  const [mode, ...params] = spec.split(';').map((s) => s.trim());
  const usage = `expected "ideal", "realistic" or "realistic;class=<${REALISTIC_CLASSES.join('|')}>" (got "${spec}")`;
  if (mode === 'ideal' && params.length === 0) return IDEAL_FIM;
  if (mode !== 'realistic' || params.length > 1) throw new Error(usage);
  if (params.length === 0) return { realistic: true };
  const forced = /^class=(.*)$/.exec(params[0])?.[1];
  if (!REALISTIC_CLASSES.includes(forced as RealisticClass)) throw new Error(usage);
  return { realistic: true, forced: forced as RealisticClass };
}

/** The mode of one request: its `x-sim-fim` header, else the server's. A bad header is a 400. */
export function requestFimMode(header: string | undefined, serverMode: FimMode): FimMode {
  if (header === undefined) return serverMode;
  try {
    return parseFimMode(header);
  } catch (err) {
    throw badRequest(`x-sim-fim: ${(err as Error).message}`);
  }
}

/** The class a site is answered with under `mode`. */
export function fimClassFor(mode: FimMode, prompt: string, suffix: string): RealisticClass {
  if (!mode.realistic) return 'ideal';
  return mode.forced ?? pickRealisticClass(prompt, suffix);
}
