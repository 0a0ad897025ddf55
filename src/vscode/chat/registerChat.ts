import { randomUUID } from 'node:crypto';
import * as vscode from 'vscode';
import { COMMANDS } from '../../core/config/commandCatalog';
import { ChatController, type ChatControllerDeps } from '../../core/chat/chatController';
import { KeyValueChatStore } from '../../core/chat/chatStore';
import type { HostMessage } from '../../shared/protocol';
import type { OutflowGate } from '../security/outflowGate';
import type { ServiceClients } from '../services/serviceClients';
import { ChatEditorActions } from './chatEditorActions';
import { chatDefaults, chatLimits } from './chatSettings';
import { CheckpointStore } from './checkpointStore';
import { ChatViewProvider } from './chatViewProvider';
import { copyChat, exportChat } from './exportChat';
import { ProjectRulesSource } from './projectRulesSource';
import { MentionSource } from './mentionSource';
import { CommandRulesStore } from './commandRulesStore';
import { manageApprovals } from './manageApprovals';
import { ProposedEdits } from './proposedEdits';
import { CheckpointRestorer } from './restoreCheckpoint';
import { WorkspaceTools } from './workspaceTools';
import { McpToolHost } from '../mcp/mcpToolHost';
import { registerMcpCommands } from '../mcp/mcpCommands';
import { McpComposer } from '../mcp/mcpComposer';

export interface ChatRegistration {
  controller: ChatController;
  /** The persisted chats (globalState); a reloaded window reads them from here. */
  store: KeyValueChatStore;
  provider: ChatViewProvider;
  /** Approved edits, kept in globalState for "Restore files to here" and "Undo last edit". */
  checkpoints: CheckpointStore;
  restorer: CheckpointRestorer;
  /** The standing command rules (workspaceState and the user setting). */
  commandRules: CommandRulesStore;
  /** Everything the chat emits, whether or not the view is showing (auto-read follows answers here). */
  onDidEmit: vscode.Event<HostMessage>;
  /** The sensitive-content gate the tools and mentions ask. */
  gate: OutflowGate;
  /** The built-in tools with the MCP servers' added (the runtime loads on the first answer that could use them). */
  mcp: McpToolHost;
  disposables: vscode.Disposable[];
}

/** Builds the sidebar chat: persisted chats, workspace tools, the webview host and its commands. */
export function registerChat(
  context: vscode.ExtensionContext,
  clients: ServiceClients,
  log: vscode.LogOutputChannel,
  gate: OutflowGate,
  /** The spend ledger each request is recorded in, and the budget asked before it leaves. */
  spend?: ChatControllerDeps['spend'],
): ChatRegistration {
  const newId = () => randomUUID();
  const proposals = new ProposedEdits();
  const store = new KeyValueChatStore(context.globalState);
  const rules = new ProjectRulesSource(gate);
  const checkpoints = new CheckpointStore(context.globalState, undefined, undefined, undefined, gate);
  const restorer = new CheckpointRestorer(checkpoints.log, proposals);
  const commandRules = new CommandRulesStore(context.workspaceState);
  const emitted = new vscode.EventEmitter<HostMessage>();
  const mcp = new McpToolHost(
    new WorkspaceTools(
      proposals,
      (): string => `Service ${controller.chat.options.service}`,
      () => commandRules.effective(),
      checkpoints,
      gate,
    ),
    context,
  );
  const controller = new ChatController({
    store,
    clients: () => clients,
    spend,
    tools: mcp,
    // The controller emits only after the provider below exists.
    emit: (message) => {
      provider.post(message);
      emitted.fire(message);
    },
    defaults: chatDefaults,
    limits: chatLimits,
    newId,
    projectRules: () => rules.read(),
    allowInWorkspace: (prefixes) => void commandRules.add('allow', prefixes),
  });
  const mentions = new MentionSource(log, gate);
  const actions = new ChatEditorActions(() => controller, clients, log, newId, mentions);
  actions.mcp = new McpComposer(mcp);
  const provider = new ChatViewProvider(context.extensionUri, controller, actions, log, restorer);
  const disposables = [
    emitted,
    proposals,
    mentions,
    provider,
    rules,
    rules.onDidChange(() => void controller.refreshRules()),
    vscode.window.registerWebviewViewProvider(ChatViewProvider.viewId, provider, { webviewOptions: { retainContextWhenHidden: true } }),
    vscode.commands.registerCommand(COMMANDS.newChat, async () => {
      await vscode.commands.executeCommand(`${ChatViewProvider.viewId}.focus`);
      await controller.newChat();
    }),
    // `target` lets a caller (and the tests) skip the save dialog.
    vscode.commands.registerCommand(COMMANDS.exportChat, (target?: unknown) =>
      exportChat(controller, target instanceof vscode.Uri ? target : undefined),
    ),
    vscode.commands.registerCommand(COMMANDS.copyChat, () => copyChat(controller)),
    vscode.commands.registerCommand(COMMANDS.undoLastEdit, () => restorer.undoLast(controller.chat.id)),
    vscode.commands.registerCommand(COMMANDS.manageApprovals, () => manageApprovals(commandRules)),
    // Returns its promise, so deactivate() waits for the answers to stop.
    { dispose: () => controller.dispose() },
    // The MCP server processes stop with the window.
    mcp,
    ...registerMcpCommands(mcp),
  ];
  return { controller, store, provider, checkpoints, restorer, commandRules, onDidEmit: emitted.event, gate, mcp, disposables };
}
