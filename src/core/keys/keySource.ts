import type { ServiceId } from '../services/wireTypes';

/** Environment fallbacks for CI and containers, used only when SecretStorage holds no key. */
export const keyEnvVar: Record<ServiceId, string> = {
  A: 'TANDEM_SERVICE_A_API_KEY',
  B: 'TANDEM_SERVICE_B_API_KEY',
};

/** Where a key comes from; the vscode layer implements it over SecretStorage. */
export interface KeySource {
  /**
   * `destination`: the base URL the key is about to be sent to. A source that guards where keys go
   * (keyOrigins.ts) needs it; a plain store ignores it.
   */
  get(service: ServiceId, destination?: string): Promise<string | undefined>;
}

/** Wraps a source and remembers every key it handed out, so log lines can be scrubbed of them. */
export function rememberingKeys(source: KeySource): KeySource & { known(): readonly string[] } {
  const seen = new Set<string>();
  return {
    async get(service, destination) {
      const key = await source.get(service, destination);
      if (key) seen.add(key);
      return key;
    },
    known: () => [...seen],
  };
}
