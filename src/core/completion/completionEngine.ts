// The completion pipeline: context → cache (incl. typed-through) → rate-limit cool-down → debounce →
// joined, streamed request → post-processing → cache. Pure: the service call, settings and clock are passed in.
import { isServiceError } from '../errors/serviceError';
import { abortableDelay, AdaptiveDebounce } from './adaptiveDebounce';
import { decideMode } from './completionMode';
import { DEFAULT_BUDGET, extractContext, type ContextBudget } from './contextExtraction';
import { InflightRequests } from './inflightRequests';
import { postProcessWith } from './postProcess';
import { RateLimitCooldown } from './rateLimitCooldown';
import { fimOptionsFor, requestKey, type CompletionSettings } from './requestOptions';
import { streamedCompletion, type StreamFim } from './streamedCompletion';
import { SuggestionCache, type CachedSuggestion } from './suggestionCache';
import type { PlaceJudge, PlaceJudges } from './syntaxParser';

export interface EngineSettings extends CompletionSettings {
  debounceMs: number;
}

export interface EngineDeps {
  streamFim: StreamFim;
  settings: () => EngineSettings;
  now: () => number;
  budget?: ContextBudget;
  cacheSize?: number;
  /** Shared with the status bar, which shows it; default: the engine's own, on `now`. */
  cooldown?: RateLimitCooldown;
  /** The syntax judge (on a worker thread in the extension host, judgeWorker.ts); without it the line rules decide alone. */
  syntax?: PlaceJudges;
  /** How the debounce waits (rejects on abort); default a real timer. Tests pass one on their clock. */
  delay?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

export interface CompletionQuery {
  /** The whole document and the cursor offset in it. */
  text: string;
  offset: number;
  languageId: string;
  /** Cross-file context: comments that start the prompt (see crossFileContext.ts). */
  contextHeader?: string;
  signal?: AbortSignal;
  /** Called when the answer needs the service (after the debounce), so a UI can show work in progress. */
  onRequest?: () => void;
  /** Answer only from the cache (incl. typed-through), never ask the service: manual mode between triggers. */
  cacheOnly?: boolean;
}

/** `rate-limited`: no suggestion, and no request, during the cool-down after a 429. */
type CompletionSource = 'cache' | 'typed' | 'network' | 'joined' | 'skipped' | 'rate-limited';

export interface CompletionOutcome {
  text: string | undefined;
  source: CompletionSource;
  /** Time the debounce waited (intended latency, not overhead). */
  debounceMs: number;
  /** Time spent waiting on the service. */
  serverMs: number;
  /** Characters after the cursor the text replaces: auto-closed brackets and quotes it also contains. */
  replaceChars?: number;
}

export interface EngineStats {
  queries: number;
  requests: number;
  joined: number;
  cacheHits: number;
  typedThroughHits: number;
  /** Requests whose caller a newer keystroke superseded before the answer: they run on, and the answer is cached. */
  superseded: number;
  /** Requests left early because the answer was decided. */
  cutEarly: number;
  prefetches: number;
  /** Queries answered with no suggestion (and no request) during a rate-limit cool-down. */
  rateLimited: number;
}

interface Fetched {
  text: string | undefined;
  serverMs: number;
}

export class CompletionEngine {
  private readonly cache: SuggestionCache;
  private readonly inflight = new InflightRequests<Fetched>();
  private readonly debounce: AdaptiveDebounce;
  private readonly cooldown: RateLimitCooldown;
  private lastHeader = '';
  readonly stats: EngineStats = {
    queries: 0,
    requests: 0,
    joined: 0,
    cacheHits: 0,
    typedThroughHits: 0,
    superseded: 0,
    cutEarly: 0,
    prefetches: 0,
    rateLimited: 0,
  };

  constructor(private readonly deps: EngineDeps) {
    this.cache = new SuggestionCache(deps.cacheSize ?? 500);
    this.cooldown = deps.cooldown ?? new RateLimitCooldown(deps.now);
    this.debounce = new AdaptiveDebounce(() => ({ maxMs: deps.settings().debounceMs }));
  }

  /** Requests to the service still running, a prefetch included (tests wait for 0 before counting requests). */
  get inFlight(): number {
    return this.inflight.size;
  }

