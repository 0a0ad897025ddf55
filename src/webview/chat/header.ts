// The header: chat history (open, delete), new chat, the per-chat pickers → setOptions, and the
// project rules files in effect.
import {
  REASONING_EFFORTS,
  type ChatOptions,
  type ChatSummary,
  type ModelChoice,
  type ReasoningEffort,
  type RulesFileView,
  type WebviewMessage,
} from '../../shared/protocol';
import { button, h } from '../common/dom';
import { rulesChip, type RulesChipView } from './rulesChip';

const EFFORT_LABELS: Record<ReasoningEffort, string> = { high: 'High', max: 'Max' };

export interface HeaderModel {
  chatId: string;
  title: string;
  options: ChatOptions;
  chats: ChatSummary[];
  models: ModelChoice[];
  balance?: string;
  /** Project rules files found (AGENTS.md…), used or not. */
  rules?: RulesFileView[];
}

export class Header {
  readonly element = h('header', { className: 'chat-header' });
  private historyOpen = false;
  /** The rules' text shown under the header (a click on the chip). */
  private rulesOpen = false;
  private model: HeaderModel | undefined;

  constructor(private readonly post: (message: WebviewMessage) => void) {}

  render(model: HeaderModel): void {
    this.model = model;
    const { options } = model;
    const historyButton = button(
      '',
      'Chat history',
      () => {
        this.historyOpen = !this.historyOpen;
        this.render(model);
        this.element.querySelector<HTMLElement>('.history button')?.focus();
      },
      'icon',
      'history',
    );
    historyButton.setAttribute('aria-expanded', String(this.historyOpen));
    const top = h(
      'div',
      { className: 'header-row' },
      historyButton,
      h('span', { className: 'chat-title', attrs: { title: model.title } }, model.title || 'New chat'),
      button('', 'Start a new chat', () => this.post({ type: 'newChat' }), 'icon', 'add'),
    );

    const service = this.select(
      'Service',
      [
        ['A', 'A'],
        ['B', 'B'],
      ],
      options.service,
      (value) => {
        const next = value === 'A' ? 'A' : 'B';
        const firstModel = model.models.find((m) => m.service === next)?.id ?? options.model;
        this.change({ service: next, model: firstModel });
      },
    );
    const models = model.models.filter((m) => m.service === options.service).map((m): [string, string] => [m.id, m.label]);
    if (!models.some(([id]) => id === options.model)) models.unshift([options.model, options.model]);
    const modelPicker = this.select('Model', models, options.model, (value) => this.change({ model: value }));
    const thinking = this.checkbox('Thinking', options.thinking, (on) => this.change({ thinking: on }));
    // One compact row, as VS Code's own chat model picker: the selects carry their names as labels only.
    const row = h(
      'div',
      { className: 'header-row model-picker', attrs: { role: 'group', 'aria-label': 'Model options' } },
      service,
      modelPicker,
      thinking,
    );
    if (options.service === 'B') {
      row.append(
        this.select(
          'Effort',
          REASONING_EFFORTS.map((effort): [string, string] => [effort, EFFORT_LABELS[effort]]),
          options.reasoningEffort,
          (value) => {
            const effort = REASONING_EFFORTS.find((e) => e === value);
            if (effort) this.change({ reasoningEffort: effort });
          },
        ),
      );
    } else {
      row.append(this.checkbox('Web search', options.webSearch, (on) => this.change({ webSearch: on })));
    }
    const chip = rulesChip(model.rules ?? []);
    if (chip) row.append(this.rulesButton(model, chip));
    if (model.balance) row.append(h('span', { className: 'balance', attrs: { title: 'Service B balance' } }, model.balance));

    this.element.replaceChildren(top, row);
    if (this.historyOpen) this.element.append(this.history(model));
    if (chip && this.rulesOpen && chip.texts.length > 0) this.element.append(rulesText(chip));
  }

  /** The chip: its tooltip lists the files; a click shows (or hides) the text sent. */
  private rulesButton(model: HeaderModel, chip: RulesChipView): HTMLElement {
    if (chip.texts.length === 0)
      return h('span', { className: 'rules-chip', attrs: { title: chip.tooltip, 'aria-label': chip.tooltip } }, chip.label);
    const chipButton = h(
      'button',
      {
        className: 'rules-chip',
        attrs: { type: 'button', title: chip.tooltip, 'aria-label': chip.tooltip, 'aria-expanded': String(this.rulesOpen) },
        onClick: () => {
          this.rulesOpen = !this.rulesOpen;
          this.render(model);
          this.element.querySelector<HTMLElement>('.rules-chip')?.focus();
        },
      },
      chip.label,
    );
    return chipButton;
  }

  private history(model: HeaderModel): HTMLElement {
    if (!model.chats.length) return h('div', { className: 'history empty' }, 'No chats yet.');
    return h(
      'ul',
      { className: 'history', attrs: { 'aria-label': 'Chat history' } },
      ...model.chats.map((chat) =>
        h(
          'li',
          { className: chat.id === model.chatId ? 'current' : '' },
          button(
            chat.title || 'Untitled chat',
            `Open chat: ${chat.title || 'Untitled chat'}`,
            () => {
              this.historyOpen = false;
              this.post({ type: 'openChat', chatId: chat.id });
              if (this.model) this.render(this.model);
            },
            'history-open',
          ),
          h('time', { attrs: { datetime: new Date(chat.updatedAt).toISOString() } }, new Date(chat.updatedAt).toLocaleString()),
          button(
            '',
            `Delete chat: ${chat.title || 'Untitled chat'}`,
            () => this.post({ type: 'deleteChat', chatId: chat.id }),
            'history-delete icon',
            'trash',
          ),
        ),
      ),
    );
  }

  /** Shows the choice at once and tells the host, which answers with the chat's new state. */
  private change(options: Partial<ChatOptions>): void {
    if (!this.model) return;
    this.post({ type: 'setOptions', options });
    this.render({ ...this.model, options: { ...this.model.options, ...options } });
  }

  private select(label: string, choices: [string, string][], value: string, onChange: (value: string) => void): HTMLElement {
    const select = h(
      'select',
      { attrs: { 'aria-label': label } },
      ...choices.map(([id, text]) => h('option', { attrs: { value: id } }, text)),
    );
    select.value = value;
    select.addEventListener('change', () => onChange(select.value));
    select.title = label;
    return h('span', { className: `picker picker-${label.toLowerCase()}` }, select);
  }

  private checkbox(label: string, checked: boolean, onChange: (checked: boolean) => void): HTMLElement {
    const input = h('input', { attrs: { type: 'checkbox' } });
    input.checked = checked;
    input.addEventListener('change', () => onChange(input.checked));
    return h('label', { className: 'toggle' }, input, h('span', {}, label));
  }
}

/** The rules as the model reads them, each file under its name; text nodes only (the repository wrote it). */
function rulesText(chip: RulesChipView): HTMLElement {
  return h(
    'section',
    { className: 'rules-text', attrs: { 'aria-label': "Project rules sent as the repository's words" } },
    ...chip.texts.flatMap(({ heading, text }) => [h('div', { className: 'rules-file' }, heading), h('pre', {}, text)]),
  );
}
