import * as assert from 'node:assert/strict';
import type { PreparedTool } from '../../../../src/core/chat/toolHost';
import { prepareToolCall } from '../../../../src/core/tools/prepareToolCall';
import { stringArg } from '../../../../src/core/tools/toolArgs';
import { TOOL_DEFINITIONS, type ToolName } from '../../../../src/core/tools/toolDefinitions';
import { ToolRefusal, type GatedTool, type Tool, type ToolRegistry } from '../../../../src/core/tools/toolRegistry';

/** What the fake tools record: the order of the steps, to show when each one ran. */
interface Deps {
  steps: string[];
}

/** An open tool that echoes its `path` argument, prepared into a plan and run from it. */
const echo = <N extends ToolName>(name: N): Tool<N, Deps, string> => ({
  definition: TOOL_DEFINITIONS[name] as Tool<N, Deps>['definition'],
  gated: false,
  async prepare(args, deps) {
    deps.steps.push(`prepare ${name}`);
    const path = stringArg(args, 'path');
    if (path === 'outside') throw new ToolRefusal(`${name}: outside the workspace`);
    return { plan: path };
  },
  async run(plan, _signal, _context, deps) {
    deps.steps.push(`run ${name}`);
    return `${name}:${plan}`;
  },
});

const gatedEdit: GatedTool<'apply_edit', Deps, string> = {
  definition: TOOL_DEFINITIONS.apply_edit,
  gated: true,
  async prepare(args) {
    return { plan: stringArg(args, 'path'), approval: { summary: `Edit ${stringArg(args, 'path')}` }, discard: () => undefined };
  },
  async run(plan) {
    return `edited ${plan}`;
  },
};

/**
 * A gated tool that forgets its approval. Its type does not allow that (the cast is what it takes),
 * so this stands for a cast or an `any` somewhere in a real tool.
 */
const unapprovedCommand = {
  definition: TOOL_DEFINITIONS.run_command,
  gated: true,
  async prepare(_args: Record<string, unknown>, deps: Deps) {
    deps.steps.push('prepare run_command');
    return { plan: 'rm -rf /' };
  },
  async run(_plan: string, _signal: AbortSignal, _context: unknown, deps: Deps) {
    deps.steps.push('run run_command');
    return 'ran';
  },
} as unknown as GatedTool<'run_command', Deps, string>;

const registry: ToolRegistry<Deps> = {
  read_file: echo('read_file'),
  list_directory: echo('list_directory'),
  find_files: echo('find_files'),
  search_text: echo('search_text'),
  get_diagnostics: echo('get_diagnostics'),
  get_selection: echo('get_selection'),
  apply_edit: gatedEdit,
  run_command: unapprovedCommand,
};

const call = (name: string, args: Record<string, unknown> | string) => ({
  name,
  args: typeof args === 'string' ? args : JSON.stringify(args),
});
const ready = (prepared: PreparedTool) => {
  assert.equal(prepared.kind, 'ready', prepared.kind === 'refused' ? prepared.error : '');
  return prepared as Extract<PreparedTool, { kind: 'ready' }>;
};

describe('prepareToolCall: the one place a tool call meets the registry', () => {
  it('a gated tool whose prepare returns no approval throws, and the call never runs', async () => {
    const deps: Deps = { steps: [] };
    await assert.rejects(
      prepareToolCall(registry, call('run_command', { command: 'rm -rf /' }), deps),
      /run_command is gated, but its call came without an approval; it was not run/,
    );
    assert.deepEqual(deps.steps, ['prepare run_command']);
  });

  it('a gated tool with its approval is ready, with its card and discard, and runs the plan it prepared', async () => {
    const prepared = ready(await prepareToolCall(registry, call('apply_edit', { path: 'a.ts' }), { steps: [] }));
    assert.deepEqual(prepared.approval, { summary: 'Edit a.ts' });
    assert.equal(typeof prepared.discard, 'function');
    assert.equal(await prepared.run(new AbortController().signal), 'edited a.ts');
  });

  it('an open tool runs only when run is called, with the plan prepare made', async () => {
    const deps: Deps = { steps: [] };
    const prepared = ready(await prepareToolCall(registry, call('read_file', { path: 'src/a.ts' }), deps));
    assert.equal(prepared.approval, undefined);
    assert.deepEqual(deps.steps, ['prepare read_file']);
    assert.equal(await prepared.run(new AbortController().signal), 'read_file:src/a.ts');
    assert.deepEqual(deps.steps, ['prepare read_file', 'run read_file']);
  });

  it('refusals, bad arguments and unknown names become a message for the model, after the arguments parse', async () => {
    const asked: string[] = [];
    const before = async () => void asked.push('roots');
    const deps: Deps = { steps: [] };
    assert.deepEqual(await prepareToolCall(registry, call('read_file', { path: 'outside' }), deps, before), {
      kind: 'refused',
      error: 'read_file: outside the workspace',
    });
    assert.deepEqual(await prepareToolCall(registry, call('read_file', { path: 3 }), deps, before), {
      kind: 'refused',
      error: 'read_file: "path" must be a string',
    });
    assert.deepEqual(await prepareToolCall(registry, call('read_file', '{not json'), deps, before), {
      kind: 'refused',
      error: 'read_file: the arguments are not valid JSON',
    });
    for (const name of ['delete_everything', 'toString', '__proto__']) {
      assert.deepEqual(await prepareToolCall(registry, call(name, {}), deps, before), { kind: 'refused', error: `unknown tool "${name}"` });
    }
    // Bad JSON is refused before the roots are asked about; every other call asks first.
    assert.deepEqual(asked, ['roots', 'roots', 'roots', 'roots', 'roots']);
  });
});

// Checked by `npm run typecheck`: the types refuse what the runtime check above catches, and an
// unimplemented tool. If either line ever compiles, its @ts-expect-error fails the typecheck.
export const typeChecks = [
  {
    definition: TOOL_DEFINITIONS.run_command,
    gated: true,
    // @ts-expect-error a gated tool's prepare must return an approval
    prepare: async () => ({ plan: 'ls' }),
    run: async () => 'ran',
  } satisfies GatedTool<'run_command', Deps, string>,
  // @ts-expect-error every defined tool must be implemented: run_command is missing
  { ...registry, run_command: undefined } satisfies ToolRegistry<Deps>,
];
