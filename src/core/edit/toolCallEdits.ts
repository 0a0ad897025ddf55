// An edit a model wrote as a call to its own edit tool instead of as code: the call's arguments name
// the text to find and its replacement. Models write such calls as text in many dialects: JSON
// arguments (a fenced block, Kimi K2's `<|tool_call_argument_begin|>{…}`, Mistral's `[ARGS]{…}`), or
// tags per argument (Claude's `<parameter name="old_string">`, Qwen3-Coder's `<parameter=old_string>`,
// DeepSeek's `<｜DSML｜parameter name=…>`, GLM's `<arg_key>`/`<arg_value>`).
import { answerLines, inFence, valueLines } from './editText';
import type { ReplaceBlock } from './replaceBlock';

/** The names edit tools give the text to find and its replacement (Claude Code, Copilot, Cline, Zed). */
const TOOL_ARGUMENTS: ReadonlyArray<[string, string]> = [
  ['old_string', 'new_string'],
  ['old_str', 'new_str'],
  ['oldText', 'newText'],
  ['old_text', 'new_text'],
  ['search', 'replace'],
  ['oldString', 'newString'],
];
const TOOL_EXTRAS = ['file_path', 'filePath', 'path', 'file', 'replace_all', 'explanation', 'command'];

/** Where a call written as tags starts, in each dialect. */
const CALL_START = /<invoke\b|<function=|<tool_call>|<｜DSML｜invoke\b/g;
/** One argument written as tags: its name and its value. */
const TAGGED_ARGUMENT = new RegExp(
  [
    String.raw`<parameter=([\w.-]+)>([\s\S]*?)<\/parameter>`,
    String.raw`<(?:｜DSML｜)?parameter name="([\w.-]+)"[^>]*>([\s\S]*?)<\/(?:｜DSML｜)?parameter>`,
    String.raw`<arg_key>([\w.-]+)<\/arg_key>\s*<arg_value>([\s\S]*?)<\/arg_value>`,
  ].join('|'),
  'g',
);

export type ToolCalls =
  | { kind: 'edits'; blocks: ReplaceBlock[] }
  /** Code to place as a whole block: the whole new file, or a sketch with "… existing code …" markers. */
  | { kind: 'code'; lines: string[] }
  /** Lines to put before a 1-based line of the file (0: after its last line). */
  | { kind: 'insert'; line: number; lines: string[] }
  /** A call that reads or runs something instead of editing. */
  | { kind: 'notAnEdit' }
  /** A call cut off before its end. */
  | { kind: 'truncated' }
  | { kind: 'none' };

