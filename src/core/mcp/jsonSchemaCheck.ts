// A small JSON Schema checker for what the MCP client validates: a tool's `structuredContent` against its
// `outputSchema`. It stands in for the SDK's default validator (ajv and ajv-formats, ~230 KB of the
// bundle) and covers the keywords tool schemas use: types, enum/const, object and array shapes, string
// and number bounds, the combinators and local `$ref`s. Keywords it does not know (`format`, `if`…)
// never reject a value: a result the server calls valid is not refused for a keyword Tandem skips.
type Schema = Record<string, unknown> | boolean;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Deeper than this (a `$ref` cycle, a hostile schema) the value counts as invalid rather than overflow the stack. */
const MAX_DEPTH = 64;

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

function hasType(value: unknown, type: unknown): boolean {
  switch (type) {
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value);
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'object':
      return isObject(value);
    default:
      return typeOf(value) === type;
  }
}

function equal(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => equal(x, b[i]));
  if (isObject(a) && isObject(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((k) => k in b && equal(a[k], b[k]));
  }
  return false;
}

function pattern(source: unknown): RegExp | undefined {
  if (typeof source !== 'string') return undefined;
  try {
    return new RegExp(source, 'u');
  } catch {
    return undefined; // a pattern JavaScript cannot read is skipped, like an unknown keyword
  }
}

class Checker {
  constructor(private readonly root: Schema) {}

  /** The first reason `value` does not match `schema`, or undefined when it matches. */
  check(schema: unknown, value: unknown, at: string, depth: number): string | undefined {
    if (depth > MAX_DEPTH) return `${at}: the schema nests deeper than ${MAX_DEPTH} levels`;
    if (schema === true || schema === undefined) return undefined;
    if (schema === false) return `${at}: no value is allowed here`;
    if (!isObject(schema)) return undefined;
    const s = schema;
    if (typeof s.$ref === 'string') {
      const target = this.resolve(s.$ref);
      const error = target === undefined ? undefined : this.check(target, value, at, depth + 1);
      if (error) return error;
    }
    if (s.type !== undefined) {
      const types = Array.isArray(s.type) ? s.type : [s.type];
      if (!types.some((t) => hasType(value, t))) return `${at}: must be ${types.join(' or ')}, not ${typeOf(value)}`;
    }
    if (Array.isArray(s.enum) && !s.enum.some((e) => equal(e, value))) return `${at}: must be one of ${JSON.stringify(s.enum)}`;
    if ('const' in s && !equal(s.const, value)) return `${at}: must be ${JSON.stringify(s.const)}`;
    return (
      this.combinators(s, value, at, depth) ??
      (typeof value === 'string' ? this.string(s, value, at) : undefined) ??
      (typeof value === 'number' ? number(s, value, at) : undefined) ??
      (Array.isArray(value) ? this.array(s, value, at, depth) : undefined) ??
      (isObject(value) ? this.object(s, value, at, depth) : undefined)
    );
  }

  private resolve(ref: string): unknown {
    if (ref === '#') return this.root;
    if (!ref.startsWith('#/')) return undefined; // remote references are not fetched
    let node: unknown = this.root;
    for (const part of ref.slice(2).split('/')) {
      const key = decodeURIComponent(part).replace(/~1/g, '/').replace(/~0/g, '~');
      if (!isObject(node) || !(key in node)) return undefined;
      node = node[key];
    }
    return node;
  }

  private combinators(s: Record<string, unknown>, value: unknown, at: string, depth: number): string | undefined {
    if (Array.isArray(s.allOf))
      for (const sub of s.allOf) {
        const error = this.check(sub, value, at, depth + 1);
        if (error) return error;
      }
    if (Array.isArray(s.anyOf) && !s.anyOf.some((sub) => !this.check(sub, value, at, depth + 1))) return `${at}: matches none of anyOf`;
    if (Array.isArray(s.oneOf)) {
      const matching = s.oneOf.filter((sub) => !this.check(sub, value, at, depth + 1)).length;
      if (matching !== 1) return `${at}: matches ${matching} of oneOf, not exactly one`;
    }
    if (s.not !== undefined && !this.check(s.not, value, at, depth + 1)) return `${at}: matches the schema under not`;
    return undefined;
  }

  private string(s: Record<string, unknown>, value: string, at: string): string | undefined {
    const length = [...value].length;
    if (typeof s.minLength === 'number' && length < s.minLength) return `${at}: shorter than ${s.minLength} characters`;
    if (typeof s.maxLength === 'number' && length > s.maxLength) return `${at}: longer than ${s.maxLength} characters`;
    const re = pattern(s.pattern);
    if (re && !re.test(value)) return `${at}: does not match the pattern ${String(s.pattern)}`;
    return undefined;
  }

