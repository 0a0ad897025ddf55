// The service-neutral chat pipeline: safety filter, context window, tool-call decision, web
// search, text generation, stop sequences, token cap, usage, then the reply in either shape.
import { followUpCalls, withoutFollowUps } from './followUpCalls';
import { SimHttpError } from './errors';
import type { Annotation } from '../src/core/services/wireTypes';
import { sendChatReply, type ChatReply } from './chatReply';
import { writeScript, type WebOutcome } from './chatScript';
import {
  countPrompt,
  lastUserText,
  type ConversationMessage,
  type FunctionToolSpec,
  type PlainToolCall,
  type PromptCount,
} from './conversation';
import type { RequestContext } from './requestContext';
import { unixNow } from './requestContext';
import { stableId } from './rng';
import { planToolCalls, type ToolChoice } from './toolPlanner';
import { countTokens, truncateToTokens } from './tokens';
import { citationsFor, SEARCH_ERROR_MESSAGE } from './webSearch';
import { specialAnswer } from './editAnswer';
import { requestEditMode } from './editMode';

export interface ChatPlan {
  service: 'A' | 'B';
  model: string;
  messages: ConversationMessage[];
  rawMessages: unknown[];
  toolsRaw: unknown;
  reasoning: boolean;
  effort: 'high' | 'max';
  json: boolean;
  functionTools: FunctionToolSpec[];
  toolChoice: ToolChoice;
  webSearch: boolean;
  stop: string[];
  maxTokens: number;
  explicitMaxTokens?: number;
  stream: boolean;
  includeUsage: boolean;
  contextTokens: number;
  logprobs?: { top: number };
}

/** Marker word that trips the simulated safety filter (both services). */
const FORBIDDEN_WORD = 'FORBIDDEN_TOPIC';

export function checkContentFilter(texts: readonly string[]): void {
  if (texts.some((t) => t.includes(FORBIDDEN_WORD))) {
    throw new SimHttpError(400, 'content_filter', 'messages: the input was rejected by the content safety filter');
  }
}

export function checkContextWindow(prompt: number, explicitMax: number | undefined, window: number): void {
  if (prompt > window) {
    throw new SimHttpError(
      400,
      'context_length_exceeded',
      `messages: the prompt is ${prompt} tokens, over the model's context window of ${window} tokens`,
    );
  }
  if (explicitMax !== undefined && prompt + explicitMax > window) {
    throw new SimHttpError(
      400,
      'context_length_exceeded',
      `max tokens: the prompt (${prompt} tokens) plus the requested completion (${explicitMax} tokens) exceeds the model's context window of ${window} tokens`,
    );
  }
}

function cutAtStop(text: string, stop: readonly string[]): { text: string; stopped: boolean } {
  let cut = -1;
  for (const s of stop) {
    const at = text.indexOf(s);
    if (at >= 0 && (cut < 0 || at < cut)) cut = at;
  }
  return cut < 0 ? { text, stopped: false } : { text: text.slice(0, cut), stopped: true };
}

function webOutcome(ctx: RequestContext, plan: ChatPlan, calls: PlainToolCall[]): WebOutcome | undefined {
  if (!plan.webSearch || calls.length > 0) return undefined;
  const last = plan.messages[plan.messages.length - 1];
  if (last?.role !== 'user') return undefined;
  const failed = ctx.searchError || ctx.takeFault(['search-error']) !== undefined;
  return failed
    ? { ok: false, error: SEARCH_ERROR_MESSAGE }
    : { ok: true, annotations: citationsFor(last.text, ctx.headers['x-sim-citations']) };
}

