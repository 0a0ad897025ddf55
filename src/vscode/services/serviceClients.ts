import * as vscode from 'vscode';
import type { ServiceId } from '../../core/services/wireTypes';
import type { KeySource } from '../../core/keys/keySource';
import { ServiceAClient } from '../../core/services/serviceAClient';
import { ServiceBClient } from '../../core/services/serviceBClient';
import { Disposable } from '../../core/lifecycle/disposable';
import { ServiceEndpoint } from '../../core/services/serviceEndpoint';
import { HttpClient } from '../../core/transport/httpClient';
import type { Logger } from '../../core/transport/logger';
import { createDispatcher } from '../../core/transport/proxy';
import { baseUrl, proxySettings, serviceAAuthScheme } from '../config/settings';

const timeouts = { connectTimeoutMs: 10_000, headersTimeoutMs: 60_000, bodyTimeoutMs: 120_000 };

/**
 * Both service clients, built over one proxy-aware connection pool per service. The pools are
 * rebuilt when VS Code's proxy settings change.
 */
export class ServiceClients extends Disposable implements vscode.Disposable {
  private clients!: { a: ServiceAClient; b: ServiceBClient; https: HttpClient[] };

  constructor(
    private readonly keys: KeySource,
    private readonly log: Logger,
    /** Every key Tandem knows of, so log lines can be scrubbed of them. */
    private readonly knownSecrets: () => readonly string[],
  ) {
    super();
    this.build();
    // Disposed last: the pools of the clients in use then; deactivate() waits for their sockets to close.
    this._register({ dispose: () => Promise.all(this.clients.https.map((http) => http.close())) });
    this._register(
      vscode.workspace.onDidChangeConfiguration((event) => {
        if (event.affectsConfiguration('http.proxy') || event.affectsConfiguration('http.proxyStrictSSL')) {
          const old = this.clients.https;
          this.build();
          for (const http of old) void http.close();
        }
      }),
    );
  }

  get a(): ServiceAClient {
    return this.clients.a;
  }

  get b(): ServiceBClient {
    return this.clients.b;
  }

  private build(): void {
    const http = (service: ServiceId) =>
      new HttpClient({
        service,
        // A factory: the connection pool (and undici itself) loads on the first request, and reads the proxy
        // settings then, not at activation.
        dispatcher: () => {
          const proxy = proxySettings();
          return createDispatcher({ proxyUrl: proxy.proxyUrl, env: process.env, rejectUnauthorized: proxy.strictSSL, ...timeouts });
        },
        logger: this.log,
        secrets: this.knownSecrets,
      });
    const httpA = http('A');
    const httpB = http('B');
    const endpoint = (service: ServiceId, client: HttpClient) =>
      new ServiceEndpoint({ service, http: client, baseUrl: () => baseUrl(service), keys: this.keys, authScheme: serviceAAuthScheme });
    this.clients = {
      a: new ServiceAClient(endpoint('A', httpA)),
      b: new ServiceBClient(endpoint('B', httpB)),
      https: [httpA, httpB],
    };
  }
}
