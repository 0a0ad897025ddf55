// Small node:http helpers: read a body with a size cap, send JSON, parse the request line.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { SimHttpError } from './errors';

/** Service B accepts a 1M-token context, so bodies can be several MB; 64 MB keeps a runaway client bounded. */
const MAX_BODY_BYTES = 64 * 1024 * 1024;

export function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) tooLarge = true;
      else parts.push(chunk);
    });
    req.on('end', () => {
      if (tooLarge) reject(new SimHttpError(413, 'invalid_request', `request body: larger than ${MAX_BODY_BYTES} bytes`));
      else resolve(Buffer.concat(parts));
    });
    req.on('error', reject);
    // A client that disconnects mid-body never sends 'end'.
    req.on('close', () => {
      if (!req.complete) reject(new Error('client closed the connection before sending the whole body'));
    });
  });
}

export function headerRecord(req: IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    out[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

function jsonText(value: unknown): string {
  return JSON.stringify(value);
}

export function sendJson(res: ServerResponse, status: number, value: unknown, headers: Record<string, string> = {}): void {
  if (res.headersSent || res.destroyed) return;
  const text = jsonText(value);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(text)),
    ...headers,
  });
  res.end(text);
}

/** Resolves once `res` can take more, or the connection or request is gone (never hangs on a dead socket). */
export function waitForDrain(res: ServerResponse, signal: AbortSignal): Promise<void> {
  return new Promise<void>((resolve) => {
    const done = (): void => {
      res.off('drain', done);
      res.off('close', done);
      signal.removeEventListener('abort', done);
      resolve();
    };
    if (res.destroyed || signal.aborted) return resolve();
    res.on('drain', done);
    res.on('close', done);
    signal.addEventListener('abort', done, { once: true });
  });
}
