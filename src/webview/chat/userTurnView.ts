// A user turn: the text, its attachment chips, edit-and-resend, and restoring files to this point.
import type { Attachment, UserTurn, WebviewMessage } from '../../shared/protocol';
import { button, h } from '../common/dom';

export function attachmentChip(attachment: Attachment, onRemove?: () => void): HTMLElement {
  const chip = h('span', { className: `chip chip-${attachment.kind}`, attrs: { title: attachment.label } });
  if (attachment.kind === 'image' && attachment.dataUrl)
    chip.append(h('img', { className: 'chip-thumb', attrs: { src: attachment.dataUrl, alt: '' } }));
  chip.append(h('span', { className: 'chip-label' }, attachment.label));
  if (onRemove) chip.append(button('', `Remove ${attachment.label}`, onRemove, 'chip-remove icon', 'close'));
  return chip;
}

export class UserTurnView {
  readonly element: HTMLElement;
  private turn: UserTurn;

  constructor(
    turn: UserTurn,
    private readonly post: (message: WebviewMessage) => void,
    private readonly canEdit: () => boolean,
  ) {
    this.turn = turn;
    this.element = h('article', { className: 'turn user', attrs: { 'data-turn-id': turn.id, 'aria-label': 'You' } });
    this.render();
  }

  get id(): string {
    return this.turn.id;
  }

  update(turn: UserTurn): void {
    this.turn = turn;
    this.render();
  }

  private render(): void {
    const turn = this.turn;
    this.element.replaceChildren(h('div', { className: 'user-text' }, turn.text));
    if (turn.attachments.length) this.element.append(h('div', { className: 'chips' }, ...turn.attachments.map((a) => attachmentChip(a))));
    this.element.append(
      h(
        'div',
        { className: 'turn-actions' },
        button('Edit', 'Edit and resend this message', () => this.edit(), 'link', 'edit'),
        // The host shows each file's diff and asks before anything is written.
        button(
          'Restore files to here',
          "Restore files to here: undo Tandem's edits made since this message",
          () => this.post({ type: 'restoreCheckpoint', turnId: this.turn.id }),
          'link',
          'debug-restart',
        ),
      ),
    );
  }

  private edit(): void {
    if (!this.canEdit()) return;
    const area = h('textarea', { className: 'edit-text', attrs: { 'aria-label': 'Edit message', rows: '3' } });
    area.value = this.turn.text;
    const send = () => {
      const text = area.value.trim();
      if (text) this.post({ type: 'editAndResend', turnId: this.turn.id, text });
      this.render();
    };
    area.addEventListener('keydown', (event) => {
      if (event.key === 'Enter' && !event.shiftKey && !event.isComposing) {
        event.preventDefault();
        send();
      } else if (event.key === 'Escape') {
        event.preventDefault();
        event.stopPropagation();
        this.render();
      }
    });
    this.element.replaceChildren(
      area,
      h(
        'div',
        { className: 'turn-actions' },
        button('Send', 'Resend the edited message', send, 'primary'),
        button('Cancel', 'Cancel editing', () => this.render(), 'secondary'),
      ),
    );
    area.focus();
  }
}
