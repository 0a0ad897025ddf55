// Builds Tandem's real service clients pointed at a running simulator, with a recording logger and
// an instant, recording sleep so backoff is checked without waiting.
import type { Simulator } from '../../../../sim/simulator';
import type { ServiceId } from '../../../../src/core/services/wireTypes';
import type { AuthScheme } from '../../../../src/core/services/endpoints';
import type { KeySource } from '../../../../src/core/keys/keySource';
import { ServiceAClient } from '../../../../src/core/services/serviceAClient';
import { ServiceBClient } from '../../../../src/core/services/serviceBClient';
import { ServiceEndpoint } from '../../../../src/core/services/serviceEndpoint';
import { HttpClient, type HttpClientOptions } from '../../../../src/core/transport/httpClient';
import type { Logger } from '../../../../src/core/transport/logger';

export interface SimClients {
  a: ServiceAClient;
  b: ServiceBClient;
  logs: string[];
  sleeps: number[];
  close(): Promise<void>;
}

export function simClients(
  sim: Simulator,
  options: { keys?: Partial<Record<ServiceId, string>>; authScheme?: AuthScheme; http?: Partial<HttpClientOptions> } = {},
): SimClients {
  const logs: string[] = [];
  const sleeps: number[] = [];
  const logger: Logger = {
    debug: (m) => logs.push(m),
    info: (m) => logs.push(m),
    warn: (m) => logs.push(m),
    error: (m) => logs.push(m),
  };
  const keyFor = { A: sim.keyA, B: sim.keyB, ...options.keys };
  const keys: KeySource = { get: async (service) => keyFor[service] };
  const sleep = async (ms: number, signal?: AbortSignal) => {
    sleeps.push(ms);
    if (signal?.aborted) throw signal.reason;
  };
  const http = (service: ServiceId) => new HttpClient({ service, logger, sleep, secrets: () => Object.values(keyFor), ...options.http });
  const httpA = http('A');
  const httpB = http('B');
  return {
    a: new ServiceAClient(
      new ServiceEndpoint({ service: 'A', http: httpA, baseUrl: () => sim.urlA, keys, authScheme: () => options.authScheme ?? 'bearer' }),
    ),
    b: new ServiceBClient(new ServiceEndpoint({ service: 'B', http: httpB, baseUrl: () => sim.urlB, keys })),
    logs,
    sleeps,
    close: async () => {
      await httpA.close();
      await httpB.close();
    },
  };
}

/** Drains a stream into an array, returning what arrived and the error that ended it, if any. */
export async function drain<T>(stream: AsyncIterable<T>): Promise<{ items: T[]; error?: unknown }> {
  const items: T[] = [];
  try {
    for await (const item of stream) items.push(item);
    return { items };
  } catch (error) {
    return { items, error };
  }
}
