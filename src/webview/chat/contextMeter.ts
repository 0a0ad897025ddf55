// The context meter above the composer: a thin bar and "12k / 128k", with the details in
// its tooltip; from 80% on it warns and offers a new chat that starts from a summary of this one.
import { contextReading, type ContextMeterInput } from '../../core/chat/contextMeter';
import type { ServiceId, WebviewMessage } from '../../shared/protocol';
import { button, h } from '../common/dom';

export class ContextMeter {
  readonly element: HTMLElement;
  // A <progress> element: a bar without inline styles (the CSP allows none).
  private readonly bar = h('progress', { className: 'context-meter-bar', attrs: { max: '1', 'aria-label': 'Context window in use' } });
  private readonly label = h('span', { className: 'context-meter-label' });
  private service: ServiceId = 'B';
  private readonly summary: HTMLButtonElement;

  constructor(post: (message: WebviewMessage) => void) {
    const summary = button(
      '',
      'Start a new chat from a summary of this one',
      () => post({ type: 'errorAction', action: 'newChatWithSummary', service: this.service }),
      'secondary context-meter-action',
    );
    // Labelled by the host (setLabel): until then there is no button.
    summary.hidden = true;
    this.summary = summary;
    this.element = h('div', { className: 'context-meter' }, this.bar, this.label, summary);
    this.element.hidden = true;
  }

  setLabel(label: string): void {
    this.summary.textContent = label;
    this.summary.hidden = false;
  }

  update(input: ContextMeterInput, service: ServiceId): void {
    this.service = service;
    const reading = contextReading(input);
    // Nothing to measure yet (a new chat, nothing typed): no meter.
    this.element.hidden = reading.tokens === 0;
    this.element.classList.toggle('warning', reading.warning);
    this.element.classList.toggle('no-window', reading.ratio === undefined);
    this.element.title = reading.tooltip;
    this.bar.hidden = reading.ratio === undefined;
    this.bar.value = reading.ratio ?? 0;
    this.bar.setAttribute('aria-valuetext', reading.label);
    this.label.textContent = reading.label;
  }
}
