// Field validators shared by the request checks of both services. Each failure is a 400
// invalid_request whose message names the field and the rule, e.g. "stop: at most 4 sequences".
import type { FunctionToolSpec, PlainToolCall } from './conversation';
import { badRequest } from './errors';
import type { JsonObject } from './types';

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return `"${value.length > 40 ? value.slice(0, 40) + '…' : value}"`;
  if (typeof value === 'object') return 'an object';
  return String(value);
}

export function requireBodyObject(body: unknown): JsonObject {
  if (!isObject(body)) throw badRequest('request body: must be a JSON object');
  return body;
}

/** True when the field is absent; `null` counts as absent only where the contract allows null. */
function absent(value: unknown, nullable: boolean): boolean {
  return value === undefined || (nullable && value === null);
}

export interface NumberRule {
  min: number;
  max: number;
  integer?: boolean;
  minExclusive?: boolean;
  nullable?: boolean;
}

export function optNumber(obj: JsonObject, field: string, rule: NumberRule, label = field): number | undefined {
  const value = obj[field];
  if (absent(value, rule.nullable ?? false)) return undefined;
  const lo = rule.minExclusive ? '(' : '[';
  const range = `${lo}${rule.min}, ${rule.max}]`;
  const what = rule.integer ? 'an integer' : 'a number';
  if (typeof value !== 'number' || !Number.isFinite(value) || (rule.integer && !Number.isInteger(value))) {
    throw badRequest(`${label}: must be ${what} in ${range} (got ${describe(value)})`);
  }
  const belowMin = rule.minExclusive ? value <= rule.min : value < rule.min;
  if (belowMin || value > rule.max) throw badRequest(`${label}: must be ${what} in ${range} (got ${value})`);
  return value;
}

export function optBoolean(obj: JsonObject, field: string, nullable = false, label = field): boolean | undefined {
  const value = obj[field];
  if (absent(value, nullable)) return undefined;
  if (typeof value !== 'boolean') throw badRequest(`${label}: must be a boolean (got ${describe(value)})`);
  return value;
}

export function optString(obj: JsonObject, field: string, nullable = false, label = field): string | undefined {
  const value = obj[field];
  if (absent(value, nullable)) return undefined;
  if (typeof value !== 'string') throw badRequest(`${label}: must be a string (got ${describe(value)})`);
  return value;
}

export function optEnum<T extends string>(obj: JsonObject, field: string, allowed: readonly T[], label = field): T | undefined {
  const value = obj[field];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !allowed.includes(value as T)) {
    throw badRequest(`${label}: must be one of ${allowed.map((a) => `"${a}"`).join(', ')} (got ${describe(value)})`);
  }
  return value as T;
}

export function optObject(obj: JsonObject, field: string, nullable = false, label = field): JsonObject | undefined {
  const value = obj[field];
  if (absent(value, nullable)) return undefined;
  if (!isObject(value)) throw badRequest(`${label}: must be an object (got ${describe(value)})`);
  return value;
}

/** `stop`: a string or an array of strings, at most `max` of them. */
export function optStop(obj: JsonObject, field: string, max: number, nullable: boolean): string[] | undefined {
  const value = obj[field];
  if (absent(value, nullable)) return undefined;
  const list = typeof value === 'string' ? [value] : value;
  if (!Array.isArray(list)) throw badRequest(`${field}: must be a string or an array of strings (got ${describe(value)})`);
  if (list.length > max) throw badRequest(`${field}: at most ${max} sequences (got ${list.length})`);
  list.forEach((item, i) => {
    if (typeof item !== 'string') throw badRequest(`${field}[${i}]: must be a string (got ${describe(item)})`);
    if (item === '') throw badRequest(`${field}[${i}]: must not be empty`);
  });
  return list as string[];
}

/** Function names follow Service A's rule, which is also the widely used one (B does not restate it). */
const FUNCTION_NAME = /^[a-zA-Z0-9_-]{1,64}$/;

function checkFunctionName(name: unknown, label: string): string {
  if (typeof name !== 'string') throw badRequest(`${label}: required string (got ${describe(name)})`);
  if (name.length > 64) throw badRequest(`${label}: at most 64 characters (got ${name.length})`);
  if (!FUNCTION_NAME.test(name)) throw badRequest(`${label}: only a-z, A-Z, 0-9, "_" and "-" are allowed (got ${describe(name)})`);
  return name;
}

/** The `tool_calls` of an assistant message sent back in history: the same shape for both services. */
export function checkToolCalls(value: unknown, label: string): PlainToolCall[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw badRequest(`${label}: must be an array`);
  return value.map((call, k) => {
    const at = `${label}[${k}]`;
    if (!isObject(call)) throw badRequest(`${at}: must be an object`);
    if (typeof call.id !== 'string' || call.id === '') throw badRequest(`${at}.id: required string`);
    if (call.type !== 'function') throw badRequest(`${at}.type: must be "function"`);
    if (!isObject(call.function)) throw badRequest(`${at}.function: required object`);
    if (typeof call.function.name !== 'string') throw badRequest(`${at}.function.name: required string`);
    if (typeof call.function.arguments !== 'string') throw badRequest(`${at}.function.arguments: required string (JSON text)`);
    return { id: call.id, name: call.function.name, arguments: call.function.arguments };
  });
}

/** `messages`, required by both services: a non-empty array (each item is checked by the caller). */
export function requireMessages(value: unknown): unknown[] {
  if (value === undefined) throw badRequest('messages: required');
  if (!Array.isArray(value)) throw badRequest(`messages: must be an array (got ${describe(value)})`);
  if (value.length === 0) throw badRequest('messages: must contain at least one message');
  return value;
}

/** A `{type: "function", function: {...}}` tool of either service; `names` catches duplicates across the list. */
export function checkFunctionTool(tool: JsonObject, at: string, names: Set<string>): FunctionToolSpec {
  const fn = optObject(tool, 'function', false, `${at}.function`);
  if (!fn) throw badRequest(`${at}.function: required for a function tool`);
  const name = checkFunctionName(fn.name, `${at}.function.name`);
  if (names.has(name)) throw badRequest(`${at}.function.name: "${name}" is declared twice`);
  names.add(name);
  return {
    name,
    description: optString(fn, 'description', false, `${at}.function.description`),
    parameters: optObject(fn, 'parameters', false, `${at}.function.parameters`),
    strict: optBoolean(fn, 'strict', false, `${at}.function.strict`),
  };
}
