import * as path from 'node:path';
import * as vscode from 'vscode';
import { preparedCommand } from '../../core/tools/commandApproval';
import { mayRunGit } from '../../core/tools/commandRules';
import { gitDirRisks } from '../../core/tools/gitDirRisks';
import { stringArg } from '../../core/tools/toolArgs';
import { TOOL_DEFINITIONS } from '../../core/tools/toolDefinitions';
import { ToolRefusal, type GatedTool } from '../../core/tools/toolRegistry';
import { gitDirFacts } from '../chat/gitDirFacts';
import type { ToolContext } from './toolContext';

/** Runs in the "Tandem" terminal at the first usable folder, after the card or a standing rule allows it. */
export const runCommand: GatedTool<'run_command', ToolContext, { command: string; cwd: string }> = {
  definition: TOOL_DEFINITIONS.run_command,
  gated: true,
  async prepare(args, tools) {
    const command = stringArg(args, 'command');
    if (!vscode.workspace.isTrusted) {
      throw new ToolRefusal(
        'run_command is unavailable: this workspace is not trusted (Restricted Mode), so Tandem runs no commands in it',
      );
    }
    if (command.trim() === '') throw new ToolRefusal('run_command: the command is empty');
    const root = tools.roots()[0];
    if (!root) throw new ToolRefusal('run_command: no workspace folder is open');
    // Judged for the shell the terminal runs; a command that may run git, also against the git folder.
    const gitRisks = mayRunGit(command) ? gitDirRisks(await gitDirFacts(root.fsPath)) : [];
    // A word of the command is judged by the gate as the file it names in the folder it runs in (real path too).
    const isSensitive = (p: string) => tools.gate.judgeNow('tool', vscode.Uri.file(path.resolve(root.fsPath, p))).sensitive !== undefined;
    const terminal = tools.services.terminal;
    const context = { rules: tools.services.commandRules(), isSensitive, shell: terminal.shell, gitRisks };
    return { plan: { command, cwd: root.fsPath }, ...preparedCommand(command, root.folder.name, context) };
  },
  async run({ command, cwd }, signal, _context, tools) {
    return tools.services.terminal.run(cwd, command, signal);
  },
};
