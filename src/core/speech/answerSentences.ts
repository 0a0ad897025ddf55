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

export class AnswerSentenceStream {
  private raw = '';
  /** Where the block not yet fully spoken begins, in `raw`. */
  private blockStart = 0;
  /** Sentences of that block already given out (it was still growing then). */
  private given = 0;

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
   * Walks the lines of the open block (and any that follow it). Blocks that have ended are spoken in
   * full; of the block still growing, every sentence but the last (which may go on).
   */
  private scan(final: boolean): string[] {
    const out: string[] = [];
    const raw = this.raw;
    let fence: string | undefined;
    let lineStart = this.blockStart;
    let openEnd = lineStart;
    while (lineStart < raw.length) {
      const newline = raw.indexOf('\n', lineStart);
      const complete = newline >= 0 || final;
      const lineEnd = newline >= 0 ? newline + 1 : raw.length;
      const line = raw.slice(lineStart, newline >= 0 ? newline : raw.length);
      if (!complete && (fence !== undefined || UNDECIDED.test(line))) break;
      if (fence !== undefined) {
        if (complete && isFenceClose(line, fence)) {
          this.endBlock(out, lineEnd);
          fence = undefined;
        }
        lineStart = openEnd = lineEnd;
        continue;
      }
      const open = FENCE_OPEN.exec(line);
      if (open) {
        this.endBlock(out, lineStart);
        fence = open[1];
      } else if (!line.trim()) {
        this.endBlock(out, lineStart);
        this.blockStart = lineEnd;
      } else if (BLOCK_START.test(line)) {
        this.endBlock(out, lineStart);
        if (complete && HEADING.test(line)) {
          this.endBlock(out, lineEnd);
        }
      }
      lineStart = openEnd = lineEnd;
    }
    if (final) {
      this.endBlock(out, raw.length);
      return out;
    }
    if (fence === undefined && openEnd > this.blockStart) {
      const sentences = this.sentencesOf(raw.slice(this.blockStart, openEnd));
      // The last sentence may go on in the next piece of text.
      out.push(...sentences.slice(this.given, -1));
      this.given = Math.max(this.given, sentences.length - 1);
    }
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
