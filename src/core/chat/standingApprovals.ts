// What the user's "Always" clicks cover in one chat: a tool together with the one exact scope the card
// named (a command string, a file). Nothing wider: another command, another file or another chat asks.
// Kept in memory only, on purpose: a reloaded or reopened chat asks again. The per-workspace command
// rules sit beside it (core/tools/commandRules.ts); commandApproval.ts's approvalNeed weighs both.
import { mayStand } from '../../shared/commandText';
import type { ToolApproval } from '../../shared/protocol';

export class StandingApprovals {
  private readonly granted = new Set<string>();

  /** Whether an earlier "Always" in this chat covers this call. */
  covers(tool: string, approval: ToolApproval): boolean {
    const key = standingKey(tool, approval);
    return key !== undefined && this.granted.has(key);
  }

  /** Records an "Always"; a call that may not stand (no scope, hidden characters: see mayStand) is approved once only. */
  grant(tool: string, approval: ToolApproval): void {
    const key = standingKey(tool, approval);
    if (key !== undefined) this.granted.add(key);
  }
}

function standingKey(tool: string, approval: ToolApproval): string | undefined {
  return mayStand(approval) ? JSON.stringify([tool, approval.alwaysScope]) : undefined;
}
