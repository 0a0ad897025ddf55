// The chat view: dispatches validated host messages to the header, the turn views and the
// composer; batches streamed deltas per animation frame.
import {
  assertNever,
  type Attachment,
  type ChatSummary,
  type ChatView,
  type FixButtonLabels,
  type HostMessage,
  type ModelChoice,
  type RulesFileView,
  type Turn,
  type WebviewMessage,
} from '../../shared/protocol';
import { Announcer } from './announcer';
import { AssistantTurnView, type TurnDeps } from './assistantTurnView';
import { Composer } from './composer';
import { ContextMeter } from './contextMeter';
import { h, setButtonContent } from '../common/dom';
import { Header } from './header';
import { SpeechView } from '../speech/speechView';
import { createMarkdownEngine, warmUp } from '../markdown/markdown';
import { UserTurnView } from './userTurnView';
import type { UiState, VsCodeApi } from '../common/vscodeApi';

type TurnView = AssistantTurnView | UserTurnView;

interface PendingDelta {
  reasoning: string;
  content: string;
}

/** Within this many pixels of the bottom, the list follows the stream. */
const PIN_SLACK_PX = 40;

export class ChatApp {
  private chat: ChatView | undefined;
  private chats: ChatSummary[] = [];
  private models: ModelChoice[] = [];
  private balance: string | undefined;
  /** Project rules files, shown as a chip in the header. */
  private rules: RulesFileView[] = [];
  /** The fix buttons' labels from the host's last state (in the user's language). */
  private labels: FixButtonLabels | undefined;
  private readonly views = new Map<string, TurnView>();
  private readonly pending = new Map<string, PendingDelta>();
  private frame: number | undefined;
  private pinned = true;
  /** Where following the stream last scrolled to: scrolling up from there stops following. */
  private followedTo = 0;
  /** A saved scroll position not reached yet: the reopened answer is still filling in over frames. */
  private restoreTop: number | undefined;
  private restoredScroll = false;
  private readonly header: Header;
  private readonly list = h('main', { className: 'messages', attrs: { 'aria-label': 'Conversation', tabindex: '0' } });
  private readonly composer: Composer;
  private readonly meter: ContextMeter;
  private readonly announcer = new Announcer();
  private readonly speech: SpeechView;
  private readonly turnDeps: TurnDeps;

  constructor(
    root: HTMLElement,
    private readonly api: VsCodeApi,
    private readonly ui: UiState,
  ) {
    const post = (message: WebviewMessage) => api.postMessage(message);
    this.header = new Header(post);
    this.composer = new Composer(post, ui.draft, (draft) => {
      this.saveUi({ draft });
      this.updateMeter();
    });
    this.meter = new ContextMeter(post);
    this.speech = new SpeechView(post);
    this.turnDeps = {
      engine: createMarkdownEngine(),
      post,
      reasoningOpened: (id) => this.ui.openReasoning.includes(id),
      onReasoningToggle: (id, open) =>
        this.saveUi({ openReasoning: open ? [...new Set([...this.ui.openReasoning, id])] : this.ui.openReasoning.filter((x) => x !== id) }),
      onResize: () => {
        this.restoreScroll();
        this.followBottom();
      },
      labels: () => this.labels,
    };
    warmUp(this.turnDeps.engine, (task) => requestIdleCallback(task, { timeout: 2000 }));
    root.replaceChildren(
      this.header.element,
      this.speech.element,
      this.list,
      this.meter.element,
      this.composer.element,
      this.announcer.element,
    );
    let saveScroll: ReturnType<typeof setTimeout> | undefined;
    this.list.addEventListener('scroll', () => {
      if (this.restoreTop !== undefined) return;
      // Content laid out after the view followed it (a long answer fills in over frames) keeps it following.
      const top = this.list.scrollTop;
      this.pinned = top + this.list.clientHeight >= this.list.scrollHeight - PIN_SLACK_PX || (this.pinned && top >= this.followedTo);
      // Following the stream scrolls every frame; setState goes to the host, so save once it settles.
      clearTimeout(saveScroll);
      saveScroll = setTimeout(() => this.saveUi({ scrollTop: this.list.scrollTop }), 300);
    });
    this.list.addEventListener('click', (event) => this.onListClick(event));
    document.addEventListener('keydown', (event) => {
      if (event.key === 'Escape' && this.isStreaming()) {
        event.preventDefault();
        post({ type: 'stop' });
      }
    });
  }