function usageFor(
  plan: ChatPlan,
  count: PromptCount,
  cached: number,
  completion: number,
  reasoningTokens: number,
  web: WebOutcome | undefined,
): Record<string, unknown> {
  const base = { prompt_tokens: count.total, completion_tokens: completion, total_tokens: count.total + completion };
  if (plan.service === 'B') {
    return {
      ...base,
      prompt_cache_hit_tokens: cached,
      prompt_cache_miss_tokens: count.total - cached,
      completion_tokens_details: { reasoning_tokens: reasoningTokens },
    };
  }
  const usage: Record<string, unknown> = {
    ...base,
    completion_tokens_details: { reasoning_tokens: reasoningTokens },
    prompt_tokens_details: {
      cached_tokens: cached,
      audio_tokens: count.audioTokens,
      image_tokens: count.imageTokens,
      video_tokens: count.videoTokens,
    },
  };
  if (plan.webSearch) usage.web_search_usage = { tool_usage: web ? 1 : 0, page_usage: web?.ok ? web.annotations.length : 0 };
  return usage;
}

export async function runChat(ctx: RequestContext, plan: ChatPlan): Promise<void> {
  checkContentFilter(plan.messages.map((m) => m.text));
  const count = countPrompt(plan.messages, plan.toolsRaw);
  checkContextWindow(count.total, plan.explicitMaxTokens, plan.contextTokens);
  const cached = ctx.promptCache.hitTokens(`${plan.service}:${plan.model}`, JSON.stringify(plan.toolsRaw ?? null), plan.rawMessages, count);

  let calls =
    followUpCalls(plan.messages, plan.functionTools) ?? planToolCalls(plan.functionTools, plan.toolChoice, withoutFollowUps(plan.messages));
  const web = webOutcome(ctx, plan, calls);
  const script = writeScript({
    model: plan.model,
    messages: plan.messages,
    reasoning: plan.reasoning,
    effort: plan.effort,
    json: plan.json,
    toolCalls: calls,
    web,
  });

  let finishReason = calls.length > 0 ? 'tool_calls' : 'stop';
  let reasoning = script.reasoning;
  // Inline edits and commit messages get an answer of their own shape (editAnswer.ts).
  const special = calls.length === 0 ? specialAnswer(plan.messages, requestEditMode(ctx.headers['x-sim-edit'], ctx.editMode)) : undefined;
  let content = cutAtStop(special ?? script.content, plan.stop).text;

  if (ctx.forcedFinish) {
    // x-sim-finish: end early with the forced reason, as a real model would when cut off.
    content = truncateToTokens(content, Math.max(1, Math.floor(countTokens(content) * 0.6)));
    calls = [];
    finishReason = ctx.forcedFinish;
  }

  const callTokens = (c: PlainToolCall): number => countTokens(c.name) + countTokens(c.arguments);
  let reasoningTokens = countTokens(reasoning);
  let completion = reasoningTokens + countTokens(content) + calls.reduce((n, c) => n + callTokens(c), 0);
  if (completion > plan.maxTokens) {
    // The cap counts reasoning tokens too: reasoning is cut first, then the answer.
    reasoning = truncateToTokens(reasoning, plan.maxTokens);
    reasoningTokens = countTokens(reasoning);
    content = truncateToTokens(content, plan.maxTokens - reasoningTokens);
    calls = [];
    finishReason = 'length';
    completion = reasoningTokens + countTokens(content);
  }

  const annotations: Annotation[] | undefined = web?.ok ? web.annotations : undefined;
  const reply: ChatReply = {
    service: plan.service,
    id: stableId('chatcmpl-', String(ctx.serial), plan.model, lastUserText(plan.messages)),
    created: unixNow(),
    model: plan.model,
    reasoning: plan.reasoning ? reasoning : undefined,
    // Widely used convention: content is null when the turn only calls tools.
    content: calls.length > 0 && content === '' ? null : content,
    toolCalls: calls,
    finishReason,
    usage: usageFor(plan, count, cached, completion, reasoningTokens, web),
    completionTokens: completion,
    annotations,
    errorMessage: web && !web.ok ? web.error : undefined,
    logprobs: plan.logprobs,
    systemFingerprint: plan.service === 'B' ? 'fp_sim_beta_v4' : undefined,
    includeUsage: plan.includeUsage,
  };
  await sendChatReply(ctx, reply, plan.stream);
}
