// Small runtime checks that double as type guards, shared by the two message validators
// (validateHostMessage.ts in the webview, validateWebviewMessage.ts on the host). A table of
// `MessageChecks` has one entry per message type, so a variant added to a union without a check
// does not compile.

export type Check<T> = (value: unknown) => value is T;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
export const isString: Check<string> = (v): v is string => typeof v === 'string';
export const isBool: Check<boolean> = (v): v is boolean => typeof v === 'boolean';
/** Finite and not negative: no count, size or time is NaN or Infinity. */
export const isCount: Check<number> = (v): v is number => typeof v === 'number' && Number.isFinite(v) && v >= 0;
export const oneOf =
  <T extends string>(...values: T[]): Check<T> =>
  (v): v is T =>
    typeof v === 'string' && (values as string[]).includes(v);
/** A string of at most `max` UTF-16 units. */
export const boundedString =
  (max: number): Check<string> =>
  (v): v is string =>
    typeof v === 'string' && v.length <= max;
export const optional =
  <T>(check: Check<T>): Check<T | undefined> =>
  (v): v is T | undefined =>
    v === undefined || check(v);
export const arrayOf =
  <T>(check: Check<T>): Check<T[]> =>
  (v): v is T[] =>
    Array.isArray(v) && v.every(check);

/** One check per field of T, optional fields included, so a field added to T must be checked too. */
type FieldChecks<T> = { [K in keyof T]-?: Check<T[K]> };

/** An object whose listed fields pass their checks; fields not listed are refused. */
export function shape<T>(fields: FieldChecks<T>): Check<T> {
  const known = new Set(Object.keys(fields));
  return (v): v is T =>
    isRecord(v) &&
    Object.keys(v).every((k) => known.has(k)) &&
    Object.entries(fields).every(([k, check]) => (check as Check<unknown>)(v[k]));
}

/**
 * An object holding any subset of T's fields (an update): each field present must pass its check,
 * and a present field may not be `undefined`; fields not listed are refused.
 */
export function partialShape<T>(fields: FieldChecks<Required<T>>): Check<Partial<T>> {
  const checks = new Map<string, Check<unknown>>(Object.entries(fields));
  return (v): v is Partial<T> => isRecord(v) && Object.entries(v).every(([k, value]) => checks.get(k)?.(value) === true);
}

/** The table of checks for a message union: exactly one entry per `type`, checked by the compiler. */
export type MessageChecks<M extends { type: string }> = { [K in M['type']]: Check<Extract<M, { type: K }>> };

/** The message if it matches its type's check exactly, else undefined (the caller drops it). */
export function parseMessage<M extends { type: string }>(checks: MessageChecks<M>, raw: unknown): M | undefined {
  // hasOwn, not `in`: a message typed `toString` or `__proto__` must not reach Object.prototype.
  if (!isRecord(raw) || typeof raw.type !== 'string' || !Object.hasOwn(checks, raw.type)) return undefined;
  const check = checks[raw.type as M['type']] as Check<M>;
  return check(raw) ? raw : undefined;
}
