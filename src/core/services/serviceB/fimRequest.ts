// Request body for Service B fill-in-the-middle: POST {base}/beta/completions (docs/contracts.md#b-fim).
import { DEFAULT_FIM_MODEL, SERVICE_LIMITS, completionModels, findModel, modelIdList } from '../modelCatalog';
import { SERVICE_B_PATHS } from '../endpoints';
import { isRetiredModel, retiredModelError } from '../modelMigration';
import { checkRange, checkStop, invalidRequest, omitUndefined } from '../requestChecks';
import { phrase } from '../../errors/phrase';

export interface FimOptions {
  /** Defaults to beta-v4-pro, the model the contract names for this operation. */
  model?: string;
  /** Text before the cursor. */
  prompt: string;
  /** Text after the cursor. */
  suffix?: string;
  /** At most the model's `fimMaxTokens` (modelCatalog.ts: Service B's 4K) generated tokens. */
  maxTokens?: number;
  stop?: string | string[];
  stream?: boolean;
  temperature?: number;
  topP?: number;
}

export interface FimRequest {
  path: typeof SERVICE_B_PATHS.fim;
  body: Record<string, unknown>;
}

export function buildFimRequest(o: FimOptions): FimRequest {
  const model = o.model ?? DEFAULT_FIM_MODEL;
  if (isRetiredModel('B', model)) throw retiredModelError('B', model);
  const info = findModel(model);
  if (!info || info.service !== 'B' || !info.fim || info.fimMaxTokens === undefined) {
    throw invalidRequest('B', `"${model}" cannot do fill-in-the-middle on Service B`, phrase('Use {0}.', modelIdList(completionModels())));
  }
  if (typeof o.prompt !== 'string') throw invalidRequest('B', 'Service B fill-in-the-middle needs a prompt string');
  if (o.suffix !== undefined && typeof o.suffix !== 'string') {
    throw invalidRequest('B', 'Service B fill-in-the-middle suffix must be a string');
  }
  checkRange('B', 'max_tokens', o.maxTokens, { min: 1, max: info.fimMaxTokens, integer: true });
  // FIM states no ranges of its own; the chat ranges of the same service apply.
  checkRange('B', 'temperature', o.temperature, { min: 0, max: 2 });
  checkRange('B', 'top_p', o.topP, { min: 0, max: 1, minExclusive: true });
  // The FIM table sets no count; the chat limit is used.
  const stop = checkStop('B', o.stop, SERVICE_LIMITS.B.maxStopSequences);

  // FIM is non-reasoning only (docs/contracts.md#b-fim-non-reasoning), so no thinking or reasoning_effort field is ever sent.
  return {
    path: SERVICE_B_PATHS.fim,
    body: omitUndefined({
      model,
      prompt: o.prompt,
      suffix: o.suffix,
      max_tokens: o.maxTokens,
      stop,
      stream: o.stream,
      temperature: o.temperature,
      top_p: o.topP,
    }),
  };
}
