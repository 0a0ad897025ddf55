// The model's reasoning: open with a live elapsed-seconds counter while it streams, collapsed
// once the answer starts, and reopenable. Plain text (appended, never re-rendered).
import { h } from '../common/dom';

export class ReasoningBlock {
  readonly element: HTMLDetailsElement;
  private readonly summary: HTMLElement;
  private readonly body: HTMLElement;
  /** The text node being appended to; a new paragraph node starts now and then (see append). */
  private text: Text;
  private full = '';
  private startedAt: number | undefined;
  private timer: ReturnType<typeof setInterval> | undefined;
  private finishedMs: number | undefined;
  /** Set once the user toggles the block: from then on the stream does not open or close it. */
  private userChoice: boolean | undefined;
  /** The state the stream last set; its (asynchronous) toggle event is not the user's. */
  private streamSet: boolean | undefined;

  constructor(
    turnId: string,
    userOpened: boolean,
    private readonly onToggle: (turnId: string, open: boolean) => void,
  ) {
    this.text = document.createTextNode('');
    this.summary = h('summary', { className: 'reasoning-summary' }, 'Thinking');
    this.body = h('div', { className: 'reasoning-text' }, h('div', {}, this.text));
    this.element = h('details', { className: 'reasoning' }, this.summary, this.body);
    if (userOpened) {
      this.userChoice = true;
      this.element.open = true;
    }
    this.element.addEventListener('toggle', () => {
      const ours = this.streamSet !== undefined && this.element.open === this.streamSet;
      this.streamSet = undefined;
      if (ours) return;
      this.userChoice = this.element.open;
      onToggle(turnId, this.element.open);
    });
    this.element.hidden = true;
  }

  get content(): string {
    return this.full;
  }

  /** Appends streamed reasoning; starts the counter and opens the block on the first piece. */
  append(delta: string, streaming: boolean): void {
    if (!delta) return;
    this.element.hidden = false;
    this.full += delta;
    // Line layout of one text node is redone whole on every append; starting a new paragraph
    // element at a line break after ~2000 characters keeps each append's cost bounded.
    const cut = this.text.length > 2000 ? delta.lastIndexOf('\n') : -1;
    if (cut >= 0) {
      this.text.appendData(delta.slice(0, cut + 1));
      this.text = document.createTextNode(delta.slice(cut + 1));
      this.body.append(h('div', {}, this.text));
    } else {
      this.text.appendData(delta);
    }
    if (streaming && this.finishedMs === undefined && this.startedAt === undefined) {
      this.startedAt = performance.now();
      this.setOpen(true);
      this.timer = setInterval(() => this.updateSummary(), 1000);
      this.updateSummary();
    }
  }

  set(text: string, streaming: boolean): void {
    if (text === this.full) return;
    if (text.startsWith(this.full)) return this.append(text.slice(this.full.length), streaming);
    this.full = text;
    this.text = document.createTextNode(text);
    this.body.replaceChildren(h('div', {}, this.text));
    this.element.hidden = text === '';
  }

  /** The answer started (or the turn ended): stop the counter and collapse. */
  finish(reasoningMs?: number): void {
    if (this.finishedMs !== undefined && reasoningMs === undefined) return;
    const measured = this.startedAt === undefined ? undefined : performance.now() - this.startedAt;
    this.finishedMs = reasoningMs ?? measured ?? this.finishedMs;
    this.stopTimer();
    if (this.full) this.setOpen(false);
    this.updateSummary();
  }

  dispose(): void {
    this.stopTimer();
  }

  private stopTimer(): void {
    if (this.timer !== undefined) clearInterval(this.timer);
    this.timer = undefined;
  }

  private setOpen(open: boolean): void {
    if (this.userChoice !== undefined || this.element.open === open) return;
    this.streamSet = open;
    this.element.open = open;
  }

  private updateSummary(): void {
    if (this.finishedMs !== undefined) {
      this.summary.textContent = `Thought for ${Math.max(1, Math.round(this.finishedMs / 1000))} s`;
    } else if (this.startedAt !== undefined) {
      this.summary.textContent = `Thinking… ${Math.floor((performance.now() - this.startedAt) / 1000)} s`;
    } else {
      this.summary.textContent = 'Reasoning';
    }
  }
}
