// What implementing a chat tool means, as types: one entry per name of TOOL_DEFINITIONS, each saying
// whether it is gated and how a call is prepared (checked, and described for the card) and run.
// A gated tool's prepare must return the approval the card shows: its type has no other way out.
import type { ToolApproval } from '../../shared/protocol';
import type { RunContext } from '../chat/toolHost';
import type { RuleVerdict } from './commandApproval';
import type { NamedTool, ToolName } from './toolDefinitions';

/** A call the tool will not run (a path outside the workspace, a sensitive file where none may go…); the message goes to the model. */
export class ToolRefusal extends Error {
  override readonly name = 'ToolRefusal';
}

/** A prepared call: what it will do, checked, kept in `plan` until the user's click lets it run. */
interface PreparedCall<Plan> {
  plan: Plan;
  /** What the approval card shows; for a tool that is not gated, present only when the call must ask (a sensitive file). */
  approval?: ToolApproval;
  /** What the user's standing command rules decided (run without a card, or refuse); absent: ask. */
  rules?: RuleVerdict;
  /** The result holds a sensitive file's content: it goes to the model but is never saved in chat history. */
  sensitive?: boolean;
  /** Called when the user declines or the answer is stopped (closes a diff preview, say). */
  discard?(): void;
}

/** A gated call always carries its approval: exactly what will be written or run. */
type GatedCall<Plan> = PreparedCall<Plan> & { approval: ToolApproval };

interface ToolEntry<N extends ToolName, Deps, Plan> {
  definition: NamedTool<N>;
  /** Runs a prepared plan, after any approval; `context` names the chat and, for a multi-file edit, the files approved. */
  run(plan: Plan, signal: AbortSignal, context: RunContext | undefined, deps: Deps): Promise<string>;
}

/** Reads, searches and lists: asks (with a card) only when the call touches a sensitive file. */
export interface OpenTool<N extends ToolName, Deps, Plan> extends ToolEntry<N, Deps, Plan> {
  gated: false;
  prepare(args: Record<string, unknown>, deps: Deps): Promise<PreparedCall<Plan>>;
}

/**
 * Writes or runs: every call carries an approval. A card shows unless a standing approval covers it
 * (the chat's "Always", or for run_command the workspace's command rules, which may also refuse it).
 */
export interface GatedTool<N extends ToolName, Deps, Plan> extends ToolEntry<N, Deps, Plan> {
  gated: true;
  prepare(args: Record<string, unknown>, deps: Deps): Promise<GatedCall<Plan>>;
}

// `any` plan: each tool file types its own plan (prepare and run agree there); the registry only
// passes a plan from an entry's prepare to the same entry's run.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Tool<N extends ToolName, Deps, Plan = any> = OpenTool<N, Deps, Plan> | GatedTool<N, Deps, Plan>;

/** Every defined tool, implemented: a missing name, or an entry paired with another tool's definition, does not compile. */
export type ToolRegistry<Deps> = { readonly [N in ToolName]: Tool<N, Deps> };
