import * as vscode from 'vscode';
import { stringArg } from '../../core/tools/toolArgs';
import { TOOL_DEFINITIONS } from '../../core/tools/toolDefinitions';
import type { OpenTool } from '../../core/tools/toolRegistry';
import type { Confined, ToolContext } from './toolContext';

const MAX_LIST_ENTRIES = 500;

/** Names only: a listing shows no file's content, so a sensitive name is listed like any other. */
export const listDirectory: OpenTool<'list_directory', ToolContext, { input: string; checked: Confined }> = {
  definition: TOOL_DEFINITIONS.list_directory,
  gated: false,
  async prepare(args, tools) {
    const input = stringArg(args, 'path');
    return { plan: { input, checked: await tools.confine(input) } };
  },
  async run({ input, checked }, _signal, _context, tools) {
    const p = await tools.reconfine(input, checked);
    const entries = await vscode.workspace.fs.readDirectory(vscode.Uri.file(p.path)).then(
      (e) => e,
      () => {
        throw new Error(`${tools.rel(p)} is not a directory`);
      },
    );
    const names = entries
      .map(([name, type]) => (type & vscode.FileType.Directory ? `${name}/` : name))
      .sort((a, b) => Number(b.endsWith('/')) - Number(a.endsWith('/')) || a.localeCompare(b));
    const shown = names.slice(0, MAX_LIST_ENTRIES);
    const more = names.length > shown.length ? `\n… and ${names.length - shown.length} more` : '';
    return names.length === 0 ? `${tools.rel(p)} is empty` : shown.join('\n') + more;
  },
};
