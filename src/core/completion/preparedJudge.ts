// The syntax judge's parse of the code around the cursor does not depend on the answer, so it is made
// while the service works on the answer, not after the last token: only the parses of the answer's
// candidate cuts (incremental, well under a millisecond each) are left on the path to the ghost text.
import type { InsertionJudge, SyntaxParsers } from './syntaxParser';

export interface PreparedParsers extends SyntaxParsers {
  /** Frees the prepared parse; the judge it handed out stops working. */
  dispose(): void;
}

/**
 * `parsers`, with the judge for `before`/`after` in `languageId` made now: asked for the same place, it is
 * handed out as it is (its `dispose` left to this wrapper's), any other is made as usual.
 */
export function prepareJudge(parsers: SyntaxParsers, languageId: string, before: string, after: string): PreparedParsers {
  let judge: InsertionJudge | undefined;
  try {
    judge = parsers.judgeInsertion(languageId, before, after);
  } catch {
    judge = undefined; // the judgement later fails the same way and says so
  }
  const prepared = judge && { fits: (inserted: string) => judge.fits(inserted), dispose: () => undefined };
  return {
    judgeInsertion: (language, b, a) =>
      prepared && language === languageId && b === before && a === after ? prepared : parsers.judgeInsertion(language, b, a),
    bracketTokens: parsers.bracketTokens?.bind(parsers),
    dispose: () => judge?.dispose(),
  };
}
