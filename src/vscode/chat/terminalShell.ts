// The shell of Tandem's terminal for this window, decided once (commandShell.ts) from the platform,
// the user's default shell and PATH, so the rules judge for the shell the terminal then runs.
import { accessSync, constants, statSync } from 'node:fs';
import * as vscode from 'vscode';
import { commandShell, type CommandShell } from '../../core/tools/commandShell';

export function terminalShell(): () => CommandShell {
  let chosen: CommandShell | undefined;
  return () =>
    (chosen ??= commandShell({ platform: process.platform, defaultShell: vscode.env.shell, path: process.env.PATH, isExecutable }));
}

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return statSync(file).isFile();
  } catch {
    return false;
  }
}
