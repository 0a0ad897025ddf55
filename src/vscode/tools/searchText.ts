import { promises as fs } from 'node:fs';
import { headText, readHead } from '../../core/tools/fileHead';
import { stringArg } from '../../core/tools/toolArgs';
import { TOOL_DEFINITIONS } from '../../core/tools/toolDefinitions';
import type { OpenTool } from '../../core/tools/toolRegistry';
import type { ToolContext } from './toolContext';
import { workspaceFiles } from './workspaceFiles';

const MAX_SEARCH_FILES = 5000;
const MAX_SEARCH_MATCHES = 100;
const MAX_SEARCH_FILE_BYTES = 1024 * 1024;
const SEARCH_BUDGET_MS = 5000;

/** Plain-text search over the files workspaceFiles offers, bounded in files, size, matches and time. */
export const searchText: OpenTool<'search_text', ToolContext, string> = {
  definition: TOOL_DEFINITIONS.search_text,
  gated: false,
  async prepare(args) {
    return { plan: stringArg(args, 'query') };
  },
  async run(query, signal, _context, tools) {
    if (query.trim() === '') throw new Error('the query is empty');
    const needle = query.toLowerCase();
    const deadline = Date.now() + SEARCH_BUDGET_MS;
    const matches: string[] = [];
    let searched = 0;
    let complete = true;
    const files = (await workspaceFiles(tools, '**/*', MAX_SEARCH_FILES)).sort((a, b) => a.path.localeCompare(b.path));
    for (const file of files) {
      if (signal.aborted || Date.now() > deadline) {
        complete = false;
        break;
      }
      const stat = await fs.stat(file.path).catch(() => undefined);
      if (!stat || stat.size > MAX_SEARCH_FILE_BYTES) continue;
      const text = await readHead(file.path, MAX_SEARCH_FILE_BYTES).then(
        (head) => headText(head, Number.MAX_SAFE_INTEGER),
        () => undefined,
      );
      if (text === undefined) continue;
      searched += 1;
      const lines = text.split('\n');
      for (let i = 0; i < lines.length; i++) {
        if (!lines[i].toLowerCase().includes(needle)) continue;
        matches.push(`${file.rel}:${i + 1}: ${lines[i].trim().slice(0, 200)}`);
        if (matches.length >= MAX_SEARCH_MATCHES) break;
      }
      if (matches.length >= MAX_SEARCH_MATCHES) {
        complete = false;
        break;
      }
    }
    const note = complete ? '' : `\n(stopped after ${matches.length} matches in ${searched} files; narrow the query for more)`;
    return matches.length === 0 ? `No matches for "${query}" in ${searched} files${note}` : matches.join('\n') + note;
  },
};
