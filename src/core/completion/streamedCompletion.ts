// The FIM request, streamed and cut early: once the answer is decided (a newline on a single line,
// the block left on several) the rest is not awaited — leaving the iterator closes the socket.
import type { FimCompletion } from '../services/serviceBClient';
import type { FimOptions } from '../services/serviceB/fimRequest';
import type { CallOptions } from '../services/serviceEndpoint';
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

export async function streamedCompletion(
  streamFim: StreamFim,
  options: FimOptions,
  ctx: CompletionContext,
  mode: CompletionMode,
  signal: AbortSignal,
  now: () => number,
): Promise<StreamedAnswer> {
  let raw = '';
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
      raw += choice?.text ?? '';
      if (choice?.finish_reason === 'length') truncated = true;
      const read = answerMode(mode, raw);
      if (findCut(prepareRaw(raw, ctx, read), ctx, read) !== undefined) return { raw, cutEarly: true, truncated: false, serverMs };
    }
  } finally {
    // Closing the generator runs its cleanup, which destroys the undici body and its socket.
    void iterator.return?.(undefined);
  }
}
