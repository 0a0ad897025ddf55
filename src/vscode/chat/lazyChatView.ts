import * as vscode from 'vscode';
import { registerLazyCommands } from '../lifecycle/lazyCommands';
import { CHAT_COMMANDS, CHAT_VIEW_ID } from './chatContributions';
import type { ChatRegistration } from './registerChat';

/**
 * The chat's view and commands, registered at activation while the chat itself (dist/chat.js) is built
 * by `chat` the first time the view resolves or a chat command runs.
 */
export function registerLazyChat(chat: () => Pick<ChatRegistration, 'provider' | 'commands'>): vscode.Disposable[] {
  return [
    vscode.window.registerWebviewViewProvider(
      CHAT_VIEW_ID,
      { resolveWebviewView: (view) => chat().provider.resolveWebviewView(view) },
      { webviewOptions: { retainContextWhenHidden: true } },
    ),
    ...registerLazyCommands(CHAT_COMMANDS, () => chat().commands),
  ];
}
