// The error body both services return. Service A's contract lists codes and statuses but says the
// body shape is "not shown": we use the widely used chat-completions shape
// {"error":{"message","type","code"}}. Service B shows no error codes, statuses or body at all, so
// it reuses Service A's codes, statuses and body shape.

export type SimErrorCode =
  | 'invalid_api_key'
  | 'rate_limit_exceeded'
  | 'invalid_request'
  | 'context_length_exceeded'
  | 'content_filter'
  | 'server_error'
  | 'model_not_found';

/** `type` values are not shown either; these are the common chat-completions ones. */
const ERROR_TYPE: Record<SimErrorCode, string> = {
  invalid_api_key: 'authentication_error',
  rate_limit_exceeded: 'rate_limit_error',
  invalid_request: 'invalid_request_error',
  context_length_exceeded: 'invalid_request_error',
  content_filter: 'invalid_request_error',
  server_error: 'server_error',
  model_not_found: 'invalid_request_error',
};

/** Thrown anywhere in request handling; the router turns it into the error response. */
export class SimHttpError extends Error {
  override readonly name = 'SimHttpError';
  constructor(
    readonly status: number,
    readonly code: SimErrorCode,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export function errorBody(code: SimErrorCode, message: string): { error: { message: string; type: string; code: string } } {
  return { error: { message, type: ERROR_TYPE[code], code } };
}

/** Shorthand for the most common failure: a bad parameter. */
export function badRequest(message: string): SimHttpError {
  return new SimHttpError(400, 'invalid_request', message);
}
