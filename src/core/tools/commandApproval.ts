// What the approval card of run_command says. The card shows the command verbatim; "Always" may
// cover it only when what the user reads is all that runs: one line, no control characters.
import type { ToolApproval } from '../../shared/protocol';

// C0 and C1 controls (tab too: in a terminal it completes), DEL, and the invisible format characters
// that reorder or hide text (bidirectional overrides, zero-width characters, line separators, BOM).
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/;
// A terminal runs what precedes a carriage return as well as a line feed.
const LINE_BREAK = /\r\n|\r|\n/g;

export function commandApproval(command: string, workingDirectory: string): ToolApproval {
  const lines = command.split(LINE_BREAK).length;
  const controls = CONTROL.test(command.replace(LINE_BREAK, ''));
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
