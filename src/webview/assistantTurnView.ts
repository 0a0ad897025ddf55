// An assistant turn: reasoning, streamed markdown, tool cards, citations, usage, errors, retry.
import type { AssistantTurn, Citation, ErrorView, WebviewMessage } from '../shared/protocol';
import { safeUrl } from '../shared/safeUrl';
import { button, h } from './dom';
import { errorActionLabels, usageLine } from './format';
import type { MarkdownEngine } from './markdown';
import { MarkdownStream } from './markdownStream';
import { ReasoningBlock } from './reasoningBlock';
import { renderToolCard } from './toolCard';
import { turnNotices } from './turnNotices';

export interface TurnDeps {
  engine: MarkdownEngine;
  post: (message: WebviewMessage) => void;
  reasoningOpened: (turnId: string) => boolean;
  onReasoningToggle: (turnId: string, open: boolean) => void;
  /** The turn changed size after layout (a long answer fills in over several frames): the view may follow it. */
  onResize?: () => void;
}

export class AssistantTurnView {
  readonly element: HTMLElement;
  private turn: AssistantTurn;
  private readonly reasoning: ReasoningBlock;
  private readonly markdown: MarkdownStream;
  private readonly tools = h('div', { className: 'tool-cards' });
  private readonly footer = h('div', { className: 'turn-footer' });
  private readonly countdown = h('div', { className: 'retry-countdown', attrs: { role: 'status' } });
  private countdownTimer: ReturnType<typeof setInterval> | undefined;
  private readonly resize: ResizeObserver;
  /** Shown until the first reasoning or answer text arrives. */
  private readonly waiting = h('div', { className: 'waiting' }, 'Waiting for the model…');

  constructor(
    turn: AssistantTurn,
    private readonly deps: TurnDeps,
  ) {
    this.turn = { ...turn };
    this.reasoning = new ReasoningBlock(turn.id, deps.reasoningOpened(turn.id), deps.onReasoningToggle);
    this.markdown = new MarkdownStream(deps.engine);
    this.countdown.hidden = true;
    this.element = h(
      'article',
      { className: 'turn assistant', attrs: { 'data-turn-id': turn.id, 'aria-label': 'Tandem' } },
      this.waiting,
      this.reasoning.element,
      this.markdown.element,
      this.tools,
      this.countdown,
      this.footer,
    );
    this.reasoning.set(turn.reasoning, turn.status === 'streaming');
    this.markdown.set(turn.content);
    this.markdown.render();
    if (turn.content || turn.status !== 'streaming') this.reasoning.finish(turn.reasoningMs);
    this.renderRest();
    this.resize = new ResizeObserver(() => deps.onResize?.());
    this.resize.observe(this.element);
  }

  get id(): string {
    return this.turn.id;
  }

  get streaming(): boolean {
    return this.turn.status === 'streaming';
  }

  /** A full turn from the host. Its text wins, unless ours already extends it with deltas it did not count yet. */
  update(turn: AssistantTurn): void {
    const content = this.turn.content.startsWith(turn.content) && turn.status === 'streaming' ? this.turn.content : turn.content;
    const reasoning = this.turn.reasoning.startsWith(turn.reasoning) && turn.status === 'streaming' ? this.turn.reasoning : turn.reasoning;
    this.turn = { ...turn, content, reasoning };
    this.stopCountdown();
    this.reasoning.set(reasoning, turn.status === 'streaming');
    this.markdown.set(content);
    this.markdown.render();
    if (content || turn.status !== 'streaming') this.reasoning.finish(turn.reasoningMs);
    this.renderRest();
  }

  /** Applies a frame's worth of deltas; returns the new answer text (for the live region). */
  applyDeltas(reasoning: string, content: string): void {
    if (reasoning || content) this.stopCountdown();
    if (reasoning) {
      this.turn.reasoning += reasoning;
      this.reasoning.append(reasoning, true);
    }
    if (content) {
      if (!this.turn.content) this.reasoning.finish(this.turn.reasoningMs);
      this.turn.content += content;
      this.markdown.append(content);
    }
    this.updateWaiting();
    this.markdown.render();
  }

