/* eslint-disable @typescript-eslint/no-require-imports -- deep requires are the point of this file */
import type { Agent, EnvHttpProxyAgent, buildConnector } from 'undici';

export interface UndiciParts {
  Agent: typeof Agent;
  EnvHttpProxyAgent: typeof EnvHttpProxyAgent;
  buildConnector: typeof buildConnector;
}

/**
 * The parts of undici Tandem uses. undici's index also loads fetch, WebSocket, caches and mocks: requiring
 * the dispatcher modules directly keeps ~215 KB out of the bundle. This file is its own bundle
 * (dist/undici.js), reached only through loadUndici.ts, so activation neither loads nor parses undici.
 */
export function undiciParts(): UndiciParts {
  const Dispatcher = require('undici/lib/dispatcher/dispatcher');
  // What undici's index does: give every dispatcher its request()/stream() API methods.
  if (!Dispatcher.prototype.request) Object.assign(Dispatcher.prototype, require('undici/lib/api'));
  return {
    Agent: require('undici/lib/dispatcher/agent'),
    EnvHttpProxyAgent: require('undici/lib/dispatcher/env-http-proxy-agent'),
    buildConnector: require('undici/lib/core/connect'),
  };
}
