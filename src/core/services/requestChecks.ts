// Local validation shared by the request builders: a bad value fails here with a precise message
// instead of as an opaque 400 from the service.
import type { ServiceId } from './wireTypes';
import { ServiceError } from '../errors/serviceError';
import { phrase, type Phrase } from '../errors/phrase';

export function invalidRequest(service: ServiceId, message: string, advice?: Phrase): ServiceError {
  return new ServiceError({ service, code: 'invalid_request', message, advice });
}

export interface RangeRule {
  min: number;
  max: number;
  integer?: boolean;
  /** The minimum itself is not allowed, e.g. Service B's top_p range (0, 1]. */
  minExclusive?: boolean;
}

/** Returns the value unchanged when it is undefined or within range; throws otherwise. */
export function checkRange(service: ServiceId, field: string, value: number | undefined, rule: RangeRule): number | undefined {
  if (value === undefined) return undefined;
  const { min, max, integer = false, minExclusive = false } = rule;
  const ok =
    typeof value === 'number' &&
    Number.isFinite(value) &&
    (!integer || Number.isInteger(value)) &&
    (minExclusive ? value > min : value >= min) &&
    value <= max;
  if (ok) return value;
  const what = integer ? 'an integer' : 'a number';
  const range = minExclusive ? `greater than ${min} and at most ${max}` : `from ${min} to ${max}`;
  throw invalidRequest(
    service,
    `Service ${service} ${field} must be ${what} ${range} (got ${String(value)})`,
    phrase('Use a {0} {1}.', field, range),
  );
}

/** Normalizes stop sequences to what is sent: undefined when there are none. */
export function checkStop(service: ServiceId, stop: string | string[] | undefined, max: number): string | string[] | undefined {
  if (stop === undefined) return undefined;
  const list = typeof stop === 'string' ? [stop] : stop;
  if (!Array.isArray(list) || list.some((s) => typeof s !== 'string' || s === '')) {
    throw invalidRequest(service, `Service ${service} stop sequences must be non-empty strings`);
  }
  if (list.length > max) {
    throw invalidRequest(
      service,
      `Service ${service} allows at most ${max} stop sequences (got ${list.length})`,
      phrase('Remove {0} stop sequence(s).', list.length - max),
    );
  }
  if (list.length === 0) return undefined;
  return stop;
}

/** Function names: Service A's rule, which is also the common chat-completions one Service B does not restate. */
const FUNCTION_NAME = /^[A-Za-z0-9_-]{1,64}$/;

export function checkFunctionNames(service: ServiceId, names: readonly string[]): void {
  const seen = new Set<string>();
  for (const name of names) {
    if (typeof name !== 'string' || !FUNCTION_NAME.test(name)) {
      throw invalidRequest(
        service,
        `Service ${service} function name "${String(name)}" is invalid: use 1–64 characters from a-z, A-Z, 0-9, _ and -`,
      );
    }
    if (seen.has(name)) throw invalidRequest(service, `Service ${service} function name "${name}" is declared twice`);
    seen.add(name);
  }
}

/** 1-based position for messages, which is how a user counts turns. */
export function ordinal(index: number): string {
  return `#${index + 1}`;
}

/** Request bodies never carry `undefined`: an omitted field means "service default". */
export function omitUndefined<T extends Record<string, unknown>>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}
