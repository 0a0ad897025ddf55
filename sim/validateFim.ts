// Service B fill-in-the-middle request validation (POST /beta/completions).
import { badRequest } from './errors';
import { describe, optBoolean, optEnum, optNumber, optObject, optStop, optString, requireBodyObject } from './fieldChecks';
import { checkModelB, MAX_FIM_TOKENS_B, type ModelB } from './modelsB';

export interface FimRequest {
  model: ModelB;
  prompt: string;
  suffix: string;
  maxTokens: number;
  stop: string[];
  stream: boolean;
  includeUsage: boolean;
}

/** max_tokens default is not shown; we use the legacy completions default of 16. */
const DEFAULT_FIM_MAX_TOKENS = 16;

export function validateFim(bodyValue: unknown): FimRequest {
  const body = requireBodyObject(bodyValue);
  const model = checkModelB(body);
  if (body.prompt === undefined) throw badRequest('prompt: required');
  if (typeof body.prompt !== 'string') throw badRequest(`prompt: must be a string (got ${describe(body.prompt)})`);
  const suffix = optString(body, 'suffix', true) ?? '';
  const maxTokens =
    optNumber(body, 'max_tokens', { min: 1, max: MAX_FIM_TOKENS_B, integer: true, nullable: true }) ?? DEFAULT_FIM_MAX_TOKENS;
  const stop = optStop(body, 'stop', 16, true) ?? [];
  const stream = optBoolean(body, 'stream', true) ?? false;
  optNumber(body, 'temperature', { min: 0, max: 2, nullable: true });
  optNumber(body, 'top_p', { min: 0, max: 1, minExclusive: true, nullable: true });

  // Fill-in-the-middle works only in non-reasoning mode (docs/contracts.md#b-fim-non-reasoning).
  const thinking = optObject(body, 'thinking', true);
  if (thinking) {
    const type = optEnum(thinking, 'type', ['enabled', 'disabled'] as const, 'thinking.type');
    if (type === 'enabled')
      throw badRequest('thinking.type: fill-in-the-middle works only in non-reasoning mode; use "disabled" or omit thinking');
  }
  if (body.reasoning_effort !== undefined && body.reasoning_effort !== null) {
    throw badRequest('reasoning_effort: fill-in-the-middle works only in non-reasoning mode; omit reasoning_effort');
  }

  const so = optObject(body, 'stream_options', true);
  let includeUsage = true;
  if (so) {
    if (!stream) throw badRequest('stream_options: only allowed when stream is true');
    if (optBoolean(so, 'include_usage', false, 'stream_options.include_usage') === false) includeUsage = false;
  }
  return { model, prompt: body.prompt, suffix, maxTokens, stop, stream, includeUsage };
}
