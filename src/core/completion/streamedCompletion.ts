// The FIM request, streamed and cut early: once the answer is decided (a newline on a single line,
// the block left on several) the rest is not awaited — leaving the iterator closes the socket.
import type { FimCompletion } from '../services/serviceBClient';
import type { FimOptions } from '../services/serviceB/fimRequest';
import type { CallOptions } from '../services/serviceEndpoint';
import { SERVICE_B_FIM_MAX_TOKENS } from '../services/modelCatalog';
import { answerMode, type CompletionMode } from './completionMode';
import type { CompletionContext } from './contextExtraction';
import { findCut } from './postProcess';
import { prepareRaw } from './rawAnswer';

export type StreamFim = (options: FimOptions, call?: CallOptions) => AsyncIterable<FimCompletion>;

export interface StreamedAnswer {
  raw: string;
  /** True when the stream was left before the service finished. */
  cutEarly: boolean;
  /** The service stopped at its token limit (`finish_reason: "length"`), mid-line at worst. */
  truncated: boolean;
  /** Time spent waiting on the service (inside the iterator), for the client-overhead figure. */
  serverMs: number;
}

/** Characters a token can hold, generously (a token of code is a few characters). */
const CHARS_PER_TOKEN = 16;

export async function streamedCompletion(
  streamFim: StreamFim,
  options: FimOptions,
  ctx: CompletionContext,
  mode: CompletionMode,
  signal: AbortSignal,
  now: () => number,
): Promise<StreamedAnswer> {
  let raw = '';
  let pieces = 0;
  let serverMs = 0;
  let truncated = false;
  const iterator = streamFim(options, { signal })[Symbol.asyncIterator]();
  try {
    for (;;) {
      const waitStart = now();
      const next = await iterator.next();
      serverMs += now() - waitStart;
      if (next.done) return { raw, cutEarly: false, truncated, serverMs };
      const choice = next.value.choices?.[0];
      const piece = choice?.text ?? '';
      raw += piece;
      if (piece !== '') pieces++;
      if (choice?.finish_reason === 'length') truncated = true;
      // A service that sends far more than the token limit allows (a hostile or broken one: thousands of
      // line breaks) is cut off there, as if it had stopped at the limit; reading on costs time for
      // nothing shown. Each event carries a token, rarely half of one.
      const limit = options.maxTokens ?? SERVICE_B_FIM_MAX_TOKENS;
      if (pieces > 2 * limit || raw.length > limit * CHARS_PER_TOKEN)
        return { raw: raw.slice(0, limit * CHARS_PER_TOKEN), cutEarly: true, truncated: true, serverMs };
      // The answer is decided only where a line with something on it ends (findCut cuts at no blank line):
      // checking after each token, or each of a run of line breaks, would re-read every line each time.
      const completed = raw.slice(raw.lastIndexOf('\n', raw.length - piece.length - 1) + 1, raw.lastIndexOf('\n') + 1);
      if (!piece.includes('\n') || completed.trim() === '') continue;
      const read = answerMode(mode, raw);
      if (findCut(prepareRaw(raw, ctx, read), ctx, read) !== undefined) return { raw, cutEarly: true, truncated: false, serverMs };
    }
  } finally {
    // Closing the generator runs its cleanup, which destroys the undici body and its socket.
    void iterator.return?.(undefined);
  }
}