  handle(message: HostMessage): void {
    switch (message.type) {
      case 'state':
        this.chats = message.chats;
        this.models = message.models;
        this.balance = message.balance;
        this.rules = message.rules ?? [];
        if (message.labels) {
          this.labels = message.labels;
          this.meter.setLabel(message.labels.newChatWithSummary);
        }
        this.showChat(message.chat);
        this.composer.setAttachments(message.attachments);
        break;
      case 'chats':
        this.chats = message.chats;
        this.renderHeader();
        break;
      case 'turn':
        if (message.chatId === this.chat?.id) this.upsertTurn(message.turn);
        break;
      case 'delta':
        if (message.chatId === this.chat?.id) this.queueDelta(message.turnId, message.reasoning ?? '', message.content ?? '');
        break;
      case 'retrying': {
        const view = this.views.get(message.turnId);
        if (message.chatId === this.chat?.id && view instanceof AssistantTurnView) view.showCountdown(message.seconds, message.attempt);
        break;
      }
      case 'attachments':
        this.composer.setAttachments(message.attachments satisfies Attachment[]);
        break;
      case 'balance':
        this.balance = message.text;
        this.renderHeader();
        break;
      case 'rules':
        this.rules = message.files;
        this.renderHeader();
        break;
      case 'mentionResults':
        this.composer.showMentions(message.requestId, message.items);
        break;
      case 'speech/start':
      case 'speech/audio':
      case 'speech/preview':
      case 'speech/end':
      case 'speech/stop':
      case 'speech/pause':
      case 'speech/speed':
        this.speech.handle(message);
        break;
      default:
        assertNever(message);
    }
  }

  private showChat(chat: ChatView): void {
    const sameChat = this.chat?.id === chat.id;
    this.chat = { ...chat, turns: [...chat.turns] };
    this.pending.clear();
    if (!sameChat) {
      for (const view of this.views.values()) if (view instanceof AssistantTurnView) view.dispose();
      this.views.clear();
      this.list.replaceChildren();
    }
    const ids = new Set(chat.turns.map((t) => t.id));
    for (const [id, view] of this.views) {
      if (!ids.has(id)) {
        if (view instanceof AssistantTurnView) view.dispose();
        view.element.remove();
        this.views.delete(id);
      }
    }
    for (const turn of chat.turns) this.upsertTurn(turn, false);
    this.renderHeader();
    this.composer.setService(chat.options.service);
    this.updateMeter();
    this.renderEmpty();
    this.updateStreaming();
    if (!this.restoredScroll && this.ui.chatId === chat.id) {
      this.restoreTop = this.ui.scrollTop;
      this.restoreScroll();
    } else if (!sameChat) {
      this.pinned = true;
      this.followBottom();
    }
    this.restoredScroll = true;
    this.saveUi({ chatId: chat.id });
  }

  private upsertTurn(turn: Turn, record = true): void {
    if (!this.chat) return;
    if (record) {
      const index = this.chat.turns.findIndex((t) => t.id === turn.id);
      if (index >= 0) this.chat.turns[index] = turn;
      else this.chat.turns.push(turn);
    }
    const existing = this.views.get(turn.id);
    if (existing && existing instanceof AssistantTurnView && turn.role === 'assistant') {
      this.pending.delete(turn.id);
      const wasStreaming = existing.streaming;
      existing.update(turn);
      if (wasStreaming && !existing.streaming) this.announcer.say(turn.status === 'done' ? 'Answer complete.' : 'Answer ended.');
    } else if (existing && existing instanceof UserTurnView && turn.role === 'user') {
      existing.update(turn);
    } else {
      const view =
        turn.role === 'user'
          ? new UserTurnView(turn, this.turnDeps.post, () => !this.isStreaming())
          : new AssistantTurnView(turn, this.turnDeps);
      if (existing) existing.element.replaceWith(view.element);
      else this.insertInOrder(turn.id, view.element);
      this.views.set(turn.id, view);
    }
    this.renderEmpty();
    this.updateStreaming();
    this.updateMeter();
    this.followBottom();
  }

  /** Keeps DOM order equal to the chat's turn order. */
  private insertInOrder(id: string, element: HTMLElement): void {
    const turns = this.chat?.turns ?? [];
    const index = turns.findIndex((t) => t.id === id);
    const next = turns.slice(index + 1).find((t) => this.views.has(t.id));
    const before = next ? this.views.get(next.id)?.element : undefined;
    if (before) this.list.insertBefore(element, before);
    else this.list.append(element);
  }

