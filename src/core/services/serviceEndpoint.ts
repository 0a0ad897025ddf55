import type { ServiceId } from './wireTypes';
import { authHeaders, endpointUrl, normalizeBaseUrl, type AuthScheme } from './endpoints';
import type { KeySource } from '../keys/keySource';
import type { HttpClient, HttpRequest } from '../transport/httpClient';
import type { RequestKind } from '../transport/requestKinds';

export interface CallOptions {
  signal?: AbortSignal;
  /** Told before each automatic retry, so a UI can show a countdown. */
  onRetry?: HttpRequest['onRetry'];
  /** Which deadlines apply; the service clients set it per operation. */
  kind?: RequestKind;
}

export interface ServiceEndpointDeps {
  service: ServiceId;
  http: HttpClient;
  /** Read on every call so a changed setting applies without a reload. */
  baseUrl: () => string;
  keys: KeySource;
  authScheme?: () => AuthScheme;
}

/** One service's base URL + key + transport: turns a path and a body into an authenticated call. */
export class ServiceEndpoint {
  constructor(private readonly deps: ServiceEndpointDeps) {}

  get service(): ServiceId {
    return this.deps.service;
  }

  async json<T>(method: 'GET' | 'POST', path: string, body: unknown, call: CallOptions = {}): Promise<T> {
    return this.deps.http.requestJson<T>(await this.request(method, path, body, call));
  }

  async *stream(path: string, body: unknown, call: CallOptions = {}): AsyncGenerator<unknown> {
    yield* this.deps.http.streamJson(await this.request('POST', path, body, call));
  }

  private async request(method: 'GET' | 'POST', path: string, body: unknown, call: CallOptions): Promise<HttpRequest> {
    const { service } = this.deps;
    // Base URL first: with neither set, "check the base URL" is the first thing the user must fix.
    const base = normalizeBaseUrl(service, this.deps.baseUrl());
    // The key source learns where the key would go: a stored key may need the user's approval first.
    const key = await this.deps.keys.get(service, base);
    return {
      method,
      url: endpointUrl(base, path),
      headers: authHeaders(service, key ?? '', this.deps.authScheme?.() ?? 'bearer'),
      body,
      signal: call.signal,
      onRetry: call.onRetry,
      kind: call.kind,
    };
  }
}
