// Maps what ended an answer badly to what the user sees, with the one action that fixes it.
import type { ErrorView, ServiceId } from '../../shared/protocol';
import { isServiceError } from '../serviceError';

/** `partial`: some of the answer had arrived, so a failure is a cut stream whose text is kept. */
export function errorView(error: unknown, service: ServiceId, partial: boolean): ErrorView {
  if (!isServiceError(error)) {
    const message = error instanceof Error ? error.message : String(error);
    return { service, code: 'internal_error', message: `Tandem failed: ${message}`, hint: 'Retry; if it happens again, see Tandem: Show Log.', action: 'retry' };
  }
  const base = { service, code: error.code, message: error.message, hint: error.hint };
  switch (error.code) {
    case 'invalid_api_key':
    case 'missing_key':
    case 'origin_not_approved':
      return { ...base, action: 'setKey' };
    case 'missing_base_url':
    case 'model_not_found':
      return { ...base, action: 'openSettings' };
    case 'network_error':
    case 'timeout':
      return partial ? cut(base) : { ...base, action: 'openSettings' };
    case 'context_length_exceeded':
      return { ...base, hint: 'The chat is longer than the model can read. Start a new chat that begins with a summary of this one.', action: 'newChatWithSummary' };
    case 'content_filter':
      return { ...base, hint: "The service's safety filter rejected the request. Rephrase it (edit and resend)." };
    case 'stream_truncated':
    case 'server_error':
    case 'rate_limit_exceeded':
    case 'invalid_response':
      return partial ? cut(base) : { ...base, action: 'retry' };
    default:
      return base;
  }
}

function cut(base: Omit<ErrorView, 'action'>): ErrorView {
  return { ...base, hint: 'The answer was cut off; the partial text is kept. Retry to ask again.', action: 'retry' };
}

/** Finish reasons that end an answer early, explained; undefined for a normal end. */
export function finishNotice(finishReason: string | undefined, service: ServiceId): ErrorView | undefined {
  switch (finishReason) {
    case 'content_filter':
      return {
        service,
        code: 'content_filter',
        message: "The service's content filter stopped this answer.",
        hint: 'Rephrase the request (edit and resend).',
      };
    case 'repetition_truncation':
      return {
        service,
        code: 'repetition_truncation',
        message: 'The service cut this answer because the model began repeating itself.',
        hint: 'Retry, or rephrase the request.',
        action: 'retry',
      };
    case 'length':
      return {
        service,
        code: 'length',
        message: 'The answer reached the maximum output length.',
        hint: 'Retry, or ask the model to continue.',
        action: 'retry',
      };
    default:
      return undefined;
  }
}
