// Control endpoints under /__sim/ on both servers (no auth): a client in another process can read
// what the simulator saw and steer it.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { errorBody, SimHttpError, badRequest } from './errors';
import { parseFaultSpec } from './faults';
import { isObject } from './fieldChecks';
import { readBody, sendJson } from './httpIo';
import type { Simulator, TunableOptions } from './types';

function parseConfigure(body: unknown): Partial<TunableOptions> {
  if (!isObject(body)) throw badRequest('configure: must be a JSON object');
  const out: Partial<TunableOptions> = {};
  for (const key of ['ttftMs', 'tokensPerSecond', 'contextTokensA', 'contextTokensB'] as const) {
    const value = body[key];
    if (value === undefined) continue;
    const positive = key.startsWith('context');
    if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || (positive && (!Number.isInteger(value) || value < 1))) {
      throw badRequest(`configure.${key}: must be ${positive ? 'a positive integer' : 'a non-negative number'}`);
    }
    out[key] = value;
  }
  return out;
}

async function jsonBody(req: IncomingMessage): Promise<unknown> {
  const raw = await readBody(req);
  if (raw.length === 0) return {};
  try {
    return JSON.parse(raw.toString('utf8'));
  } catch {
    throw badRequest('request body: not valid JSON');
  }
}

export async function handleControl(
  sim: Simulator,
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  method: string,
): Promise<void> {
  try {
    const expect = (m: string): void => {
      if (method !== m)
        throw new SimHttpError(405, 'invalid_request', `Method ${method} is not allowed on ${path}; use ${m}`, { allow: m });
    };
    switch (path) {
      case '/__sim/requests':
        expect('GET');
        return sendJson(res, 200, sim.requests);
      case '/__sim/stats':
        expect('GET');
        return sendJson(res, 200, { aborted: sim.abortedCount, requests: sim.requests.length });
      case '/__sim/reset':
        expect('POST');
        await readBody(req);
        sim.reset();
        return sendJson(res, 200, { ok: true });
      case '/__sim/faults': {
        expect('POST');
        const body = await jsonBody(req);
        const specs = (Array.isArray(body) ? body : [body]).map(parseFaultSpec);
        for (const spec of specs) sim.inject(spec);
        return sendJson(res, 200, { ok: true, queued: specs.length });
      }
      case '/__sim/configure':
        expect('POST');
        sim.configure(parseConfigure(await jsonBody(req)));
        return sendJson(res, 200, { ok: true });
      default:
        throw new SimHttpError(404, 'invalid_request', `Unknown control path: ${path}`);
    }
  } catch (err) {
    if (err instanceof SimHttpError) sendJson(res, err.status, errorBody(err.code, err.message), err.headers);
    else sendJson(res, 500, errorBody('server_error', err instanceof Error ? err.message : String(err)));
  }
}
