// Service B chat request validation: every field, type, range and limit of the contract, plus
// reasoning_content of tool-call turns (docs/contracts.md#b-reasoning-content), json_object needs "json" (docs/contracts.md#b-json-object),
// strict tools only under /beta (docs/contracts.md#b-strict-beta) and at most 128 tools (docs/contracts.md#b-tool-limit).
import { badRequest } from './errors';
import {
  checkFunctionTool,
  checkToolCalls,
  describe,
  requireMessages,
  isObject,
  optBoolean,
  optEnum,
  optNumber,
  optObject,
  optStop,
  optString,
  requireBodyObject,
} from './fieldChecks';
import type { ConversationMessage, FunctionToolSpec, MessageRole } from './conversation';
import { checkModelB, MAX_OUTPUT_TOKENS_B, type ModelB } from './modelsB';

type ToolChoiceB = 'none' | 'auto' | 'required' | { name: string };

export interface ChatRequestB {
  model: ModelB;
  messages: ConversationMessage[];
  rawMessages: unknown[];
  toolsRaw: unknown;
  reasoning: boolean;
  effort: 'high' | 'max';
  maxTokens: number;
  explicitMaxTokens?: number;
  stop: string[];
  stream: boolean;
  includeUsage: boolean;
  functionTools: FunctionToolSpec[];
  toolChoice: ToolChoiceB;
  json: boolean;
  logprobs: boolean;
  topLogprobs: number;
}

const ROLES_B: readonly MessageRole[] = ['system', 'user', 'assistant', 'tool'];
const EFFORT_INPUTS = ['low', 'medium', 'high', 'max', 'xhigh'] as const;

function checkMessagesB(value: unknown): ConversationMessage[] {
  return requireMessages(value).map((raw, i) => {
    const at = `messages[${i}]`;
    if (!isObject(raw)) throw badRequest(`${at}: must be an object`);
    if (raw.role === undefined) throw badRequest(`${at}.role: required`);
    const role = optEnum(raw, 'role', ROLES_B, `${at}.role`) as MessageRole;
    if (raw.tool_calls !== undefined && raw.tool_calls !== null && role !== 'assistant') {
      throw badRequest(`${at}.tool_calls: only assistant messages carry tool_calls`);
    }
    const toolCalls = checkToolCalls(raw.tool_calls, `${at}.tool_calls`);
    const m: ConversationMessage = { role, text: '', imageParts: 0, audioTokens: 0, videoParts: 0, toolCalls, raw };
    optString(raw, 'name', false, `${at}.name`);
    const reasoning = optString(raw, 'reasoning_content', true, `${at}.reasoning_content`);
    if (reasoning !== undefined) m.reasoning = reasoning;
    const toolCallId = optString(raw, 'tool_call_id', false, `${at}.tool_call_id`);
    if (toolCallId !== undefined) m.toolCallId = toolCallId;
    if (typeof raw.content === 'string') m.text = raw.content;
    // Widely used convention: an assistant turn that only calls tools may have null/absent content.
    else if ((raw.content === null || raw.content === undefined) && role === 'assistant' && toolCalls.length > 0) m.text = '';
    else if (raw.content === undefined) throw badRequest(`${at}.content: required`);
    else throw badRequest(`${at}.content: must be a string (got ${describe(raw.content)})`);
    return m;
  });
}

function checkToolsB(value: unknown, betaPath: boolean): FunctionToolSpec[] {
  if (!Array.isArray(value)) throw badRequest(`tools: must be an array (got ${describe(value)})`);
  if (value.length > 128) throw badRequest(`tools: at most 128 tools (got ${value.length})`);
  const names = new Set<string>();
  return value.map((tool, i) => {
    const at = `tools[${i}]`;
    if (!isObject(tool)) throw badRequest(`${at}: must be an object`);
    if (tool.type !== 'function') throw badRequest(`${at}.type: must be "function" (got ${describe(tool.type)})`);
    const spec = checkFunctionTool(tool, at, names);
    if (spec.strict && !betaPath) {
      throw badRequest(`${at}.function.strict: strict tool mode is a beta feature; send the request to /beta/chat/completions`);
    }
    return spec;
  });
}

/** The named form of tool_choice is "not shown"; we use the common {type:"function", function:{name}}. */
function checkToolChoiceB(value: unknown, tools: FunctionToolSpec[]): ToolChoiceB {
  if (value === undefined || value === null) return tools.length > 0 ? 'auto' : 'none';
  if (value === 'none' || value === 'auto' || value === 'required') {
    if (value === 'required' && tools.length === 0) throw badRequest('tool_choice: "required" needs at least one tool in tools');
    return value;
  }
  if (isObject(value)) {
    if (value.type !== 'function') throw badRequest('tool_choice.type: must be "function"');
    if (!isObject(value.function) || typeof value.function.name !== 'string')
      throw badRequest('tool_choice.function.name: required string');
    const name = value.function.name;
    if (!tools.some((t) => t.name === name)) throw badRequest(`tool_choice.function.name: "${name}" is not one of the tools in tools`);
    return { name };
  }
  throw badRequest(`tool_choice: must be "none", "auto", "required" or {"type":"function","function":{"name":…}} (got ${describe(value)})`);
}

