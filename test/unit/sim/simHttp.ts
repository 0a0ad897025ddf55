// Test helpers: small HTTP calls against a running simulator and an SSE parser.
import type { Simulator } from '../../../sim/simulator';

export interface HttpResult {
  status: number;
  headers: Headers;
  text: string;
  json: any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

export async function call(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: unknown } = {},
): Promise<HttpResult> {
  const method = init.method ?? (init.body === undefined ? 'GET' : 'POST');
  const headers: Record<string, string> = { ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}), ...init.headers };
  const res = await fetch(url, {
    method,
    headers,
    body: init.body === undefined ? undefined : typeof init.body === 'string' ? init.body : JSON.stringify(init.body),
  });
  const text = await res.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, text, json };
}

export function chatA(sim: Simulator, body: unknown, headers: Record<string, string> = {}): Promise<HttpResult> {
  return call(`${sim.urlA}/v1/chat/completions`, { body, headers: { 'api-key': sim.keyA, ...headers } });
}

export function chatB(
  sim: Simulator,
  body: unknown,
  headers: Record<string, string> = {},
  path = '/chat/completions',
): Promise<HttpResult> {
  return call(`${sim.urlB}${path}`, { body, headers: { authorization: `Bearer ${sim.keyB}`, ...headers } });
}

export function fimB(sim: Simulator, body: unknown, headers: Record<string, string> = {}): Promise<HttpResult> {
  return chatB(sim, body, headers, '/beta/completions');
}

export interface SseParse {
  /** Raw `data:` payloads in order (including "[DONE]"). */
  data: string[];
  comments: string[];
  /** Parsed JSON chunks (the payloads that are JSON). */
  chunks: any[]; // eslint-disable-line @typescript-eslint/no-explicit-any
  done: boolean;
}

export function parseSse(text: string): SseParse {
  const out: SseParse = { data: [], comments: [], chunks: [], done: false };
  for (const event of text.split('\n\n')) {
    if (event === '') continue;
    const lines = event.split('\n');
    const data: string[] = [];
    for (const line of lines) {
      if (line.startsWith(':')) out.comments.push(line.slice(1).trim());
      else if (line.startsWith('data: ')) data.push(line.slice(6));
    }
    if (data.length === 0) continue;
    const payload = data.join('\n');
    out.data.push(payload);
    if (payload === '[DONE]') out.done = true;
    else {
      try {
        out.chunks.push(JSON.parse(payload));
      } catch {
        // Malformed chunk: kept in `data` only.
      }
    }
  }
  return out;
}

export const USER = (content: string): { role: 'user'; content: string } => ({ role: 'user', content });
