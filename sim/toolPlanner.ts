// Decides whether the model calls tools this turn and builds the arguments from each tool's JSON
// schema. A call happens when the last message is a user message that names a tool or clearly asks
// for what one gives ("read"/"open" → a *read* tool, "list" → *list*, "search"/"find" → *search*…).
import type { ConversationMessage, FunctionToolSpec, PlainToolCall } from './conversation';
import { isObject } from './fieldChecks';
import type { JsonObject } from './types';
import { stableId } from './rng';

export type ToolChoice = 'none' | 'auto' | 'required' | { name: string };

/** Verbs in the prompt and the name fragments of tools that do that. */
const INTENTS: ReadonlyArray<{ verbs: RegExp; fragments: readonly string[] }> = [
  { verbs: /\b(read|open|cat|contents? of)\b/, fragments: ['read', 'open', 'view', 'cat', 'get_file'] },
  { verbs: /\b(list|ls|enumerate)\b/, fragments: ['list', 'ls', 'dir'] },
  { verbs: /\b(search|find|grep|look (for|up)|locate)\b/, fragments: ['search', 'find', 'grep', 'lookup', 'query'] },
  // "write a function…" is a chat request, not a file write: only explicit file verbs count.
  { verbs: /\b(save|write (it |this )?(to|into)|create (a |the )?file)\b/, fragments: ['write', 'create', 'save'] },
  { verbs: /\b(edit|modify|change|replace|update|patch)\b/, fragments: ['edit', 'replace', 'update', 'patch', 'write'] },
  { verbs: /\b(execute|run (the )?(command|script|tests?)|run `)/, fragments: ['run', 'exec', 'terminal', 'shell', 'command'] },
  { verbs: /\b(fetch|download|browse)\b/, fragments: ['fetch', 'http', 'download', 'browse', 'url'] },
];

/** Name parts too generic to signal intent on their own. */
const GENERIC_PARTS = new Set([
  'get',
  'set',
  'do',
  'make',
  'call',
  'file',
  'files',
  'data',
  'info',
  'item',
  'items',
  'text',
  'content',
  'value',
  'tool',
  'the',
]);

function nameParts(name: string): string[] {
  return name
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .split(/[\s_-]+/)
    .map((p) => p.toLowerCase())
    .filter((p) => p !== '');
}

function wordIn(text: string, word: string): boolean {
  return new RegExp(`(^|[^a-z0-9])${word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}([^a-z0-9]|$)`).test(text);
}

/** Tools the text names directly (name, or name with _/- as spaces), in order of mention. */
function namedTools(text: string, tools: readonly FunctionToolSpec[]): FunctionToolSpec[] {
  const hits: Array<{ tool: FunctionToolSpec; at: number }> = [];
  for (const tool of tools) {
    const forms = [tool.name.toLowerCase(), nameParts(tool.name).join(' ')];
    const at = Math.min(...forms.map((f) => (wordIn(text, f) ? text.indexOf(f) : Infinity)));
    if (at !== Infinity) hits.push({ tool, at });
  }
  return hits.sort((a, b) => a.at - b.at).map((h) => h.tool);
}

/** "How do I list files in Python?" asks for an explanation, not for a tool run. */
const HOW_TO_QUESTION = /^\s*(how (do|can|would|should|to)\b|what (is|are|does)\b|why\b|explain\b)/;

function intendedTool(text: string, tools: readonly FunctionToolSpec[]): FunctionToolSpec | undefined {
  if (!HOW_TO_QUESTION.test(text)) {
    for (const intent of INTENTS) {
      if (!intent.verbs.test(text)) continue;
      const tool = tools.find((t) => intent.fragments.some((f) => t.name.toLowerCase().includes(f)));
      if (tool) return tool;
    }
  }
  // A distinctive noun of the tool's name ("weather" of get_weather); verbs only count above.
  const verbFragments = new Set(INTENTS.flatMap((i) => i.fragments));
  return tools.find((t) =>
    nameParts(t.name).some((p) => p.length > 2 && !GENERIC_PARTS.has(p) && !verbFragments.has(p) && wordIn(text, p)),
  );
}

export function planToolCalls(
  tools: readonly FunctionToolSpec[],
  choice: ToolChoice,
  messages: readonly ConversationMessage[],
): PlainToolCall[] {
  if (tools.length === 0 || choice === 'none') return [];
  const last = messages[messages.length - 1];
  const text = last?.role === 'user' ? last.text.toLowerCase() : '';
  let chosen: FunctionToolSpec[] = [];
  if (typeof choice === 'object') chosen = tools.filter((t) => t.name === choice.name);
  else if (text !== '') {
    const named = namedTools(text, tools).slice(0, 4);
    const intended = named.length > 0 ? undefined : intendedTool(text, tools);
    chosen = named.length > 0 ? named : intended ? [intended] : [];
  }
  if (chosen.length === 0 && choice === 'required') chosen = [tools[0]];
  const original = last?.text ?? '';
  const extractor = new ValueSource(original);
  return chosen.map((tool, index) => {
    const args = argsFromSchema(tool.parameters, extractor);
    const argText = JSON.stringify(args);
    return { id: stableId('call_', original, tool.name, String(index), argText), name: tool.name, arguments: argText };
  });
}

/** Values found in the prompt, handed out once each so two string fields get different values. */
class ValueSource {
  readonly quoted: string[];
  readonly paths: string[];
  readonly urls: string[];
  readonly numbers: number[];
  readonly places: string[];
  readonly words: string[];
  /** `in <file> replace "<old>" with "<new>"`, each one a replacement of a multi-edit call. */
  readonly edits: Array<{ path: string; oldText: string; newText: string }>;

  constructor(readonly text: string) {
    this.edits = [...text.matchAll(/\bin\s+([\w./-]+\.[a-z0-9]{1,5}),?\s+replace\s+"([^"]*)"\s+with\s+"([^"]*)"/gi)].map((m) => ({
      path: m[1],
      oldText: m[2],
      newText: m[3],
    }));
    this.urls = text.match(/https?:\/\/[^\s"'`)]+/g) ?? [];
    const withoutUrls = text.replace(/https?:\/\/[^\s"'`)]+/g, ' ');
    this.quoted = [...withoutUrls.matchAll(/"([^"]+)"|'([^']+)'|`([^`]+)`/g)].map((m) => m[1] ?? m[2] ?? m[3]);
    this.paths = withoutUrls.match(/(?:\.{0,2}\/)?[\w.-]+(?:\/[\w.-]+)+\/?|\b[\w-]+\.[a-z][a-z0-9]{0,4}\b/gi) ?? [];
    this.numbers = (withoutUrls.match(/\b\d+(?:\.\d+)?\b/g) ?? []).map(Number);
    this.places = [...withoutUrls.matchAll(/\b(?:in|at|for|near)\s+([A-Z][a-zA-Z]+(?:\s[A-Z][a-zA-Z]+)?)/g)].map((m) => m[1]);
    this.words = (withoutUrls.toLowerCase().match(/[a-z][a-z0-9_-]{2,}/g) ?? []).filter(
      (w) =>
        !/^(the|and|for|with|please|can|you|could|would|what|which|that|this|from|into|find|search|look|read|open|show|list|files?|all|about|use|tool|call|run)$/.test(
          w,
        ),
    );
  }

  take(list: string[]): string | undefined {
    return list.shift();
  }

  takeWhere(list: string[], ok: (value: string) => boolean): string | undefined {
    const i = list.findIndex(ok);
    return i < 0 ? undefined : list.splice(i, 1)[0];
  }
}

