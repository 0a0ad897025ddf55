// Streamed text read out by screen readers: a polite live region, updated at most every
// couple of seconds with what arrived since, so it neither floods nor interrupts.
const INTERVAL_MS = 2000;

export class Announcer {
  readonly element: HTMLElement;
  private buffer = '';
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor() {
    this.element = document.createElement('div');
    this.element.className = 'sr-only';
    this.element.setAttribute('aria-live', 'polite');
    this.element.setAttribute('aria-atomic', 'true');
    this.element.setAttribute('role', 'status');
  }

  push(text: string): void {
    this.buffer += text;
    this.timer ??= setTimeout(() => this.flush(), INTERVAL_MS);
  }

  /** Says something now (e.g. "Answer complete"), after what is pending. */
  say(text: string): void {
    this.buffer += (this.buffer ? ' ' : '') + text;
    this.flush();
  }

  private flush(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    // Markdown punctuation read aloud is noise.
    const spoken = this.buffer
      .replace(/[`*_#>|~]+/g, ' ')
      .replace(/\s+/g, ' ')
      .trim();
    this.buffer = '';
    if (spoken) this.element.textContent = spoken.slice(-600);
  }
}
