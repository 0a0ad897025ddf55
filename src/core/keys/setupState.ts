import type { ServiceId } from '../services/wireTypes';
import { keyEnvVar, type KeySource } from './keySource';

export interface ServiceSetup {
  service: ServiceId;
  baseUrl: string;
  keyFrom: 'secret-storage' | 'environment' | 'none';
  ready: boolean;
}

/** What a user must still do before a service can be called; shown in the sidebar and status bar. */
export async function serviceSetup(
  service: ServiceId,
  baseUrl: string,
  stored: KeySource,
  env: Record<string, string | undefined>,
): Promise<ServiceSetup> {
  const keyFrom = (await stored.get(service)) ? 'secret-storage' : env[keyEnvVar[service]]?.trim() ? 'environment' : 'none';
  return { service, baseUrl: baseUrl.trim(), keyFrom, ready: Boolean(baseUrl.trim()) && keyFrom !== 'none' };
}
