import { randomUUID } from 'node:crypto';
import * as vscode from 'vscode';
import { COMMANDS } from '../../core/config/commandCatalog';
import { ChatController, type ChatControllerDeps } from '../../core/chat/chatController';
import { KeyValueChatStore } from '../../core/chat/chatStore';
import { MENTION_IDS, type HostMessage } from '../../shared/protocol';
import type { OutflowGate } from '../security/outflowGate';
import type { CommandHandler } from '../lifecycle/lazyCommands';
import type { ServiceClients } from '../services/serviceClients';
import { CHAT_VIEW_ID, type CHAT_COMMANDS } from './chatContributions';
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
import { WorkspaceToolHost } from '../tools/workspaceToolHost';
import { localise } from '../errors/localise';
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
  /** What each chat command does; activate() registered the commands and calls these. */
  commands: Record<(typeof CHAT_COMMANDS)[number], CommandHandler>;
  /** The project rules section (AGENTS.md) as the chat sends it, or undefined; inline edits send it too. */
  rulesSection: () => Promise<string | undefined>;
  /** Shows the chat and attaches the editor's selection, asking first for a sensitive file (Explain with Tandem). */
  attachSelection: () => Promise<void>;
  /** The built-in tools with the MCP servers' added (the runtime loads on the first answer that could use them). */
  mcp: McpToolHost;
  disposables: vscode.Disposable[];
}

/**
 * Builds the sidebar chat: persisted chats, workspace tools, the webview host and its commands. This is
 * the entry of the chat's own bundle (dist/chat.js), built when the view first resolves or a chat
 * command first runs; activate() has already registered the view and the commands.
 */
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
    new WorkspaceToolHost(
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
    localise,
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
    // Returns its promise, so deactivate() waits for the answers to stop.
    { dispose: () => controller.dispose() },
    // The MCP server processes stop with the window.
    mcp,
    ...registerMcpCommands(mcp),
  ];
  const commands = {
    [COMMANDS.newChat]: async () => {
      await vscode.commands.executeCommand(`${CHAT_VIEW_ID}.focus`);
      await controller.newChat();
    },
    // `target` lets a caller (and the tests) skip the save dialog.
    [COMMANDS.exportChat]: (target?: unknown) => exportChat(controller, target instanceof vscode.Uri ? target : undefined),
    [COMMANDS.copyChat]: () => copyChat(controller),
    [COMMANDS.undoLastEdit]: () => restorer.undoLast(controller.chat.id),
    [COMMANDS.manageApprovals]: () => manageApprovals(commandRules),
  };
  const attachSelection = async () => {
    await vscode.commands.executeCommand(`${CHAT_VIEW_ID}.focus`);
    await actions.mention(MENTION_IDS.selection);
  };
  const rulesSection = async () => (await rules.read()).section;
  return {
    controller,
    store,
    provider,
    checkpoints,
    restorer,
    commandRules,
    onDidEmit: emitted.event,
    gate,
    commands,
    rulesSection,
    mcp,
    attachSelection,
    disposables,
  };
}
