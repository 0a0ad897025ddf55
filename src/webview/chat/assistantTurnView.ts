// An assistant turn: its parts in the order they happened (reasoning, streamed markdown and tool
// cards of each round), then citations, usage, errors, retry.
import type { AssistantTurn, Citation, ErrorView, FixButtonLabels, TurnPart, WebviewMessage } from '../../shared/protocol';
import { safeUrl } from '../../shared/safeUrl';
import { appendPart, partsExtend, partsOf } from '../../shared/turnParts';
import { button, h } from '../common/dom';
import { usageLine } from '../common/format';
import { fixButtonLabel } from './fixButtons';
import type { MarkdownEngine } from '../markdown/markdown';
import { MarkdownStream } from '../markdown/markdownStream';
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
  /** The fix buttons' labels, as the host last sent them. */
  labels: () => FixButtonLabels | undefined;
}

/** The view of one part: a reasoning block, a markdown stream, or a tool card (re-rendered on each update). */
type PartView =
  | { kind: 'reasoning'; block: ReasoningBlock; element: HTMLElement }
  | { kind: 'text'; markdown: MarkdownStream; element: HTMLElement }
  | { kind: 'tool'; callId: string; element: HTMLElement };

export class AssistantTurnView {
  readonly element: HTMLElement;
  private turn: AssistantTurn;
  /** The parts as shown: the host's, plus the deltas applied since. */
  private parts: TurnPart[];
  private readonly partViews: PartView[] = [];
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
    this.parts = structuredClone(partsOf(turn));
    this.countdown.hidden = true;
    this.element = h(
      'article',
      { className: 'turn assistant', attrs: { 'data-turn-id': turn.id, 'aria-label': 'Tandem' } },
      this.waiting,
      this.countdown,
      this.footer,
    );
    this.renderParts();
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

  /** A full turn from the host. Its parts win, unless ours already extend them with deltas it did not count yet. */
  update(turn: AssistantTurn): void {
    const host = partsOf(turn);
    if (!(turn.status === 'streaming' && partsExtend(this.parts, host))) this.parts = structuredClone(host);
    this.turn = { ...turn };
    this.stopCountdown();
    this.renderParts();
    this.renderRest();
  }

  /** Applies a frame's worth of deltas, as the host recorded them: reasoning first, then answer text. */
  applyDeltas(reasoning: string, content: string): void {
    if (!reasoning && !content) return;
    this.stopCountdown();
    const last = this.partViews.at(-1);
    const growsLastText =
      !reasoning && last?.kind === 'text' && this.parts.at(-1)?.kind === 'text' && this.partViews.length === this.parts.length;
    appendPart(this.parts, 'reasoning', reasoning);
    appendPart(this.parts, 'text', content);
    if (growsLastText) {
      // The common case while an answer streams: only the delta goes to the stream. Handing it the
      // whole text instead makes it compare the text so far every frame (quadratic in the answer).
      last.markdown.append(content);
      last.markdown.render();
    } else {
      this.renderParts();
    }
    this.updateWaiting();
  }

  /**
   * Brings the part views in line with `parts`: views whose part kept its kind grow in place (the
   * stream appends), a view whose part changed and everything after it are made again.
   */
  private renderParts(): void {
    const streaming = this.turn.status === 'streaming';
    const firstReasoning = this.parts.findIndex((p) => p.kind === 'reasoning');
    let keep = 0;
    while (keep < this.partViews.length && keep < this.parts.length && sameSlot(this.partViews[keep], this.parts[keep])) keep += 1;
    for (const view of this.partViews.splice(keep)) {
      if (view.kind === 'reasoning') view.block.dispose();
      view.element.remove();
    }
    this.parts.forEach((part, i) => {
      let view = this.partViews[i];
      if (!view) {
        view = this.makeView(part, i);
        this.partViews.push(view);
        this.countdown.before(view.element);
      }
      if (view.kind === 'reasoning' && part.kind === 'reasoning') {
        view.block.set(part.text, streaming);
        // A reasoning block is over once anything follows it, or the turn ended.
        if (i < this.parts.length - 1 || !streaming) view.block.finish(i === firstReasoning ? this.turn.reasoningMs : part.ms);
      } else if (view.kind === 'text' && part.kind === 'text') {
        view.markdown.set(part.text);
        view.markdown.render();
      } else if (view.kind === 'tool' && part.kind === 'tool') {
        const call = this.turn.toolCalls.find((c) => c.id === part.callId);
        const card = call ? renderToolCard(call, this.deps.post) : h('div', { className: 'tool-card-missing' });
        view.element.replaceWith(card);
        view.element = card;
      }
    });
  }

