// Service B's model table and retired ids (docs/contracts.md#b-models, docs/contracts.md#b-model-retirement).
import { badRequest, SimHttpError } from './errors';
import { describe } from './fieldChecks';
import type { JsonObject } from './types';

export const MODELS_B = ['beta-v4-flash', 'beta-v4-pro'] as const;
export type ModelB = (typeof MODELS_B)[number];

/** Owner shown by GET /models; the value is not shown in the contract. */
export const MODEL_OWNER_B = 'service-b';

/** Output cap: 384K tokens. */
export const MAX_OUTPUT_TOKENS_B = 393216;
export const MAX_FIM_TOKENS_B = 4096;

const RETIRED_B: Readonly<Record<string, string>> = {
  'beta-chat': 'beta-v4-flash with thinking disabled',
  'beta-reasoner': 'beta-v4-flash with thinking enabled',
};

export function checkModelB(body: JsonObject): ModelB {
  if (body.model === undefined) throw badRequest('model: required');
  if (typeof body.model !== 'string') throw badRequest(`model: must be a string (got ${describe(body.model)})`);
  if ((MODELS_B as readonly string[]).includes(body.model)) return body.model as ModelB;
  const replacement = RETIRED_B[body.model];
  if (replacement) {
    throw new SimHttpError(
      404,
      'model_not_found',
      `model: "${body.model}" went offline on 2026-07-24; it mapped to ${replacement}, so use that`,
    );
  }
  throw new SimHttpError(404, 'model_not_found', `model: "${body.model}" does not exist; use one of ${MODELS_B.join(', ')}`);
}