  showCountdown(seconds: number, attempt: number): void {
    this.stopCountdown();
    let left = Math.ceil(seconds);
    const say = () => {
      this.countdown.textContent =
        left > 0 ? `Rate limited — retrying in ${left} s (attempt ${attempt})` : `Retrying… (attempt ${attempt})`;
    };
    say();
    this.countdown.hidden = false;
    this.countdownTimer = setInterval(() => {
      left -= 1;
      say();
      if (left <= 0 && this.countdownTimer !== undefined) clearInterval(this.countdownTimer);
    }, 1000);
  }

  dispose(): void {
    this.resize.disconnect();
    this.stopCountdown();
    this.reasoning.dispose();
  }

  private stopCountdown(): void {
    if (this.countdownTimer !== undefined) clearInterval(this.countdownTimer);
    this.countdownTimer = undefined;
    this.countdown.hidden = true;
  }

  private updateWaiting(): void {
    const turn = this.turn;
    this.waiting.hidden = turn.status !== 'streaming' || turn.reasoning !== '' || turn.content !== '' || turn.toolCalls.length > 0;
  }

  private renderRest(): void {
    const turn = this.turn;
    this.updateWaiting();
    this.element.classList.toggle('streaming', turn.status === 'streaming');
    this.element.setAttribute('aria-busy', String(turn.status === 'streaming'));
    this.tools.replaceChildren(...turn.toolCalls.map((call) => renderToolCard(call, this.deps.post)));
    const parts: (HTMLElement | null)[] = [];
    if (turn.citations.length) {
      parts.push(
        h(
          'nav',
          { className: 'citations', attrs: { 'aria-label': 'Sources' } },
          h('div', { className: 'citations-title' }, 'Sources'),
          h(
            'ol',
            {},
            ...turn.citations.map((c) =>
              h('li', {}, citationLink(c), c.siteName ? h('span', { className: 'citation-site' }, ` — ${c.siteName}`) : null),
            ),
          ),
        ),
      );
    }
    for (const notice of turnNotices(turn))
      parts.push(notice.kind === 'note' ? renderNote(notice.text, notice.warning) : this.renderError(notice.error));
    if ((turn.status === 'stopped' || turn.status === 'error') && turn.error?.action !== 'retry') {
      parts.push(button('Retry', 'Retry this answer', () => this.deps.post({ type: 'retry' }), 'secondary turn-retry'));
    }
    if (turn.usage) parts.push(h('div', { className: 'usage' }, usageLine(turn.usage)));
    this.footer.replaceChildren(...parts.filter((p): p is HTMLElement => p !== null));
  }

  private renderError(error: ErrorView): HTMLElement {
    const action = error.action;
    return h(
      'div',
      { className: 'error-banner', attrs: { role: 'alert' } },
      h('div', { className: 'error-message' }, error.message),
      error.hint ? h('div', { className: 'error-hint' }, error.hint) : null,
      action
        ? button(
            errorActionLabels[action],
            errorActionLabels[action],
            () => this.deps.post({ type: 'errorAction', action, service: error.service }),
            'primary',
          )
        : null,
    );
  }
}

function renderNote(text: string, warning: boolean): HTMLElement {
  return warning ? h('div', { className: 'notice warning', attrs: { role: 'note' } }, text) : h('div', { className: 'notice' }, text);
}

/** A source as a link, if its URL is a credential-free http(s) one; else its title as text (the host filters too). */
function citationLink(c: Citation): HTMLElement {
  const href = safeUrl(c.url);
  const text = c.title || c.url;
  if (!href) return h('span', { className: 'citation-unsafe', attrs: { title: `Not a web link: ${c.url}` } }, text);
  return h('a', { attrs: { href, rel: 'noopener noreferrer', title: c.summary ?? href } }, text);
}
