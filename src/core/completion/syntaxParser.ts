// What post-processing needs from a parser, so core/ can judge completions by syntax without
// knowing how (or whether yet) a parser is loaded. The implementation: treeSitterParsers.ts.

/** Judges texts put at one place in one file (parsed once, then incrementally per candidate). */
export interface InsertionJudge {
  /**
   * True when putting `inserted` between the file's two halves adds no parse error: every error
   * the file then has, it had without it, at the same place (shifted past the text), apart from a
   * token missing at the very end of an unfinished file. Nor may it start a labelled statement that
   * labels no loop or block: a note written as code (`TODO: handle this`).
   */
  fits(inserted: string): boolean;
  /** Frees the parse trees (they live in WebAssembly memory). */
  dispose(): void;
}

export interface SyntaxParsers {
  /**
   * A judge for texts inserted between `before` and `after`, or undefined when the language has no
   * parser or it is not loaded yet (the first call starts loading it; nothing waits for it).
   */
  judgeInsertion(languageId: string, before: string, after: string): InsertionJudge | undefined;
  /**
   * Indexes in `text` of the brackets that are tokens of the language (not inside a string, comment
   * or regex), or undefined when no parser is ready.
   */
  bracketTokens?(languageId: string, text: string): ReadonlySet<number> | undefined;
}

/**
 * The syntax judge for one place in one file, asked by post-processing once the answer is in. Its
 * parse of the code around the place starts when it is made, and may run on another thread
 * (judgeWorker.ts): the questions queue behind it and are answered in order.
 */
export interface PlaceJudge {
  /**
   * The index of the first group that has a text that fits at the place (a group is one candidate
   * and its variants, tried in order), -1 when none does, or undefined when nothing was judged (no
   * parser ready for the language, or the parser failed): the caller then keeps to its line rules.
   */
  firstFit(groups: readonly (readonly string[])[]): Promise<number | undefined>;
  /** `SyntaxParsers.bracketTokens` of the place's language. */
  brackets(text: string): Promise<ReadonlySet<number> | undefined>;
  /** Frees the parse; later questions go unjudged. */
  dispose(): void;
}

export interface PlaceJudges {
  /** A judge for texts put between `before` and `after`; the parse of these starts now. */
  judgeAt(languageId: string, before: string, after: string): PlaceJudge;
}
