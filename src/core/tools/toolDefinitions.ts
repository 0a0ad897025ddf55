// The function tools the chat offers the model, as JSON schemas both services accept. The names of
// this table are the tool names: the registry that implements them (vscode/tools/toolRegistry.ts)
// is typed as a full record over them, so a tool defined here and not implemented does not compile.
import type { FunctionTool } from '../services/wireTypes';

/** A definition that carries its own name in its type, so the registry can pair it with its entry. */
export type NamedTool<N extends string> = FunctionTool & { function: { name: N } };

const fn = <N extends string>(name: N, description: string, properties: Record<string, unknown>, required: string[]): NamedTool<N> => ({
  type: 'function',
  // additionalProperties: false keeps the schemas valid in Service B's strict mode too.
  function: { name, description, parameters: { type: 'object', properties, required, additionalProperties: false } },
});

const path = { type: 'string', description: 'Path relative to the workspace folder, e.g. "src/index.ts"' };

/** Every tool, in the order the model is offered them. */
export const TOOL_DEFINITIONS = {
  read_file: fn('read_file', 'Read a text file in the workspace.', { path }, ['path']),
  list_directory: fn(
    'list_directory',
    'List the entries of a workspace directory; directories end with "/".',
    { path: { ...path, description: 'Directory relative to the workspace folder; "." is the root' } },
    ['path'],
  ),
  find_files: fn(
    'find_files',
    'Find workspace files whose path matches a glob pattern such as "**/*.ts".',
    { pattern: { type: 'string', description: 'Glob pattern' } },
    ['pattern'],
  ),
  search_text: fn(
    'search_text',
    'Search the text of workspace files for a string (case-insensitive); returns file:line: text matches.',
    {
      query: { type: 'string', description: 'Text to look for' },
    },
    ['query'],
  ),
  get_diagnostics: fn(
    'get_diagnostics',
    'Errors and warnings VS Code reports for a file, or for the whole workspace when path is empty.',
    { path: { ...path, description: 'File relative to the workspace folder, or "" for all files' } },
    ['path'],
  ),
  get_selection: fn('get_selection', 'The text selected in the active editor, with its file and line range.', {}, []),
  apply_edit: fn(
    'apply_edit',
    'Propose edits: replace the exact text old_text with new_text in a file (old_text "" replaces the whole file or creates it). For one replacement fill path, old_text, new_text and pass edits []; for several (in one or more files) pass path "", old_text "", new_text "" and list them in edits, applied in order. Each old_text must occur exactly once in the text as the earlier edits left it, else nothing is written. The user sees a diff per file and must approve it.',
    {
      path: { ...path, description: 'File relative to the workspace folder, or "" when edits is used' },
      old_text: { type: 'string', description: 'Exact text to replace, or "" for the whole file' },
      new_text: { type: 'string', description: 'Replacement text' },
      // Every property required and no others, even inside the items: strict mode needs it (docs/contracts.md#b-strict-beta).
      edits: {
        type: 'array',
        description: 'Several replacements, applied in order; [] for a single edit',
        items: {
          type: 'object',
          properties: {
            path,
            old_text: { type: 'string', description: 'Exact text to replace, or "" for the whole file' },
            new_text: { type: 'string', description: 'Replacement text' },
          },
          required: ['path', 'old_text', 'new_text'],
          additionalProperties: false,
        },
      },
    },
    ['path', 'old_text', 'new_text', 'edits'],
  ),
  run_command: fn(
    'run_command',
    'Run a shell command in a VS Code terminal at the workspace root. The user must approve it.',
    {
      command: { type: 'string', description: 'The command line to run' },
    },
    ['command'],
  ),
} as const;

export type ToolName = keyof typeof TOOL_DEFINITIONS;

/** The tools offered: run_command only where the workspace is trusted (it could run anything). */
export function chatTools(options: { trusted: boolean }): FunctionTool[] {
  return Object.values(TOOL_DEFINITIONS).filter((t) => options.trusted || t.function.name !== 'run_command');
}
