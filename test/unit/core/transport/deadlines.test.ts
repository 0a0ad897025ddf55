import assert from 'node:assert/strict';
import type { ServerResponse } from 'node:http';
import { ServiceError } from '../../../../src/core/errors/serviceError';
import { HttpClient, type HttpClientOptions, type HttpRequest } from '../../../../src/core/transport/httpClient';
import { REQUEST_POLICIES } from '../../../../src/core/transport/requestKinds';
import { until } from '../../../until';
import { FakeTimer } from './fakeTimer';
import { startServer, type LocalServer } from './localServer';

/** Reads a stream in the background: what arrived so far, and how it ended. */
function consume(stream: AsyncGenerator<unknown>): { items: unknown[]; ended: Promise<ServiceError | undefined> } {
  const items: unknown[] = [];
  const ended = (async () => {
    try {
      for await (const item of stream) items.push(item);
      return undefined;
    } catch (err) {
      assert.ok(err instanceof ServiceError, `expected ServiceError, got ${String(err)}`);
      return err;
    }
  })();
  return { items, ended };
}

/** Headers, then the given events, then a `: keep-alive` comment every 20 ms until the client leaves. */
function keepsAlive(...events: unknown[]) {
  return (_req: unknown, res: ServerResponse): void => {
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    res.write(': keep-alive\n\n');
    for (const event of events) res.write(`data: ${JSON.stringify(event)}\n\n`);
    const beat = setInterval(() => res.write(': keep-alive\n\n'), 20);
    res.on('close', () => clearInterval(beat));
  };
}

const roleOnly = { choices: [{ index: 0, delta: { role: 'assistant' } }] };
const thinking = { choices: [{ index: 0, delta: { reasoning_content: 'Let me think' } }] };

describe('request deadlines', () => {
  let server: LocalServer | undefined;
  let client: HttpClient | undefined;
  let clock: FakeTimer;
  const make = (overrides: Partial<HttpClientOptions> = {}): HttpClient =>
    (client = new HttpClient({ service: 'B', timer: clock.timer, sleep: async () => undefined, ...overrides }));
  const post = (kind: HttpRequest['kind']): HttpRequest => ({
    method: 'POST',
    url: `${server!.url}/chat/completions`,
    body: { stream: true },
    kind,
  });

  beforeEach(() => {
    clock = new FakeTimer();
  });
  afterEach(async () => {
    await client?.close();
    await server?.close();
    client = undefined;
    server = undefined;
  });

  it('a stream kept open by keep-alive comments and role-only chunks ends at the first-token deadline, not retried', async () => {
    server = await startServer(keepsAlive(roleOnly));
    const { items, ended } = consume(make().streamJson(post('speech')));
    await until(() => items.length === 1, 'the role-only chunk', 5_000);
    clock.advance(REQUEST_POLICIES.speech.firstTokenMs);
    const error = await ended;
    assert.equal(error?.code, 'timeout');
    assert.equal(error?.message, 'Service B sent no answer within 60 s');
    assert.match(error?.hint ?? '', /Retry; if it keeps happening, check that Service B is up/);
    assert.equal(server.requests.length, 1, 'a deadline is not retried');
  });

  it('reasoning counts as the first token; the total deadline still ends a stream that never finishes', async () => {
    server = await startServer(keepsAlive(thinking));
    const { items, ended } = consume(make().streamJson(post('chat')));
    await until(() => items.length === 1, 'the reasoning chunk', 5_000);
    clock.advance(REQUEST_POLICIES.chat.firstTokenMs); // would end the stream if reasoning did not count
    clock.advance(REQUEST_POLICIES.chat.totalMs - REQUEST_POLICIES.chat.firstTokenMs);
    const error = await ended;
    assert.equal(error?.message, 'Service B did not finish answering within 30 min');
    assert.deepEqual(items, [thinking], 'what arrived stays delivered');
  });

  it('a JSON call gets its first-token deadline for the headers and its total deadline for the body', async () => {
    let holdBody = false;
    server = await startServer((_req, res) => {
      if (!holdBody) return; // never answers
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write(' ');
    });
    const get = (): Promise<unknown> => client!.requestJson({ method: 'GET', url: `${server!.url}/user/balance`, kind: 'account' });
    make();
    const silent = get().catch((err: unknown) => err);
    await until(() => server!.requests.length === 1, 'the request to arrive', 5_000);
    clock.advance(REQUEST_POLICIES.account.firstTokenMs);
    assert.equal(((await silent) as ServiceError).message, 'Service B sent no answer within 30 s');

    holdBody = true;
    await client!.close();
    make({ policies: { account: { firstTokenMs: Infinity } } });
    const trickling = get().catch((err: unknown) => err);
    await until(() => server!.requests.length === 2, 'the second request to arrive', 5_000);
    clock.advance(REQUEST_POLICIES.account.totalMs);
    assert.equal(((await trickling) as ServiceError).message, 'Service B did not finish answering within 60 s');
  });

  it('a completion is never retried; other kinds keep their retries', async () => {
    server = await startServer((_req, res) => {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end('{"error":{"message":"boom"}}');
    });
    const retried: number[] = [];
    const completion = await make()
      .requestJson({ ...post('completion'), onRetry: (r) => retried.push(r.attempt) })
      .catch((err: unknown) => err);
    assert.equal((completion as ServiceError).code, 'server_error');
    assert.equal(server.requests.length, 1);
    assert.deepEqual(retried, []);
    await make()
      .requestJson(post('chat'))
      .catch(() => undefined);
    assert.equal(server.requests.length, 1 + 4, 'chat: one attempt and three retries');
  });
});
