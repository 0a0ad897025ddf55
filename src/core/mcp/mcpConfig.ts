// MCP server definitions in the shape of VS Code's mcp.json `servers` object, as Tandem reads them from
// `tandem.mcp.servers` (the user's) and `.vscode/mcp.json` (the workspace's). Parsing is strict: a
// definition Tandem cannot read exactly is reported, never guessed at, since the exact definition is
// what the user trusts.
import { parseJsonc } from '../config/jsonc';

type McpSource = 'user' | 'workspace';

type McpTransportDefinition =
  | { type: 'stdio'; command: string; args: string[]; env: Record<string, string>; envFile?: string; cwd?: string }
  | { type: 'http' | 'sse'; url: string; headers: Record<string, string> };

export interface McpServerDefinition {
  /** The key in the `servers` object. */
  name: string;
  source: McpSource;
  transport: McpTransportDefinition;
}

/** An `inputs` entry of mcp.json: a value the user types once, referenced as `${input:id}`. */
export interface McpInputDefinition {
  id: string;
  description: string;
  password: boolean;
}

export interface McpConfig {
  servers: McpServerDefinition[];
  inputs: McpInputDefinition[];
  /** One line per definition that could not be read; those servers are left out. */
  problems: string[];
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function stringMap(value: unknown, what: string, problems: string[]): Record<string, string> | undefined {
  if (value === undefined || value === null) return {};
  if (!isRecord(value)) return void problems.push(`${what} must be an object of strings`);
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(value)) {
    // VS Code's mcp.json allows null (unset) and numbers in env; numbers are written as text.
    if (v === null) continue;
    if (typeof v !== 'string' && typeof v !== 'number') return void problems.push(`${what}.${k} must be a string`);
    out[k] = String(v);
  }
  return out;
}

/** One `servers` entry; undefined (with a problem) when it cannot be read exactly. */
function parseServer(name: string, raw: unknown, source: McpSource, problems: string[]): McpServerDefinition | undefined {
  const where = `MCP server "${name}"`;
  if (!isRecord(raw)) return void problems.push(`${where}: the definition must be an object`);
  // VS Code infers the type from `command` or `url` when it is missing.
  const type = raw.type ?? (typeof raw.command === 'string' ? 'stdio' : typeof raw.url === 'string' ? 'http' : undefined);
  if (type === 'stdio') {
    if (typeof raw.command !== 'string' || raw.command.trim() === '')
      return void problems.push(`${where}: "command" must be a non-empty string`);
    const args = raw.args ?? [];
    if (!Array.isArray(args) || args.some((a) => typeof a !== 'string'))
      return void problems.push(`${where}: "args" must be a list of strings`);
    const env = stringMap(raw.env, `${where}: env`, problems);
    if (!env) return undefined;
    if (raw.envFile !== undefined && typeof raw.envFile !== 'string') return void problems.push(`${where}: "envFile" must be a string`);
    if (raw.cwd !== undefined && typeof raw.cwd !== 'string') return void problems.push(`${where}: "cwd" must be a string`);
    const transport: McpTransportDefinition = { type: 'stdio', command: raw.command, args: args as string[], env };
    if (typeof raw.envFile === 'string') transport.envFile = raw.envFile;
    if (typeof raw.cwd === 'string') transport.cwd = raw.cwd;
    return { name, source, transport };
  }
  if (type === 'http' || type === 'sse') {
    if (typeof raw.url !== 'string' || !/^https?:\/\//i.test(raw.url)) return void problems.push(`${where}: "url" must be an http(s) URL`);
    const headers = stringMap(raw.headers, `${where}: headers`, problems);
    if (!headers) return undefined;
    return { name, source, transport: { type, url: raw.url, headers } };
  }
  return void problems.push(`${where}: "type" must be "stdio", "http" or "sse"`);
}

/** The `servers` object (of the setting or of mcp.json), in the order written: the tool cap drops from the end. */
function parseServers(value: unknown, source: McpSource, problems: string[]): McpServerDefinition[] {
  if (value === undefined || value === null) return [];
  if (!isRecord(value)) {
    problems.push(`The ${source === 'user' ? 'tandem.mcp.servers setting' : '"servers" of .vscode/mcp.json'} must be an object`);
    return [];
  }
  return Object.entries(value).flatMap(([name, raw]) => parseServer(name, raw, source, problems) ?? []);
}

function parseInputs(value: unknown, problems: string[]): McpInputDefinition[] {
  if (!Array.isArray(value)) return [];
  const out: McpInputDefinition[] = [];
  for (const raw of value) {
    if (!isRecord(raw) || typeof raw.id !== 'string') {
      problems.push('An entry of "inputs" in .vscode/mcp.json has no id');
      continue;
    }
    out.push({ id: raw.id, description: typeof raw.description === 'string' ? raw.description : raw.id, password: raw.password === true });
  }
  return out;
}

/** `.vscode/mcp.json`: `{ "servers": {...}, "inputs": [...] }`, JSON with comments. */
export function parseMcpJson(text: string): McpConfig {
  const problems: string[] = [];
  const parsed = parseJsonc(text);
  if (!isRecord(parsed)) return { servers: [], inputs: [], problems: ['.vscode/mcp.json is not a JSON object'] };
  return { servers: parseServers(parsed.servers, 'workspace', problems), inputs: parseInputs(parsed.inputs, problems), problems };
}

/** The value of `tandem.mcp.servers` (a `servers` object; its `${input:…}` are asked for like the workspace's). */
export function parseUserServers(value: unknown): McpConfig {
  const problems: string[] = [];
  return { servers: parseServers(value, 'user', problems), inputs: [], problems };
}

const INPUT_REF = /\$\{input:([^}]+)\}/g;

