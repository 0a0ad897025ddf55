// Sends a finished chat reply as one chat.completion object or as SSE chunks. Stream order: the
// first chunk carries delta.role, reasoning deltas come before content (or tool-call) deltas, the
// last of those carries finish_reason, then a usage chunk with `choices: []`, then `data: [DONE]`.
import type { Annotation } from '../src/core/services/wireTypes';
import type { PlainToolCall } from './conversation';
import { respondJson } from './jsonResponder';
import type { RequestContext } from './requestContext';
import { seedFrom } from './rng';
import { SseWriter } from './sseWriter';
import { splitTokens } from './tokens';

export interface ChatReply {
  service: 'A' | 'B';
  id: string;
  created: number;
  model: string;
  /** Undefined when reasoning mode is off. */
  reasoning?: string;
  content: string | null;
  toolCalls: PlainToolCall[];
  finishReason: string;
  usage: Record<string, unknown>;
  completionTokens: number;
  annotations?: Annotation[];
  errorMessage?: string;
  /** Service B logprobs, when requested: how many alternatives per position. */
  logprobs?: { top: number };
  systemFingerprint?: string;
  includeUsage: boolean;
}

interface TokenLogprob {
  token: string;
  logprob: number;
  bytes: number[];
  top_logprobs: Array<{ token: string; logprob: number; bytes: number[] }>;
}

function logprobOf(token: string, position: number): TokenLogprob['top_logprobs'][number] {
  const logprob = -((seedFrom(token, String(position)) % 2000) / 1000);
  return { token, logprob: Math.round(logprob * 1e4) / 1e4, bytes: [...Buffer.from(token, 'utf8')] };
}

function tokenLogprobs(tokens: readonly string[], startPosition: number, top: number): TokenLogprob[] {
  return tokens.map((token, i) => {
    const best = logprobOf(token, startPosition + i);
    const best2 = { ...best, logprob: Math.max(best.logprob, -0.05) };
    const alternatives = [best2];
    for (let k = 1; k < top; k++) {
      const alt = logprobOf(`${token.trimEnd()}${'_'.repeat(k)}`, startPosition + i);
      alternatives.push({ ...alt, logprob: Math.min(alt.logprob, best2.logprob) - k });
    }
    return { ...best2, top_logprobs: alternatives.slice(0, top) };
  });
}

function nonStreamBody(reply: ChatReply): Record<string, unknown> {
  const message: Record<string, unknown> = { role: 'assistant', content: reply.content };
  if (reply.reasoning !== undefined) message.reasoning_content = reply.reasoning;
  if (reply.toolCalls.length > 0) {
    message.tool_calls = reply.toolCalls.map((c) => ({ id: c.id, type: 'function', function: { name: c.name, arguments: c.arguments } }));
  }
  if (reply.annotations) message.annotations = reply.annotations;
  const choice: Record<string, unknown> = { index: 0, message, finish_reason: reply.finishReason };
  if (reply.service === 'B') {
    choice.logprobs =
      reply.logprobs && reply.content ? { content: tokenLogprobs(splitTokens(reply.content), 0, reply.logprobs.top) } : null;
  }
  const body: Record<string, unknown> = {
    id: reply.id,
    object: 'chat.completion',
    created: reply.created,
    model: reply.model,
    choices: [choice],
  };
  if (reply.errorMessage !== undefined) body.error_message = reply.errorMessage;
  body.usage = reply.usage;
  if (reply.systemFingerprint) body.system_fingerprint = reply.systemFingerprint;
  return body;
}

interface StreamUnit {
  delta: Record<string, unknown>;
  tokens: number;
  logprobs?: TokenLogprob[];
}

/** Splits JSON argument text into 3–6 pieces so clients must concatenate them. */
function argumentPieces(args: string): string[] {
  const tokens = splitTokens(args);
  const pieces = Math.min(6, Math.max(3, Math.ceil(tokens.length / 4)));
  const per = Math.max(1, Math.ceil(tokens.length / pieces));
  const out: string[] = [];
  for (let i = 0; i < tokens.length; i += per) out.push(tokens.slice(i, i + per).join(''));
  return out.length > 0 ? out : [''];
}

function streamUnits(reply: ChatReply): StreamUnit[] {
  const units: StreamUnit[] = [];
  for (const piece of splitTokens(reply.reasoning ?? '')) units.push({ delta: { reasoning_content: piece }, tokens: 1 });
  let position = 0;
  for (const piece of splitTokens(reply.content ?? '')) {
    const unit: StreamUnit = { delta: { content: piece }, tokens: 1 };
    if (reply.logprobs) unit.logprobs = tokenLogprobs([piece], position, reply.logprobs.top);
    position += 1;
    units.push(unit);
  }
  reply.toolCalls.forEach((call, index) => {
    units.push({
      delta: { tool_calls: [{ index, id: call.id, type: 'function', function: { name: call.name, arguments: '' } }] },
      tokens: 1,
    });
    for (const piece of argumentPieces(call.arguments)) {
      units.push({ delta: { tool_calls: [{ index, function: { arguments: piece } }] }, tokens: Math.max(1, splitTokens(piece).length) });
    }
  });
  if (units.length === 0) units.push({ delta: { content: '' }, tokens: 0 });
  return units;
}

async function streamReply(ctx: RequestContext, reply: ChatReply): Promise<void> {
  const writer = new SseWriter(ctx);
  writer.open();
  const units = streamUnits(reply);
  const firstContent = Math.max(
    0,
    units.findIndex((u) => u.delta.content !== undefined || u.delta.tool_calls !== undefined),
  );
  const base = { id: reply.id, object: 'chat.completion.chunk', created: reply.created, model: reply.model };
  const fingerprint = reply.systemFingerprint ? { system_fingerprint: reply.systemFingerprint } : {};
  for (let i = 0; i < units.length; i++) {
    const unit = units[i];
    const delta = i === 0 ? { role: 'assistant', ...unit.delta } : unit.delta;
    const choice: Record<string, unknown> = { index: 0, delta, finish_reason: i === units.length - 1 ? reply.finishReason : null };
    if (reply.service === 'B') choice.logprobs = unit.logprobs ? { content: unit.logprobs } : null;
    const chunk: Record<string, unknown> = { ...base, ...fingerprint, choices: [choice] };
    // Streamed annotations: the contract says chunk fields are "as in the non-stream response"
    // without naming a place; we put them (and error_message) at chunk top level on the first
    // answer chunk, where a client meets them before the text that cites them.
    if (i === firstContent) {
      if (reply.annotations) chunk.annotations = reply.annotations;
      if (reply.errorMessage !== undefined) chunk.error_message = reply.errorMessage;
    }
    if (!(await writer.send(chunk, unit.tokens))) return;
  }
  if (reply.includeUsage && !(await writer.send({ ...base, ...fingerprint, choices: [], usage: reply.usage }, 0))) return;
  await writer.done();
}

export async function sendChatReply(ctx: RequestContext, reply: ChatReply, stream: boolean): Promise<void> {
  if (stream) await streamReply(ctx, reply);
  else await respondJson(ctx, nonStreamBody(reply), reply.completionTokens);
}
