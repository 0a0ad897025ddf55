// Retired model ids and what a saved setting naming one should become.
// Service A: earlier-generation ids were retired at 2026-06-30 and fail with model_not_found (docs/contracts.md#a-model-retirement).
// Service B: `beta-chat` / `beta-reasoner` map to beta-v4-flash without / with reasoning, offline 2026-07-24 (docs/contracts.md#b-model-retirement).
import type { ServiceId } from './wireTypes';
import { ServiceError } from '../errors/serviceError';
import { phrase } from '../errors/phrase';

export interface ModelMigration {
  model: string;
  /** Thinking mode the old id implied; only set when the old id implied one. */
  thinking?: boolean;
  /** Tells the user what changed; absent when the id was already current. */
  notice?: string;
}

/** Any `alpha-v…` id that is not of the 2.5 family. */
const RETIRED_ALPHA = /^alpha-v(?!2\.5)/;

const RETIRED_BETA: Readonly<Record<string, { model: string; thinking: boolean; mode: string }>> = {
  'beta-chat': { model: 'beta-v4-flash', thinking: false, mode: 'thinking off' },
  'beta-reasoner': { model: 'beta-v4-flash', thinking: true, mode: 'thinking on' },
};

export function isRetiredModel(service: ServiceId, id: string): boolean {
  const trimmed = id.trim();
  return service === 'A' ? RETIRED_ALPHA.test(trimmed) : Object.hasOwn(RETIRED_BETA, trimmed);
}

export function migrateModelSetting(service: ServiceId, id: string): ModelMigration {
  const old = id.trim();
  if (service === 'B') {
    const to = Object.hasOwn(RETIRED_BETA, old) ? RETIRED_BETA[old] : undefined;
    if (!to) return { model: old };
    return {
      model: to.model,
      thinking: to.thinking,
      notice: `Service B model "${old}" went offline on 2026-07-24; switched to ${to.model} with ${to.mode}.`,
    };
  }
  if (!RETIRED_ALPHA.test(old)) return { model: old };
  const model = replacementForAlpha(old);
  return {
    model,
    notice: `Service A model "${old}" was retired on 2026-06-30 and no longer works; switched to ${model}.`,
  };
}

/** The local error a builder throws instead of sending a request that would fail with model_not_found. */
export function retiredModelError(service: ServiceId, id: string): ServiceError {
  const to = migrateModelSetting(service, id);
  const when = service === 'A' ? 'was retired on 2026-06-30' : 'went offline on 2026-07-24';
  return new ServiceError({
    service,
    code: 'model_not_found',
    message: `Service ${service} model "${id.trim()}" ${when} and no longer works`,
    advice:
      to.thinking === undefined
        ? phrase('Choose {0} instead', to.model)
        : to.thinking
          ? phrase('Choose {0} with thinking on instead', to.model)
          : phrase('Choose {0} with thinking off instead', to.model),
  });
}

function replacementForAlpha(old: string): string {
  // A speech setting must stay a speech model, or read-aloud would start sending text requests.
  if (/-tts\b/.test(old)) return 'alpha-v2.5-tts';
  return /-pro$/.test(old) ? 'alpha-v2.5-pro' : 'alpha-v2.5';
}
