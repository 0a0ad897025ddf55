import type { ServiceId } from '../../core/services/wireTypes';
import type { KeyOriginGate } from '../../core/keys/keyOrigins';
import type { SecretKeys } from './secretStorageKeys';
import { baseUrl } from '../config/settings';

/**
 * What setting or clearing a key means: the key goes to SecretStorage, and the user typed it for the
 * base URL configured at that moment, so that origin is approved (and answers given for an earlier key
 * are forgotten). Tandem: Set API Key… and the test API both store keys through here.
 */
export class KeyWithOrigin {
  constructor(
    private readonly keys: SecretKeys,
    private readonly origins: KeyOriginGate,
  ) {}

  get(service: ServiceId): Promise<string | undefined> {
    return this.keys.get(service);
  }

  /** Returns the origin the key may now be sent to (none while no usable base URL is set). */
  async store(service: ServiceId, key: string): Promise<string | undefined> {
    await this.keys.store(service, key);
    return this.origins.keyEntered(service, baseUrl(service));
  }

  async delete(service: ServiceId): Promise<void> {
    await this.keys.delete(service);
    await this.origins.keyCleared(service);
  }
}
