import { promises as fs } from 'node:fs';
import { readWarning } from '../../core/security/sensitiveWarnings';
import { headText, readHead } from '../../core/tools/fileHead';
import { stringArg } from '../../core/tools/toolArgs';
import { TOOL_DEFINITIONS } from '../../core/tools/toolDefinitions';
import { ToolRefusal, type OpenTool } from '../../core/tools/toolRegistry';
import type { Confined, ToolContext } from './toolContext';
import { MAX_READ_BYTES, MAX_RESULT_CHARS } from './toolLimits';

interface ReadPlan {
  input: string;
  checked: Confined;
}

/** A sensitive file is read only after a card that says so; no "Always": every read asks, and its content is never saved. */
export const readFile: OpenTool<'read_file', ToolContext, ReadPlan> = {
  definition: TOOL_DEFINITIONS.read_file,
  gated: false,
  async prepare(args, tools) {
    const input = stringArg(args, 'path');
    const checked = await tools.confine(input);
    const stat = await fs.stat(checked.path).catch(() => undefined);
    if (!stat) throw new ToolRefusal(`read_file: ${tools.rel(checked)} does not exist`);
    if (stat.isDirectory()) throw new ToolRefusal(`read_file: ${tools.rel(checked)} is a directory; use list_directory`);
    const plan = { input, checked };
    const judged = await tools.judged(checked);
    if (!judged.kind) return { plan };
    const name = judged.name;
    return { plan, sensitive: true, approval: { summary: `Read ${name}`, warning: readWarning(name, tools.services.service()) } };
  },
  async run({ input, checked }, _signal, _context, tools) {
    const p = await tools.reconfine(input, checked);
    const head = await readHead(p.path, MAX_READ_BYTES).catch((error: NodeJS.ErrnoException) => {
      throw new Error(
        error.code === 'ELOOP'
          ? `${tools.rel(p)} became a symlink after it was checked; ask again`
          : `${tools.rel(p)} cannot be read: ${error.message}`,
      );
    });
    const text = headText(head, MAX_RESULT_CHARS);
    if (text === undefined) throw new Error(`${tools.rel(p)} is a binary file`);
    return text;
  },
};