export function validateChatB(bodyValue: unknown, betaPath: boolean): ChatRequestB {
  const body = requireBodyObject(bodyValue);
  const model = checkModelB(body);
  // max_completion_tokens is not a Service B field; reject it so a client cannot silently lose its cap.
  if (body.max_completion_tokens !== undefined) throw badRequest('max_completion_tokens: not a Service B field; use max_tokens');
  const messages = checkMessagesB(body.messages);

  const thinkingObj = optObject(body, 'thinking');
  const thinkingType = thinkingObj ? optEnum(thinkingObj, 'type', ['enabled', 'disabled'] as const, 'thinking.type') : undefined;
  const reasoning = thinkingType !== 'disabled';
  const effortIn = optEnum(body, 'reasoning_effort', EFFORT_INPUTS);
  // Low/medium are treated as high, xhigh as max (docs/contracts.md#b-reasoning-effort).
  const effort = effortIn === 'max' || effortIn === 'xhigh' ? 'max' : 'high';

  // Default max_tokens is not shown; we apply no cap below the 384K output maximum.
  const explicitMaxTokens = optNumber(body, 'max_tokens', { min: 1, max: MAX_OUTPUT_TOKENS_B, integer: true, nullable: true });
  // In reasoning mode these are ignored (docs/contracts.md#b-reasoning-sampling), but a value out of range is still a malformed request.
  optNumber(body, 'temperature', { min: 0, max: 2, nullable: true });
  optNumber(body, 'top_p', { min: 0, max: 1, minExclusive: true, nullable: true });
  // Type and range of the penalties are not shown; we use the common number in [-2, 2].
  optNumber(body, 'presence_penalty', { min: -2, max: 2, nullable: true });
  optNumber(body, 'frequency_penalty', { min: -2, max: 2, nullable: true });
  const stop = optStop(body, 'stop', 16, true) ?? [];
  const stream = optBoolean(body, 'stream', true) ?? false;

  // stream_options inner fields are not shown; we use the common {include_usage: boolean}.
  const so = optObject(body, 'stream_options', true);
  let includeUsage = true;
  if (so) {
    if (!stream) throw badRequest('stream_options: only allowed when stream is true');
    const iu = optBoolean(so, 'include_usage', false, 'stream_options.include_usage');
    // Usage is one of the response fields chunks "follow", so it is sent unless explicitly turned off.
    if (iu === false) includeUsage = false;
  }

  let functionTools: FunctionToolSpec[] = [];
  if (body.tools !== undefined && body.tools !== null) functionTools = checkToolsB(body.tools, betaPath);
  const toolChoice = checkToolChoiceB(body.tool_choice, functionTools);

  const rf = optObject(body, 'response_format', true);
  let json = false;
  if (rf) {
    const type = optEnum(rf, 'type', ['text', 'json_object'] as const, 'response_format.type');
    if (type === undefined) throw badRequest('response_format.type: required ("text" or "json_object")');
    json = type === 'json_object';
    if (json && !messages.some((m) => /json/i.test(m.text))) {
      throw badRequest(
        'response_format: {"type":"json_object"} requires the word "json" in a system or user message telling the model to produce JSON',
      );
    }
  }

  const logprobs = optBoolean(body, 'logprobs', true) ?? false;
  const topLogprobs = optNumber(body, 'top_logprobs', { min: 0, max: 20, integer: true, nullable: true });
  if (topLogprobs !== undefined && !logprobs) throw badRequest('top_logprobs: requires logprobs to be true');
  optString(body, 'user_id');

  // In reasoning mode, reasoning_content of turns with tool calls must be sent back (docs/contracts.md#b-reasoning-content).
  if (reasoning) {
    messages.forEach((m, i) => {
      if (m.role === 'assistant' && m.toolCalls.length > 0 && !m.reasoning) {
        throw badRequest(
          `messages[${i}].reasoning_content: in reasoning mode (thinking enabled) the reasoning_content of an assistant turn with tool_calls must be passed back`,
        );
      }
    });
  }

  return {
    model,
    messages,
    rawMessages: body.messages as unknown[],
    toolsRaw: body.tools ?? undefined,
    reasoning,
    effort,
    maxTokens: explicitMaxTokens ?? MAX_OUTPUT_TOKENS_B,
    explicitMaxTokens,
    stop,
    stream,
    includeUsage,
    functionTools,
    toolChoice,
    json,
    logprobs,
    topLogprobs: topLogprobs ?? 0,
  };
}