function stringFor(prop: string, schema: JsonObject, src: ValueSource): string {
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return String(schema.enum[0]);
  const p = prop.toLowerCase();
  if (/dir|folder/.test(p)) {
    // A directory: a path without a file extension, else a quoted name.
    const named = /\b(?:in|under|inside)\s+(?:the\s+)?([\w./-]+?)\/?(?:\s+(?:folder|directory|dir)\b|[\s,.?!]|$)/i.exec(src.text)?.[1];
    return src.takeWhere(src.paths, (v) => !/\.[a-z0-9]{1,5}$/i.test(v)) ?? src.take(src.quoted) ?? named ?? '.';
  }
  if (/path|file|filename/.test(p)) return src.take(src.paths) ?? src.take(src.quoted) ?? 'src/index.ts';
  if (/url|uri|link|href/.test(p)) return src.take(src.urls) ?? 'https://example.com';
  if (/command|cmd|script/.test(p)) return src.take(src.quoted) ?? 'npm test';
  if (/location|city|place|country|region/.test(p)) return src.take(src.places) ?? src.take(src.quoted) ?? 'Paris';
  if (/query|pattern|search|term|keyword|regex|needle|q$/.test(p)) {
    return src.take(src.quoted) ?? (src.words.slice(0, 3).join(' ') || 'TODO');
  }
  if (/content|body|text|message/.test(p)) return src.take(src.quoted) ?? 'Hello from Tandem';
  if (/lang/.test(p)) return 'typescript';
  if (/name|title/.test(p)) return src.take(src.quoted) ?? src.words[0] ?? 'example';
  return src.take(src.quoted) ?? src.take(src.paths) ?? src.words[0] ?? 'example';
}

