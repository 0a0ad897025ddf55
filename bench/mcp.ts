// MCP figures. (1) Time to the first tool list of a stdio server (server-everything): spawn, initialize,
// tools/list, through the SDK client as Tandem's McpConnection drives it; the first start in this
// process is "cold", later ones "warm". (2) Tandem's per-call overhead over the server's own time: the
// work Tandem adds around each tools/call (parsing and un-nulling the arguments, building the card,
// converting and capping the result), timed directly, beside the bare SDK round trip of the same call.
// Prints JSON. Run: npm run bench:mcp
import { createRequire } from 'node:module';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { buildMcpCatalog } from '../src/core/mcp/mcpToolCatalog';
import { mcpResultText } from '../src/core/mcp/mcpResult';
import { withoutStrictNulls } from '../src/core/mcp/mcpSchema';
import { chatTools } from '../src/core/tools/toolDefinitions';

const CALLS = Number(process.env.CALLS ?? 300);
const WARM_STARTS = Number(process.env.WARM_STARTS ?? 5);
const TARGET_OVERHEAD_P50_MS = 5;
const server = createRequire(__filename).resolve('@modelcontextprotocol/server-everything/dist/index.js');

const percentile = (values: readonly number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};
const round = (n: number) => Math.round(n * 1000) / 1000;

async function firstToolList(): Promise<{ ms: number; client: Client }> {
  const started = performance.now();
  const client = new Client({ name: 'Tandem-bench', version: '0' }, { capabilities: {} });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [server, 'stdio'], stderr: 'pipe' }));
  await client.listTools();
  return { ms: performance.now() - started, client };
}

async function main(): Promise<void> {
  const cold = await firstToolList();
  await cold.client.close();
  const warm: number[] = [];
  for (let i = 0; i < WARM_STARTS; i++) {
    const run = await firstToolList();
    warm.push(run.ms);
    await run.client.close();
  }

  const { client } = await firstToolList();
  const { tools } = await client.listTools();
  const catalogTimes: number[] = [];
  let catalog = buildMcpCatalog({
    builtIns: chatTools({ trusted: true }),
    servers: [{ server: 'everything', tools }],
    maxTools: 64,
    strict: true,
    disabled: new Set(),
  });
  for (let i = 0; i < 50; i++) {
    const t = performance.now();
    catalog = buildMcpCatalog({
      builtIns: chatTools({ trusted: true }),
      servers: [{ server: 'everything', tools }],
      maxTools: 64,
      strict: true,
      disabled: new Set(),
    });
    catalogTimes.push(performance.now() - t);
  }
  const route = catalog.routes.get('mcp_everything_echo')!;
  const bare: number[] = [];
  const overhead: number[] = [];
  const total: number[] = [];
  for (let i = 0; i < CALLS; i++) {
    const modelArgs = JSON.stringify({ message: `hello ${i}` });
    const t0 = performance.now();
    // What McpToolHost.prepare and the card do before the call.
    const args = withoutStrictNulls(JSON.parse(modelArgs), route.tool.inputSchema) as Record<string, unknown>;
    const shownArgs = JSON.stringify(args, null, 2);
    const t1 = performance.now();
    const result = await client.callTool({ name: 'echo', arguments: args });
    const t2 = performance.now();
    const shown = mcpResultText(result as Parameters<typeof mcpResultText>[0], 'B');
    const t3 = performance.now();
    if (!shown.text.includes(`hello ${i}`) || shownArgs.length === 0) throw new Error('unexpected result');
    bare.push(t2 - t1);
    overhead.push(t1 - t0 + (t3 - t2));
    total.push(t3 - t0);
  }
  await client.close();
  const out = {
    server: '@modelcontextprotocol/server-everything (stdio)',
    timeToFirstToolListMs: { cold: round(cold.ms), warmP50: round(percentile(warm, 50)), warmRuns: warm.length },
    toolsListed: tools.length,
    catalogBuildMs: { p50: round(percentile(catalogTimes, 50)), p95: round(percentile(catalogTimes, 95)) },
    perCall: {
      calls: CALLS,
      serverRoundTripP50Ms: round(percentile(bare, 50)),
      tandemOverheadP50Ms: round(percentile(overhead, 50)),
      tandemOverheadP95Ms: round(percentile(overhead, 95)),
      totalP50Ms: round(percentile(total, 50)),
      targetOverheadP50Ms: TARGET_OVERHEAD_P50_MS,
      met: percentile(overhead, 50) <= TARGET_OVERHEAD_P50_MS,
    },
  };
  console.log(JSON.stringify(out, null, 2));
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
