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
