import type { FimOptions } from '../services/serviceB/fimRequest';
import type { CompletionMode } from './completionMode';
import type { CompletionContext } from './contextExtraction';
import { CONTROL_STOPS } from './controlTokens';

export interface CompletionSettings {
  model: string;
  /** The user's cap on generated tokens (≤ the model's fimMaxTokens in modelCatalog.ts). */
  maxTokens: number;
}

/** A single line rarely needs many tokens; asking for fewer ends the stream sooner. */
const SINGLE_LINE_MAX_TOKENS = 64;
/**
 * Service B allows 16 stop sequences. No fence: a fenced answer's code is before the closing fence,
 * and a stop there would leave only the opening one (stripFences in rawAnswer.ts cleans it instead).
 */
const MULTI_LINE_STOPS = ['\n\n\n', ...CONTROL_STOPS];
const SINGLE_LINE_STOPS = ['\n', ...CONTROL_STOPS];

/** The FIM request for a context: the exact body fields sent to POST {B}/beta/completions. */
export function fimOptionsFor(ctx: CompletionContext, mode: CompletionMode, settings: CompletionSettings): FimOptions {
  return {
    model: settings.model,
    prompt: (ctx.header ?? '') + ctx.prefix,
    suffix: ctx.suffix,
    // Where the answer may start the next line, a newline stop would end it before it begins.
    maxTokens: mode.multiline || mode.eitherLine ? settings.maxTokens : Math.min(settings.maxTokens, SINGLE_LINE_MAX_TOKENS),
    stop: mode.multiline || mode.eitherLine ? MULTI_LINE_STOPS : SINGLE_LINE_STOPS,
  };
}

/** Identity of a request for the cache and for joining in-flight requests. */
export function requestKey(options: FimOptions): string {
  const stop = Array.isArray(options.stop) ? options.stop.join('\u0001') : (options.stop ?? '');
  return `${options.model}\u0000${options.maxTokens}\u0000${stop}\u0000${options.suffix ?? ''}\u0000${options.prompt}`;
}
