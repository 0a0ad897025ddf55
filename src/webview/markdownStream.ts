// Streaming markdown in linear time (the approach Cline and Vercel's streamdown take): the text is
// split into top-level blocks with marked's lexer; finished blocks are rendered once and kept,
// and each frame re-lexes and re-renders only the last blocks, which are still growing.
import type { Token } from 'marked';
import type { MarkdownEngine } from './markdown';

interface Block {
  raw: string;
  tokens: Token[];
}

interface LiveBlock {
  raw: string;
  el: HTMLElement;
}

/** Blocks kept live: the last one grows; the one before can still change (a list continuing after a blank line). */
const LIVE_BLOCKS = 2;
/**
 * Blocks are grouped in chunks of this many; chunks other than the last skip layout and paint
 * while off-screen (`content-visibility: auto` in chat.css), so a frame's layout work does not
 * grow with the length of the answer.
 */
const BLOCKS_PER_CHUNK = 64;

export class MarkdownStream {
  readonly element: HTMLElement;
  private source = '';
  /**
   * The text after the finished blocks (which are in the DOM for good). Kept as its own string:
   * slicing it out of `source` each frame would flatten the whole growing string every time.
   */
  private tail = '';
  private live: LiveBlock[] = [];
  private dirty = false;
  private chunk: HTMLElement | undefined;
  private blocksInChunk = 0;

  constructor(private readonly engine: MarkdownEngine) {
    this.element = document.createElement('div');
    this.element.className = 'markdown';
  }

  get text(): string {
    return this.source;
  }

  append(delta: string): void {
    if (!delta) return;
    this.source += delta;
    this.tail += delta;
    this.dirty = true;
  }

  /** Sets the whole text: appends when it extends what is shown, else starts over. */
  set(text: string): void {
    if (text === this.source) return;
    if (text.startsWith(this.source)) return this.append(text.slice(this.source.length));
    this.source = text;
    this.tail = text;
    this.live = [];
    this.element.replaceChildren();
    this.chunk = undefined;
    this.dirty = true;
  }

  /** Brings the DOM up to date; cheap when nothing changed. */
  render(): void {
    if (!this.dirty) return;
    this.dirty = false;
    const tail = this.tail;
    const blocks = this.blocks(tail);
    blocks.forEach((block, i) => {
      const existing = this.live[i];
      if (existing?.raw === block.raw) return;
      const el = document.createElement('div');
      el.className = 'md-block';
      el.append(this.engine.render(block.tokens));
      if (existing) existing.el.replaceWith(el);
      else this.appendBlock(el);
      this.live[i] = { raw: block.raw, el };
    });
    for (const gone of this.live.splice(blocks.length)) gone.el.remove();
    const finished = blocks.length - LIVE_BLOCKS;
    // The lexer's raw text is exact for every token but the last (which it may trim); check anyway,
    // since a wrong offset would garble the rest of the answer.
    const done = finished > 0 ? blocks.slice(0, finished).map((b) => b.raw).join('') : '';
    if (done && tail.startsWith(done)) {
      this.tail = tail.slice(done.length);
      this.live.splice(0, finished);
    }
  }

  private appendBlock(el: HTMLElement): void {
    if (!this.chunk || this.blocksInChunk >= BLOCKS_PER_CHUNK) {
      this.chunk = document.createElement('div');
      this.chunk.className = 'md-chunk';
      this.element.append(this.chunk);
      this.blocksInChunk = 0;
    }
    this.chunk.append(el);
    this.blocksInChunk++;
  }

  /** Top-level blocks, blank lines folded into the block before them. */
  private blocks(tail: string): Block[] {
    const tokens = this.engine.lex(tail);
    const blocks: Block[] = [];
    for (const token of tokens) {
      const previous = blocks.at(-1);
      if (token.type === 'space' && previous) {
        previous.raw += token.raw;
        previous.tokens.push(token);
      } else {
        blocks.push({ raw: token.raw, tokens: [token] });
      }
    }
    return blocks;
  }
}
