// What post-processing needs from a parser, so core/ can judge completions by syntax without
// knowing how (or whether yet) a parser is loaded. The implementation: treeSitterParsers.ts.

/** Judges texts put at one place in one file (parsed once, then incrementally per candidate). */
export interface InsertionJudge {
  /**
   * True when putting `inserted` between the file's two halves adds no parse error: every error
   * the file then has, it had without it, at the same place (shifted past the text), apart from a
   * token missing at the very end of an unfinished file.
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
