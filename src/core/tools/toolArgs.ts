// Reading the JSON arguments a model sent for a tool call; bad arguments become a message for the model.

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
