import { randomUUID } from 'node:crypto';
import * as vscode from 'vscode';
import { COMMANDS } from '../../core/commandCatalog';
import { ChatController } from '../../core/chat/chatController';
import { KeyValueChatStore } from '../../core/chat/chatStore';
import type { ServiceClients } from '../serviceClients';
import { ChatEditorActions } from './chatEditorActions';
import { chatDefaults, chatLimits } from './chatSettings';
import { ChatViewProvider } from './chatViewProvider';
import { CommandRulesStore } from './commandRulesStore';
import { manageApprovals } from './manageApprovals';
import { ProposedEdits } from './proposedEdits';
import { WorkspaceTools } from './workspaceTools';

export interface ChatRegistration {
  controller: ChatController;
  /** The persisted chats (globalState); a reloaded window reads them from here. */
  store: KeyValueChatStore;
  provider: ChatViewProvider;
  /** The standing command rules (workspaceState and the user setting). */
  commandRules: CommandRulesStore;
  disposables: vscode.Disposable[];
}

/** Builds the sidebar chat: persisted chats, workspace tools, the webview host and its commands. */
export function registerChat(context: vscode.ExtensionContext, clients: ServiceClients, log: vscode.LogOutputChannel): ChatRegistration {
  const newId = () => randomUUID();
  const proposals = new ProposedEdits();
  const store = new KeyValueChatStore(context.globalState);
  const commandRules = new CommandRulesStore(context.workspaceState);
  const controller = new ChatController({
    store,
    clients: () => clients,
    tools: new WorkspaceTools(
      proposals,
      (): string => `Service ${controller.chat.options.service}`,
      () => commandRules.effective(),
    ),
    // The controller emits only after the provider below exists.
    emit: (message) => provider.post(message),
    defaults: chatDefaults,
    limits: chatLimits,
    newId,
    allowInWorkspace: (prefixes) => void commandRules.add('allow', prefixes),
  });
  const actions = new ChatEditorActions(() => controller, clients, log, newId);
  const provider = new ChatViewProvider(context.extensionUri, controller, actions, log);
  const disposables = [
    proposals,
    provider,
    vscode.window.registerWebviewViewProvider(ChatViewProvider.viewId, provider, { webviewOptions: { retainContextWhenHidden: true } }),
    vscode.commands.registerCommand(COMMANDS.newChat, async () => {
      await vscode.commands.executeCommand(`${ChatViewProvider.viewId}.focus`);
      await controller.newChat();
    }),
    vscode.commands.registerCommand(COMMANDS.manageApprovals, () => manageApprovals(commandRules)),
    // Returns its promise, so deactivate() waits for the answers to stop.
    { dispose: () => controller.dispose() },
  ];
  return { controller, store, provider, commandRules, disposables };
}