  /** The suggestion at the cursor; rejects with the abort reason when `query.signal` aborts. */
  async complete(query: CompletionQuery): Promise<CompletionOutcome> {
    this.stats.queries++;
    this.lastHeader = query.contextHeader ?? '';
    const delay = this.debounce.delayFor(this.deps.now());
    const planned = this.plan(query);
    if (!planned) return { text: undefined, source: 'skipped', debounceMs: 0, serverMs: 0 };
    const cached = this.cache.get(planned.key);
    if (cached) return this.fromCache(cached);
    if (query.cacheOnly) return { text: undefined, source: 'skipped', debounceMs: 0, serverMs: 0 };
    if (this.cooldown.remainingMs() > 0) return this.coolingDown();

    await (this.deps.delay ?? abortableDelay)(delay, query.signal);
    const landed = this.cache.get(planned.key); // a prefetch or a joined request may have answered meanwhile
    if (landed) return { ...this.fromCache(landed), debounceMs: delay };
    if (this.cooldown.remainingMs() > 0) return this.coolingDown(); // a 429 landed during the debounce

    query.onRequest?.();
    const started = this.deps.now();
    // A new question on the wire: a superseded request still running would answer after it.
    if (!this.inflight.has(planned.flightKey)) this.inflight.abortIdle(new Error('a newer request was sent'));
    const { promise, joined } = this.inflight.run(planned.flightKey, (signal) => this.fetch(planned, signal), query.signal);
    if (joined) this.stats.joined++;
    const fetched = await promise.catch((error: unknown) => {
      if (query.signal?.aborted && !joined) this.stats.superseded++;
      throw error;
    });
    // The caller shows it: typing into it from now on is typing through.
    if (fetched.text) this.cache.get(planned.key);
    const serverMs = joined ? this.deps.now() - started : fetched.serverMs;
    return { text: fetched.text, source: joined ? 'joined' : 'network', debounceMs: delay, serverMs };
  }

  /** Asks for the completion after an accepted suggestion now, so it is ready when the cursor gets there. */
  prefetch(text: string, offset: number, languageId: string): void {
    // The header of the last query: the prefetch is for the same document and, nearly always, block.
    const planned = this.plan({ text, offset, languageId, contextHeader: this.lastHeader });
    if (!planned || this.cache.get(planned.key) || this.inflight.has(planned.flightKey) || this.cooldown.remainingMs() > 0) return;
    this.stats.prefetches++;
    // No caller: it runs to its answer unless a newer request is sent first; a later identical query joins it.
    this.inflight.run(planned.flightKey, (signal) => this.fetch(planned, signal)).promise.catch(() => undefined);
  }

  private plan(query: Omit<CompletionQuery, 'signal'>) {
    const ctx = extractContext(query.text, query.offset, query.languageId, this.deps.budget ?? DEFAULT_BUDGET, query.contextHeader);
    const mode = decideMode(ctx);
    if (!mode) return undefined;
    const options = fimOptionsFor(ctx, mode, this.deps.settings());
    // Keyed on the document, not the prompt: typing through must not depend on where the window starts
    // or on the cross-file context chosen for the block.
    const key = { model: options.model!, text: query.text, offset: query.offset };
    return { ctx, mode, options, key, flightKey: requestKey(options) };
  }

  private coolingDown(): CompletionOutcome {
    this.stats.rateLimited++;
    return { text: undefined, source: 'rate-limited', debounceMs: 0, serverMs: 0 };
  }

  private fromCache(hit: CachedSuggestion): CompletionOutcome {
    if (hit.typedThrough) this.stats.typedThroughHits++;
    else this.stats.cacheHits++;
    return { text: hit.text, source: hit.typedThrough ? 'typed' : 'cache', debounceMs: 0, serverMs: 0, replaceChars: hit.replaceChars };
  }

  private async fetch(planned: NonNullable<ReturnType<CompletionEngine['plan']>>, signal: AbortSignal): Promise<Fetched> {
    this.stats.requests++;
    let judge: PlaceJudge | undefined;
    try {
      const answering = streamedCompletion(this.deps.streamFim, planned.options, planned.ctx, planned.mode, signal, this.deps.now);
      if (this.deps.syntax) {
        // Once the request is on its way (written in this turn of the event loop; setImmediate runs right
        // after it, where a 0 ms timer would wait at least 1 ms), the judge parses while the service works.
        answering.catch(() => undefined);
        await new Promise((resolve) => setImmediate(resolve));
        const { languageId, prefix, suffix, judgeSuffix } = planned.ctx;
        if (!signal.aborted) judge = this.deps.syntax.judgeAt(languageId, prefix, judgeSuffix ?? suffix);
      }
      const answer = await answering;
      if (answer.cutEarly) this.stats.cutEarly++;
      const text = await postProcessWith(judge, answer.raw, planned.ctx, planned.mode, answer.truncated);
      // Not seen yet: its caller may be gone (or it is a prefetch); the caller that gets it marks it seen.
      if (text) this.cache.set(planned.key, text, false);
      return { text, serverMs: answer.serverMs };
    } catch (error) {
      // Completions are never retried (transport/requestKinds.ts); this is what a 429 does instead.
      if (isServiceError(error) && error.code === 'rate_limit_exceeded') this.cooldown.start(error.retryAfterMs);
      throw error;
    } finally {
      judge?.dispose();
    }
  }
}
