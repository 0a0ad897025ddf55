// Text that may grow to megabytes (an oversized block shown as plain text, long code) kept in
// pieces of PIECE_CHARS characters or PIECE_LINES lines: appending touches only the last piece,
// and every piece skips layout while off-screen (`.md-piece` in chat.css), so neither streaming nor
// reopening lays out the whole text.
import { PIECE_CHARS, PIECE_LINES } from './renderLimits';

export class PieceText {
  private text = '';
  /** The text node being filled; while the text fits one piece it sits directly in the container. */
  private last: Text | undefined;
  private lastLines = 0;

  constructor(private readonly container: HTMLElement) {}

  /** Shows `text`: appends when it extends what is shown, else starts over. */
  set(text: string): void {
    if (text === this.text) return;
    if (!text.startsWith(this.text)) {
      this.container.replaceChildren();
      this.container.classList.remove('md-pieced');
      this.text = '';
      this.last = undefined;
      this.lastLines = 0;
    }
    this.append(text.slice(this.text.length));
  }

  private append(delta: string): void {
    let rest = delta;
    while (rest) {
      if (!this.last || this.last.length >= PIECE_CHARS || this.lastLines >= PIECE_LINES) this.startPiece();
      let take = Math.min(rest.length, PIECE_CHARS - this.last!.length);
      let lines = this.lastLines;
      for (let i = rest.indexOf('\n'); i >= 0 && i < take; i = rest.indexOf('\n', i + 1)) {
        if (++lines === PIECE_LINES) {
          take = i + 1;
          break;
        }
      }
      this.last!.appendData(rest.slice(0, take));
      this.lastLines = lines;
      this.text += rest.slice(0, take);
      rest = rest.slice(take);
    }
  }

  private startPiece(): void {
    const node = document.createTextNode('');
    this.lastLines = 0;
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
