import assert from 'node:assert/strict';
import dns from 'node:dns';
import { createServer, request as httpRequest, type Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { Agent, request, type Dispatcher } from 'undici';
import { HttpClient } from '../../../../src/core/transport/httpClient';
import { createDispatcher } from '../../../../src/core/transport/proxy';
import { closedPort, startServer, type LocalServer } from './localServer';

/** The made-up host requests use so they do not look like loopback; only ever mapped to 127.0.0.1. */
const FAKE_HOST = 'tandem.test';

interface LocalProxy {
  url: string;
  hits: string[];
  close(): Promise<void>;
}

/**
 * A tiny forward proxy: CONNECT tunnels and absolute-form requests. It resolves FAKE_HOST to 127.0.0.1
 * itself and refuses every other host, so no test traffic can leave the machine.
 */
async function startProxy(): Promise<LocalProxy> {
  const hits: string[] = [];
  const sockets = new Set<Socket>();
  const target = (host: string): string | undefined => (host === FAKE_HOST || host === '127.0.0.1' ? '127.0.0.1' : undefined);

  const server: Server = createServer((req, res) => {
    hits.push(`${req.method} ${req.url}`);
    const url = new URL(req.url ?? '');
    const address = target(url.hostname);
    if (!address) {
      res.writeHead(502).end();
      return;
    }
    const upstream = httpRequest(
      { host: address, port: url.port, method: req.method, path: url.pathname + url.search, headers: req.headers },
      (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  server.on('connect', (req, client: Socket, head: Buffer) => {
    hits.push(`CONNECT ${req.url}`);
    const [host, port] = (req.url ?? '').split(':');
    const address = target(host);
    if (!address) {
      client.end('HTTP/1.1 403 Forbidden\r\n\r\n');
      return;
    }
    const upstream = connect(Number(port), address, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    sockets.add(upstream);
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
  });
  server.on('connection', (s: Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    hits,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

const timeouts = { connectTimeoutMs: 2_000, headersTimeoutMs: 2_000, bodyTimeoutMs: 2_000 };

async function getText(dispatcher: Dispatcher, url: string): Promise<string> {
  const res = await request(url, { dispatcher });
  return `${res.statusCode} ${await res.body.text()}`;
}

describe('createDispatcher', () => {
  let target: LocalServer;
  let proxy: LocalProxy;
  let dispatcher: Dispatcher | undefined;

  beforeEach(async () => {
    target = await startServer((req, res) => res.end(`hello from ${req.headers.host}${req.url}`));
    proxy = await startProxy();
  });
  afterEach(async () => {
    await dispatcher?.destroy();
    dispatcher = undefined;
    await proxy.close();
    await target.close();
  });

  it('sends requests through the configured proxy', async () => {
    dispatcher = createDispatcher({ ...timeouts, proxyUrl: proxy.url, env: {} });
    const text = await getText(dispatcher, `http://${FAKE_HOST}:${target.port}/v1/models`);
    assert.equal(text, `200 hello from ${FAKE_HOST}:${target.port}/v1/models`);
    assert.equal(proxy.hits.length, 1);
    assert.match(proxy.hits[0], new RegExp(`${FAKE_HOST}:${target.port}`));
  });

  it('lets loopback targets bypass the proxy (the local simulator)', async () => {
    dispatcher = createDispatcher({ ...timeouts, proxyUrl: proxy.url, env: {} });
    assert.equal(await getText(dispatcher, `${target.url}/x`), `200 hello from 127.0.0.1:${target.port}/x`);
    assert.deepEqual(proxy.hits, []);
  });

  it('prefers the http.proxy setting over HTTP(S)_PROXY from the environment', async () => {
    const dead = `http://127.0.0.1:${await closedPort()}`;
    dispatcher = createDispatcher({ ...timeouts, proxyUrl: proxy.url, env: { HTTP_PROXY: dead, HTTPS_PROXY: dead } });
    assert.match(await getText(dispatcher, `http://${FAKE_HOST}:${target.port}/`), /^200 /);
    assert.equal(proxy.hits.length, 1);
  });

  it('uses HTTP_PROXY from the environment when no setting is given, accepting host:port', async () => {
    dispatcher = createDispatcher({ ...timeouts, env: { HTTP_PROXY: proxy.url.replace('http://', '') } });
    assert.match(await getText(dispatcher, `http://${FAKE_HOST}:${target.port}/`), /^200 /);
    assert.equal(proxy.hits.length, 1);
  });

  describe('NO_PROXY', () => {
    // Map the fake host to 127.0.0.1 for direct connections, so bypassing the proxy needs no DNS.
    const original = dns.lookup;
    let lookups = 0;
    before(() => {
      (dns as unknown as { lookup: unknown }).lookup = (host: string, options: unknown, callback?: unknown) => {
        const cb = (typeof options === 'function' ? options : callback) as (...args: unknown[]) => void;
        const opts = (typeof options === 'object' && options !== null ? options : {}) as { all?: boolean };
        if (host !== FAKE_HOST) return (original as (...args: unknown[]) => void)(host, options, callback);
        lookups++;
        process.nextTick(() => (opts.all ? cb(null, [{ address: '127.0.0.1', family: 4 }]) : cb(null, '127.0.0.1', 4)));
      };
    });
    after(() => {
      (dns as unknown as { lookup: unknown }).lookup = original;
    });

    it('honours NO_PROXY from the environment', async () => {
      dispatcher = createDispatcher({ ...timeouts, env: { HTTP_PROXY: proxy.url, NO_PROXY: `other.example, ${FAKE_HOST}` } });
      assert.match(await getText(dispatcher, `http://${FAKE_HOST}:${target.port}/`), /^200 /);
      assert.deepEqual(proxy.hits, []);
      assert.ok(lookups > 0);
    });

    it('honours the noProxy option, including a whole-value *', async () => {
      dispatcher = createDispatcher({ ...timeouts, proxyUrl: proxy.url, noProxy: '*', env: {} });
      assert.match(await getText(dispatcher, `http://${FAKE_HOST}:${target.port}/`), /^200 /);
      assert.deepEqual(proxy.hits, []);
    });
  });

  it('returns a plain Agent when no proxy is configured', async () => {
    dispatcher = createDispatcher({ ...timeouts, env: {} });
    assert.ok(dispatcher instanceof Agent);
    assert.match(await getText(dispatcher, `${target.url}/`), /^200 /);
  });

  it('carries HttpClient traffic through the proxy', async () => {
    target.server.removeAllListeners('request');
    target.server.on('request', (_req, res) => res.end(JSON.stringify({ via: 'proxy' })));
    dispatcher = createDispatcher({ ...timeouts, proxyUrl: proxy.url, env: {} });
    const client = new HttpClient({ service: 'B', dispatcher });
    assert.deepEqual(await client.requestJson({ method: 'GET', url: `http://${FAKE_HOST}:${target.port}/user/balance` }), { via: 'proxy' });
    await client.close();
    assert.equal(proxy.hits.length, 1);
  });
});
