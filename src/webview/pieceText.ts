// Text that may grow to megabytes (an oversized block shown as plain text, long code) kept in
// pieces of PIECE_CHARS: appending touches only the last piece, and every piece skips layout while
// off-screen (`.md-piece` in chat.css), so neither streaming nor reopening lays out the whole text.
import { PIECE_CHARS } from './renderLimits';

export class PieceText {
  private text = '';
  /** The text node being filled; while the text fits one piece it sits directly in the container. */
  private last: Text | undefined;

  constructor(private readonly container: HTMLElement) {}

  /** Shows `text`: appends when it extends what is shown, else starts over. */
  set(text: string): void {
    if (text === this.text) return;
    if (!text.startsWith(this.text)) {
      this.container.replaceChildren();
      this.container.classList.remove('md-pieced');
      this.text = '';
      this.last = undefined;
    }
    this.append(text.slice(this.text.length));
  }

  private append(delta: string): void {
    let rest = delta;
    while (rest) {
      if (!this.last || this.last.length >= PIECE_CHARS) this.startPiece();
      const take = rest.slice(0, PIECE_CHARS - this.last!.length);
      this.last!.appendData(take);
      this.text += take;
      rest = rest.slice(take.length);
    }
  }

  private startPiece(): void {
    const node = document.createTextNode('');
    if (!this.last) {
      this.container.append(node);
    } else {
      // Past one piece: the first piece moves into its own element, and so does every next one.
      if (this.last.parentNode === this.container) {
        this.container.replaceChildren(piece(this.last));
        this.container.classList.add('md-pieced');
      }
      this.container.append(piece(node));
    }
    this.last = node;
  }
}

function piece(text: Text): HTMLElement {
  const el = document.createElement('span');
  el.className = 'md-piece';
  el.append(text);
  return el;
}
