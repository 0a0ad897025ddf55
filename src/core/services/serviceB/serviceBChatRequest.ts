// Request body for Service B chat: POST {base}/chat/completions, or {base}/beta/chat/completions in
// strict tool mode (docs/contracts.md#b-chat-request, docs/contracts.md#b-strict-beta).
import { REASONING_EFFORTS, type ReasoningEffort } from '../../../shared/protocol';
import type { ChatMessage, ContentPart, FunctionTool } from '../wireTypes';
import { SERVICE_LIMITS, findModel, modelIdList, modelsFor, type ModelInfo } from '../modelCatalog';
import { SERVICE_B_PATHS } from '../endpoints';
import { isRetiredModel, retiredModelError } from '../modelMigration';
import { checkFunctionNames, checkRange, checkStop, invalidRequest, omitUndefined, ordinal } from '../requestChecks';
import { phrase } from '../../errors/phrase';

// A named choice's shape is "not shown" (docs/contracts.md#b-tool-choice); we use the chat-completions one.
type ServiceBToolChoice = 'none' | 'auto' | 'required' | { type: 'function'; function: { name: string } };

export interface ServiceBChatOptions {
  model: string;
  messages: ChatMessage[];
  stream?: boolean;
  /** undefined leaves the service default (reasoning on). */
  thinking?: boolean;
  /** Sent only in reasoning mode; the service treats low/medium as high and xhigh as max (docs/contracts.md#b-reasoning-effort). */
  reasoningEffort?: ReasoningEffort;
  maxTokens?: number;
  temperature?: number;
  topP?: number;
  stop?: string | string[];
  tools?: FunctionTool[];
  toolChoice?: ServiceBToolChoice;
  responseFormat?: { type: 'json_object' | 'text' };
  /** Strict tool mode (beta, docs/contracts.md#b-strict-beta). */
  strict?: boolean;
  logprobs?: boolean;
  topLogprobs?: number;
  userId?: string;
  /** Ask for usage in the last streamed chunk; default true when streaming. */
  includeUsage?: boolean;
}

export interface ServiceBChatRequest {
  path: typeof SERVICE_B_PATHS.chat | typeof SERVICE_B_PATHS.strictChat;
  body: Record<string, unknown>;
}

type WireRole = 'system' | 'user' | 'assistant' | 'tool';

export function buildServiceBChatRequest(o: ServiceBChatOptions): ServiceBChatRequest {
  const model = checkModel(o.model);
  const reasoning = o.thinking !== false;
  checkRange('B', 'max_tokens', o.maxTokens, { min: 1, max: model.maxOutputTokens, integer: true });
  checkRange('B', 'temperature', o.temperature, { min: 0, max: 2 });
  checkRange('B', 'top_p', o.topP, { min: 0, max: 1, minExclusive: true });
  if (o.reasoningEffort !== undefined && !REASONING_EFFORTS.includes(o.reasoningEffort)) {
    throw invalidRequest(
      'B',
      `Service B reasoning_effort must be ${REASONING_EFFORTS.map((e) => `"${e}"`).join(' or ')} (got "${String(o.reasoningEffort)}")`,
    );
  }
  const stop = checkStop('B', o.stop, SERVICE_LIMITS.B.maxStopSequences);
  checkRange('B', 'top_logprobs', o.topLogprobs, { min: 0, max: 20, integer: true });
  if (o.topLogprobs !== undefined && o.logprobs !== true) {
    throw invalidRequest('B', 'Service B top_logprobs needs logprobs: true');
  }
  const messages = buildMessages(o.messages, reasoning);
  checkJsonRule(o.responseFormat, messages);
  const tools = buildTools(o.tools, o.strict === true);
  const toolChoice = checkToolChoice(o.toolChoice, tools);
  const streaming = o.stream === true;

  return {
    path: o.strict ? SERVICE_B_PATHS.strictChat : SERVICE_B_PATHS.chat,
    body: omitUndefined({
      model: o.model,
      messages,
      stream: o.stream,
      // stream_options' inner fields are "not shown"; include_usage is the common chat-completions option.
      stream_options: streaming && o.includeUsage !== false ? { include_usage: true } : undefined,
      thinking: o.thinking === undefined ? undefined : { type: o.thinking ? 'enabled' : 'disabled' },
      // A leftover effort setting is dropped outside reasoning mode rather than failing the request.
      reasoning_effort: reasoning ? o.reasoningEffort : undefined,
      max_tokens: o.maxTokens,
      // Reasoning mode ignores temperature and top_p (docs/contracts.md#b-reasoning-sampling), so they are only sent when they take effect.
      temperature: reasoning ? undefined : o.temperature,
      top_p: reasoning ? undefined : o.topP,
      stop,
      tools,
      tool_choice: toolChoice,
      response_format: o.responseFormat,
      logprobs: o.logprobs,
      top_logprobs: o.topLogprobs,
      user_id: o.userId,
    }),
  };
}

function checkModel(model: string): ModelInfo {
  if (isRetiredModel('B', model)) throw retiredModelError('B', model);
  const info = findModel(model);
  if (!info || info.service !== 'B') {
    throw invalidRequest('B', `Unknown Service B model "${model}"`, phrase('Choose {0}.', modelIdList(modelsFor('B', 'text'))));
  }
  return info;
}

