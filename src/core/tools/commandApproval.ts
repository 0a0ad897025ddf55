// What the approval card of run_command says. The card shows the command verbatim; "Always" may
// cover it only when what the user reads is all that runs: one line, no control characters.
import type { ToolApproval } from '../../shared/protocol';
import { commandLines, hasHiddenCharacters, withoutLineBreaks } from '../../shared/commandText';

export function commandApproval(command: string, workingDirectory: string): ToolApproval {
  // The same characters the card marks and the session refuses to let "Always" cover (commandText.ts).
  const lines = commandLines(command).length;
  const controls = hasHiddenCharacters(withoutLineBreaks(command));
  const detail = `Working directory: ${workingDirectory} (workspace root)\nThe command runs in the VS Code terminal "Tandem".`;
  if (lines === 1 && !controls) return { summary: `Run \`${command}\` in a terminal`, detail, command, alwaysScope: command };
  const warnings = [
    lines > 1 ? `This command has ${lines} lines; every line runs, not only the first.` : '',
    controls ? `This command has control characters (shown as symbols); they reach the terminal as they are.` : '',
  ];
  return {
    summary: lines > 1 ? `Run a ${lines}-line command in a terminal` : 'Run a command with control characters in a terminal',
    detail,
    command,
    warning: `${warnings.filter(Boolean).join(' ')} Read all of it before you approve.`,
  };
}
