import * as vscode from 'vscode';
import type { ChatController } from '../../core/chat/chatController';
import { Disposable, disposeAll } from '../../core/lifecycle/disposable';
import { DisposableStore } from '../../core/lifecycle/disposableStore';
import {
  assertNever,
  type HostMessage,
  type SpeechHostMessage,
  type SpeechWebviewMessage,
  type WebviewMessage,
} from '../../shared/protocol';
import { parseWebviewMessage } from '../../shared/validateWebviewMessage';
import type { ChatEditorActions } from './chatEditorActions';
import type { CheckpointRestorer } from './restoreCheckpoint';
import type { SpeechView } from '../speech/speechView';
import { fixButtonLabels } from '../errors/errorNotice';
import { webviewHtml } from '../ui/webviewHtml';
import { CHAT_VIEW_ID } from './chatContributions';

/**
 * The host of the `tandem.chat` webview: validates what the webview sends, dispatches it to the chat
 * controller, and posts the controller's messages back once the webview has said it is ready.
 */
export class ChatViewProvider extends Disposable implements vscode.WebviewViewProvider, vscode.Disposable, SpeechView {
  static readonly viewId = CHAT_VIEW_ID;
  private view: vscode.WebviewView | undefined;
  private ready = false;
  /**
   * The webview's script is running, so read aloud may post: set at `ready`, before the chat state
   * (which waits for the chat list, then takes a while to render), so a reading that had to open the
   * view starts playing first.
   */
  private speechReady = false;
  /** Deltas of one I/O turn, merged into one message (an SSE read often holds many chunks). */
  private pendingDeltas: Array<Extract<HostMessage, { type: 'delta' }>> = [];
  private flushScheduled = false;
  private readonly posted = new vscode.EventEmitter<HostMessage>();
  /** Every message sent to the webview (tests and logging listen here). */
  readonly onDidPost = this.posted.event;
  private readonly speechIn = new vscode.EventEmitter<SpeechWebviewMessage>();
  /** The audio player's reports (read aloud). */
  readonly onSpeechMessage = this.speechIn.event;
  private readonly readAnswerIn = new vscode.EventEmitter<string>();
  /** An answer's speaker button (read aloud chat answers): the id of the turn to read. */
  readonly onReadAnswer = this.readAnswerIn.event;
  private readonly readyChanged = new vscode.EventEmitter<boolean>();
  /** The webview became ready (true) or went away (false). */
  readonly onDidChangeReady = this.readyChanged.event;
  /** The listeners of each live view, disposed with it: VS Code resolves a new view each time it is moved or reloaded. */
  private readonly viewListeners = new Set<DisposableStore>();

  constructor(
    private readonly extensionUri: vscode.Uri,
    private readonly controller: ChatController,
    private readonly actions: ChatEditorActions,
    private readonly log: vscode.LogOutputChannel,
    /** "Restore files to here" (checkpoints). */
    private readonly restorer?: CheckpointRestorer,
  ) {
    super();
    for (const emitter of [this.posted, this.speechIn, this.readAnswerIn, this.readyChanged]) this._register(emitter);
    this._register({ dispose: () => disposeAll([...this.viewListeners]) });
  }

  /** Whether VS Code has created the view (it does so when the view is first shown). */
  get resolved(): boolean {
    return this.view !== undefined;
  }

  resolveWebviewView(view: vscode.WebviewView): void {
    this.view = view;
    this.ready = false;
    this.speechReady = false;
    view.webview.options = {
      enableScripts: true,
      localResourceRoots: [vscode.Uri.joinPath(this.extensionUri, 'dist'), vscode.Uri.joinPath(this.extensionUri, 'media')],
    };
    view.webview.html = webviewHtml(view.webview, this.extensionUri, {
      title: 'Tandem Chat',
      script: ['dist', 'webview.js'],
      styles: [
        ['dist', 'codicon.css'],
        ['media', 'chat.css'],
      ],
      root: '<div id="app"></div>',
      images: true,
    });
    const listeners = new DisposableStore();
    this.viewListeners.add(listeners);
    listeners.add(view.webview.onDidReceiveMessage((raw) => this.receive(raw)));
    listeners.add(
      view.onDidDispose(() => {
        this.viewListeners.delete(listeners);
        void listeners.dispose();
        if (this.view === view) {
          this.view = undefined;
          this.ready = false;
          this.speechReady = false;
          this.pendingDeltas = [];
          this.readyChanged.fire(false);
        }
      }),
    );
  }

  /**
   * What the controller emits. Until the webview says `ready` nothing is posted: its answer is a full
   * state built at that moment, which already holds everything emitted before (so no queue replays).
   */
  post(message: HostMessage): void {
    if (!this.view || !this.ready) return;
    if (message.type === 'delta') {
      const last = this.pendingDeltas.at(-1);
      if (last && last.chatId === message.chatId && last.turnId === message.turnId) {
        this.pendingDeltas[this.pendingDeltas.length - 1] = mergeDeltas(last, message);
      } else {
        this.pendingDeltas.push(message);
      }
      if (!this.flushScheduled) {
        this.flushScheduled = true;
        setImmediate(() => this.flushDeltas());
      }
      return;
    }
    // Order matters: text streamed so far lands before the turn update that follows it.
    this.flushDeltas();
    this.send(message);
  }