  private queueDelta(turnId: string, reasoning: string, content: string): void {
    const entry = this.pending.get(turnId) ?? { reasoning: '', content: '' };
    entry.reasoning += reasoning;
    entry.content += content;
    this.pending.set(turnId, entry);
    this.frame ??= requestAnimationFrame(() => this.flush());
  }

  private flush(): void {
    this.frame = undefined;
    for (const [turnId, delta] of this.pending) {
      const view = this.views.get(turnId);
      if (!(view instanceof AssistantTurnView)) continue;
      view.applyDeltas(delta.reasoning, delta.content);
      if (delta.content) this.announcer.push(delta.content);
    }
    this.pending.clear();
    // No followBottom here: reading scrollHeight right after the DOM changed would lay the view out
    // in the middle of the frame (once more per frame than needed). Each turn's ResizeObserver
    // follows it once the frame's own layout is done, before paint.
  }

  /**
   * Scrolls to the saved position, again at each resize until the content has stopped filling in over
   * frames. Only then is it known whether that position is the bottom (which pins the view): the
   * bottom of a half-laid-out answer is not, and taking it for one let the rest of the fill-in, or the
   * scroll event of the restore itself, carry the view away to the end.
   */
  private restoreScroll(): void {
    if (this.restoreTop === undefined) return;
    this.list.scrollTop = this.restoreTop;
    if (this.list.querySelector('.markdown[data-rendering]') !== null) return;
    this.restoreTop = undefined;
    this.pinned = this.list.scrollTop + this.list.clientHeight >= this.list.scrollHeight - PIN_SLACK_PX;
  }

  private followBottom(): void {
    if (!this.pinned || this.restoreTop !== undefined) return;
    this.list.scrollTop = this.list.scrollHeight;
    this.followedTo = this.list.scrollTop;
  }

  private isStreaming(): boolean {
    const last = this.chat?.turns.at(-1);
    return last?.role === 'assistant' && last.status === 'streaming';
  }

  private updateStreaming(): void {
    this.composer.setStreaming(this.isStreaming());
  }

  private renderEmpty(): void {
    const empty = this.list.querySelector('.empty-state');
    if (this.views.size === 0 && !empty) {
      this.list.append(h('div', { className: 'empty-state' }, 'Ask Tandem about your code. Attach the selection or a file for context.'));
    } else if (this.views.size > 0) {
      empty?.remove();
    }
  }

  /** The context meter: the latest answer's token count, the draft, and the chat model's window. */
  private updateMeter(): void {
    if (!this.chat) return;
    const { service, model } = this.chat.options;
    let usedTokens: number | undefined;
    for (const turn of [...this.chat.turns].reverse()) {
      if (turn.role !== 'assistant') continue;
      // Chats saved before contextTokens existed: the summed usage over-counts a tool loop, but is what there is.
      usedTokens = turn.contextTokens ?? (turn.usage ? turn.usage.promptTokens + turn.usage.completionTokens : undefined);
      if (usedTokens !== undefined) break;
    }
    const contextWindow = this.models.find((m) => m.service === service && m.id === model)?.contextWindow;
    this.meter.update({ usedTokens, draft: this.ui.draft, contextWindow }, service);
  }

  private renderHeader(): void {
    if (!this.chat) return;
    this.header.render({
      chatId: this.chat.id,
      title: this.chat.title,
      options: this.chat.options,
      chats: this.chats,
      models: this.models,
      balance: this.balance,
      rules: this.rules,
    });
  }

  private onListClick(event: MouseEvent): void {
    const target = event.target instanceof Element ? event.target.closest<HTMLButtonElement>('button[data-code-action]') : null;
    const block = target?.closest('.code-block');
    const code = block?.querySelector('code');
    if (!target || !block || !code) return;
    const action = target.dataset.codeAction;
    if (action !== 'copy' && action !== 'insert' && action !== 'newFile') return;
    const language = block instanceof HTMLElement ? block.dataset.language : undefined;
    this.turnDeps.post({ type: 'codeAction', action, code: code.textContent ?? '', ...(language ? { language } : {}) });
    if (action === 'copy') {
      setButtonContent(target, 'Copied', 'check');
      setTimeout(() => setButtonContent(target, '', 'copy'), 1500);
    }
  }

  private saveUi(change: Partial<UiState>): void {
    Object.assign(this.ui, change);
    this.api.setState(this.ui);
  }
}
