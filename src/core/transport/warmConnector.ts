import type { Socket } from 'node:net';
import type { buildConnector } from 'undici';

type Connector = buildConnector.connector;
type ConnectOptions = buildConnector.Options;
type Callback = buildConnector.Callback;

export interface WarmConnector {
  connect: Connector;
  /** Spare connections open now (ready or still dialing); for tests and benchmarks. */
  readonly spares: number;
  /** Destroys every spare and dials no more: call it when the dispatcher closes. */
  dispose(): void;
}

interface Spare {
  socket?: Socket;
  /** Set when a request took this spare while it was still dialing. */
  waiter?: { options: ConnectOptions; callback: Callback };
  idle?: ReturnType<typeof setTimeout>;
  drop?: () => void;
}

/**
 * Keeps one connection per origin dialed ahead of need. HTTP/1.1 cannot cancel a request without
 * closing its socket, so every superseded completion costs a connection, and over HTTPS a TLS
 * handshake on the path of the next keystroke's request. undici asks its connector only when it has
 * no idle socket for the origin, i.e. for the first request and after an abort: that call gets the
 * spare (already connected, or at least dialed earlier) and a new spare is dialed at once.
 * A spare the server closes is forgotten; one nobody takes within `idleMs` is closed.
 */
export function warmConnector(dial: Connector, idleMs: number): WarmConnector {
  const spares = new Map<string, Spare>();
  let disposed = false;

  const forget = (key: string, spare: Spare): void => {
    if (spares.get(key) === spare) spares.delete(key);
    if (spare.idle) clearTimeout(spare.idle);
    if (spare.drop) spare.socket?.off('close', spare.drop).off('end', spare.drop).off('error', spare.drop);
  };

  const dialSpare = (key: string, options: ConnectOptions): void => {
    if (disposed || spares.has(key)) return;
    const spare: Spare = {};
    spares.set(key, spare);
    dial(options, (err, socket) => {
      const waiter = spare.waiter;
      if (waiter) {
        // A request is waiting for this spare: it gets the socket, or a fresh dial if the spare failed.
        if (socket) waiter.callback(null, socket);
        else dial(waiter.options, waiter.callback);
        return;
      }
      if (!socket || disposed || spares.get(key) !== spare) {
        socket?.destroy();
        forget(key, spare);
        return;
      }
      spare.socket = socket;
      spare.drop = () => {
        forget(key, spare);
        socket.destroy();
      };
      // A spare carries no request: any end, close or error just means it is gone.
      socket.on('close', spare.drop).on('end', spare.drop).on('error', spare.drop);
      spare.idle = setTimeout(spare.drop, idleMs);
      spare.idle.unref?.();
    });
  };

  const connect: Connector = (options, callback) => {
    // A proxy tunnel's upgrade socket is specific to this request: nothing to keep ready.
    if (options.httpSocket) return dial(options, callback);
    const key = `${options.protocol}//${options.hostname}:${options.port}/${options.servername ?? ''}`;
    const spare = spares.get(key);
    if (spare) forget(key, spare);
    const ready = spare?.socket;
    // Asynchronously, as a real dial would answer: undici's client is still setting up when it calls us.
    if (ready && !ready.destroyed && ready.readyState === 'open') queueMicrotask(() => callback(null, ready));
    else if (spare && !spare.socket) spare.waiter = { options, callback };
    else dial(options, callback);
    dialSpare(key, options);
  };

  return {
    connect,
    get spares() {
      return spares.size;
    },
    dispose() {
      disposed = true;
      for (const [key, spare] of [...spares]) {
        forget(key, spare);
        spare.socket?.destroy();
      }
    },
  };
}
