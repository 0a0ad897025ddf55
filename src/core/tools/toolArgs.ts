// Reading the JSON arguments a model sent for a tool call; bad arguments become a message for the model.
import { MAX_EDITS_PER_CALL } from '../../shared/toolLimits';

export class ToolArgumentError extends Error {
  override readonly name = 'ToolArgumentError';
}

export function parseToolArgs(text: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = text.trim() === '' ? {} : JSON.parse(text);
  } catch {
    throw new ToolArgumentError('the arguments are not valid JSON');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new ToolArgumentError('the arguments must be a JSON object');
  return value as Record<string, unknown>;
}

export function stringArg(args: Record<string, unknown>, name: string, options: { optional?: boolean } = {}): string {
  const v = args[name];
  if (v === undefined && options.optional) return '';
  if (typeof v !== 'string') throw new ToolArgumentError(`"${name}" must be a string`);
  return v;
}

/** Cuts long tool output so one result cannot flood the context; says how much was left out. */
export function truncateOutput(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  return `${text.slice(0, maxChars)}\n… [${text.length - maxChars} more characters not shown]`;
}

/** One replacement of an apply_edit call: old_text "" replaces the whole file (or creates it). */
export interface EditRequest {
  path: string;
  oldText: string;
  newText: string;
}

/**
 * apply_edit's replacements, in order, from either form: the single `{path, old_text, new_text}`
 * or `{edits: [...]}`. Strict mode (docs/contracts.md#b-strict-beta) makes the schema require every
 * property, so the unused form comes as "" / []; both forms filled at once is refused as ambiguous.
 */
export function editArgs(args: Record<string, unknown>): EditRequest[] {
  const list = args.edits;
  if (list !== undefined && !Array.isArray(list)) throw new ToolArgumentError('"edits" must be an array');
  const single = ['path', 'old_text', 'new_text'].some((k) => args[k] !== undefined && args[k] !== '');
  if (!list || list.length === 0) {
    return [{ path: stringArg(args, 'path'), oldText: stringArg(args, 'old_text'), newText: stringArg(args, 'new_text') }];
  }
  if (single) throw new ToolArgumentError('pass either path/old_text/new_text or "edits", not both (leave path "" when you use edits)');
  if (list.length > MAX_EDITS_PER_CALL)
    throw new ToolArgumentError(`at most ${MAX_EDITS_PER_CALL} edits per call; split the change into several calls`);
  return list.map((entry: unknown, i) => {
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry))
      throw new ToolArgumentError(`edits[${i}] must be an object with path, old_text and new_text`);
    const e = entry as Record<string, unknown>;
    const field = (name: string) => {
      if (typeof e[name] !== 'string') throw new ToolArgumentError(`edits[${i}].${name} must be a string`);
      return e[name] as string;
    };
    const unknown = Object.keys(e).find((k) => !['path', 'old_text', 'new_text'].includes(k));
    if (unknown !== undefined) throw new ToolArgumentError(`edits[${i}] has an unknown field "${unknown}"`);
    return { path: field('path'), oldText: field('old_text'), newText: field('new_text') };
  });
}
