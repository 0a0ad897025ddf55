import assert from 'node:assert/strict';
import type { ErrorCode } from '../../../../src/core/errors/serviceError';
import { ServiceError } from '../../../../src/core/errors/serviceError';

/** Asserts fn throws a ServiceError with this service, code and message (string = exact, RegExp = match). */
export function expectServiceError(
  fn: () => unknown,
  expected: { service: 'A' | 'B'; code: ErrorCode; message: string | RegExp; hint?: string | RegExp },
): ServiceError {
  let caught: unknown;
  try {
    fn();
  } catch (e) {
    caught = e;
  }
  assert.ok(caught instanceof ServiceError, `expected a ServiceError, got ${String(caught)}`);
  assert.equal(caught.service, expected.service);
  assert.equal(caught.code, expected.code);
  if (typeof expected.message === 'string') assert.equal(caught.message, expected.message);
  else assert.match(caught.message, expected.message);
  if (typeof expected.hint === 'string') assert.equal(caught.hint, expected.hint);
  else if (expected.hint) assert.match(caught.hint, expected.hint);
  return caught;
}

/** Shorthand for the local validation failure of a request builder. */
export function expectInvalid(service: 'A' | 'B', fn: () => unknown, message: string | RegExp): ServiceError {
  return expectServiceError(fn, { service, code: 'invalid_request', message });
}
