import * as vscode from 'vscode';

/** A command's handler, as vscode.commands.registerCommand takes it. */
export type CommandHandler = (...args: unknown[]) => unknown;

/**
 * Registers `ids` now, so the commands exist from activation on, and loads their handlers (a feature's
 * lazy bundle, see src/core/lifecycle/lazyModule.ts) the first time one of them runs.
 */
export function registerLazyCommands<Id extends string>(
  ids: readonly Id[],
  handlers: () => Record<Id, CommandHandler>,
): vscode.Disposable[] {
  return ids.map((id) => vscode.commands.registerCommand(id, (...args: unknown[]) => handlers()[id](...args)));
}
