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
import { SETTINGS_SECTION } from '../../core/config/settingsCatalog';
import { baseUrl, proxySettings, serviceAAuthScheme } from '../config/settings';

const timeouts = { connectTimeoutMs: 10_000, headersTimeoutMs: 60_000, bodyTimeoutMs: 120_000 };

/**
 * Both service clients, built over one proxy-aware connection pool per service. The pools are
 * rebuilt when VS Code's proxy settings change.
 */
export class ServiceClients extends Disposable implements vscode.Disposable {
  private clients!: { a: ServiceAClient; b: ServiceBClient; https: HttpClient[] };
  /**
   * Where each request goes and how its key is sent, read once per change of the settings: reading them
   * (VS Code's inspect()) took 0.3 ms per setting, on every completion's way to the wire. VS Code updates
   * its settings and fires the change in the same step, so no request reads a value it has replaced.
   */
  private readonly settings = new Map<string, string>();

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
        if (event.affectsConfiguration(SETTINGS_SECTION)) this.settings.clear();
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

  private setting<T extends string>(name: string, read: () => T): T {
    let value = this.settings.get(name) as T | undefined;
    if (value === undefined) this.settings.set(name, (value = read()));
    return value;
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
      new ServiceEndpoint({
        service,
        http: client,
        baseUrl: () => this.setting(`baseUrl ${service}`, () => baseUrl(service)),
        keys: this.keys,
        // Service B has one way to send a key.
        authScheme: service === 'A' ? () => this.setting('authScheme A', serviceAAuthScheme) : undefined,
      });
    this.clients = {
      a: new ServiceAClient(endpoint('A', httpA)),
      b: new ServiceBClient(endpoint('B', httpB)),
      https: [httpA, httpB],
    };
  }
}
