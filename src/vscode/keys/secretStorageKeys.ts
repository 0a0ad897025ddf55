import type * as vscode from 'vscode';
import type { ServiceId } from '../../core/services/wireTypes';
import type { KeySource } from '../../core/keys/keySource';

/** Where a service's key lives in SecretStorage. */
export const keySecretName = (service: ServiceId) => `tandem.apiKey.${service}`;

/**
 * API keys in SecretStorage, the only place Tandem stores them. Reads are cached until the secret
 * changes: in remote and web setups each SecretStorage read is a round trip to the workbench, which
 * every completion request would otherwise pay.
 */
export class SecretKeys implements KeySource, vscode.Disposable {
  private readonly cache = new Map<ServiceId, Promise<string | undefined>>();
  private readonly subscription: vscode.Disposable;

  constructor(private readonly secrets: vscode.SecretStorage) {
    this.subscription = secrets.onDidChange((event) => {
      for (const service of ['A', 'B'] as const) if (event.key === keySecretName(service)) this.cache.delete(service);
    });
  }

  get(service: ServiceId): Promise<string | undefined> {
    let key = this.cache.get(service);
    if (!key) {
      key = Promise.resolve(this.secrets.get(keySecretName(service))).then((value) => value || undefined);
      this.cache.set(service, key);
    }
    return key;
  }

  async store(service: ServiceId, key: string): Promise<void> {
    this.cache.delete(service);
    await this.secrets.store(keySecretName(service), key);
  }

  async delete(service: ServiceId): Promise<void> {
    this.cache.delete(service);
    await this.secrets.delete(keySecretName(service));
  }

  dispose(): void {
    this.subscription.dispose();
  }
}
