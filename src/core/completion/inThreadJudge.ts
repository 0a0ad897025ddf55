// The syntax judge for one place, on the thread that asks: post-processing's questions answered with
// SyntaxParsers at once. Benchmarks and tests use it as it is; the extension host asks judgeWorker.ts,
// whose worker thread answers with this same class.
import type { InsertionJudge, PlaceJudge, PlaceJudges, SyntaxParsers } from './syntaxParser';

export class InThreadJudge {
  private prepared: InsertionJudge | undefined;

  constructor(
    private readonly parsers: SyntaxParsers | undefined,
    private readonly languageId: string,
    private readonly before: string,
    private readonly after: string,
  ) {}

  /** Parses the code around the place now (while the service works on the answer), not at the first question; once. */
  prepare(): this {
    this.prepared ??= this.judge();
    return this;
  }

  firstFit(groups: readonly (readonly string[])[]): number | undefined {
    // Not prepared, or the grammar was still loading then: made now, and freed after.
    const judge = this.prepared ?? this.judge();
    if (!judge) return undefined;
    try {
      // Once per text: on one line the cuts on either side of a space make the same candidate twice, and a
      // line closed at its end may be a longer candidate already judged. Each parse is on the path to the ghost.
      const verdicts = new Map<string, boolean>();
      const fits = (text: string) => {
        let verdict = verdicts.get(text);
        if (verdict === undefined) verdicts.set(text, (verdict = judge.fits(text)));
        return verdict;
      };
      return groups.findIndex((group) => group.some(fits));
    } catch {
      return undefined; // a parser that fails mid-way (WebAssembly out of memory) costs the judgement, not the completion
    } finally {
      if (judge !== this.prepared) judge.dispose();
    }
  }

  brackets(text: string): ReadonlySet<number> | undefined {
    try {
      return this.parsers?.bracketTokens?.(this.languageId, text);
    } catch {
      return undefined; // a parser failing mid-way costs the distinction, not the completion
    }
  }

  dispose(): void {
    this.prepared?.dispose();
    this.prepared = undefined;
  }

  private judge(): InsertionJudge | undefined {
    try {
      return this.parsers?.judgeInsertion(this.languageId, this.before, this.after);
    } catch {
      return undefined; // the judgement later fails the same way and goes unjudged
    }
  }
}

/** PlaceJudges on this thread: each place is parsed when it is asked for. */
export function inThreadJudges(parsers: SyntaxParsers): PlaceJudges {
  return {
    judgeAt(languageId, before, after): PlaceJudge {
      const judge = new InThreadJudge(parsers, languageId, before, after).prepare();
      return {
        firstFit: async (groups) => judge.firstFit(groups),
        brackets: async (text) => judge.brackets(text),
        dispose: () => judge.dispose(),
      };
    },
  };
}
