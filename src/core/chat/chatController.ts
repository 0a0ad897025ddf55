// The chats of one window: the open one, the history list, pending attachments and per-chat options.
// The view host forwards the webview's messages here; everything the user sees goes out through `emit`.
import { REASONING_EFFORTS } from '../../shared/protocol';
import { findModel, modelsFor } from '../services/modelCatalog';
import type {
  Attachment,
  ChatOptions,
  ChatSummary,
  ChatView,
  HostMessage,
  ModelChoice,
  RulesFileView,
  ServiceId,
} from '../../shared/protocol';
import type { ChatClients } from './chatRound';
import { ChatSession, type ApprovalDecision, type ChatLimits } from './chatSession';
import type { ChatStore, StoredChat } from './chatStore';
import { summaryOf } from './chatText';
import type { ProjectRules } from './projectRules';
import { withinBudget } from './mentions';
import type { ToolHost } from './toolHost';
import { meteredChatClients } from '../spend/meteredStreams';
import type { SpendGate } from '../spend/spendGate';
import type { UsageSink } from '../spend/spendTypes';
import type { Localise } from '../errors/phrase';

export interface ChatControllerDeps {
  store: ChatStore;
  clients: () => ChatClients;
  tools: ToolHost;
  emit: (message: HostMessage) => void;
  /** Defaults of a new chat, from the `tandem.chat.*` settings. */
  defaults: () => ChatOptions;
  limits: () => ChatLimits;
  newId: () => string;
  now?: () => number;
  /** Project rules (AGENTS.md…) as they are now; read before every answer (cheap: a few small files). */
  projectRules?: () => Promise<ProjectRules>;
  /** "Always allow in this workspace" on a run_command card (standing approvals). */
  allowInWorkspace?: (prefixes: string[]) => void;
  /** The spend ledger each request is recorded in, and the budget asked before it leaves. */
  spend?: { sink: UsageSink; budget: SpendGate };
  /** Translates what the chat says of errors; English when not given. */
  localise?: Localise;
}

export class ChatController {
  private current: ChatSession;
  /** Chats still answering after the user switched away keep running here. */
  private readonly sessions = new Map<string, ChatSession>();
  private attachments: Attachment[] = [];
  private balance: string | undefined;
  private readonly listed: Partial<Record<ServiceId, string[]>> = {};
  /** The rules files the header shows, as last read. */
  private rules: RulesFileView[] = [];

  constructor(private readonly deps: ChatControllerDeps) {
    this.current = this.createSession(this.freshChat());
  }

  get chat(): ChatView {
    return this.current.chat;
  }

  get currentSession(): ChatSession {
    return this.current;
  }

  /** The full sync the webview gets after `ready` and when the chat changes. */
  async state(): Promise<Extract<HostMessage, { type: 'state' }>> {
    await this.refreshRules();
    return this.stateWith(await this.deps.store.list());
  }

  /** Reads the project rules again; the header hears of a change. Returns the rules as read. */
  async refreshRules(): Promise<ProjectRules | undefined> {
    const read = await this.deps.projectRules?.();
    if (!read) return undefined;
    if (JSON.stringify(read.files) !== JSON.stringify(this.rules)) {
      this.rules = read.files;
      this.deps.emit({ type: 'rules', files: structuredClone(read.files) });
    }
    return read;
  }

  /**
   * The state as of now, built synchronously: whoever sends it must do so in the same tick, so that
   * every message emitted before is included and every one after follows it.
   */
  stateWith(chats: ChatSummary[]): Extract<HostMessage, { type: 'state' }> {
    return {
      type: 'state',
      chat: structuredClone(this.viewOf(this.current.chat)),
      chats,
      models: modelChoices(this.listed),
      attachments: [...this.attachments],
      ...(this.balance ? { balance: this.balance } : {}),
      ...(this.rules.length > 0 ? { rules: structuredClone(this.rules) } : {}),
    };
  }

