import type { Dispatcher } from 'undici';
import { loadUndici } from './loadUndici';
import { warmConnector } from './warmConnector';

export interface DispatcherOptions {
  /** VS Code's `http.proxy` setting; wins over HTTPS_PROXY / HTTP_PROXY from the environment. */
  proxyUrl?: string;
  /** Hosts that bypass the proxy (NO_PROXY syntax, comma or space separated); defaults to NO_PROXY. */
  noProxy?: string;
  /** Environment to read proxy variables from; defaults to `process.env` (injectable for tests). */
  env?: Record<string, string | undefined>;
  connectTimeoutMs: number;
  headersTimeoutMs: number;
  bodyTimeoutMs: number;
  /** VS Code's `http.proxyStrictSSL`; false accepts self-signed certificates (TLS-inspecting proxies). */
  rejectUnauthorized?: boolean;
}

/**
 * Loopback never goes through a proxy: the local simulator (and any self-hosted service on this
 * machine) must stay reachable when a corporate proxy is configured, and a proxy could not reach
 * our 127.0.0.1 anyway. `[::1]` keeps its brackets because that is how undici compares IPv6 hosts.
 */
const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/** Idle sockets are kept this long so a burst of completions reuses one TLS connection. */
const KEEP_ALIVE_MS = 30_000;

/** Builds the undici dispatcher for all service traffic: proxy-aware when a proxy is configured. */
export function createDispatcher(opts: DispatcherOptions): Dispatcher {
  const { Agent, EnvHttpProxyAgent, buildConnector } = loadUndici();
  const env = opts.env ?? process.env;
  const tls = opts.rejectUnauthorized === undefined ? {} : { rejectUnauthorized: opts.rejectUnauthorized };
  const common = {
    headersTimeout: opts.headersTimeoutMs,
    bodyTimeout: opts.bodyTimeoutMs,
    keepAliveTimeout: KEEP_ALIVE_MS,
    keepAliveMaxTimeout: KEEP_ALIVE_MS,
  };

  const configured = nonEmpty(opts.proxyUrl);
  const httpProxy = configured ?? nonEmpty(env.http_proxy) ?? nonEmpty(env.HTTP_PROXY);
  // Like undici and curl-compatible tools, HTTPS traffic falls back to HTTP_PROXY when HTTPS_PROXY is unset.
  const httpsProxy = configured ?? nonEmpty(env.https_proxy) ?? nonEmpty(env.HTTPS_PROXY) ?? httpProxy;

  if (httpProxy === undefined && httpsProxy === undefined) {
    // A spare connection per origin, so a superseded completion's closed socket is not redialled on the next request's path.
    const warm = warmConnector(buildConnector({ timeout: opts.connectTimeoutMs, ...tls }), KEEP_ALIVE_MS);
    return disposingWith(new Agent({ ...common, connect: warm.connect }), () => warm.dispose());
  }

  return new EnvHttpProxyAgent({
    ...common,
    // Explicit values (never undefined) so undici does not fall back to reading process.env itself.
    httpProxy: withScheme(httpProxy ?? ''),
    httpsProxy: withScheme(httpsProxy ?? ''),
    noProxy: noProxyList(opts.noProxy ?? nonEmpty(env.no_proxy) ?? nonEmpty(env.NO_PROXY) ?? ''),
    connect: { timeout: opts.connectTimeoutMs, ...tls },
    // Through a proxy, `connect` above is replaced by the tunnel; these carry the timeout and TLS choice.
    proxyTls: { timeout: opts.connectTimeoutMs, ...tls },
    requestTls: { timeout: opts.connectTimeoutMs, ...tls },
  });
}

/** Runs `cleanup` when the dispatcher is closed or destroyed, in either calling style (promise or callback). */
function disposingWith<T extends Dispatcher>(dispatcher: T, cleanup: () => void): T {
  const close = dispatcher.close.bind(dispatcher) as (...args: unknown[]) => unknown;
  const destroy = dispatcher.destroy.bind(dispatcher) as (...args: unknown[]) => unknown;
  Object.assign(dispatcher, {
    close: (...args: unknown[]) => {
      cleanup();
      return close(...args);
    },
    destroy: (...args: unknown[]) => {
      cleanup();
      return destroy(...args);
    },
  });
  return dispatcher;
}

function noProxyList(userList: string): string {
  const entries = userList.split(/[,\s]+/).filter((e) => e !== '');
  // undici only honours `*` when it is the whole value, so adding loopback entries must not hide it.
  if (entries.includes('*')) return '*';
  return [...entries, ...LOOPBACK_HOSTS].join(',');
}

function withScheme(url: string): string {
  // VS Code users often write `proxy.corp:8080`; undici needs a URL.
  return url === '' || /^[a-z][a-z0-9+.-]*:\/\//i.test(url) ? url : `http://${url}`;
}

function nonEmpty(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}
