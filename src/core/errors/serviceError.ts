import type { ServiceId } from '../services/wireTypes';

/**
 * Contract error codes (Service A's table; Service B shows none, so we map its statuses onto the same
 * codes) plus the local conditions a client meets before or after the service answers.
 */
export type ErrorCode =
  | 'invalid_api_key'
  | 'rate_limit_exceeded'
  | 'invalid_request'
  | 'context_length_exceeded'
  | 'content_filter'
  | 'server_error'
  | 'model_not_found'
  | 'insufficient_balance'
  | 'missing_key'
  | 'missing_base_url'
  | 'origin_not_approved'
  | 'network_error'
  | 'timeout'
  | 'stream_truncated'
  | 'invalid_response'
  | 'aborted';

/** The one error type every service call rejects with; `hint` tells the user what to do next. */
export class ServiceError extends Error {
  override readonly name = 'ServiceError';
  readonly service: ServiceId;
  readonly status: number | undefined;
  readonly code: ErrorCode;
  readonly retryable: boolean;
  readonly hint: string;
  /** Milliseconds the service asked us to wait (Retry-After), when it said. */
  readonly retryAfterMs: number | undefined;

  constructor(init: {
    service: ServiceId;
    code: ErrorCode;
    message: string;
    status?: number;
    retryable?: boolean;
    hint?: string;
    retryAfterMs?: number;
    cause?: unknown;
  }) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.service = init.service;
    this.code = init.code;
    this.status = init.status;
    this.retryable = init.retryable ?? false;
    this.hint = init.hint ?? '';
    this.retryAfterMs = init.retryAfterMs;
  }
}

/** Structural check, so an error still counts when it crossed a bundle boundary (tests, other extensions). */
export function isServiceError(error: unknown): error is ServiceError {
  return (
    error instanceof ServiceError || (error instanceof Error && error.name === 'ServiceError' && 'code' in error && 'service' in error)
  );
}