function valueFor(prop: string, schema: unknown, src: ValueSource): unknown {
  if (!isObject(schema)) return stringFor(prop, {}, src);
  if (schema.default !== undefined) return schema.default;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'integer':
    case 'number': {
      const n = src.numbers.shift();
      const min = typeof schema.minimum === 'number' ? schema.minimum : undefined;
      const max = typeof schema.maximum === 'number' ? schema.maximum : undefined;
      let v = n ?? min ?? 1;
      if (min !== undefined && v < min) v = min;
      if (max !== undefined && v > max) v = max;
      return type === 'integer' ? Math.round(v) : v;
    }
    case 'boolean':
      return false;
    case 'array':
      return isObject(schema.items) && (schema.items.type === 'string' || schema.items.type === undefined)
        ? [stringFor(prop, schema.items, src)]
        : [];
    case 'object':
      return argsFromSchema(schema, src);
    default:
      return stringFor(prop, schema, src);
  }
}

/** An array of objects (a multi-edit list) when the prompt holds two or more replacements, else undefined. */
function editListProperty(schema: JsonObject, src: ValueSource): string | undefined {
  if (src.edits.length < 2 || !isObject(schema.properties)) return undefined;
  return Object.entries(schema.properties).find(
    ([, p]) => isObject(p) && p.type === 'array' && isObject(p.items) && p.items.type === 'object',
  )?.[0];
}

/** One replacement as an object of the list's item schema: path-, old- and new-named fields get its parts. */
function editObject(items: unknown, edit: ValueSource['edits'][number]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const props = isObject(items) && isObject(items.properties) ? Object.keys(items.properties) : [];
  for (const prop of props) {
    const p = prop.toLowerCase();
    out[prop] = /path|file/.test(p)
      ? edit.path
      : /old|find|search|from/.test(p)
        ? edit.oldText
        : /new|replace|to/.test(p)
          ? edit.newText
          : '';
  }
  return out;
}

/** Required properties always; optional ones only when the prompt holds a value for them. */
function argsFromSchema(schema: JsonObject | undefined, src: ValueSource): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (!schema || !isObject(schema.properties)) return out;
  // Several replacements in the prompt: they go in the list; the single-edit strings stay "" (strict schemas require them).
  const list = editListProperty(schema, src);
  if (list !== undefined) {
    for (const [prop, propSchema] of Object.entries(schema.properties)) {
      if (prop === list) out[prop] = src.edits.map((e) => editObject(isObject(propSchema) ? propSchema.items : undefined, e));
      else if (isObject(propSchema) && propSchema.type === 'string') out[prop] = '';
      else out[prop] = valueFor(prop, propSchema, src);
    }
    return out;
  }
  const required = Array.isArray(schema.required) ? schema.required.filter((r): r is string => typeof r === 'string') : [];
  for (const [prop, propSchema] of Object.entries(schema.properties)) {
    const p = prop.toLowerCase();
    const promptHasValue =
      (/path|file|dir/.test(p) && src.paths.length > 0) ||
      (/url|uri/.test(p) && src.urls.length > 0) ||
      (/query|pattern/.test(p) && src.quoted.length > 0);
    if (required.includes(prop) || promptHasValue) out[prop] = valueFor(prop, propSchema, src);
  }
  return out;
}
