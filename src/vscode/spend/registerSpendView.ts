import * as vscode from 'vscode';
import { COMMANDS } from '../../core/config/commandCatalog';
import type { SpendBalance } from '../../shared/spendProtocol';
import type { ChatRegistration } from '../chat/registerChat';
import { ChatViewProvider } from '../chat/chatViewProvider';
import type { SpendRegistration } from './registerSpend';
import { SpendPanel } from './spendPanel';

/** Tandem: Show Spend, its panel, and the chat links in it. */
export function registerSpendView(
  context: vscode.ExtensionContext,
  spend: SpendRegistration,
  chat: Pick<ChatRegistration, 'controller'>,
  log: vscode.LogOutputChannel,
  balance: () => SpendBalance | undefined = () => undefined,
): { panel: SpendPanel; disposables: vscode.Disposable[] } {
  const panel = new SpendPanel({
    extensionUri: context.extensionUri,
    ledger: spend.ledger,
    spent: () => spend.guard.spent(),
    balance,
    openChat: async (chatId) => {
      await vscode.commands.executeCommand(`${ChatViewProvider.viewId}.focus`);
      await chat.controller.openChat(chatId);
    },
    log,
  });
  return { panel, disposables: [panel, vscode.commands.registerCommand(COMMANDS.showSpend, () => panel.show())] };
}
