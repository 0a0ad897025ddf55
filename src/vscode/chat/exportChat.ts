// Tandem: Export Chat as Markdown… and Tandem: Copy Chat. The document is written by
// core/chat/chatMarkdown.ts; this file picks where it goes.
import * as vscode from 'vscode';
import { chatMarkdown, markdownFileName } from '../../core/chat/chatMarkdown';
import type { ChatController } from '../../core/chat/chatController';

/** Writes the open chat as Markdown to `target`, or where the save dialog says. Returns the file, or undefined. */
export async function exportChat(controller: ChatController, target?: vscode.Uri): Promise<vscode.Uri | undefined> {
  // As kept: the secrets the chat handled (a .env read) are replaced, even while an answer streams.
  const chat = controller.currentSession.keptChat();
  if (!hasTurns(chat.turns.length)) return undefined;
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
  const uri =
    target ??
    (await vscode.window.showSaveDialog({
      defaultUri: folder && vscode.Uri.joinPath(folder, markdownFileName(chat.title)),
      filters: { [vscode.l10n.t('Markdown')]: ['md'] },
      saveLabel: vscode.l10n.t('Export'),
      title: vscode.l10n.t('Export Chat as Markdown'),
    }));
  if (!uri) return undefined;
  await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(chatMarkdown(chat, { date: new Date() })));
  const open = vscode.l10n.t('Open');
  void vscode.window
    .showInformationMessage(vscode.l10n.t('Tandem: chat exported to {0}.', vscode.workspace.asRelativePath(uri)), open)
    .then((choice) => (choice === open ? vscode.window.showTextDocument(uri) : undefined));
  return uri;
}

/** Puts the open chat on the clipboard as Markdown. Returns whether there was anything to copy. */
export async function copyChat(controller: ChatController): Promise<boolean> {
  const chat = controller.currentSession.keptChat();
  if (!hasTurns(chat.turns.length)) return false;
  await vscode.env.clipboard.writeText(chatMarkdown(chat, { date: new Date() }));
  void vscode.window.showInformationMessage(vscode.l10n.t('Tandem: chat copied as Markdown.'));
  return true;
}

function hasTurns(count: number): boolean {
  if (count > 0) return true;
  void vscode.window.showInformationMessage(vscode.l10n.t('Tandem: this chat is empty; there is nothing to export yet.'));
  return false;
}
