// The function tools the chat offers the model, as JSON schemas both services accept.
import type { FunctionTool } from '../services/wireTypes';

type ToolName =
  'read_file' | 'list_directory' | 'find_files' | 'search_text' | 'get_diagnostics' | 'get_selection' | 'apply_edit' | 'run_command';

const fn = (name: ToolName, description: string, properties: Record<string, unknown>, required: string[]): FunctionTool => ({
  type: 'function',
  // additionalProperties: false keeps the schemas valid in Service B's strict mode too.
  function: { name, description, parameters: { type: 'object', properties, required, additionalProperties: false } },
});

const path = { type: 'string', description: 'Path relative to the workspace folder, e.g. "src/index.ts"' };

const READ_ONLY_TOOLS: readonly FunctionTool[] = [
  fn('read_file', 'Read a text file in the workspace.', { path }, ['path']),
  fn(
    'list_directory',
    'List the entries of a workspace directory; directories end with "/".',
    { path: { ...path, description: 'Directory relative to the workspace folder; "." is the root' } },
    ['path'],
  ),
  fn(
    'find_files',
    'Find workspace files whose path matches a glob pattern such as "**/*.ts".',
    { pattern: { type: 'string', description: 'Glob pattern' } },
    ['pattern'],
  ),
  fn(
    'search_text',
    'Search the text of workspace files for a string (case-insensitive); returns file:line: text matches.',
    {
      query: { type: 'string', description: 'Text to look for' },
    },
    ['query'],
  ),
  fn(
    'get_diagnostics',
    'Errors and warnings VS Code reports for a file, or for the whole workspace when path is empty.',
    { path: { ...path, description: 'File relative to the workspace folder, or "" for all files' } },
    ['path'],
  ),
  fn('get_selection', 'The text selected in the active editor, with its file and line range.', {}, []),
];

export const GATED_TOOL_DEFINITIONS: readonly FunctionTool[] = [
  fn(
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
  fn(
    'run_command',
    'Run a shell command in a VS Code terminal at the workspace root. The user must approve it.',
    {
      command: { type: 'string', description: 'The command line to run' },
    },
    ['command'],
  ),
];

/** The tools offered: run_command only where the workspace is trusted (it could run anything). */
export function chatTools(options: { trusted: boolean }): FunctionTool[] {
  return [...READ_ONLY_TOOLS, ...GATED_TOOL_DEFINITIONS.filter((t) => options.trusted || t.function.name !== 'run_command')];
}