  private array(s: Record<string, unknown>, value: unknown[], at: string, depth: number): string | undefined {
    if (typeof s.minItems === 'number' && value.length < s.minItems) return `${at}: fewer than ${s.minItems} items`;
    if (typeof s.maxItems === 'number' && value.length > s.maxItems) return `${at}: more than ${s.maxItems} items`;
    if (s.uniqueItems === true && value.some((x, i) => value.findIndex((y) => equal(x, y)) !== i)) return `${at}: items are not unique`;
    // Tuples: `prefixItems` (2020-12) or an array under `items` (draft 7); the rest follow `items` / `additionalItems`.
    const tuple = Array.isArray(s.prefixItems) ? s.prefixItems : Array.isArray(s.items) ? s.items : [];
    const rest = Array.isArray(s.prefixItems) ? s.items : Array.isArray(s.items) ? s.additionalItems : s.items;
    for (let i = 0; i < value.length; i++) {
      const error = this.check(i < tuple.length ? tuple[i] : rest, value[i], `${at}[${i}]`, depth + 1);
      if (error) return error;
    }
    return undefined;
  }

  private object(s: Record<string, unknown>, value: Record<string, unknown>, at: string, depth: number): string | undefined {
    const properties = isObject(s.properties) ? s.properties : {};
    if (Array.isArray(s.required))
      for (const name of s.required)
        if (typeof name === 'string' && !(name in value)) return `${at}: lacks the required property "${name}"`;
    const keys = Object.keys(value);
    if (typeof s.minProperties === 'number' && keys.length < s.minProperties) return `${at}: fewer than ${s.minProperties} properties`;
    if (typeof s.maxProperties === 'number' && keys.length > s.maxProperties) return `${at}: more than ${s.maxProperties} properties`;
    const patterns = isObject(s.patternProperties)
      ? Object.entries(s.patternProperties).flatMap(([source, sub]) => {
          const re = pattern(source);
          return re ? [{ re, sub }] : [];
        })
      : [];
    for (const key of keys) {
      const where = `${at}.${key}`;
      let matched = false;
      if (Object.hasOwn(properties, key)) {
        matched = true;
        const error = this.check(properties[key], value[key], where, depth + 1);
        if (error) return error;
      }
      for (const { re, sub } of patterns)
        if (re.test(key)) {
          matched = true;
          const error = this.check(sub, value[key], where, depth + 1);
          if (error) return error;
        }
      if (!matched && s.additionalProperties !== undefined) {
        if (s.additionalProperties === false) return `${at}: has the property "${key}", which the schema does not allow`;
        const error = this.check(s.additionalProperties, value[key], where, depth + 1);
        if (error) return error;
      }
    }
    return undefined;
  }
}

function number(s: Record<string, unknown>, value: number, at: string): string | undefined {
  const num = (v: unknown) => (typeof v === 'number' ? v : undefined);
  const min = num(s.minimum);
  const max = num(s.maximum);
  // Draft 4 wrote exclusiveMinimum/Maximum as booleans beside minimum/maximum; later drafts as numbers.
  const exMin = s.exclusiveMinimum === true ? min : num(s.exclusiveMinimum);
  const exMax = s.exclusiveMaximum === true ? max : num(s.exclusiveMaximum);
  if (min !== undefined && value < min) return `${at}: below the minimum ${min}`;
  if (max !== undefined && value > max) return `${at}: above the maximum ${max}`;
  if (exMin !== undefined && value <= exMin) return `${at}: not above ${exMin}`;
  if (exMax !== undefined && value >= exMax) return `${at}: not below ${exMax}`;
  const step = num(s.multipleOf);
  if (step !== undefined && step > 0 && Math.abs(value / step - Math.round(value / step)) > 1e-9) return `${at}: not a multiple of ${step}`;
  return undefined;
}

/** Why `value` does not match `schema` (the first reason found), or undefined when it matches. */
export function schemaMismatch(schema: unknown, value: unknown): string | undefined {
  const root: Schema = typeof schema === 'boolean' ? schema : isObject(schema) ? schema : true;
  return new Checker(root).check(root, value, '$', 0);
}

export type SchemaValidation<T> =
  { valid: true; data: T; errorMessage: undefined } | { valid: false; data: undefined; errorMessage: string };

/** The MCP SDK's `jsonSchemaValidator` shape, over `schemaMismatch`. */
export const jsonSchemaValidator = {
  getValidator<T>(schema: unknown): (input: unknown) => SchemaValidation<T> {
    return (input) => {
      const error = schemaMismatch(schema, input);
      return error === undefined
        ? { valid: true, data: input as T, errorMessage: undefined }
        : { valid: false, data: undefined, errorMessage: error };
    };
  },
};