  private makeView(part: TurnPart, index: number): PartView {
    if (part.kind === 'reasoning') {
      // The first block keeps the turn's id for its open state, as before parts existed.
      const key = index === this.parts.findIndex((p) => p.kind === 'reasoning') ? this.turn.id : `${this.turn.id}#${index}`;
      const block = new ReasoningBlock(key, this.deps.reasoningOpened(key), this.deps.onReasoningToggle);
      return { kind: 'reasoning', block, element: block.element };
    }
    if (part.kind === 'text') {
      const markdown = new MarkdownStream(this.deps.engine);
      return { kind: 'text', markdown, element: markdown.element };
    }
    return { kind: 'tool', callId: part.callId, element: h('div', { className: 'tool-card-slot' }) };
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
    for (const view of this.partViews) if (view.kind === 'reasoning') view.block.dispose();
  }

  private stopCountdown(): void {
    if (this.countdownTimer !== undefined) clearInterval(this.countdownTimer);
    this.countdownTimer = undefined;
    this.countdown.hidden = true;
  }

  private updateWaiting(): void {
    const turn = this.turn;
    this.waiting.hidden = turn.status !== 'streaming' || this.parts.length > 0 || turn.toolCalls.length > 0;
  }

  private renderRest(): void {
    const turn = this.turn;
    this.updateWaiting();
    this.element.classList.toggle('streaming', turn.status === 'streaming');
    this.element.setAttribute('aria-busy', String(turn.status === 'streaming'));
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
      const retry = this.deps.labels()?.retry;
      if (retry) parts.push(button(retry, 'Retry this answer', () => this.deps.post({ type: 'retry' }), 'secondary turn-retry', 'refresh'));
    }
    if (turn.usage) parts.push(h('div', { className: 'usage' }, usageLine(turn.usage)));
    // Read aloud chat answers: once the answer is complete. Only the id goes: the host reads its own copy.
    if (turn.status !== 'streaming' && this.parts.some((p) => p.kind === 'text' && p.text.trim())) {
      parts.push(
        h(
          'div',
          { className: 'turn-actions answer-actions' },
          button('Read aloud', 'Read aloud', () => this.deps.post({ type: 'speech/readAnswer', turnId: turn.id }), 'link', 'unmute'),
        ),
      );
    }
    this.footer.replaceChildren(...parts.filter((p): p is HTMLElement => p !== null));
  }

  private renderError(error: ErrorView): HTMLElement {
    const action = error.action;
    const label = action && fixButtonLabel(this.deps.labels(), action, error.service);
    return h(
      'div',
      { className: 'error-banner', attrs: { role: 'alert' } },
      h('div', { className: 'error-message' }, error.message),
      error.hint ? h('div', { className: 'error-hint' }, error.hint) : null,
      action && label
        ? button(label, label, () => this.deps.post({ type: 'errorAction', action, service: error.service }), 'primary')
        : null,
    );
  }
}

function sameSlot(view: PartView, part: TurnPart): boolean {
  return view.kind === part.kind && (view.kind !== 'tool' || (part.kind === 'tool' && view.callId === part.callId));
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
