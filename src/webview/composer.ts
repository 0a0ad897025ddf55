// The composer: Enter sends, Shift+Enter adds a line, Escape stops; attach selection or file;
// chips with remove; pasted or dropped images for Service A chats.
import type { Attachment, ServiceId, WebviewMessage } from '../shared/protocol';
import { button, h } from './dom';
import { attachmentChip } from './userTurnView';

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
    this.sendButton = button('Send', 'Send message', () => this.send(), 'primary');
    this.stopButton = button('Stop', 'Stop the answer', () => this.post({ type: 'stop' }), 'danger');
    this.stopButton.hidden = true;
    this.element = h(
      'footer',
      { className: 'composer' },
      this.chips,
      this.textarea,
      this.note,
      h(
        'div',
        { className: 'composer-row' },
        button('+ Selection', 'Attach the editor selection', () => this.post({ type: 'attach', kind: 'selection' }), 'secondary'),
        button('+ File', 'Attach the active file', () => this.post({ type: 'attach', kind: 'file' }), 'secondary'),
        h('span', { className: 'spacer' }),
        this.sendButton,
        this.stopButton,
      ),
    );
    this.textarea.addEventListener('keydown', (event) => {
      if (event.key === 'Enter' && !event.shiftKey && !event.isComposing) {
        event.preventDefault();
        this.send();
      }
    });
    this.textarea.addEventListener('input', () => this.onDraft(this.textarea.value));
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
