// The one place a model's tool call meets the registry: it parses the arguments, finds the tool,
// prepares the call, and hands the session a PreparedTool whose run runs that tool's plan. A gated
// tool that comes back without an approval is a bug, and the call does not run.
import type { PreparedTool } from '../chat/toolHost';
import { parseToolArgs, ToolArgumentError } from './toolArgs';
import type { ToolName } from './toolDefinitions';
import { ToolRefusal, type ToolRegistry } from './toolRegistry';

export async function prepareToolCall<Deps>(
  registry: ToolRegistry<Deps>,
  call: { name: string; args: string },
  deps: Deps,
  /** Runs after the arguments parse and before the tool prepares (the host asks about new workspace folders). */
  beforePrepare: () => Promise<void> = async () => undefined,
): Promise<PreparedTool> {
  try {
    const args = parseToolArgs(call.args);
    await beforePrepare();
    if (!Object.hasOwn(registry, call.name)) return { kind: 'refused', error: `unknown tool "${call.name}"` };
    const tool = registry[call.name as ToolName];
    const prepared = await tool.prepare(args, deps);
    // The types make a gated prepare return an approval; this keeps a cast or an `any` from running one unasked.
    if (tool.gated && !prepared.approval) throw new Error(`${call.name} is gated, but its call came without an approval; it was not run`);
    const { plan, approval, rules, sensitive, discard } = prepared;
    return {
      kind: 'ready',
      ...(approval ? { approval } : {}),
      ...(rules ? { rules } : {}),
      ...(sensitive ? { sensitive } : {}),
      ...(discard ? { discard } : {}),
      run: (signal, context) => tool.run(plan, signal, context, deps),
    };
  } catch (error) {
    if (error instanceof ToolArgumentError) return { kind: 'refused', error: `${call.name}: ${error.message}` };
    if (error instanceof ToolRefusal) return { kind: 'refused', error: error.message };
    throw error;
  }
}
