// A code block: toolbar (copy / insert / new file, handled by delegation in chatApp.ts) and the
// code. A fenced block grows in place while it streams, as plain monospace text, and is coloured
// once, when it is closed, if it is small enough (renderLimits.ts).
import { h, setButtonContent } from '../common/dom';
import { PieceText } from './pieceText';

/** Wraps a `<pre>` in the code-block frame with its toolbar. */
export function wrapCodeBlock(pre: HTMLPreElement, language: string): HTMLElement {
  const wrapper = document.createElement('div');
  wrapper.className = 'code-block';
  if (language) wrapper.dataset.language = language;
  const bar = document.createElement('div');
  bar.className = 'code-toolbar';
  const label = document.createElement('span');
  label.className = 'code-language';
  label.textContent = language;
  bar.append(label);
  for (const [action, icon, aria] of [
    ['copy', 'copy', 'Copy code'],
    ['insert', 'insert', 'Insert code at cursor'],
    ['newFile', 'new-file', 'Open code as a new file'],
  ] as const) {
    // Clicks are handled by delegation (chatApp.ts), so no listener per block.
    const b = h('button', { className: 'icon', attrs: { type: 'button', 'aria-label': aria, title: aria, 'data-code-action': action } });
    setButtonContent(b, '', icon);
    bar.append(b);
  }
  pre.replaceWith(wrapper); // (a no-op for a <pre> not in the DOM yet)
  wrapper.append(bar, pre);
  return wrapper;
}

/** `language-` class of a code element, as marked writes it. */
export function codeClass(language: string): string {
  return language ? `hljs language-${language}` : 'hljs';
}

/** Sanitised, coloured markup for `code` and how many spans it holds, or undefined when it is not to be coloured. */
export type Colourer = (code: string, language: string) => { fragment: DocumentFragment; spans: number } | undefined;

export class FencedCodeView {
  readonly element: HTMLElement;
  private readonly code: HTMLElement;
  private readonly text: PieceText;
  private coloured = false;
  private shown = '';
  /** Coloured spans shown (0 while plain). */
  spans = 0;

  constructor(
    readonly language: string,
    private readonly colour: Colourer,
  ) {
    const pre = document.createElement('pre');
    this.code = document.createElement('code');
    this.code.className = codeClass(language);
    pre.append(this.code);
    this.element = wrapCodeBlock(pre, language);
    this.text = new PieceText(this.code);
  }

  /** Shows `code`; false when this view cannot (its text was coloured and has changed since). */
  show(code: string, closed: boolean): boolean {
    if (this.coloured) return code === this.shown;
    const coloured = closed ? this.colour(code, this.language) : undefined;
    if (coloured) {
      this.code.replaceChildren(coloured.fragment);
      this.coloured = true;
      this.spans = coloured.spans;
    } else {
      this.text.set(code);
    }
    this.shown = code;
    return true;
  }
}
