// The names MCP tools are offered under: `mcp_<server>_<tool>`, cut to the services' function-name rule
// (letters, digits, `_` and `-`, at most 64: docs/contracts.md, requestChecks.ts). Built-in names are
// never changed; a later MCP tool that would collide gets `_2`, `_3`, … instead.
export const TOOL_NAME_MAX = 64;

/** Every character outside the name rule becomes `_`. */
function sanitizeToolPart(text: string): string {
  return text.replace(/[^A-Za-z0-9_-]/g, '_');
}

/** The name rule's form of `mcp_<server>_<tool>`, before collisions are resolved. */
export function baseToolName(server: string, tool: string): string {
  return `mcp_${sanitizeToolPart(server)}_${sanitizeToolPart(tool)}`.slice(0, TOOL_NAME_MAX);
}

/**
 * Assigns each (server, tool) a unique name, in the order given: the built-ins' names are taken first,
 * so a tool named like one of them is the one renamed. Returns the names in the order of `tools`.
 */
export function assignToolNames(builtIns: readonly string[], tools: ReadonlyArray<{ server: string; tool: string }>): string[] {
  const taken = new Set(builtIns);
  return tools.map(({ server, tool }) => {
    const base = baseToolName(server, tool);
    let name = base;
    for (let n = 2; taken.has(name); n++) {
      const suffix = `_${n}`;
      name = base.slice(0, TOOL_NAME_MAX - suffix.length) + suffix;
    }
    taken.add(name);
    return name;
  });
}
