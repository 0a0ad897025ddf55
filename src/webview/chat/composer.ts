// The composer: Enter sends, Shift+Enter adds a line, Escape stops; `@` mentions files, folders,
// symbols, problems and the selection ("+ Selection" and "+ File" pick those mentions too); chips
// with remove; pasted or dropped images for Service A chats.
import { MENTION_IDS, type Attachment, type MentionItem, type ServiceId, type WebviewMessage } from '../../shared/protocol';
import { button, h } from '../common/dom';
import { MentionPicker } from './mentionPicker';
import { attachmentChip } from './userTurnView';

/** Typing pauses this long before the host is asked: one query per pause, not per key. */
const MENTION_DEBOUNCE_MS = 120;
/** `@` at the start or after a space, then what is typed up to the caret (no spaces). */
const MENTION_AT_CARET = /(?:^|\s)@([^\s@]{0,100})$/;
/** A `/` at the very start of the message opens the picker on MCP prompts; the host gets the query with its `/`. */
const SLASH_AT_START = /^\/([^\s/]{0,100})$/;

export class Composer {
  readonly element: HTMLElement;
  readonly textarea: HTMLTextAreaElement;
  private readonly chips = h('div', { className: 'chips composer-chips' });
  private readonly note = h('div', { className: 'composer-note', attrs: { role: 'status' } });
  private readonly sendButton: HTMLButtonElement;
  private readonly stopButton: HTMLButtonElement;
  private streaming = false;
  private service: ServiceId = 'B';
  private attachmentCount = 0;
  private readonly picker: MentionPicker;
  /** The latest query's id: an older answer arriving late is dropped. */
  private mentionRequest = 0;
  private mentionTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly post: (message: WebviewMessage) => void,
    draft: string,
    private readonly onDraft: (draft: string) => void,
  ) {
    this.textarea = h('textarea', {
      className: 'composer-input',
      attrs: { 'aria-label': 'Message Tandem', placeholder: 'Ask about your code — Enter to send, Shift+Enter for a new line', rows: '3' },
    });
    this.textarea.value = draft;
    this.sendButton = button('Send', 'Send message', () => this.send(), 'primary', 'send');
    this.stopButton = button('Stop', 'Stop the answer', () => this.post({ type: 'stop' }), 'danger', 'primitive-square');
    this.stopButton.hidden = true;
    this.picker = new MentionPicker(this.textarea, (item) => this.chooseMention(item));
    this.element = h(
      'footer',
      { className: 'composer' },
      this.picker.element,
      this.chips,
      this.textarea,
      this.note,
      h(
        'div',
        { className: 'composer-row' },
        button('Selection', 'Attach the editor selection', () => this.mention(MENTION_IDS.selection), 'secondary', 'add'),
        button('File', 'Attach the active file', () => this.mention(MENTION_IDS.activeFile), 'secondary', 'add'),
        h('span', { className: 'spacer' }),
        this.sendButton,
        this.stopButton,
      ),
    );
    this.textarea.addEventListener('keydown', (event) => {
      if (!event.isComposing && this.picker.handleKey(event)) {
        event.preventDefault();
        // Escape closes the picker; it must not also stop a streaming answer.
        event.stopPropagation();
        return;
      }
      if (event.key === 'Enter' && !event.shiftKey && !event.isComposing) {
        event.preventDefault();
        this.send();
      }
    });
    this.textarea.addEventListener('input', () => {
      this.onDraft(this.textarea.value);
      this.queryMention();
    });
    this.textarea.addEventListener('blur', () => this.closeMentions());
    this.textarea.addEventListener('paste', (event) => {
      const files = Array.from(event.clipboardData?.files ?? []).filter((f) => f.type.startsWith('image/'));
      if (files.length) {
        event.preventDefault();
        this.addImages(files);
      }
    });
    this.element.addEventListener('dragover', (event) => {
      if (event.dataTransfer?.types.includes('Files')) event.preventDefault();
    });
    this.element.addEventListener('drop', (event) => {
      const files = Array.from(event.dataTransfer?.files ?? []).filter((f) => f.type.startsWith('image/'));
      if (files.length) {
        event.preventDefault();
        this.addImages(files);
      }
    });
  }

  setStreaming(streaming: boolean): void {
    this.streaming = streaming;
    this.sendButton.hidden = streaming;
    this.stopButton.hidden = !streaming;
  }

  setService(service: ServiceId): void {
    this.service = service;
    this.textarea.placeholder =
      service === 'A'
        ? 'Ask about your code — Enter to send, Shift+Enter for a new line, paste or drop an image'
        : 'Ask about your code — Enter to send, Shift+Enter for a new line';
  }

  setAttachments(attachments: Attachment[]): void {
    this.attachmentCount = attachments.length;
    this.chips.replaceChildren(...attachments.map((a) => attachmentChip(a, () => this.post({ type: 'removeAttachment', id: a.id }))));
  }

  /** The host's rows for a query; only the latest query's answer is shown, and only while `@…` is still typed. */
  showMentions(requestId: number, items: MentionItem[]): void {
    if (requestId !== this.mentionRequest || this.typedMention() === undefined) return;
    this.picker.show(items);
  }

  private typedMention(): string | undefined {
    const caret = this.textarea.selectionStart;
    if (caret !== this.textarea.selectionEnd) return undefined;
    const before = this.textarea.value.slice(0, caret);
    const slash = SLASH_AT_START.exec(before);
    return slash ? `/${slash[1]}` : MENTION_AT_CARET.exec(before)?.[1];
  }

  private queryMention(): void {
    clearTimeout(this.mentionTimer);
    const query = this.typedMention();
    if (query === undefined) {
      this.closeMentions();
      return;
    }
    this.mentionTimer = setTimeout(() => {
      this.mentionRequest += 1;
      this.post({ type: 'mentionQuery', requestId: this.mentionRequest, query });
    }, MENTION_DEBOUNCE_MS);
  }

  private closeMentions(): void {
    clearTimeout(this.mentionTimer);
    // An answer still on its way belongs to a query the user has left.
    this.mentionRequest += 1;
    this.picker.close();
  }

  /** A picked row: the typed `@…` leaves the text, and the host reads the mention into a chip. */
  private chooseMention(item: MentionItem): void {
    const caret = this.textarea.selectionStart;
    const before = this.textarea.value.slice(0, caret);
    const slash = SLASH_AT_START.exec(before);
    const typed = slash ?? MENTION_AT_CARET.exec(before);
    if (typed) {
      const start = slash ? 0 : caret - typed[1].length - 1;
      this.textarea.value = before.slice(0, start) + this.textarea.value.slice(caret);
      this.textarea.setSelectionRange(start, start);
      this.onDraft(this.textarea.value);
    }
    this.closeMentions();
    this.mention(item.id);
  }

  /** The one way text is attached: the picker's rows and the "+ Selection" / "+ File" buttons. */
  private mention(itemId: string): void {
    this.post({ type: 'mention', itemId });
  }

  private send(): void {
    const text = this.textarea.value.trim();
    if (this.streaming || (!text && this.attachmentCount === 0)) return;
    this.post({ type: 'send', text });
    this.textarea.value = '';
    this.onDraft('');
  }

  private addImages(files: File[]): void {
    // Only Service A takes multimodal content parts.
    if (this.service !== 'A') {
      this.note.textContent = 'Images can be attached in Service A chats only.';
      return;
    }
    this.note.textContent = '';
    for (const file of files) {
      const reader = new FileReader();
      reader.addEventListener('load', () => {
        if (typeof reader.result === 'string') this.post({ type: 'attachImage', name: file.name || 'image.png', dataUrl: reader.result });
      });
      reader.readAsDataURL(file);
    }
  }
}
