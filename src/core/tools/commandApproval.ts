// What the approval card of run_command says, and the one place that decides whether a gated call
// needs a card at all. The card shows the command verbatim; "Always" (this chat) may cover it only
// when what the user reads is all that runs: one line, no control characters. The standing command
// rules (commandRules.ts) may let a command run, or refuse it, without a card.
import type { StandingApprovals } from '../chat/standingApprovals';
import type { ToolApproval } from '../../shared/protocol';
import { commandLines, hasHiddenCharacters, withoutLineBreaks } from '../../shared/commandText';
import { judgeCommand, suggestedRules, type CommandJudgement, type CommandRules } from './commandRules';

/** What judging a command needs: the standing rules in effect, and the sensitive-path policy. */
export interface CommandContext {
  rules: CommandRules;
  isSensitive(path: string): boolean;
}

/** What the standing rules decided for a call, carried from prepare to the session. */
export type RuleVerdict = 'allow' | 'deny';

export function commandApproval(command: string, workingDirectory: string, judged?: CommandJudgement): ToolApproval {
  // The same characters the card marks and the session refuses to let "Always" cover (commandText.ts).
  const lines = commandLines(command).length;
  const controls = hasHiddenCharacters(withoutLineBreaks(command));
  const detail = `Working directory: ${workingDirectory} (workspace root)\nThe command runs in the VS Code terminal "Tandem".`;
  if (judged && judged.sensitive.length > 0) {
    // Sensitive paths are never covered: no "Always", no workspace rule; the card warns.
    return {
      summary: lines > 1 ? `Run a ${lines}-line command in a terminal` : `Run \`${command}\` in a terminal`,
      detail,
      command,
      warning: `This command names ${judged.sensitive.join(', ')}, which may contain secrets; no standing approval covers it. Read all of it before you approve.`,
    };
  }
  // Offered only where the command was read with certainty, no deny rule matched, and it is one plain
  // command: for `npm test; rm -rf x` a one-click rule would be `rm`, far wider than anything the user read.
  const single = lines === 1 && !controls && judged?.parts?.length === 1;
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
  const judged = judgeCommand(command, context.rules, (path) => context.isSensitive(path));
  const approval = commandApproval(command, workingDirectory, judged);
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
