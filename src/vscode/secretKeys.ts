import type * as vscode from 'vscode';
import type { ServiceId } from '../core/chatTypes';
import type { KeySource } from '../core/keys';

const secretName = (service: ServiceId) => `tandem.apiKey.${service}`;

/** API keys in SecretStorage, the only place Tandem stores them. */
export class SecretKeys implements KeySource {
  constructor(private readonly secrets: vscode.SecretStorage) {}

  async get(service: ServiceId): Promise<string | undefined> {
    return (await this.secrets.get(secretName(service))) || undefined;
  }

  store(service: ServiceId, key: string): Thenable<void> {
    return this.secrets.store(secretName(service), key);
  }

  delete(service: ServiceId): Thenable<void> {
    return this.secrets.delete(secretName(service));
  }
}
