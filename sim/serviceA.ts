// Service A: POST /v1/chat/completions (text, reasoning, tools, web search, multimodal input, speech).
import { runChat } from './chatFlow';
import type { RequestContext } from './requestContext';
import { handleSpeech } from './speech';
import { validateChatA } from './validateA';

export async function handleChatA(ctx: RequestContext): Promise<void> {
  const req = validateChatA(ctx.body);
  if (req.kind !== 'text') {
    await handleSpeech(ctx, req);
    return;
  }
  await runChat(ctx, {
    service: 'A',
    model: req.model,
    messages: req.messages,
    rawMessages: req.rawMessages,
    toolsRaw: req.toolsRaw,
    reasoning: req.thinking,
    effort: 'high',
    json: req.responseFormat === 'json_object' || req.responseFormat === 'json_schema',
    functionTools: req.functionTools,
    // Only "auto" is honoured; any other tool_choice is removed, which leaves auto (docs/contracts.md#a-tool-choice).
    toolChoice: 'auto',
    webSearch: req.webSearch,
    stop: req.stop,
    maxTokens: req.maxTokens,
    explicitMaxTokens: req.explicitMaxTokens,
    stream: req.stream,
    // Usage normally comes in the last chunk (docs/contracts.md#a-usage-chunk).
    includeUsage: true,
    contextTokens: ctx.contextTokensA,
  });
}
