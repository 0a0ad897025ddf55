// What to do about each error code, naming the service and the setting or command as the user sees
// them. An error that knows better carries its own `advice`; errorFixes.ts falls back to this.
import type { ServiceId } from '../services/wireTypes';
import { settingId, baseUrlSetting } from '../config/settingsCatalog';
import { phrase, type Phrase } from './phrase';
import type { ErrorCode } from './errorCode';

/** Said of every answer cut short, whatever cut it: the text that arrived is kept. */
export const CUT_ADVICE = phrase('The answer was cut off; the partial text is kept. Retry to ask again.');

export function codeAdvice(service: ServiceId, code: ErrorCode): Phrase {
  const baseUrl = settingId(baseUrlSetting(service));
  switch (code) {
    case 'invalid_api_key':
    case 'missing_key':
      return phrase('Set your Service {0} key (Tandem: Set API Key…)', service);
    case 'missing_base_url':
      return phrase('Set the base URL ({0}) in Settings', baseUrl);
    case 'origin_not_approved':
      return phrase('Run Tandem: Set API Key… to send your key to {0}', baseUrl);
    case 'rate_limit_exceeded':
    case 'server_error':
      return phrase('Wait a moment; Tandem retries automatically');
    case 'context_length_exceeded':
      return phrase('Start a new chat or shorten the context');
    case 'content_filter':
      return phrase('Rephrase the request');
    case 'insufficient_balance':
      return phrase('Top up your Service {0} balance', service);
    case 'model_not_found':
      return phrase('Pick another Service {0} model; this one does not exist or was retired', service);
    case 'invalid_request':
      return phrase('Check the model and request settings for Service {0}', service);
    case 'network_error':
      return phrase('Check the base URL ({0}) and that the service is reachable', baseUrl);
    case 'timeout':
      return phrase('The service is slow to answer; Tandem retries automatically');
    case 'stream_truncated':
      return CUT_ADVICE;
    case 'invalid_response':
      return phrase('Check that the base URL ({0}) points at Service {1}', baseUrl, service);
    case 'aborted':
      return phrase('');
  }
}
