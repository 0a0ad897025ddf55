// What the workspace trust question names and remembers: the exact definition. The fingerprint covers
// every field that decides what runs or where data goes, so any change to it asks again.
import { createHash } from 'node:crypto';
import type { McpServerDefinition } from './mcpConfig';

/** JSON with object keys sorted, so the same definition always gives the same text. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** A hash of the definition as written (before variables are filled in): name, transport and all of its fields. */
export function definitionFingerprint(def: McpServerDefinition): string {
  return createHash('sha256')
    .update(canonical({ name: def.name, transport: def.transport }))
    .digest('hex');
}

/** Quotes an argument when it holds anything a shell would split or expand, so the line reads as it runs. */
function shellWord(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/** The definition as the trust dialog shows it: the exact command line (with env and cwd) or URL (with header names). */
export function describeDefinition(def: McpServerDefinition): string {
  const t = def.transport;
  if (t.type === 'stdio') {
    const lines = [`Command: ${[t.command, ...t.args].map(shellWord).join(' ')}`];
    const env = Object.entries(t.env);
    if (env.length > 0) lines.push(`Environment: ${env.map(([k, v]) => `${k}=${shellWord(v)}`).join(' ')}`);
    if (t.envFile) lines.push(`Environment file: ${t.envFile}`);
    if (t.cwd) lines.push(`Working directory: ${t.cwd}`);
    return lines.join('\n');
  }
  const lines = [`URL (${t.type === 'sse' ? 'SSE' : 'Streamable HTTP'}): ${t.url}`];
  const headers = Object.keys(t.headers);
  if (headers.length > 0) lines.push(`Headers sent: ${headers.join(', ')}`);
  return lines.join('\n');
}
