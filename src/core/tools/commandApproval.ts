// What the approval card of run_command says, and the one place that decides whether a gated call
// needs a card at all. The card shows the command verbatim; "Always" (this chat) may cover it only
// when what the user reads is all that runs: one line, no control characters. The standing command
// rules (commandRules.ts) may let a command run, or refuse it, without a card.
import type { StandingApprovals } from '../chat/standingApprovals';
import type { ToolApproval } from '../../shared/protocol';
import { commandLines, hasHiddenCharacters, withoutLineBreaks } from '../../shared/commandText';
import { judgeCommand, suggestedRules, type CommandJudgement, type CommandRules } from './commandRules';
import type { CommandShell } from './commandShell';

/**
 * What judging a command needs: the standing rules in effect, the sensitive-path policy, the shell
 * the terminal runs (commandShell.ts) and, when the command may run git, why the repository's git
 * folder makes git run programs (gitDirRisks.ts).
 */
export interface CommandContext {
  rules: CommandRules;
  isSensitive(path: string): boolean;
  shell?: CommandShell;
  gitRisks?: readonly string[];
}

/** What the standing rules decided for a call, carried from prepare to the session. */
export type RuleVerdict = 'allow' | 'deny';

export function commandApproval(command: string, workingDirectory: string, judged?: CommandJudgement, shell?: CommandShell): ToolApproval {
  // The same characters the card marks and the session refuses to let "Always" cover (commandText.ts).
  const lines = commandLines(command).length;
  const controls = hasHiddenCharacters(withoutLineBreaks(command));
  const runsIn = shell?.kind === 'posix' ? ` (${shell.path})` : '';
  const rulesOff =
    shell?.kind === 'unjudged' ? `\nStanding "Always allow … in this workspace" rules are off: ${shell.reason}. Every command asks.` : '';
  const detail = `Working directory: ${workingDirectory} (workspace root)\nThe command runs in the VS Code terminal "Tandem"${runsIn}.${rulesOff}`;
  const summary = lines > 1 ? `Run a ${lines}-line command in a terminal` : `Run \`${command}\` in a terminal`;
  // Sensitive paths, and reads that reach them unnamed, are never covered: no "Always", no workspace rule; the card warns.
  if (judged && judged.sensitive.length > 0) {
    return {
      summary,
      detail,
      command,
      warning: `This command names ${judged.sensitive.join(', ')}, which may contain secrets; no standing approval covers it. Read all of it before you approve.`,
    };
  }
  if (judged?.broadRead) {
    return {
      summary,
      detail,
      command,
      warning: `This command reaches files it does not name, which may contain secrets (.env, keys): ${judged.broadRead}. No standing approval covers it. Read all of it before you approve.`,
    };
  }
  // git may run programs here (the git folder's settings or hooks): no standing approval of any kind covers it.
  if (judged?.gitRisks) {
    return {
      summary,
      detail,
      command,
      warning: `This command may run git, and git may run programs here: ${judged.gitRisks}. No standing approval covers it. Read all of it before you approve.`,
    };
  }
  // Offered only where the command was read with certainty, no deny rule matched, and it is one plain
  // command: for `npm test; rm -rf x` a one-click rule would be `rm`, far wider than anything the user read.
  const single = lines === 1 && !controls && judged?.parts?.length === 1 && shell?.kind !== 'unjudged';
  const rules = single && judged?.verdict === 'ask' ? suggestedRules(judged.parts ?? []) : undefined;
  const workspaceRule = rules ? { workspaceRule: rules } : {};
  if (lines === 1 && !controls)
    return { summary: `Run \`${command}\` in a terminal`, detail, command, alwaysScope: command, ...workspaceRule };
  const warnings = [
    lines > 1 ? `This command has ${lines} lines; every line runs, not only the first.` : '',
    controls ? `This command has control characters (shown as symbols); they reach the terminal as they are.` : '',
  ];
  return {
    summary: lines > 1 ? `Run a ${lines}-line command in a terminal` : 'Run a command with control characters in a terminal',
    detail,
    command,
    warning: `${warnings.filter(Boolean).join(' ')} Read all of it before you approve.`,
    ...workspaceRule,
  };
}

/** A run_command call judged against the standing rules: its card, and whether the rules decide it. */
export function preparedCommand(
  command: string,
  workingDirectory: string,
  context: CommandContext,
): { approval: ToolApproval; rules?: RuleVerdict } {
  const shellUnjudged = context.shell?.kind === 'unjudged' ? context.shell.reason : undefined;
  const judged = judgeCommand(command, context.rules, (path) => context.isSensitive(path), { shellUnjudged, gitRisks: context.gitRisks });
  const approval = commandApproval(command, workingDirectory, judged, context.shell);
  return judged.verdict === 'ask' ? { approval } : { approval, rules: judged.verdict };
}

/**
 * Whether a gated call runs, asks, or is refused: the standing rules decide first (deny wins), then
 * this chat's "Always" clicks, else the card.
 */
export function approvalNeed(
  tool: string,
  approval: ToolApproval,
  rules: RuleVerdict | undefined,
  chat: StandingApprovals,
): 'run' | 'card' | 'deny' {
  if (rules === 'deny') return 'deny';
  if (rules === 'allow' || chat.covers(tool, approval)) return 'run';
  return 'card';
}
