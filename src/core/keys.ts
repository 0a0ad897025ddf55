import type { ServiceId } from './chatTypes';

/** Environment fallbacks for CI and containers, used only when SecretStorage holds no key. */
export const keyEnvVar: Record<ServiceId, string> = {
  A: 'TANDEM_SERVICE_A_API_KEY',
  B: 'TANDEM_SERVICE_B_API_KEY',
};

/** Where a key comes from; the vscode layer implements it over SecretStorage. */
export interface KeySource {
  get(service: ServiceId): Promise<string | undefined>;
}

/** Reads a stored key first and falls back to the environment variable. */
export function keyWithEnvFallback(stored: KeySource, env: Record<string, string | undefined>): KeySource {
  return {
    async get(service) {
      const key = (await stored.get(service))?.trim();
      return key || env[keyEnvVar[service]]?.trim() || undefined;
    },
  };
}

/** Wraps a source and remembers every key it handed out, so log lines can be scrubbed of them. */
export function rememberingKeys(source: KeySource): KeySource & { known(): readonly string[] } {
  const seen = new Set<string>();
  return {
    async get(service) {
      const key = await source.get(service);
      if (key) seen.add(key);
      return key;
    },
    known: () => [...seen],
  };
}
