import * as path from 'node:path';
import { stringArg } from '../../core/tools/toolArgs';
import { TOOL_DEFINITIONS } from '../../core/tools/toolDefinitions';
import type { OpenTool } from '../../core/tools/toolRegistry';
import type { ToolContext } from './toolContext';
import { workspaceFiles } from './workspaceFiles';

const MAX_FOUND_FILES = 200;

export const findFiles: OpenTool<'find_files', ToolContext, string> = {
  definition: TOOL_DEFINITIONS.find_files,
  gated: false,
  async prepare(args) {
    return { plan: stringArg(args, 'pattern') };
  },
  async run(pattern, _signal, _context, tools) {
    if (pattern.split(/[\\/]/).includes('..') || path.isAbsolute(pattern))
      throw new Error('the pattern must be relative to the workspace, without ".."');
    // Asks for more than it shows: sensitive, ignored and escaping files are dropped afterwards.
    const found = (await workspaceFiles(tools, pattern, MAX_FOUND_FILES * 5)).map((f) => f.rel).sort();
    const more = found.length > MAX_FOUND_FILES ? `\n… and ${found.length - MAX_FOUND_FILES} more; narrow the pattern` : '';
    return found.length === 0 ? `No files match ${pattern}` : found.slice(0, MAX_FOUND_FILES).join('\n') + more;
  },
};
