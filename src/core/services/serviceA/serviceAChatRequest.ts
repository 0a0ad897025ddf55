// Request body for Service A text chat: POST {base}/v1/chat/completions (docs/contracts.md#a-chat-request).
import type { ChatMessage, FunctionTool, Tool } from '../wireTypes';
import { SERVICE_LIMITS, findModel, modelIdList, modelsFor, type ModelInfo } from '../modelCatalog';
import { SERVICE_A_PATHS } from '../endpoints';
import { isRetiredModel, retiredModelError } from '../modelMigration';
import { checkFunctionNames, checkRange, checkStop, invalidRequest, omitUndefined, ordinal } from '../requestChecks';
import { phrase } from '../../errors/phrase';

export interface ServiceAChatOptions {
  model: string;
  messages: ChatMessage[];
  stream?: boolean;
  /** undefined leaves the service default (enabled). */
  thinking?: boolean;
  maxCompletionTokens?: number;
  temperature?: number;
  topP?: number;
  frequencyPenalty?: number;
  presencePenalty?: number;
  stop?: string | string[];
  tools?: FunctionTool[];
  /** Adds the built-in `{type: "web_search"}` tool. */
  webSearch?: boolean;
  /** Sent as given: the contract does not show its inner fields. */
  responseFormat?: Record<string, unknown>;
}

export interface ServiceAChatRequest {
  path: typeof SERVICE_A_PATHS.chat;
  body: Record<string, unknown>;
}

const ROLES: ReadonlySet<string> = new Set(['system', 'developer', 'user', 'assistant', 'tool']);

export function buildServiceAChatRequest(o: ServiceAChatOptions): ServiceAChatRequest {
  const model = checkModel(o.model);
  checkRange('A', 'max_completion_tokens', o.maxCompletionTokens, { min: 1, max: model.maxOutputTokens, integer: true });
  checkRange('A', 'temperature', o.temperature, { min: 0, max: 1.5 });
  checkRange('A', 'top_p', o.topP, { min: 0.01, max: 1 });
  checkRange('A', 'frequency_penalty', o.frequencyPenalty, { min: -2, max: 2 });
  checkRange('A', 'presence_penalty', o.presencePenalty, { min: -2, max: 2 });
  const stop = checkStop('A', o.stop, SERVICE_LIMITS.A.maxStopSequences);
  const tools = buildTools(o);
  // With thinking on (the default) the service forces temperature 1.0 and top_p 0.95 (docs/contracts.md#a-reasoning),
  // so sending ours would only suggest they matter.
  const sampling = o.thinking === false;

  return {
    path: SERVICE_A_PATHS.chat,
    body: omitUndefined({
      model: o.model,
      messages: buildMessages(o.messages),
      stream: o.stream,
      thinking: o.thinking === undefined ? undefined : { type: o.thinking ? 'enabled' : 'disabled' },
      max_completion_tokens: o.maxCompletionTokens,
      temperature: sampling ? o.temperature : undefined,
      top_p: sampling ? o.topP : undefined,
      frequency_penalty: o.frequencyPenalty,
      presence_penalty: o.presencePenalty,
      stop,
      tools,
      // Only `auto` is honoured (docs/contracts.md#a-tool-choice), and it means nothing without tools.
      tool_choice: tools ? 'auto' : undefined,
      response_format: o.responseFormat,
    }),
  };
}

function checkModel(model: string): ModelInfo {
  if (isRetiredModel('A', model)) throw retiredModelError('A', model);
  const info = findModel(model);
  if (!info || info.service !== 'A') {
    throw invalidRequest('A', `Unknown Service A model "${model}"`, phrase('Choose {0}.', modelIdList(modelsFor('A', 'text'))));
  }
  if (info.kind !== 'text') {
    throw invalidRequest('A', `${model} is a speech model; build its request with buildSpeechRequest`);
  }
  return info;
}

function buildTools(o: ServiceAChatOptions): Tool[] | undefined {
  const fns = o.tools ?? [];
  for (const t of fns) {
    if (t?.type !== 'function') {
      throw invalidRequest(
        'A',
        `Service A tools option takes function tools only (got type "${String(t?.type)}"); use webSearch for web search`,
      );
    }
  }
  checkFunctionNames(
    'A',
    fns.map((t) => t.function?.name),
  );
  const tools: Tool[] = fns.map((t) => ({ type: 'function', function: omitUndefined({ ...t.function }) as FunctionTool['function'] }));
  if (o.webSearch) tools.push({ type: 'web_search' });
  return tools.length > 0 ? tools : undefined;
}

function buildMessages(messages: ChatMessage[]): Record<string, unknown>[] {
  if (!Array.isArray(messages) || messages.length === 0) {
    throw invalidRequest('A', 'Service A needs at least one message');
  }
  return messages.map((m, i) => {
    if (!ROLES.has(m.role)) {
      throw invalidRequest('A', `Service A message ${ordinal(i)} has unknown role "${String(m.role)}"`);
    }
    const toolCalls = m.role === 'assistant' && m.tool_calls && m.tool_calls.length > 0 ? m.tool_calls : undefined;
    if (m.role === 'tool' && !m.tool_call_id) {
      throw invalidRequest('A', `Service A tool message ${ordinal(i)} needs tool_call_id`);
    }
    return omitUndefined({
      role: m.role,
      content: messageContent(m, i),
      name: m.name,
      // The contract recommends keeping the reasoning of tool-call turns (docs/contracts.md#a-reasoning-retention); other turns' reasoning only costs tokens.
      reasoning_content: toolCalls && m.reasoning_content ? m.reasoning_content : undefined,
      tool_calls: toolCalls,
      // tool_call_id is not in A's field table; we send it as the common chat-completions format does.
      tool_call_id: m.role === 'tool' ? m.tool_call_id : undefined,
    });
  });
}

function messageContent(m: ChatMessage, i: number): ChatMessage['content'] {
  if (typeof m.content === 'string' || Array.isArray(m.content)) return m.content;
  // content is required; an assistant turn that only called tools has none, so it sends "".
  if (m.role === 'assistant' && m.content == null) return '';
  throw invalidRequest('A', `Service A message ${ordinal(i)} (${m.role}) needs content: a string or an array of parts`);
}
