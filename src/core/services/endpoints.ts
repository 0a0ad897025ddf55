// Base addresses, endpoint paths and auth headers of both services (docs/contracts.md#a-endpoints, docs/contracts.md#b-endpoints).
import type { ServiceId } from './wireTypes';
import { ServiceError } from '../errors/serviceError';
import { baseUrlSetting, settingId } from '../config/settingsCatalog';
import { phrase } from '../errors/phrase';

export const SERVICE_A_PATHS = {
  chat: '/v1/chat/completions',
} as const;

export const SERVICE_B_PATHS = {
  chat: '/chat/completions',
  /** Strict tool mode is a beta feature reached through the `/beta` prefix (docs/contracts.md#b-strict-beta). */
  strictChat: '/beta/chat/completions',
  fim: '/beta/completions',
  models: '/models',
  balance: '/user/balance',
} as const;

export type AuthScheme = 'bearer' | 'api-key';

/**
 * Turns what the user typed into the `{base_url}` the contracts build paths on.
 * Service A: our paths carry `/v1`, and A's docs tell SDK users to configure `{base_url}/v1`, so a pasted
 * `/v1` is stripped rather than doubled. Service B: beta features live under `{base_url}/beta`, so users
 * paste that; and SDK-style configs often end in `/v1` — neither is part of B's base address.
 */
export function normalizeBaseUrl(service: ServiceId, raw: string): string {
  const trimmed = raw.trim();
  if (trimmed === '') {
    throw new ServiceError({
      service,
      code: 'missing_base_url',
      message: `Service ${service} has no base URL`,
    });
  }
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    throw malformed(service, trimmed, 'it is not a valid URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw malformed(service, trimmed, 'it must start with http:// or https://');
  }
  if (url.search !== '' || url.hash !== '') {
    throw malformed(service, trimmed, 'it must not contain a query (?…) or fragment (#…)');
  }
  if (url.username !== '' || url.password !== '') {
    throw malformed(service, trimmed, 'it must not contain credentials (the key is sent in a header)');
  }
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    throw new ServiceError({
      service,
      code: 'invalid_request',
      message: `Service ${service} base URL "${trimmed}" is not secure: plain http:// would send your key unencrypted to another computer`,
      advice: phrase(
        'Use https:// in {0} (http:// is allowed only for localhost, 127.0.0.1 and [::1])',
        settingId(baseUrlSetting(service)),
      ),
    });
  }
  const suffix = service === 'A' ? /\/v1$/i : /\/(?:beta|v1)$/i;
  // Work on the path only, so a host that happens to be named "v1" is never touched.
  const path = stripTrailingSlashes(stripTrailingSlashes(url.pathname).replace(suffix, ''));
  return url.origin + path;
}

/** Joins a normalized base URL and a contract path (which starts with `/`). */
export function endpointUrl(base: string, path: string): string {
  return stripTrailingSlashes(base) + (path.startsWith('/') ? path : `/${path}`);
}

/**
 * Authentication headers. Service A accepts exactly one of two schemes — sending both is not allowed;
 * Service B only describes Bearer, so `scheme` is ignored for it.
 */
export function authHeaders(service: ServiceId, key: string, scheme: AuthScheme = 'bearer'): Record<string, string> {
  // Keys are often pasted with a trailing newline, which would make an invalid header value.
  const trimmed = key.trim();
  if (trimmed === '') {
    throw new ServiceError({
      service,
      code: 'missing_key',
      message: `No API key for Service ${service}`,
    });
  }
  if (service === 'A' && scheme === 'api-key') return { 'api-key': trimmed };
  return { Authorization: `Bearer ${trimmed}` };
}

/**
 * This computer: 127.0.0.0/8, `localhost` and `[::1]`. The URL parser has already canonicalised the
 * host (`127.1` → `127.0.0.1`, `LOCALHOST` → `localhost`, `[0:…:1]` → `[::1]`), so exact forms suffice.
 */
function isLoopbackHost(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname);
}

function stripTrailingSlashes(s: string): string {
  return s.replace(/\/+$/, '');
}

function malformed(service: ServiceId, raw: string, why: string): ServiceError {
  return new ServiceError({
    service,
    code: 'invalid_request',
    message: `Service ${service} base URL "${raw}" is malformed: ${why}`,
    advice: phrase('Fix {0} in Settings (for example https://api.example.com)', settingId(baseUrlSetting(service))),
  });
}
