// Cross-file completion context: asks the source (open tabs, recent edits, definitions from VS Code's
// providers) for material, ranks it against the code before the cursor, budgets it in tokens and
// renders it as the prompt's leading comments. The choice is kept per block of lines (the prompt
// window's block), so while the user types inside a block the prompt's start stays byte-identical;
// it is made again only when the cursor leaves the block or another file changes.
import { WINDOW_BLOCK_LINES } from './contextExtraction';
import { commentStyleFor, renderContext, selectContext, type CommentStyle } from './contextPrompt';
import { partialWordAt, rankChunks, referenceWindow } from './contextRanking';
import { identifiersNearCursor, importedNames } from './contextSymbols';
import type { ContextChunk, ContextQuery, ContextSource, NamedDefinition } from './contextTypes';
import { LruCache } from './lruCache';
import { definitionIndex, PARTIAL_MATCHES, placeOf, startingWith } from './partialDefinitions';

type Neighbours = ReturnType<ContextSource['neighbours']>;
/** A workspace symbol search: what it found, whether that is all there is, and whether it has landed. */
type SymbolSearch = { found: NamedDefinition[]; complete: boolean; landed: boolean };

/** A request waits this long for definitions; what arrives later joins the context of the block's later requests. */
const DEFINITION_BOX_MS = 100;
/** Definitions not found by then are not waited for at all (a language server still loading the project). */
const LATE_DEFINITIONS_MS = 3_000;
/** Definitions a workspace symbol search returns at most; fewer means it found them all. */
export const SYMBOL_MATCHES = 3 * PARTIAL_MATCHES;
/** Definitions identifiers typed in one block bring in at most (the oldest go first). */
const BROUGHT_MAX = 2 * PARTIAL_MATCHES;

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
  /** What the choice is made from, to make it again when an identifier being typed brings in a definition. */
  made: { neighbours: Neighbours; definitions: readonly ContextChunk[] };
  /** Definitions the identifiers typed in this block brought in: they stay for the block. */
  brought: NamedDefinition[];
  /** The workspace symbol searches of this block, by the identifier searched for. */
  searched: Map<string, SymbolSearch>;
  /** The block's latest query, for a search that lands after it. */
  query: ContextQuery;
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
   * request in a newly opened document (or one whose editor became active again) never waits on the
   * definition providers: it carries tabs, recent edits and what definitions the choice (started by
   * `prepare`) has found so far, ranked against its own code.
   */
  header(query: ContextQuery): string | Promise<string> {
    const budget = this.deps.budgetTokens();
    const style = commentStyleFor(query.languageId);
    if (budget <= 0 || !style) return '';
    const entry = this.entry(query, budget, style);
    const documentKey = this.documentKey(query);
    const first = !this.asked.get(documentKey);
    this.asked.set(documentKey, true);
    entry.query = query;
    const partial = partialWordAt(query.text, query.offset);
    if (partial) this.bringIn(entry, partial, budget, style);
    if (first) {
      // Ranked against this request's own code, with what the choice has so far: one made when the
      // editor became active was ranked against the code before the cursor then (none, at the top).
      const value = this.render(query, budget, style, entry.made.neighbours, [...entry.made.definitions, ...entry.brought]);
      if (entry.value !== undefined) {
        entry.value = value;
        this.latest.set(documentKey, { version: this.version, value });
      }
      return value;
    }
    return entry.value ?? entry.pending;
  }

  /**
   * Starts choosing for the cursor's block of a document whose editor became active, before the first
   * keystroke, and reads the tabs' words and definitions now: the first request's choice then only
   * compares (reading them cost the first keystroke 40 to 100 ms in a cold extension host). Its next
   * request is a first one again: a document opened anew, or gone back to after another file changed,
   * had it wait up to the whole time box for a choice made again.
   */
  prepare(query: ContextQuery): void {
    const budget = this.deps.budgetTokens();
    const style = commentStyleFor(query.languageId);
    if (budget <= 0 || !style) return;
    this.asked.delete(this.documentKey(query));
    const entry = this.entry(query, budget, style);
    definitionIndex(entry.made.neighbours);
    this.render(query, budget, style, entry.made.neighbours, entry.brought);
  }

  private entry(query: ContextQuery, budget: number, style: CommentStyle): Chosen {
    const block = Math.floor(lineOf(query.text, query.offset) / WINDOW_BLOCK_LINES);
    const key = `${this.version}\u0000${budget}\u0000${query.languageId}\u0000${query.path}\u0000${block}`;
    const known = this.chosen.get(key);
    if (known) return known;
    const neighbours = this.deps.source.neighbours(query);
    const definitions = this.definitions(query);
    const documentKey = this.documentKey(query);
    const last = this.latest.get(documentKey);
    const entry: Chosen = {
      pending: Promise.resolve(''),
      made: { neighbours, definitions: [] },
      brought: [],
      searched: new Map(),
      query,
    };
    const fresh = definitions.boxed.then((found) => {
      entry.made = { neighbours, definitions: found };
      return this.render(entry.query, budget, style, neighbours, [...found, ...entry.brought]);
    });
    // A new block of a document that had context keeps that context for this whole block (no request
    // waits, the prompt's start and typed-through suggestions stay valid) while the new choice is made
    // for the next block. Only when nothing else changed: a file that became sensitive, or a closed tab,
    // never comes back this way (`invalidate` changes the version).
    if (last && last.version === this.version) {
      entry.pending = Promise.resolve(last.value);
      entry.value = last.value;
    } else entry.pending = fresh;
    this.chosen.set(key, entry);
    const version = this.version;
    const settle = (value: string) => {
      if (entry.pending === fresh) entry.value = value;
      this.latest.set(documentKey, { version, value });
    };
    const failed = () => this.invalidate(); // a failed gather chooses nothing this time and is asked again next time
    fresh.then(settle, failed);
    // Definitions a busy language server found after the box: the block's later requests carry them
    // (the prompt's start changes once), unless the choice is stale by then.
    void Promise.all([fresh, definitions.boxed, definitions.all]).then(([, boxed, all]) => {
      if (all.length <= boxed.length || version !== this.version) return;
      entry.made = { neighbours, definitions: all };
      settle(this.render(entry.query, budget, style, neighbours, [...all, ...entry.brought]));
    }, failed);
    return entry;
  }

  /**
   * Brings the definitions of names that start with `partial`, the identifier being typed, into the
   * block's choice: from the tabs and recent edits at once, from the workspace's symbols once that
   * search lands (the block's later requests carry them). Only a definition not brought in before
   * changes the choice, so the prompt's start changes once per definition, not per keystroke.
   */
  private bringIn(entry: Chosen, partial: string, budget: number, style: CommentStyle): void {
    // The longest search this identifier can use: one for it, or for a prefix of it that found all there was.
    let search: SymbolSearch | undefined;
    for (const [searchedFor, result] of entry.searched) {
      if (partial.startsWith(searchedFor) && (result.complete || searchedFor === partial || !result.landed)) search = result;
    }
    const brought = new Set(entry.brought.map(placeOf));
    const found = startingWith(partial, [...definitionIndex(entry.made.neighbours), ...(search?.found ?? [])]).filter(
      (d) => !brought.has(placeOf(d)),
    );
    if (found.length > 0) {
      entry.brought = [...entry.brought, ...found].slice(-BROUGHT_MAX);
      if (entry.value !== undefined) {
        entry.value = this.render(entry.query, budget, style, entry.made.neighbours, [...entry.made.definitions, ...entry.brought]);
        this.latest.set(this.documentKey(entry.query), { version: this.version, value: entry.value });
      }
    }
    if (!search) this.search(entry, partial, budget, style);
  }

  /** Searches the workspace's symbols for `partial`, off the request's path; what it finds is brought in when it lands. */
  private search(entry: Chosen, partial: string, budget: number, style: CommentStyle): void {
    const symbols = this.deps.source.symbols;
    if (!symbols || [...entry.searched.values()].some((s) => !s.landed)) return; // one at a time
    const result: SymbolSearch = { found: [], complete: false, landed: false };
    entry.searched.set(partial, result);
    const version = this.version;
    const controller = new AbortController();
    const cancel = (this.deps.timer ?? defaultTimer)(LATE_DEFINITIONS_MS, () => controller.abort());
    symbols.call(this.deps.source, entry.query, partial, controller.signal).then(
      (found) => {
        cancel();
        Object.assign(result, { found, complete: found.length < SYMBOL_MATCHES, landed: true });
        if (version !== this.version) return;
        // The identifier as typed since, when it still starts with this one; else this one.
        const now = partialWordAt(entry.query.text, entry.query.offset);
        this.bringIn(entry, now?.startsWith(partial) ? now : partial, budget, style);
      },
      () => {
        cancel();
        Object.assign(result, { complete: false, landed: true });
      },
    );
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
    const scored = rankChunks(referenceWindow(query.text, query.offset), neighbours.files, [...neighbours.chunks, ...definitions]);
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
