// Streaming markdown in linear time and bounded frames (the approach Cline and Vercel's streamdown
// take, plus a budget): the text is cut into top-level segments (markdownSegments.ts); finished
// blocks are rendered once and kept, and each frame re-cuts, re-lexes and re-renders only the last
// segments, which are still growing. Rendering stops when the frame's budget is spent and goes on
// at the next frame, so a huge answer (reopened from history, or streamed faster than it renders)
// fills in over several frames instead of freezing the view.
import type { BlockSource, MarkdownEngine, RenderedBlock } from './markdown';
import { splitSegments, type Segment } from './markdownSegments';
import { addUsage, allowanceAfter, exhausted, NO_USAGE, type RenderUsage } from './renderLimits';

interface LexedSegment {
  start: number;
  end: number;
  blocks: BlockSource[];
}

interface LiveBlock {
  raw: string;
  rendered: RenderedBlock;
}

/** Segments kept live: the last one grows; the one before can still change (a list continuing after a blank line). */
const LIVE_SEGMENTS = 2;
/** Segments cut ahead of rendering at a time: a megabyte of tiny paragraphs is cut as it is rendered. */
const CUT_AHEAD = 256;
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
  /** Segments of `tail` (offsets into it), as cut when it was `cutLength` long; `cutShort`: not to its end yet. */
  private segments: Segment[] = [];
  private cutLength = 0;
  private cutShort = false;
  private lexed: LexedSegment[] = [];
  /** Rendered blocks of the segments in `tail`, in order. */
  private live: LiveBlock[] = [];
  /** What the finished blocks used of the answer's limits. */
  private spent: RenderUsage = NO_USAGE;
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
    this.segments = [];
    this.cutLength = 0;
    this.cutShort = false;
    this.lexed = [];
    this.live = [];
    this.spent = NO_USAGE;
    this.element.replaceChildren();
    this.chunk = undefined;
    this.dirty = true;
  }

  /** Brings the DOM up to date, as far as this frame's budget goes; cheap when nothing changed. */
  render(): void {
    if (!this.dirty) return;
    this.dirty = !this.work();
    // Marks an answer still filling in over frames (for tests and bench/chat.ts).
    this.element.toggleAttribute('data-rendering', this.dirty);
    if (this.dirty) this.engine.budget.later(this.resume);
  }

  /** One function, so a frame runs it once however often it was asked for. */
  private readonly resume = () => this.render();

  /** One pass over the live segments; false when the budget ran out first. */
  private work(): boolean {
    const budget = this.engine.budget;
    budget.hasTime(); // opens this frame's allowance, so the cut below counts against it
    if (this.cutLength !== this.tail.length) this.cut();
    let used = this.spent;
    let index = 0;
    let rendered = 0;
    // The first block a pass shows goes up whatever the clock says, so every frame makes progress: on a
    // busy machine the cut alone can spend a frame's allowance, and a frame that showed nothing would
    // leave a reopened answer blank.
    let shown = 0;
    const more = () => shown === 0 || budget.hasTime();
    passes: for (let s = 0; ; s++) {
      if (s === this.segments.length) {
        if (!this.cutShort || !budget.hasTime()) break;
        this.cut();
      }
      if (s < this.segments.length - 1 && exhausted(allowanceAfter(used))) {
        // The answer has used its allowance: the rest of it is one block of plain text.
        this.segments.splice(s, Infinity, { start: this.segments[s].start, end: this.tail.length });
        this.lexed.length = Math.min(this.lexed.length, s + 1);
        this.cutShort = false;
      }
      const segment = this.segments[s];
      let lexed = this.lexed[s];
      if (lexed?.start !== segment.start || lexed.end !== segment.end) {
        if (!more()) break;
        const text = this.tail.slice(segment.start, segment.end);
        lexed = this.lexed[s] = {
          start: segment.start,
          end: segment.end,
          blocks: this.engine.blocks(text, segment.fence, allowanceAfter(used)),
        };
      }
      for (const block of lexed.blocks) {
        let live = this.live[index];
        if (live?.raw !== block.raw) {
          if (!more()) break passes;
          live = this.show(index, block, used);
          shown++;
        }
        used = addUsage(used, live.rendered.usage);
        index++;
      }
      rendered = s + 1;
    }
    const finished = rendered === this.segments.length && !this.cutShort;
    if (finished) for (const gone of this.live.splice(index)) gone.rendered.element.remove();
    this.settle(Math.min(rendered, this.segments.length - LIVE_SEGMENTS));
    return finished;
  }

  /** Cuts on from the second-to-last segment: text appended since the last cut changes at most the last two. */
  private cut(): void {
    const kept = Math.max(0, this.segments.length - LIVE_SEGMENTS);
    const more = splitSegments(this.tail, kept > 0 ? this.segments[kept].start : 0, CUT_AHEAD);
    this.segments = [...this.segments.slice(0, kept), ...more];
    this.cutLength = this.tail.length;
    this.cutShort = (more.at(-1)?.end ?? 0) < this.tail.length;
    this.lexed.length = Math.min(this.lexed.length, this.segments.length);
  }

  /** Renders `block` as the `index`th live block: in place if its element can show it, else anew. */
  private show(index: number, block: BlockSource, used: RenderUsage): LiveBlock {
    const existing = this.live[index];
    if (existing?.rendered.update?.(block)) {
      existing.raw = block.raw;
      return existing;
    }
    const rendered = this.engine.render(block, allowanceAfter(used));
    if (existing) existing.rendered.element.replaceWith(rendered.element);
    else this.appendBlock(rendered.element);
    return (this.live[index] = { raw: block.raw, rendered });
  }

  /** The first `count` segments are rendered and will not change: their blocks stay in the DOM for good. */
  private settle(count: number): void {
    if (count <= 0) return;
    const blocks = this.lexed.slice(0, count).reduce((n, segment) => n + segment.blocks.length, 0);
    for (const done of this.live.splice(0, blocks)) this.spent = addUsage(this.spent, done.rendered.usage);
    const offset = this.segments[count].start;
    this.tail = this.tail.slice(offset);
    this.cutLength -= offset;
    const shift = <T extends { start: number; end: number }>(items: T[]) =>
      items.slice(count).map((item) => ({ ...item, start: item.start - offset, end: item.end - offset }));
    this.segments = shift(this.segments);
    this.lexed = shift(this.lexed);
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
}