  listChats(): Promise<ChatSummary[]> {
    return this.deps.store.list();
  }

  setBalance(text: string): void {
    this.balance = text;
    this.deps.emit({ type: 'balance', text });
  }

  /** Models a service's `/models` lists; the pickers offer only those the catalog also knows. */
  setListedModels(service: ServiceId, ids: string[]): void {
    const before = JSON.stringify(modelChoices(this.listed));
    this.listed[service] = ids;
    if (JSON.stringify(modelChoices(this.listed)) !== before) void this.sendState();
  }

  send(text: string): Promise<void> {
    // Many mentions must not fill the model's context: their texts share one budget, each cut visibly.
    const attachments = withinBudget(this.attachments);
    this.attachments = [];
    if (attachments.length > 0) this.deps.emit({ type: 'attachments', attachments: [] });
    return this.current.send(text, attachments);
  }

  stop(): Promise<void> {
    return this.current.stop();
  }

  retry(): Promise<void> {
    return this.current.retry();
  }

  editAndResend(turnId: string, text: string): Promise<void> {
    return this.current.editAndResend(turnId, text);
  }

  /** `files`: approve-each on a multi-file edit card, the indices of the approved files. */
  approveTool(callId: string, decision: ApprovalDecision, files?: number[]): void {
    // The card may belong to a chat answering in the background.
    if (this.current.decide(callId, decision, files)) return;
    for (const session of this.sessions.values()) if (session.decide(callId, decision, files)) return;
  }

  async newChat(attachments: Attachment[] = []): Promise<void> {
    this.switchTo(this.createSession(this.freshChat()));
    this.attachments = attachments;
    await this.sendState();
  }

  /** After context_length_exceeded: a new chat whose first message will carry a summary of this one. */
  async newChatWithSummary(): Promise<void> {
    const old = this.current.chat;
    const summary: Attachment = {
      id: this.deps.newId(),
      kind: 'file',
      label: `summary of "${old.title}"`,
      text: summaryOf(old),
      language: 'markdown',
    };
    const options = { ...old.options };
    await this.newChat([summary]);
    this.current.setOptions(options);
    await this.sendState();
  }

  async openChat(chatId: string): Promise<void> {
    if (chatId === this.current.id) return this.sendState();
    const running = this.sessions.get(chatId);
    const chat = running?.chat ?? (await this.deps.store.load(chatId));
    if (!chat) return this.sendState();
    this.switchTo(running ?? this.createSession(chat));
    await this.sendState();
  }

  async deleteChat(chatId: string): Promise<void> {
    const session = chatId === this.current.id ? this.current : this.sessions.get(chatId);
    await session?.stop();
    this.sessions.delete(chatId);
    await this.deps.store.delete(chatId);
    if (chatId === this.current.id) {
      this.current = this.createSession(this.freshChat());
      await this.sendState();
    } else {
      this.deps.emit({ type: 'chats', chats: await this.deps.store.list() });
    }
  }

  /** Per-chat choices; a model of the other service is replaced by that service's first model. */
  async setOptions(partial: Partial<ChatOptions>): Promise<void> {
    const next = normalizeOptions(
      { ...this.current.chat.options, ...partial },
      partial.service !== undefined && partial.model === undefined,
    );
    this.current.setOptions(next);
    if (next.service === 'B' && this.attachments.some((a) => a.kind === 'image')) {
      this.attachments = this.attachments.filter((a) => a.kind !== 'image');
      this.deps.emit({ type: 'attachments', attachments: [...this.attachments] });
    }
    if (this.current.chat.turns.length > 0) await this.current.save();
    await this.sendState();
  }

  /** Adds a chip; images only in Service A chats (B reads text only). Returns why it was refused. */
  addAttachment(attachment: Attachment): string | undefined {
    if (attachment.kind === 'image' && this.current.chat.options.service !== 'A') {
      return 'Images can be attached in Service A chats only: Service B reads text only. Switch this chat to Service A to send images.';
    }
    this.attachments = [...this.attachments, attachment];
    this.deps.emit({ type: 'attachments', attachments: [...this.attachments] });
    return undefined;
  }