function buildMessages(messages: ChatMessage[], reasoning: boolean): Array<Record<string, unknown> & { role: WireRole; content: string }> {
  if (!Array.isArray(messages) || messages.length === 0) {
    throw invalidRequest('B', 'Service B needs at least one message');
  }
  return messages.map((m, i) => {
    const role = wireRole(m, i);
    const toolCalls = role === 'assistant' && m.tool_calls && m.tool_calls.length > 0 ? m.tool_calls : undefined;
    if (toolCalls && reasoning && !m.reasoning_content) {
      // The service needs the reasoning of tool-call turns back; without it the request fails (docs/contracts.md#b-reasoning-content).
      throw invalidRequest(
        'B',
        `Service B needs the reasoning_content of assistant message ${ordinal(i)}, which made tool calls, when thinking is on`,
        phrase('Keep reasoning_content when storing tool-call turns, or turn thinking off for this chat.'),
      );
    }
    if (role === 'tool' && !m.tool_call_id) {
      throw invalidRequest('B', `Service B tool message ${ordinal(i)} needs tool_call_id`);
    }
    return {
      role,
      content: textContent(m, i),
      ...omitUndefined({
        name: m.name,
        // Turns without tool calls need not send their reasoning back (docs/contracts.md#b-reasoning-content), so it is stripped to save tokens.
        reasoning_content: toolCalls && m.reasoning_content ? m.reasoning_content : undefined,
        tool_calls: toolCalls,
        // tool_call_id is not in B's field table; we send it as the common chat-completions format does.
        tool_call_id: role === 'tool' ? m.tool_call_id : undefined,
      }),
    };
  });
}

function wireRole(m: ChatMessage, i: number): WireRole {
  switch (m.role) {
    case 'system':
    case 'user':
    case 'assistant':
    case 'tool':
      return m.role;
    // B knows no `developer` role; it is the newer name for system instructions, so it means the same thing.
    case 'developer':
      return 'system';
    default:
      throw invalidRequest('B', `Service B message ${ordinal(i)} has unknown role "${String(m.role)}"`);
  }
}

/** B's content is a string; text parts are joined, anything else cannot be represented. */
function textContent(m: ChatMessage, i: number): string {
  if (typeof m.content === 'string') return m.content;
  if (Array.isArray(m.content)) {
    const other = m.content.find((p: ContentPart) => p?.type !== 'text');
    if (other) {
      throw invalidRequest(
        'B',
        `Service B accepts text only: message ${ordinal(i)} has a part of type "${String(other?.type)}"`,
        phrase('Remove the attachment, or use Service A for images, audio and video.'),
      );
    }
    return m.content.map((p) => (p as { text: string }).text).join('\n');
  }
  // An assistant turn that only called tools has no text; the field is required, so it sends "".
  if (m.role === 'assistant' && m.content == null) return '';
  throw invalidRequest('B', `Service B message ${ordinal(i)} (${m.role}) needs text content`);
}

/** JSON output also needs an instruction mentioning JSON in a system or user message (docs/contracts.md#b-json-object). */
function checkJsonRule(format: ServiceBChatOptions['responseFormat'], messages: Array<{ role: WireRole; content: string }>): void {
  if (format === undefined) return;
  if (format?.type !== 'json_object' && format?.type !== 'text') {
    throw invalidRequest('B', `Service B response_format type must be "json_object" or "text" (got "${String(format?.type)}")`);
  }
  if (format.type !== 'json_object') return;
  const asked = messages.some((m) => (m.role === 'system' || m.role === 'user') && /json/i.test(m.content));
  if (!asked) {
    throw invalidRequest(
      'B',
      'Service B JSON output needs the word "json" in a system or user message',
      phrase('Add an instruction such as "Reply in JSON." to the system prompt.'),
    );
  }
}

function buildTools(tools: FunctionTool[] | undefined, strict: boolean): FunctionTool[] | undefined {
  if (tools === undefined || tools.length === 0) return undefined;
  const maxTools = SERVICE_LIMITS.B.maxTools;
  if (maxTools !== undefined && tools.length > maxTools) {
    throw invalidRequest('B', `Service B allows at most ${maxTools} tools (got ${tools.length})`);
  }
  for (const t of tools as Array<{ type?: unknown }>) {
    if (t?.type === 'web_search') {
      throw invalidRequest(
        'B',
        'Web search is a Service A tool; Service B takes function tools only',
        phrase('Switch the chat to Service A to search the web.'),
      );
    }
    if (t?.type !== 'function') {
      throw invalidRequest('B', `Service B takes function tools only (got type "${String(t?.type)}")`);
    }
  }
  checkFunctionNames(
    'B',
    tools.map((t) => t.function?.name),
  );
  return tools.map((t) => {
    // `strict` exists only in beta mode (docs/contracts.md#b-strict-beta): set on every function there, never sent outside it.
    const { strict: _ignored, ...fn } = t.function;
    return { type: 'function', function: { ...omitUndefined(fn), ...(strict ? { strict: true } : {}) } as FunctionTool['function'] };
  });
}

function checkToolChoice(choice: ServiceBToolChoice | undefined, tools: FunctionTool[] | undefined): ServiceBToolChoice | undefined {
  if (choice === undefined) return undefined;
  if (typeof choice === 'string') {
    if (choice !== 'none' && choice !== 'auto' && choice !== 'required') {
      throw invalidRequest('B', `Service B tool_choice must be none, auto, required or a named function (got "${String(choice)}")`);
    }
    if (!tools) {
      if (choice === 'required') throw invalidRequest('B', 'Service B tool_choice "required" needs at least one tool');
      return undefined; // none/auto mean nothing without tools
    }
    return choice;
  }
  const name = choice?.type === 'function' ? choice.function?.name : undefined;
  if (typeof name !== 'string') {
    throw invalidRequest('B', 'Service B tool_choice object must be {type: "function", function: {name}}');
  }
  if (!tools?.some((t) => t.function.name === name)) {
    throw invalidRequest('B', `Service B tool_choice names function "${name}", which is not among the tools`);
  }
  return { type: 'function', function: { name } };
}
