// Service B: chat (plain and /beta strict-tool path), model list and balance.
import { runChat } from './chatFlow';
import { respondJson } from './jsonResponder';
import { MODEL_OWNER_B, MODELS_B } from './modelsB';
import type { RequestContext } from './requestContext';
import { validateChatB } from './validateB';

export async function handleChatB(ctx: RequestContext, betaPath: boolean): Promise<void> {
  const req = validateChatB(ctx.body, betaPath);
  await runChat(ctx, {
    service: 'B',
    model: req.model,
    messages: req.messages,
    rawMessages: req.rawMessages,
    toolsRaw: req.toolsRaw,
    reasoning: req.reasoning,
    effort: req.effort,
    json: req.json,
    functionTools: req.functionTools,
    toolChoice: req.toolChoice,
    webSearch: false,
    stop: req.stop,
    maxTokens: req.maxTokens,
    explicitMaxTokens: req.explicitMaxTokens,
    stream: req.stream,
    includeUsage: req.includeUsage,
    contextTokens: ctx.contextTokensB,
    logprobs: req.logprobs ? { top: req.topLogprobs } : undefined,
  });
}

export async function handleModelsB(ctx: RequestContext): Promise<void> {
  await respondJson(ctx, { object: 'list', data: MODELS_B.map((id) => ({ id, object: 'model', owned_by: MODEL_OWNER_B })) });
}

export async function handleBalanceB(ctx: RequestContext): Promise<void> {
  const b = ctx.balance;
  // Nesting of the balance fields is not shown; we use the common {is_available, balance_infos: [...]}.
  await respondJson(ctx, {
    is_available: Number(b.total) > 0,
    balance_infos: [{ currency: b.currency, total_balance: b.total, granted_balance: b.granted, topped_up_balance: b.toppedUp }],
  });
}
