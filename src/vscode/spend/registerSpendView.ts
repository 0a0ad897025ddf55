import * as vscode from 'vscode';
import type { SpendBalance } from '../../shared/spendProtocol';
import type { ChatRegistration } from '../chat/registerChat';
import { CHAT_VIEW_ID } from '../chat/chatContributions';
import type { SpendRegistration } from './registerSpend';
import { SpendPanel } from './spendPanel';

/**
 * The Spend panel and the chat links in it. This file is the entry of its own bundle (dist/spendView.js),
 * built when Tandem: Show Spend first runs; activate() has already registered that command.
 */
export function registerSpendView(
  context: vscode.ExtensionContext,
  spend: SpendRegistration,
  /** Asked only when a chat link is followed, so that the panel does not load the chat. */
  chat: () => Pick<ChatRegistration, 'controller'>,
  log: vscode.LogOutputChannel,
  balance: () => SpendBalance | undefined = () => undefined,
): { panel: SpendPanel; disposables: vscode.Disposable[] } {
  const panel = new SpendPanel({
    extensionUri: context.extensionUri,
    ledger: spend.ledger,
    spent: () => spend.guard.spent(),
    balance,
    openChat: async (chatId) => {
      await vscode.commands.executeCommand(`${CHAT_VIEW_ID}.focus`);
      await chat().controller.openChat(chatId);
    },
    log,
  });
  return { panel, disposables: [panel] };
}
