// The FIM request, streamed and cut early: once the answer is decided (a newline on a single line,
// the block left on several) the rest is not awaited — leaving the iterator closes the socket.
import type { FimCompletion } from '../serviceBClient';
import type { FimOptions } from '../serviceB/fimRequest';
import type { CallOptions } from '../serviceEndpoint';
import type { CompletionMode } from './completionMode';
import type { CompletionContext } from './contextExtraction';
import { findCut } from './postProcess';

export type StreamFim = (options: FimOptions, call?: CallOptions) => AsyncIterable<FimCompletion>;

export interface StreamedAnswer {
  raw: string;
  /** True when the stream was left before the service finished. */
  cutEarly: boolean;
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
  const iterator = streamFim(options, { signal })[Symbol.asyncIterator]();
  try {
    for (;;) {
      const waitStart = now();
      const next = await iterator.next();
      serverMs += now() - waitStart;
      if (next.done) return { raw, cutEarly: false, serverMs };
      raw += next.value.choices?.[0]?.text ?? '';
      if (findCut(raw, ctx, mode) !== undefined) return { raw, cutEarly: true, serverMs };
    }
  } finally {
    // Closing the generator runs its cleanup, which destroys the undici body and its socket.
    void iterator.return?.(undefined);
  }
}
