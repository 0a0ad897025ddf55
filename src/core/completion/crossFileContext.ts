// Cross-file completion context: asks the source (open tabs, recent edits, definitions from VS Code's
// providers) for material, ranks it against the code before the cursor, budgets it in tokens and
// renders it as the prompt's leading comments. The choice is kept per block of lines (the prompt
// window's block), so while the user types inside a block the prompt's start stays byte-identical;
// it is made again only when the cursor leaves the block or another file changes.
import { WINDOW_BLOCK_LINES } from './contextExtraction';
import { commentStyleFor, renderContext, selectContext, type CommentStyle } from './contextPrompt';
import { partialWordAt, rankChunks, referenceWindow } from './contextRanking';
import { identifiersNearCursor, importedNames } from './contextSymbols';
import type { ContextChunk, ContextQuery, ContextSource } from './contextTypes';
import { LruCache } from './lruCache';

/** Definitions that have not resolved within this time are left out: the request does not wait longer. */
export const DEFINITION_BOX_MS = 100;

export interface CrossFileContextDeps {
  source: ContextSource;
  /** `tandem.completion.contextTokens`; 0 turns cross-file context off. */
  budgetTokens: () => number;
  /** Starts the definition time box (a test passes a fake). */
  timer?: (ms: number, done: () => void) => () => void;
}

interface Chosen {
  pending: Promise<string>;
  value?: string;
}

export class CrossFileContext {
  private version = 0;
  private readonly chosen = new LruCache<Chosen>(16);
  private readonly latest = new LruCache<{ version: number; value: string }>(16);

  constructor(private readonly deps: CrossFileContextDeps) {}

  /** Another file changed, a tab opened or closed, or the settings did: choose again at the next request. */
  invalidate(): void {
    this.version++;
  }

  /**
   * The comment block that starts the prompt for this query ('' for none), chosen once per block of
   * lines: a string when already chosen (the request goes out at once), else a promise.
   */
  header(query: ContextQuery): string | Promise<string> {
    const budget = this.deps.budgetTokens();
    const style = commentStyleFor(query.languageId);
    if (budget <= 0 || !style) return '';
    const block = Math.floor(lineOf(query.text, query.offset) / WINDOW_BLOCK_LINES);
    const key = `${this.version}\u0000${budget}\u0000${query.languageId}\u0000${query.path}\u0000${block}`;
    const known = this.chosen.get(key);
    if (known) return known.value ?? known.pending;
    const fresh = this.choose(query, budget, style);
    const documentKey = this.documentKey(query);
    const last = this.latest.get(documentKey);
    // A new block of a document that had context keeps that context for this whole block (no request
    // waits, the prompt's start and typed-through suggestions stay valid) while the new choice is made
    // for the next block. Only when nothing else changed: a file that became sensitive, or a closed tab,
    // never comes back this way (`invalidate` changes the version).
    const entry: Chosen =
      last && last.version === this.version ? { pending: Promise.resolve(last.value), value: last.value } : { pending: fresh };
    this.chosen.set(key, entry);
    const version = this.version;
    fresh.then(
      (value) => {
        if (entry.pending === fresh) entry.value = value;
        this.latest.set(documentKey, { version, value });
      },
      () => this.invalidate(), // a failed gather chooses nothing this time and is asked again next time
    );
    return entry.value ?? entry.pending;
  }

  private documentKey(query: ContextQuery): string {
    return `${this.deps.budgetTokens()}\u0000${query.languageId}\u0000${query.path}`;
  }

  private async choose(query: ContextQuery, budget: number, style: CommentStyle): Promise<string> {
    const { files, chunks } = this.deps.source.neighbours(query);
    const definitions = await this.definitionsWithinBox(query);
    const scored = rankChunks(
      referenceWindow(query.text, query.offset),
      files,
      [...chunks, ...definitions],
      partialWordAt(query.text, query.offset),
    );
    return renderContext(selectContext(scored, budget, query.path, style), query.path, style);
  }

  private definitionsWithinBox(query: ContextQuery): Promise<ContextChunk[]> {
    const near = identifiersNearCursor(query.text, query.offset);
    const imported = importedNames(query.text, query.languageId);
    const offsets = [...near, ...imported].map((s) => s.offset);
    if (offsets.length === 0) return Promise.resolve([]);
    const found: ContextChunk[] = [];
    const controller = new AbortController();
    const timer = this.deps.timer ?? defaultTimer;
    return new Promise((resolve) => {
      const finish = () => {
        cancel();
        controller.abort();
        resolve([...found]);
      };
      const cancel = timer(DEFINITION_BOX_MS, finish);
      this.deps.source
        .definitions(
          query,
          offsets,
          (chunk) => controller.signal.aborted || found.push({ ...chunk, kind: 'definition' }),
          controller.signal,
        )
        .then(finish, finish);
    });
  }
}

function defaultTimer(ms: number, done: () => void): () => void {
  const handle = setTimeout(done, ms);
  return () => clearTimeout(handle);
}

function lineOf(text: string, offset: number): number {
  let line = 0;
  for (let i = text.indexOf('\n'); i >= 0 && i < offset; i = text.indexOf('\n', i + 1)) line++;
  return line;
}
