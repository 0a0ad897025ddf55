import type { ServiceId } from '../services/wireTypes';
import { codeAdvice } from './codeAdvice';
import type { ErrorCode } from './errorCode';
import { english, type Phrase } from './phrase';

export type { ErrorCode } from './errorCode';

/**
 * The one error type every service call rejects with. `advice` says what to do next where the error's
 * code alone does not (codeAdvice.ts has the advice for each code); `hint` is the English text of either.
 */
export class ServiceError extends Error {
  override readonly name = 'ServiceError';
  readonly service: ServiceId;
  readonly status: number | undefined;
  readonly code: ErrorCode;
  readonly retryable: boolean;
  readonly advice: Phrase | undefined;
  /** Milliseconds the service asked us to wait (Retry-After), when it said. */
  readonly retryAfterMs: number | undefined;

  constructor(init: {
    service: ServiceId;
    code: ErrorCode;
    message: string;
    status?: number;
    retryable?: boolean;
    advice?: Phrase;
    retryAfterMs?: number;
    cause?: unknown;
  }) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.service = init.service;
    this.code = init.code;
    this.status = init.status;
    this.retryable = init.retryable ?? false;
    this.advice = init.advice;
    this.retryAfterMs = init.retryAfterMs;
  }

  get hint(): string {
    return english(this.advice ?? codeAdvice(this.service, this.code));
  }
}

/** Structural check, so an error still counts when it crossed a bundle boundary (tests, other extensions). */
export function isServiceError(error: unknown): error is ServiceError {
  return (
    error instanceof ServiceError || (error instanceof Error && error.name === 'ServiceError' && 'code' in error && 'service' in error)
  );
}
