// API key checks. Service A: exactly one of `api-key: KEY` or `Authorization: Bearer KEY`.
// Service B: `Authorization: Bearer KEY`. Every failure is 401 invalid_api_key (Service B shows no
// error codes, so it reuses Service A's).
import { SimHttpError } from './errors';

function unauthorized(message: string): SimHttpError {
  return new SimHttpError(401, 'invalid_api_key', message);
}

function bearerKey(authorization: string): string {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
  if (!match) throw unauthorized('Authorization: must be "Bearer <API_KEY>"');
  return match[1];
}

export function checkAuthA(headers: Record<string, string>, key: string): void {
  const apiKey = headers['api-key'];
  const authorization = headers['authorization'];
  if (apiKey !== undefined && authorization !== undefined) {
    throw unauthorized('send exactly one of the api-key and Authorization headers, not both');
  }
  if (apiKey === undefined && authorization === undefined) {
    throw unauthorized('no API key: send an api-key header or Authorization: Bearer <API_KEY>');
  }
  const given = apiKey !== undefined ? apiKey.trim() : bearerKey(authorization);
  if (given !== key) throw unauthorized('invalid API key');
}

export function checkAuthB(headers: Record<string, string>, key: string): void {
  const authorization = headers['authorization'];
  if (authorization === undefined) throw unauthorized('no API key: send Authorization: Bearer <API_KEY>');
  if (bearerKey(authorization) !== key) throw unauthorized('invalid API key');
}