  removeAttachment(id: string): void {
    this.attachments = this.attachments.filter((a) => a.id !== id);
    this.deps.emit({ type: 'attachments', attachments: [...this.attachments] });
  }

  /** Stops every answer (extension deactivating). */
  async dispose(): Promise<void> {
    await Promise.all([this.current, ...this.sessions.values()].map((s) => s.stop()));
  }

  private switchTo(session: ChatSession): void {
    if (this.current.busy) this.sessions.set(this.current.id, this.current);
    this.sessions.delete(session.id);
    this.current = session;
  }

  private async sendState(): Promise<void> {
    const chats = await this.deps.store.list();
    this.deps.emit(this.stateWith(chats));
  }

  private createSession(chat: StoredChat): ChatSession {
    const { spend } = this.deps;
    const metered = spend && meteredChatClients(this.deps.clients, { ...spend, chatId: chat.id, chatTitle: () => chat.title });
    const session: ChatSession = new ChatSession(chat, {
      clients: metered ? () => metered : this.deps.clients,
      tools: this.deps.tools,
      emit: this.deps.emit,
      save: (c) => this.save(c),
      limits: this.deps.limits,
      newId: this.deps.newId,
      now: this.now,
      resync: () => {
        if (session === this.current) void this.sendState();
      },
      projectInstructions: async () => (await this.refreshRules())?.section,
      allowInWorkspace: this.deps.allowInWorkspace,
      localise: this.deps.localise,
    });
    return session;
  }

  private async save(chat: StoredChat): Promise<void> {
    await this.deps.store.save(chat);
    this.deps.emit({ type: 'chats', chats: await this.deps.store.list() });
    // A finished background chat has nothing left to keep alive.
    const background = this.sessions.get(chat.id);
    if (background && !background.busy) this.sessions.delete(chat.id);
  }

  private freshChat(): StoredChat {
    return {
      id: this.deps.newId(),
      title: 'New chat',
      options: normalizeOptions(this.deps.defaults(), false),
      turns: [],
      wire: {},
      updatedAt: this.now(),
    };
  }

  private readonly now = (): number => (this.deps.now ?? Date.now)();

  private viewOf(chat: StoredChat): ChatView {
    return { id: chat.id, title: chat.title, options: chat.options, turns: chat.turns };
  }
}

export function modelChoices(listed: Partial<Record<ServiceId, string[]>> = {}): ModelChoice[] {
  return (['A', 'B'] as ServiceId[]).flatMap((service) => {
    const all = modelsFor(service, 'text');
    const known = listed[service];
    // An empty or unrelated list (a proxy, a renamed model) must not leave the picker empty.
    const usable = known ? all.filter((m) => known.includes(m.id)) : all;
    return (usable.length > 0 ? usable : all).map((m) => ({
      service,
      id: m.id,
      label: m.label,
      // For the context meter; Service A does not state its windows.
      ...(m.contextLength ? { contextWindow: m.contextLength } : {}),
    }));
  });
}

/** Keeps options consistent: the model belongs to the service, web search is Service A's only. */
export function normalizeOptions(options: ChatOptions, serviceChanged: boolean): ChatOptions {
  const service: ServiceId = options.service === 'A' ? 'A' : 'B';
  const info = findModel(options.model);
  const model = !serviceChanged && info && info.service === service && info.kind === 'text' ? info.id : modelsFor(service, 'text')[0].id;
  return {
    service,
    model,
    thinking: options.thinking !== false,
    reasoningEffort: REASONING_EFFORTS.includes(options.reasoningEffort) ? options.reasoningEffort : REASONING_EFFORTS[0],
    webSearch: service === 'A' && options.webSearch === true,
  };
}
