// MCP in the composer: resources in the `@` picker under their server, prompts as `/` commands with
// their arguments asked in a quick input. What a server returns is attached as a chip: the server's
// data, shown before it is sent, never an instruction to Tandem.
import type { Attachment, MentionItem } from '../../shared/protocol';
import { MAX_MCP_RESULT_CHARS } from '../../core/mcp/mcpResult';
import type { McpToolHost } from './mcpToolHost';

const MAX_ITEMS = 20;
const SEP = '\u0000';

type Resolved = { attachment: Omit<Attachment, 'id'> } | { refusal: string } | { cancelled: true };

export class McpComposer {
  /** The ids of the latest answer: a pick resolves only what was offered. */
  private offered = new Set<string>();

  constructor(private readonly mcp: McpToolHost) {}

  /** Picker rows: prompts for a `/` query, resources otherwise. Starts the servers on first use, as a chat would. */
  async items(query: string): Promise<MentionItem[]> {
    const servers = await this.mcp.readyForComposer();
    if (!servers) return [];
    const slash = query.startsWith('/');
    const needle = (slash ? query.slice(1) : query).toLowerCase();
    const items: MentionItem[] = [];
    for (const c of servers.readyConnections()) {
      if (slash) {
        for (const p of c.prompts)
          if (`${c.name} ${p.name}`.toLowerCase().includes(needle))
            items.push({
              id: `mcp-prompt:${c.name}${SEP}${p.name}`,
              kind: 'prompt',
              label: `/${p.name}`,
              detail: `${c.name}${p.description ? ` · ${p.description.slice(0, 120)}` : ''}`,
            });
      } else {
        for (const r of c.resources)
          if (needle === '' || `${r.name} ${r.uri}`.toLowerCase().includes(needle))
            items.push({ id: `mcp-resource:${c.name}${SEP}${r.uri}`, kind: 'resource', label: r.name, detail: `${c.name} · ${r.uri}` });
      }
    }
    const shown = items.slice(0, MAX_ITEMS);
    this.offered = new Set(shown.map((i) => i.id));
    return shown;
  }

  owns(itemId: string): boolean {
    return itemId.startsWith('mcp-prompt:') || itemId.startsWith('mcp-resource:');
  }

  async resolve(itemId: string): Promise<Resolved> {
    if (!this.offered.has(itemId)) return { refusal: 'That MCP item is no longer offered; type again.' };
    const [kind, rest] = [itemId.slice(0, itemId.indexOf(':')), itemId.slice(itemId.indexOf(':') + 1)];
    const [server, name] = rest.split(SEP);
    const connection = (await this.mcp.runtime()).connection(server);
    if (!connection) return { refusal: `MCP server "${server}" is not running.` };
    const signal = new AbortController().signal;
    if (kind === 'mcp-resource') {
      const result = await connection.readResource(name, signal);
      const text = result.contents
        .map((c) => ('text' in c && typeof c.text === 'string' ? c.text : `(binary ${c.mimeType ?? ''}, not attached)`))
        .join('\n');
      return { attachment: { kind: 'resource', label: `${server}: ${name}`, text: capped(text) } };
    }
    const prompt = connection.prompts.find((p) => p.name === name);
    const args: Record<string, string> = {};
    for (const argument of prompt?.arguments ?? []) {
      const value = await this.mcp.ui.askPromptArgument(name, argument);
      if (value === undefined) return { cancelled: true };
      if (value !== '' || argument.required) args[argument.name] = value;
    }
    const result = await connection.getPrompt(name, args, signal);
    const text = result.messages
      .map((m) => {
        const c = m.content as { type: string; text?: string; resource?: { uri?: string; text?: string } };
        const body = c.type === 'text' ? c.text : c.type === 'resource' ? (c.resource?.text ?? c.resource?.uri) : `(${c.type} part)`;
        return `${m.role}: ${body ?? ''}`;
      })
      .join('\n\n');
    return { attachment: { kind: 'prompt', label: `${server}: /${name}`, text: capped(text) } };
  }
}

function capped(text: string): string {
  return text.length <= MAX_MCP_RESULT_CHARS ? text : `${text.slice(0, MAX_MCP_RESULT_CHARS)}\n… [cut: ${text.length} characters]`;
}
