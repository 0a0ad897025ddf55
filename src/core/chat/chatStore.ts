// Where chats are kept between window reloads; the vscode layer backs it with globalState.
import type { ChatMessage } from '../services/wireTypes';
import type { ChatSummary, ChatView } from '../../shared/protocol';
import { keptAttachment } from './unsavedContent';

/** A chat as stored: what the user sees, plus the wire messages each assistant turn produced. */
export interface StoredChat extends ChatView {
  updatedAt: number;
  /**
   * Per assistant turn id: the assistant and tool messages of its tool loop, exactly as they are
   * sent back (tool call ids, tool results, and the reasoning of tool-call turns).
   */
  wire: Record<string, ChatMessage[]>;
}

export interface ChatStore {
  /** Newest first. */
  list(): Promise<ChatSummary[]>;
  load(id: string): Promise<StoredChat | undefined>;
  save(chat: StoredChat): Promise<void>;
  delete(id: string): Promise<void>;
}

/** The part of vscode.Memento the store needs. */
export interface KeyValueStorage {
  get<T>(key: string): T | undefined;
  update(key: string, value: unknown): Thenable<void> | Promise<void>;
}

const INDEX_KEY = 'tandem.chat.index';
const chatKey = (id: string) => `tandem.chat.${id}`;

/** One key per chat plus an index of summaries, so the history list loads without every chat. */
export class KeyValueChatStore implements ChatStore {
  constructor(private readonly storage: KeyValueStorage) {}

  async list(): Promise<ChatSummary[]> {
    const index = this.storage.get<ChatSummary[]>(INDEX_KEY) ?? [];
    return [...index].sort((a, b) => b.updatedAt - a.updatedAt);
  }

  async load(id: string): Promise<StoredChat | undefined> {
    const chat = this.storage.get<StoredChat>(chatKey(id));
    if (!chat) return undefined;
    // A turn that was streaming when the window closed ended there.
    for (const turn of chat.turns) if (turn.role === 'assistant' && turn.status === 'streaming') turn.status = 'stopped';
    return chat;
  }

  async save(chat: StoredChat): Promise<void> {
    await this.storage.update(chatKey(chat.id), withoutSensitiveText(chat));
    const index = (this.storage.get<ChatSummary[]>(INDEX_KEY) ?? []).filter((s) => s.id !== chat.id);
    index.push({ id: chat.id, title: chat.title, updatedAt: chat.updatedAt });
    await this.storage.update(INDEX_KEY, index);
  }

  async delete(id: string): Promise<void> {
    await this.storage.update(chatKey(id), undefined);
    await this.storage.update(
      INDEX_KEY,
      (this.storage.get<ChatSummary[]>(INDEX_KEY) ?? []).filter((s) => s.id !== id),
    );
  }
}

/**
 * Defence in depth: the session already keeps placeholders for sensitive content, but the text of an
 * attachment marked sensitive is never written, whoever hands the chat in.
 */
function withoutSensitiveText(chat: StoredChat): StoredChat {
  if (!chat.turns.some((t) => t.role === 'user' && t.attachments.some((a) => a.sensitive))) return chat;
  return { ...chat, turns: chat.turns.map((t) => (t.role === 'user' ? { ...t, attachments: t.attachments.map(keptAttachment) } : t)) };
}
