// Auto-read: an answer's sentences as they complete while it streams. The same rules as reading a
// finished answer (answerSpeech.ts) apply to each markdown block; a sentence is given out only once
// the text after it shows it has ended, and a code block only once its fence closes.
import { answerForSpeech, isFenceClose, type AnswerSpeechOptions } from './answerSpeech';
import { sentenceRanges } from './speechText';

const FENCE_OPEN = /^ {0,3}(`{3,}|~{3,})([^`]*)$/;
/** A line that starts a block of its own: a list item, a heading, a table row. */
const BLOCK_START = /^ {0,3}(?:[-*+]\s|\d{1,9}[.)]\s|#{1,6}(?:\s|$)|\|)/;
const HEADING = /^ {0,3}#{1,6}(?:\s|$)/;
/**
 * The start of a line that could still become a fence, a list item or a rule ("``", "1", "-"): it is
 * left for the next piece of text to decide.
 */
const UNDECIDED = /^\s*[`~#>|*+\-_=\d.)]*\s*$/;
/** Most characters of a growing block looked at again with each piece of text (about a minute of speech). */
const MAX_OPEN_CHARS = 1000;

export class AnswerSentenceStream {
  private raw = '';
  /** Where the block not yet fully spoken begins, in `raw`. */
  private blockStart = 0;
  /** Sentences of that block already given out (it was still growing then). */
  private given = 0;
  /** Where the first line not yet taken in for good starts: lines before it are never looked at again. */
  private scanPos = 0;
  /** The fence of the code block open at `scanPos`. */
  private fence: string | undefined;
  /** `scanPos` is inside a line, after a too-long block was cut: what follows continues that line. */
  private midLine = false;

  constructor(private readonly options: AnswerSpeechOptions) {}

  /** Adds streamed answer text; returns the sentences it completed. */
  push(text: string): string[] {
    this.raw += text;
    return this.scan(false);
  }

  /** The answer ended: the rest, including its last sentence. */
  close(): string[] {
    return this.scan(true);
  }

  /**
   * Takes in the lines that arrived. Blocks that have ended are spoken in full; of the block still
   * growing, every sentence but the last (which may go on).
   */
  private scan(final: boolean): string[] {
    const out: string[] = [];
    const raw = this.raw;
    let fence = this.fence;
    let lineStart = this.scanPos;
    let openEnd = lineStart;
    while (lineStart < raw.length) {
      const newline = raw.indexOf('\n', lineStart);
      const complete = newline >= 0 || final;
      const lineEnd = newline >= 0 ? newline + 1 : raw.length;
      const line = raw.slice(lineStart, newline >= 0 ? newline : raw.length);
      // The rest of a cut line is prose: the line rules were decided at its start.
      const rest = this.midLine && lineStart === this.scanPos;
      if (!complete && (fence !== undefined || (!rest && UNDECIDED.test(line)))) break;
      if (fence !== undefined) {
        if (complete && isFenceClose(line, fence)) {
          this.endBlock(out, lineEnd);
          fence = undefined;
        }
      } else if (!rest) {
        const open = FENCE_OPEN.exec(line);
        if (open) {
          this.endBlock(out, lineStart);
          fence = open[1];
        } else if (!line.trim()) {
          this.endBlock(out, lineStart);
          this.blockStart = lineEnd;
        } else if (BLOCK_START.test(line)) {
          this.endBlock(out, lineStart);
          if (complete && HEADING.test(line)) this.endBlock(out, lineEnd);
        }
      }
      openEnd = lineEnd;
      // A line still arriving is looked at again with the next piece of text.
      if (!complete) break;
      lineStart = this.scanPos = lineEnd;
      this.fence = fence;
      this.midLine = false;
    }
    if (final) {
      this.endBlock(out, raw.length);
      return out;
    }
    if (fence !== undefined || openEnd <= this.blockStart) return out;
    while (openEnd - this.blockStart > MAX_OPEN_CHARS) {
      // A block this long (a paragraph with no line breaks) is cut after a sentence, so that each piece of
      // text costs a bounded amount of work rather than a new look at the whole paragraph.
      const cut = cutPoint(raw, this.blockStart, openEnd);
      this.endBlock(out, cut);
      if (cut > this.scanPos) {
        this.scanPos = cut;
        this.midLine = true;
      }
    }
    const sentences = this.sentencesOf(raw.slice(this.blockStart, openEnd));
    // The last sentence may go on in the next piece of text.
    out.push(...sentences.slice(this.given, -1));
    this.given = Math.max(this.given, sentences.length - 1);
    return out;
  }

  /** The open block ends at `end`: its sentences not yet given out. */
  private endBlock(out: string[], end: number): void {
    if (end <= this.blockStart) return;
    out.push(...this.sentencesOf(this.raw.slice(this.blockStart, end)).slice(this.given));
    this.blockStart = end;
    this.given = 0;
  }

  private sentencesOf(markdown: string): string[] {
    const spoken = answerForSpeech(markdown, this.options);
    return [...sentenceRanges(spoken)].map(({ start, end }) => spoken.slice(start, end));
  }
}

/**
 * Where to cut a too-long block that starts at `from`: before the last sentence that starts within the
 * limit (speechText's sentence rules, so "e.g." or "Mr." do not end one), else after its last space,
 * else at the limit.
 */
function cutPoint(raw: string, from: number, to: number): number {
  const window = raw.slice(from, Math.min(to, from + MAX_OPEN_CHARS));
  let last = 0;
  for (const range of sentenceRanges(window)) last = range.start;
  const cut = last > 0 ? last : window.lastIndexOf(' ') + 1;
  return from + (cut > 0 ? cut : window.length);
}