/** A list of calls printed as JSON instead of made (Grok in VS Code: `{ "toolCalls": [ … ] }`). */
const JSON_CALL_LIST = /^\s*\{\s*"(?:toolCalls|tool_calls)"\s*:\s*\[/;
/** Gemini's call written as Python (`print(default_api.insert_edit_into_file(code='…', …))`), also in a `tool_code` fence. */
const PYTHON_CALL = /\bdefault_api\.\w+\(/;

/**
 * The edits of the tool calls in `text`. `notAnEdit`: the answer calls a tool, but not to edit (it
 * reads a file, runs a command); `none`: it calls no tool this way.
 */
export function toolCallEdits(text: string): ToolCalls {
  const insert = INSERT_COMMAND.exec(text);
  const whole = /^\s*\{/.test(text)
    ? wholeArguments(text)
    : insert && !inFence(text, insert.index)
      ? wholeArguments(text.slice(insert.index))
      : undefined;
  if (whole) return whole;
  const python = PYTHON_CALL.exec(text);
  if (python) return pythonCall(text, python.index + python[0].length);
  const tagged = taggedCalls(text);
  const blocks = argumentEdits(tagged.length > 0 ? tagged : jsonCalls(text));
  if (blocks) return { kind: 'edits', blocks };
  // A call's tags inside a code block are code (an XML file being edited), not a call.
  const calls = [...text.matchAll(CALL_START)].some((m) => !inFence(text, m.index));
  return calls || JSON_CALL_LIST.test(text) ? { kind: 'notAnEdit' } : { kind: 'none' };
}

/**
 * Arguments, the whole answer, that are not a search and replace: ChatGPT canvas's `update_textdoc`
 * replacing the whole document (`{"updates": [{"pattern": ".*", …}]}`), Cursor's `edit_file` sketch
 * (`{"target_file", "code_edit"}`), Claude's text editor `insert` (after a 1-based line, 0 the top).
 */
function wholeArguments(text: string): ToolCalls | undefined {
  const start = text.indexOf('{');
  try {
    const args = JSON.parse(text.slice(start, objectEnd(text, start))) as Record<string, unknown>;
    return codeArguments(args);
  } catch {
    return undefined;
  }
}

/** Claude's text-editor `insert` as JSON after a line of prose ("I'll insert the directive…"). */
const INSERT_COMMAND = /^\s*\{\s*"command"\s*:\s*"insert"/m;

function codeArguments(args: Record<string, unknown>): ToolCalls | undefined {
  const { updates, code_edit: sketch, code, command, insert_line: after, insert_text: inserted } = args;
  if (typeof sketch === 'string') return { kind: 'code', lines: answerLines(sketch) };
  // Copilot's `insert_edit_into_file` (`code` with a path or an explanation; JSON data may have a `code` field).
  if (typeof code === 'string' && ('filePath' in args || 'explanation' in args)) return { kind: 'code', lines: valueLines(code) };
  if (command === 'insert' && Number.isInteger(after) && (after as number) >= 0 && typeof inserted === 'string')
    return { kind: 'insert', line: (after as number) + 1, lines: valueLines(inserted) };
  const list = Array.isArray(updates) ? (updates as Array<{ pattern?: unknown; replacement?: unknown }>) : [];
  const [only] = list;
  return list.length === 1 && only.pattern === '.*' && typeof only.replacement === 'string'
    ? { kind: 'code', lines: answerLines(only.replacement) }
    : undefined;
}

/** A Python call's keyword arguments from `at` (after its `(`): strings decoded, anything else as written. */
function pythonCall(text: string, at: number): ToolCalls {
  const args: Record<string, unknown> = {};
  let i = at;
  for (;;) {
    while (i < text.length && /[\s,]/.test(text[i])) i++;
    if (i >= text.length) return { kind: 'truncated' };
    if (text[i] === ')') break;
    const name = /^(\w+)\s*=\s*/.exec(text.slice(i, i + 200));
    if (!name) return { kind: 'none' };
    i += name[0].length;
    const quote = text[i];
    if (quote === '"' || quote === "'") {
      let value = '';
      for (i++; i < text.length && text[i] !== quote; i++) {
        if (text[i] !== '\\') value += text[i];
        else value += ({ n: '\n', t: '\t', r: '\r' } as Record<string, string>)[text[++i]] ?? text[i];
      }
      if (i >= text.length) return { kind: 'truncated' };
      i++;
      args[name[1]] = value;
    } else {
      const end = /^[^,)]*/.exec(text.slice(i))![0];
      i += end.length;
      args[name[1]] = end.trim();
    }
  }
  const edits = argumentEdits([args]);
  return codeArguments(args) ?? (edits ? { kind: 'edits', blocks: edits } : { kind: 'notAnEdit' });
}

function taggedCalls(text: string): Array<Record<string, unknown>> {
  const starts = [...text.matchAll(CALL_START)].map((m) => m.index);
  if (starts.length === 0) return [];
  const calls = new Map<number, Record<string, unknown>>();
  for (const m of text.matchAll(TAGGED_ARGUMENT)) {
    const name = m[1] ?? m[3] ?? m[5];
    // A value on lines of its own between its tags: those lines, without the line breaks around them.
    const value = (m[2] ?? m[4] ?? m[6]).replace(/^\r?\n/, '').replace(/\r?\n$/, '');
    const call = starts.filter((at) => at < m.index).pop();
    if (call === undefined) continue;
    if (!calls.has(call)) calls.set(call, {});
    calls.get(call)![name] = value;
  }
  return [...calls.values()];
}

/** JSON objects in the text that hold an edit's arguments (the whole text may be one, or a list under `edits`). */
function jsonCalls(text: string): Array<Record<string, unknown>> {
  const calls: Array<Record<string, unknown>> = [];
  for (let at = text.indexOf('{'); at >= 0; at = text.indexOf('{', at + 1)) {
    const end = objectEnd(text, at);
    if (end === undefined) continue;
    let value: unknown;
    try {
      value = JSON.parse(text.slice(at, end));
    } catch {
      continue;
    }
    const list = Array.isArray((value as { edits?: unknown })?.edits) ? (value as { edits: unknown[] }).edits : [value];
    const edits = list.filter((item) => argumentEdits([item as Record<string, unknown>]) !== undefined) as Array<Record<string, unknown>>;
    if (edits.length === 0) continue;
    calls.push(...edits);
    at = end - 1;
  }
  return calls;
}

/** Where the JSON object that opens at `at` ends (after its `}`), strings read as strings. */
function objectEnd(text: string, at: number): number | undefined {
  let depth = 0;
  for (let i = at; i < text.length; i++) {
    const ch = text[i];
    if (ch === '"') {
      for (i++; i < text.length && text[i] !== '"'; i++) if (text[i] === '\\') i++;
    } else if (ch === '{') depth++;
    else if (ch === '}' && --depth === 0) return i + 1;
  }
  return undefined;
}

/** Search/replace blocks from tool calls' arguments, or undefined when there are none or any call is not an edit. */
function argumentEdits(calls: ReadonlyArray<Record<string, unknown>>): ReplaceBlock[] | undefined {
  const blocks: ReplaceBlock[] = [];
  for (const args of calls) {
    const names = TOOL_ARGUMENTS.find(([from, to]) => typeof args?.[from] === 'string' && typeof args[to] === 'string');
    // Any other key makes it data that happens to use these names (a JSON file being edited).
    if (!names || Object.keys(args).some((k) => !names.includes(k) && !TOOL_EXTRAS.includes(k))) return undefined;
    blocks.push({ search: valueLines(args[names[0]] as string), replace: valueLines(args[names[1]] as string) });
  }
  return blocks.length > 0 ? blocks : undefined;
}