/** Every string of a definition a variable may appear in. */
function definitionStrings(def: McpServerDefinition): string[] {
  const t = def.transport;
  return t.type === 'stdio'
    ? [t.command, ...t.args, ...Object.values(t.env), t.envFile ?? '', t.cwd ?? '']
    : [t.url, ...Object.values(t.headers)];
}

/** The `${input:id}` ids a definition uses, in order of first use. */
export function inputIds(def: McpServerDefinition): string[] {
  const ids: string[] = [];
  for (const s of definitionStrings(def)) for (const m of s.matchAll(INPUT_REF)) if (!ids.includes(m[1])) ids.push(m[1]);
  return ids;
}

/**
 * The definition with its variables replaced: `${input:id}` by the value the user typed,
 * `${workspaceFolder}` by the folder, `${env:NAME}` by Tandem's environment. An unknown input stays as written.
 */
export function resolveVariables(
  def: McpServerDefinition,
  vars: { inputs: ReadonlyMap<string, string>; workspaceFolder?: string; env: Readonly<Record<string, string | undefined>> },
): McpServerDefinition {
  const sub = (s: string) =>
    s
      .replace(INPUT_REF, (all, id: string) => vars.inputs.get(id) ?? all)
      .replace(/\$\{workspaceFolder\}/g, () => vars.workspaceFolder ?? '')
      .replace(/\$\{env:([^}]+)\}/g, (_all, name: string) => vars.env[name] ?? '');
  const subMap = (m: Record<string, string>) => Object.fromEntries(Object.entries(m).map(([k, v]) => [k, sub(v)]));
  const t = def.transport;
  if (t.type === 'stdio') {
    const transport: McpTransportDefinition = { type: 'stdio', command: sub(t.command), args: t.args.map(sub), env: subMap(t.env) };
    if (t.envFile !== undefined) transport.envFile = sub(t.envFile);
    if (t.cwd !== undefined) transport.cwd = sub(t.cwd);
    return { ...def, transport };
  }
  return { ...def, transport: { type: t.type, url: sub(t.url), headers: subMap(t.headers) } };
}

/** `KEY=value` lines of an envFile; `#` comments and blank lines skipped, surrounding quotes removed. */
export function parseEnvFile(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of text.split(/\r?\n/)) {
    const m = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*?)\s*$/.exec(line);
    if (!m) continue;
    out[m[1]] = m[2].replace(/^(['"])(.*)\1$/, '$2');
  }
  return out;
}
