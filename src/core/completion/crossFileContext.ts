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

type Neighbours = ReturnType<ContextSource['neighbours']>;
import { LruCache } from './lruCache';

/** A request waits this long for definitions; what arrives later joins the context of the block's later requests. */
const DEFINITION_BOX_MS = 100;
/** Definitions not found by then are not waited for at all (a language server still loading the project). */
const LATE_DEFINITIONS_MS = 3_000;

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
  /** What the choice started from, for a first request that goes before it lands. */
  neighbours?: Neighbours;
}

export class CrossFileContext {
  private version = 0;
  private readonly chosen = new LruCache<Chosen>(16);
  private readonly latest = new LruCache<{ version: number; value: string }>(16);
  /** Documents a request has already asked about: the others are newly opened. */
  private readonly asked = new LruCache<true>(16);

  constructor(private readonly deps: CrossFileContextDeps) {}

  /** Another file changed, a tab opened or closed, or the settings did: choose again at the next request. */
  invalidate(): void {
    this.version++;
  }

  /**
   * The comment block that starts the prompt for this query ('' for none), chosen once per block of
   * lines: a string when already chosen (the request goes out at once), else a promise. The first
   * request in a newly opened document never waits on the definition providers: it carries tabs and
   * recent edits only, unless the whole choice (started by `prepare` when its editor became active)
   * has landed.
   */
  header(query: ContextQuery): string | Promise<string> {
    const budget = this.deps.budgetTokens();
    const style = commentStyleFor(query.languageId);
    if (budget <= 0 || !style) return '';
    const entry = this.entry(query, budget, style);
    const documentKey = this.documentKey(query);
    const first = !this.asked.get(documentKey);
    this.asked.set(documentKey, true);
    if (entry.value !== undefined) return entry.value;
    return first && entry.neighbours ? this.render(query, budget, style, entry.neighbours, []) : entry.pending;
  }

  /** Starts choosing for the cursor's block of a document whose editor became active, before the first keystroke. */
  prepare(query: ContextQuery): void {
    const budget = this.deps.budgetTokens();
    const style = commentStyleFor(query.languageId);
    if (budget > 0 && style) this.entry(query, budget, style);
  }

  private entry(query: ContextQuery, budget: number, style: CommentStyle): Chosen {
    const block = Math.floor(lineOf(query.text, query.offset) / WINDOW_BLOCK_LINES);
    const key = `${this.version}\u0000${budget}\u0000${query.languageId}\u0000${query.path}\u0000${block}`;
    const known = this.chosen.get(key);
    if (known) return known;
    const neighbours = this.deps.source.neighbours(query);
    const definitions = this.definitions(query);
    const fresh = definitions.boxed.then((found) => this.render(query, budget, style, neighbours, found));
    const documentKey = this.documentKey(query);
    const last = this.latest.get(documentKey);
    // A new block of a document that had context keeps that context for this whole block (no request
    // waits, the prompt's start and typed-through suggestions stay valid) while the new choice is made
    // for the next block. Only when nothing else changed: a file that became sensitive, or a closed tab,
    // never comes back this way (`invalidate` changes the version).
    const entry: Chosen =
      last && last.version === this.version ? { pending: Promise.resolve(last.value), value: last.value } : { pending: fresh, neighbours };
    this.chosen.set(key, entry);
    const version = this.version;
    const settle = (value: string) => {
      if (entry.pending === fresh) entry.value = value;
      entry.neighbours = undefined;
      this.latest.set(documentKey, { version, value });
    };
    const failed = () => this.invalidate(); // a failed gather chooses nothing this time and is asked again next time
    fresh.then(settle, failed);
    // Definitions a busy language server found after the box: the block's later requests carry them
    // (the prompt's start changes once), unless the choice is stale by then.
    void Promise.all([fresh, definitions.boxed, definitions.all]).then(([, boxed, all]) => {
      if (all.length > boxed.length && version === this.version) settle(this.render(query, budget, style, neighbours, all));
    }, failed);
    return entry;
  }

  private documentKey(query: ContextQuery): string {
    return `${this.deps.budgetTokens()}\u0000${query.languageId}\u0000${query.path}`;
  }

  private render(
    query: ContextQuery,
    budget: number,
    style: CommentStyle,
    neighbours: Neighbours,
    definitions: readonly ContextChunk[],
  ): string {
    const scored = rankChunks(
      referenceWindow(query.text, query.offset),
      neighbours.files,
      [...neighbours.chunks, ...definitions],
      partialWordAt(query.text, query.offset),
    );
    return renderContext(selectContext(scored, budget, query.path, style), query.path, style);
  }

  /**
   * The definitions found within the time box (`boxed`: what a waiting request gets), and all of them
   * (`all`: those the providers found by the later cut-off too, for the block's later requests).
   */
  private definitions(query: ContextQuery): { boxed: Promise<ContextChunk[]>; all: Promise<ContextChunk[]> } {
    const near = identifiersNearCursor(query.text, query.offset);
    const imported = importedNames(query.text, query.languageId);
    const offsets = [...near, ...imported].map((s) => s.offset);
    if (offsets.length === 0) return { boxed: Promise.resolve([]), all: Promise.resolve([]) };
    const found: ContextChunk[] = [];
    const controller = new AbortController();
    const timer = this.deps.timer ?? defaultTimer;
    const all = new Promise<ContextChunk[]>((resolve) => {
      const finish = () => {
        cancelLate();
        controller.abort();
        resolve([...found]);
      };
      const cancelLate = timer(LATE_DEFINITIONS_MS, finish);
      this.deps.source
        .definitions(
          query,
          offsets,
          (chunk) => controller.signal.aborted || found.push({ ...chunk, kind: 'definition' }),
          controller.signal,
        )
        .then(finish, finish);
    });
    const boxed = new Promise<ContextChunk[]>((resolve) => {
      const cancelBox = timer(DEFINITION_BOX_MS, () => resolve([...found]));
      void all.then((chunks) => {
        cancelBox();
        resolve(chunks);
      });
    });
    return { boxed, all };
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
