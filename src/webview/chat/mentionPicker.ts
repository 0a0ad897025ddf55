// The @ picker over the composer's input: a listbox of the host's matches. Focus stays in the
// textarea (a combobox pattern): the textarea's aria-activedescendant names the highlighted option,
// so screen readers follow ↑/↓ while the user keeps typing.
import type { MentionItem } from '../../shared/protocol';
import { h } from '../common/dom';

const KIND_LABEL: Record<MentionItem['kind'], string> = {
  file: 'file',
  folder: 'folder',
  symbol: 'symbol',
  problems: 'problems',
  selection: 'selection',
  resource: 'MCP resource',
  prompt: 'MCP prompt',
};

export class MentionPicker {
  readonly element: HTMLUListElement;
  private items: MentionItem[] = [];
  private active = 0;

  constructor(
    private readonly input: HTMLTextAreaElement,
    private readonly onChoose: (item: MentionItem) => void,
  ) {
    this.element = h('ul', { className: 'mention-picker', attrs: { id: 'mention-picker', role: 'listbox', 'aria-label': 'Mentions' } });
    this.element.hidden = true;
    input.setAttribute('role', 'combobox');
    input.setAttribute('aria-autocomplete', 'list');
    input.setAttribute('aria-controls', this.element.id);
    input.setAttribute('aria-expanded', 'false');
    // A click on a row must not take focus from the textarea (the caret position says what to replace).
    this.element.addEventListener('mousedown', (event) => event.preventDefault());
    this.element.addEventListener('click', (event) => {
      const row = (event.target as Element).closest('[role="option"]');
      const index = row ? Number(row.getAttribute('data-index')) : -1;
      if (index >= 0 && this.items[index]) this.onChoose(this.items[index]);
    });
  }

  get isOpen(): boolean {
    return !this.element.hidden;
  }

  /**
   * Shows `items`, highlighting the first. The list opens above the composer (media/chat.css): the
   * composer sits at the bottom of the view, so below the caret there is seldom room.
   */
  show(items: MentionItem[]): void {
    this.items = items;
    this.active = 0;
    this.element.replaceChildren(
      ...(items.length === 0
        ? [h('li', { className: 'mention-empty', attrs: { role: 'presentation' } }, 'No matches')]
        : items.map((item, index) =>
            h(
              'li',
              {
                className: `mention-option mention-${item.kind}`,
                attrs: { id: `mention-option-${index}`, role: 'option', 'aria-selected': 'false', 'data-index': String(index) },
              },
              h('span', { className: 'mention-kind' }, KIND_LABEL[item.kind]),
              h('span', { className: 'mention-label' }, item.label),
              item.detail ? h('span', { className: 'mention-detail' }, item.detail) : undefined,
            ),
          )),
    );
    this.element.hidden = false;
    this.input.setAttribute('aria-expanded', 'true');
    this.highlight();
  }

  close(): void {
    if (this.element.hidden) return;
    this.element.hidden = true;
    this.items = [];
    this.input.setAttribute('aria-expanded', 'false');
    this.input.removeAttribute('aria-activedescendant');
  }

  /**
   * Keys while open: ↑/↓ move, Enter/Tab choose, Escape closes. Returns whether the key was the
   * picker's (the composer then neither sends nor stops).
   */
  handleKey(event: KeyboardEvent): boolean {
    if (!this.isOpen) return false;
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp':
        if (this.items.length) {
          this.active = (this.active + (event.key === 'ArrowDown' ? 1 : -1) + this.items.length) % this.items.length;
          this.highlight();
        }
        return true;
      case 'Enter':
      case 'Tab':
        if (event.shiftKey && event.key === 'Enter') return false;
        if (!this.items[this.active]) {
          this.close();
          return event.key === 'Tab';
        }
        this.onChoose(this.items[this.active]);
        return true;
      case 'Escape':
        this.close();
        return true;
      default:
        return false;
    }
  }

  private highlight(): void {
    const rows = this.element.querySelectorAll('[role="option"]');
    rows.forEach((row, index) => row.setAttribute('aria-selected', String(index === this.active)));
    const row = rows[this.active];
    if (row) {
      this.input.setAttribute('aria-activedescendant', row.id);
      row.scrollIntoView({ block: 'nearest' });
    } else {
      this.input.removeAttribute('aria-activedescendant');
    }
  }
}