  /** Read aloud: posts to the player now; with no ready webview the message is dropped (the reading learns of it from onDidChangeReady). */
  postSpeech(message: SpeechHostMessage): void {
    if (this.view && this.speechReady) this.send(message);
  }

  /**
   * Shows the view without taking focus from the editor, and resolves whether its webview is ready
   * within `timeoutMs` (it may never be: the view can be hidden by the user or fail to load).
   */
  async revealWithoutFocus(timeoutMs: number): Promise<boolean> {
    if (this.view) this.view.show(true);
    else {
      // `<view>.open` with preserveFocus opens a view without focusing it; `.focus` would move focus.
      await vscode.commands
        .executeCommand(`${ChatViewProvider.viewId}.open`, { preserveFocus: true })
        .then(undefined, (e) => this.log.warn(`chat: could not open the view: ${e instanceof Error ? e.message : String(e)}`));
    }
    if (this.speechReady) return true;
    return new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => done(false), timeoutMs);
      const listener = this.readyChanged.event((ready) => ready && done(true));
      const done = (ready: boolean) => {
        clearTimeout(timer);
        listener.dispose();
        resolve(ready);
      };
    });
  }

  private flushDeltas(): void {
    this.flushScheduled = false;
    const deltas = this.pendingDeltas;
    this.pendingDeltas = [];
    for (const d of deltas) this.send(d);
  }

  /** Entry point of every webview message: validated, then dispatched. Public so tests can drive it. */
  async receive(raw: unknown): Promise<void> {
    const message = parseWebviewMessage(raw);
    if (!message) {
      this.log.warn(`chat: dropped an invalid webview message (${describe(raw)})`);
      return;
    }
    try {
      await this.dispatch(message);
    } catch (error) {
      this.log.error(`chat: ${message.type} failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  private async dispatch(message: WebviewMessage): Promise<void> {
    const c = this.controller;
    switch (message.type) {
      case 'ready':
        return this.onReady();
      case 'send':
        return this.actions.afterAnswer(c.send(message.text), c.chat.options.service);
      case 'stop':
        return c.stop();
      case 'retry':
        return this.actions.afterAnswer(c.retry(), c.chat.options.service);
      case 'editAndResend':
        return this.actions.afterAnswer(c.editAndResend(message.turnId, message.text), c.chat.options.service);
      case 'newChat':
        return c.newChat();
      case 'openChat':
        return c.openChat(message.chatId);
      case 'deleteChat':
        await this.restorer?.forget(message.chatId);
        return c.deleteChat(message.chatId);
      case 'setOptions':
        return c.setOptions(message.options);
      case 'mention':
        return this.actions.mention(message.itemId);
      case 'mentionQuery':
        return this.post(await this.actions.mentionQuery(message.requestId, message.query));
      case 'attachImage':
        return this.actions.attachImage(message.name, message.dataUrl);
      case 'removeAttachment':
        return c.removeAttachment(message.id);
      case 'approveTool':
        return c.approveTool(message.callId, message.decision);
      case 'approveEdits':
        return c.approveTool(message.callId, 'approve', message.files);
      case 'restoreCheckpoint':
        return void (await this.restorer?.restoreTo(
          c.chat.id,
          c.chat.turns.filter((t) => t.role === 'user').map((t) => t.id),
          message.turnId,
        ));
      case 'codeAction':
        return this.actions.codeAction(message.action, message.code, message.language);
      case 'errorAction':
        return this.actions.errorAction(message.action, message.service);
      case 'speech/playing':
      case 'speech/progress':
      case 'speech/ended':
      case 'speech/failed':
      case 'speech/stopRequested':
      case 'speech/speedChanged':
        return this.speechIn.fire(message);
      case 'speech/readAnswer':
        return this.readAnswerIn.fire(message.turnId);
      default:
        return assertNever(message);
    }
  }

  /** A (re)created webview gets the whole state; it includes everything emitted before it. */
  private async onReady(): Promise<void> {
    this.ready = false;
    // Read aloud first (see speechReady); its listeners post synchronously, ahead of the state.
    this.speechReady = true;
    this.readyChanged.fire(true);
    const chats = await this.controller.listChats();
    // From here on synchronous: the state is built, sent, and later messages follow it.
    this.pendingDeltas = [];
    this.ready = true;
    this.send(this.controller.stateWith(chats));
    this.actions.refreshAccount(true);
  }

  private send(sent: HostMessage): void {
    // The view's fix buttons read in the user's language, labelled here (the webview has no l10n of its own).
    const message: HostMessage = sent.type === 'state' ? { ...sent, labels: fixButtonLabels() } : sent;
    this.posted.fire(message);
    void this.view?.webview.postMessage(message);
  }
}

function mergeDeltas(
  a: Extract<HostMessage, { type: 'delta' }>,
  b: Extract<HostMessage, { type: 'delta' }>,
): Extract<HostMessage, { type: 'delta' }> {
  const reasoning = (a.reasoning ?? '') + (b.reasoning ?? '');
  const content = (a.content ?? '') + (b.content ?? '');
  return { type: 'delta', chatId: a.chatId, turnId: a.turnId, ...(reasoning ? { reasoning } : {}), ...(content ? { content } : {}) };
}

function describe(raw: unknown): string {
  const type = typeof raw === 'object' && raw !== null ? (raw as { type?: unknown }).type : undefined;
  return typeof type === 'string' ? `type "${type.slice(0, 40)}"` : typeof raw;
}
