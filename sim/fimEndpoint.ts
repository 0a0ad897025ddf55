// Service B: POST /beta/completions, fill-in-the-middle in the legacy completions shape.
import { checkContentFilter, checkContextWindow } from './chatFlow';
import { completeFim } from './fim';
import { fimClassFor, requestFimMode } from './fimMode';
import { respondJson } from './jsonResponder';
import type { RequestContext } from './requestContext';
import { unixNow } from './requestContext';
import { stableId } from './rng';
import { SseWriter } from './sseWriter';
import { countTokens, splitTokens, truncateToTokens } from './tokens';
import { validateFim } from './validateFim';

export async function handleFim(ctx: RequestContext): Promise<void> {
  const req = validateFim(ctx.body);
  checkContentFilter([req.prompt, req.suffix]);
  const promptTokens = countTokens(req.prompt) + countTokens(req.suffix);
  checkContextWindow(promptTokens, undefined, ctx.contextTokensB);
  const cached = Math.min(promptTokens, ctx.promptCache.prefixes.hitTokens(`fim:${req.model}`, [req.prompt, req.suffix]));

  const failure = fimClassFor(requestFimMode(ctx.headers['x-sim-fim'], ctx.fimMode), req.prompt, req.suffix);
  ctx.res.setHeader('x-sim-fim-class', failure);
  let { text, finishReason } = completeFim({
    prompt: req.prompt,
    suffix: req.suffix,
    maxTokens: req.maxTokens,
    stop: req.stop,
    failure,
  }) as {
    text: string;
    finishReason: string;
  };
  if (ctx.forcedFinish) {
    text = truncateToTokens(text, Math.floor(countTokens(text) * 0.6));
    finishReason = ctx.forcedFinish;
  }
  const completion = countTokens(text);
  const usage = {
    prompt_tokens: promptTokens,
    completion_tokens: completion,
    total_tokens: promptTokens + completion,
    prompt_cache_hit_tokens: cached,
    prompt_cache_miss_tokens: promptTokens - cached,
  };
  const base = {
    id: stableId('cmpl-', String(ctx.serial), req.prompt, req.suffix),
    object: 'text_completion',
    created: unixNow(),
    model: req.model,
  };
  const fingerprint = { system_fingerprint: 'fp_sim_beta_v4' };

  if (!req.stream) {
    await respondJson(
      ctx,
      { ...base, choices: [{ index: 0, text, finish_reason: finishReason, logprobs: null }], usage, ...fingerprint },
      completion,
    );
    return;
  }
  const writer = new SseWriter(ctx);
  writer.open();
  const pieces = splitTokens(text);
  if (pieces.length === 0) pieces.push('');
  for (let i = 0; i < pieces.length; i++) {
    const choice = { index: 0, text: pieces[i], finish_reason: i === pieces.length - 1 ? finishReason : null, logprobs: null };
    if (!(await writer.send({ ...base, choices: [choice], ...fingerprint }, pieces[i] === '' ? 0 : 1))) return;
  }
  if (req.includeUsage && !(await writer.send({ ...base, choices: [], usage, ...fingerprint }, 0))) return;
  await writer.done();
}
