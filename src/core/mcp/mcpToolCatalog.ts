// Which MCP tools one request offers, under which names and schemas: names assigned (mcpToolNames.ts),
// switched-off servers and tools left out, schemas converted for the service (mcpSchema.ts), then the
// cap `tandem.mcp.maxTools` (which counts the built-in tools) applied from the last configured server back.
import type { FunctionTool } from '../services/wireTypes';
import { assignToolNames } from './mcpToolNames';
import { looseParameters, strictParameters } from './mcpSchema';

/** A tool as an MCP server lists it (tools/list). */
export interface McpToolInfo {
  name: string;
  title?: string;
  description?: string;
  inputSchema?: unknown;
  annotations?: { readOnlyHint?: boolean; destructiveHint?: boolean; title?: string };
}

/** A ready server's tools, in the order the servers are configured (user first, then workspace). */
export interface McpServerTools {
  server: string;
  tools: readonly McpToolInfo[];
}

/** Where an offered name leads. */
export interface McpRoute {
  server: string;
  tool: McpToolInfo;
  /** Sent in strict mode: optional arguments come as null and are removed before the call. */
  strict: boolean;
}

export interface McpCatalog {
  tools: FunctionTool[];
  routes: Map<string, McpRoute>;
  /** What was left out and why, for the chat and the Services view. */
  notices: string[];
}

export interface CatalogOptions {
  builtIns: readonly FunctionTool[];
  servers: readonly McpServerTools[];
  maxTools: number;
  strict: boolean;
  /** `server` switches off a whole server, `server/tool` one tool. */
  disabled: ReadonlySet<string>;
}

/**
 * A server's description is the server's text, not Tandem's: it is sent as the tool's description (the
 * model needs it) but cut, and labelled with its server, so a flood of descriptions cannot fill the request.
 */
const MAX_DESCRIPTION_CHARS = 1024;

export function toolKey(server: string, tool: string): string {
  return `${server}/${tool}`;
}

export function buildMcpCatalog(o: CatalogOptions): McpCatalog {
  const notices: string[] = [];
  const listed = o.servers.flatMap((s) =>
    o.disabled.has(s.server)
      ? []
      : s.tools.filter((t) => !o.disabled.has(toolKey(s.server, t.name))).map((tool) => ({ server: s.server, tool })),
  );
  const names = assignToolNames(
    o.builtIns.map((t) => t.function.name),
    listed.map((l) => ({ server: l.server, tool: l.tool.name })),
  );
  const room = Math.max(0, o.maxTools - o.builtIns.length);
  const tools: FunctionTool[] = [];
  const routes = new Map<string, McpRoute>();
  const capped = new Map<string, number>();
  listed.forEach(({ server, tool }, i) => {
    let parameters: Record<string, unknown>;
    if (o.strict) {
      const converted = strictParameters(tool.inputSchema);
      if (!converted.ok) {
        notices.push(
          `MCP tool "${tool.name}" of server "${server}" is not offered: its ${converted.reason.replace(/^the arguments /, 'arguments ')} (tandem.chat.strictTools is on).`,
        );
        return;
      }
      parameters = converted.parameters;
    } else {
      parameters = looseParameters(tool.inputSchema);
    }
    if (tools.length >= room) {
      capped.set(server, (capped.get(server) ?? 0) + 1);
      return;
    }
    const description = `[MCP server "${server}"] ${(tool.description ?? tool.title ?? '').slice(0, MAX_DESCRIPTION_CHARS)}`.trim();
    tools.push({ type: 'function', function: { name: names[i], description, parameters } });
    routes.set(names[i], { server, tool, strict: o.strict });
  });
  for (const [server, count] of capped)
    notices.push(
      `${count} tool${count === 1 ? '' : 's'} of MCP server "${server}" ${count === 1 ? 'is' : 'are'} not offered: at most ${o.maxTools} tools are sent (tandem.mcp.maxTools), ${o.builtIns.length} of them Tandem's own.`,
    );
  return { tools: [...o.builtIns, ...tools], routes, notices };
}
