// Service A request validation: every field, type, range and limit of the contract's chat request.
import { badRequest, SimHttpError } from './errors';
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
import type { JsonObject } from './types';
import type { ConversationMessage, FunctionToolSpec, MessageRole } from './conversation';
import { MODELS_A, modelNotFoundMessageA, type ModelKindA } from './modelsA';
import { decodeBase64Audio, parseWav } from './wav';
import { AUDIO_TOKENS_PER_SECOND } from './speechAudio';

type AudioFormatA = 'wav' | 'mp3' | 'pcm' | 'pcm16';

interface AudioParamsA {
  format?: AudioFormatA;
  voice?: string;
  optimizeTextPreview: boolean;
}

export interface ChatRequestA {
  model: string;
  kind: ModelKindA;
  messages: ConversationMessage[];
  rawMessages: unknown[];
  toolsRaw: unknown;
  maxTokens: number;
  explicitMaxTokens?: number;
  stop: string[];
  stream: boolean;
  thinking: boolean;
  functionTools: FunctionToolSpec[];
  webSearch: boolean;
  responseFormat?: 'text' | 'json_object' | 'json_schema';
  audio?: AudioParamsA;
}

const ROLES_A: readonly MessageRole[] = ['system', 'user', 'assistant', 'developer', 'tool'];
const PART_TYPES = ['text', 'image_url', 'input_audio', 'video_url'] as const;

function checkModelA(body: JsonObject): { model: string; kind: ModelKindA } {
  if (body.model === undefined) throw badRequest('model: required');
  if (typeof body.model !== 'string') throw badRequest(`model: must be a string (got ${describe(body.model)})`);
  const info = MODELS_A[body.model];
  if (!info) throw new SimHttpError(404, 'model_not_found', modelNotFoundMessageA(body.model));
  return { model: body.model, kind: info.kind };
}

function audioTokensOf(data: string): number {
  const bytes = decodeBase64Audio(data);
  if (!bytes) throw badRequest('input_audio.data: must be base64 audio');
  const wav = parseWav(bytes);
  // Non-WAV input: estimate from size as 16 kHz 16-bit audio.
  const seconds = wav ? wav.durationS : bytes.length / 32000;
  return Math.max(1, Math.ceil(seconds * AUDIO_TOKENS_PER_SECOND));
}

/** Content parts are "not shown" beyond being an array; we accept the common text/image_url/input_audio/video_url parts. */
function checkParts(parts: unknown[], label: string, m: ConversationMessage): void {
  const texts: string[] = [];
  parts.forEach((part, j) => {
    const at = `${label}[${j}]`;
    if (!isObject(part)) throw badRequest(`${at}: must be an object`);
    const type = optEnum(part, 'type', PART_TYPES, `${at}.type`);
    if (type === undefined) throw badRequest(`${at}.type: required (one of ${PART_TYPES.join(', ')})`);
    if (type === 'text') {
      if (typeof part.text !== 'string') throw badRequest(`${at}.text: required string`);
      texts.push(part.text);
    } else {
      const inner = optObject(part, type, false, `${at}.${type}`);
      if (!inner) throw badRequest(`${at}.${type}: required object`);
      if (type === 'input_audio') {
        if (typeof inner.data !== 'string') throw badRequest(`${at}.input_audio.data: required base64 string`);
        optString(inner, 'format', false, `${at}.input_audio.format`);
        m.audioTokens += audioTokensOf(inner.data);
      } else {
        if (typeof inner.url !== 'string' || inner.url === '') throw badRequest(`${at}.${type}.url: required string`);
        if (type === 'image_url') m.imageParts += 1;
        else m.videoParts += 1;
      }
    }
  });
  m.text = texts.join('\n');
}

function checkMessagesA(value: unknown): ConversationMessage[] {
  return requireMessages(value).map((raw, i) => {
    const at = `messages[${i}]`;
    if (!isObject(raw)) throw badRequest(`${at}: must be an object`);
    if (raw.role === undefined) throw badRequest(`${at}.role: required`);
    const role = optEnum(raw, 'role', ROLES_A, `${at}.role`) as MessageRole;
    const m: ConversationMessage = { role, text: '', imageParts: 0, audioTokens: 0, videoParts: 0, toolCalls: [], raw };
    optString(raw, 'name', false, `${at}.name`);
    if (raw.tool_calls !== undefined && raw.tool_calls !== null && role !== 'assistant') {
      throw badRequest(`${at}.tool_calls: only assistant messages carry tool_calls`);
    }
    m.toolCalls = checkToolCalls(raw.tool_calls, `${at}.tool_calls`);
    const reasoning = optString(raw, 'reasoning_content', true, `${at}.reasoning_content`);
    if (reasoning) m.reasoning = reasoning;
    const toolCallId = optString(raw, 'tool_call_id', false, `${at}.tool_call_id`);
    if (toolCallId !== undefined) m.toolCallId = toolCallId;
    const content = raw.content;
    if (typeof content === 'string') m.text = content;
    else if (Array.isArray(content)) checkParts(content, `${at}.content`, m);
    // Widely used convention: an assistant turn that only calls tools may have null/absent content.
    else if ((content === null || content === undefined) && role === 'assistant' && m.toolCalls.length > 0) m.text = '';
    else if (content === undefined) throw badRequest(`${at}.content: required`);
    else throw badRequest(`${at}.content: must be a string or an array of content parts (got ${describe(content)})`);
    return m;
  });
}

function checkToolsA(value: unknown): { functionTools: FunctionToolSpec[]; webSearch: boolean } {
  if (!Array.isArray(value)) throw badRequest(`tools: must be an array (got ${describe(value)})`);
  const functionTools: FunctionToolSpec[] = [];
  let webSearch = false;
  const names = new Set<string>();
  value.forEach((tool, i) => {
    const at = `tools[${i}]`;
    if (!isObject(tool)) throw badRequest(`${at}: must be an object`);
    if (tool.type === undefined) throw badRequest(`${at}.type: required ("function" or "web_search")`);
    const type = optEnum(tool, 'type', ['function', 'web_search'] as const, `${at}.type`);
    if (type === 'web_search') {
      webSearch = true;
      return;
    }
    functionTools.push(checkFunctionTool(tool, at, names));
  });
  return { functionTools, webSearch };
}

/** Speech models do not support these (docs/contracts.md#a-speech-unsupported). Behaviour is "not shown"; we reject with 400. */
const UNSUPPORTED_FOR_SPEECH = ['thinking', 'tools', 'tool_choice', 'response_format', 'stop'] as const;

export function validateChatA(bodyValue: unknown): ChatRequestA {
  const body = requireBodyObject(bodyValue);
  const { model, kind } = checkModelA(body);
  const info = MODELS_A[model];
  const speech = kind !== 'text';
  // max_tokens is not a field of Service A; reject it so a client cannot silently lose its cap.
  if (body.max_tokens !== undefined) throw badRequest('max_tokens: not a Service A field; use max_completion_tokens');
  const messages = checkMessagesA(body.messages);

  if (speech) {
    for (const field of UNSUPPORTED_FOR_SPEECH) {
      if (body[field] !== undefined && body[field] !== null) throw badRequest(`${field}: not supported by speech model ${model}`);
    }
  }
  const explicitMaxTokens = optNumber(body, 'max_completion_tokens', {
    min: 1,
    max: info.maxCompletionTokens,
    integer: true,
    nullable: true,
  });
  optNumber(body, 'temperature', { min: 0, max: 1.5 });
  optNumber(body, 'top_p', { min: 0.01, max: 1 });
  optNumber(body, 'frequency_penalty', { min: -2, max: 2, nullable: true });
  optNumber(body, 'presence_penalty', { min: -2, max: 2, nullable: true });
  const stop = optStop(body, 'stop', 4, true) ?? [];
  const stream = optBoolean(body, 'stream', true) ?? false;

  // response_format inner fields are "not shown"; we accept the common types text/json_object/json_schema.
  const rf = optObject(body, 'response_format');
  const responseFormat = rf ? optEnum(rf, 'type', ['text', 'json_object', 'json_schema'] as const, 'response_format.type') : undefined;
  if (rf && responseFormat === undefined) throw badRequest('response_format.type: required ("text", "json_object" or "json_schema")');

  const thinkingObj = optObject(body, 'thinking');
  const thinkingType = thinkingObj ? optEnum(thinkingObj, 'type', ['enabled', 'disabled'] as const, 'thinking.type') : undefined;

  let functionTools: FunctionToolSpec[] = [];
  let webSearch = false;
  if (body.tools !== undefined && body.tools !== null) ({ functionTools, webSearch } = checkToolsA(body.tools));
  // tool_choice: only "auto" is honoured, anything else is removed without error (docs/contracts.md#a-tool-choice).

  let audio: AudioParamsA | undefined;
  const audioObj = optObject(body, 'audio', true);
  if (audioObj) {
    if (!speech) throw badRequest(`audio: only supported by the speech models (alpha-v2.5-tts*), not ${model}`);
    audio = {
      format: optEnum(audioObj, 'format', ['wav', 'mp3', 'pcm', 'pcm16'] as const, 'audio.format'),
      voice: optString(audioObj, 'voice', false, 'audio.voice'),
      optimizeTextPreview: optBoolean(audioObj, 'optimize_text_preview', false, 'audio.optimize_text_preview') ?? false,
    };
    if (audio.optimizeTextPreview && kind !== 'voicedesign') {
      throw badRequest(`audio.optimize_text_preview: only supported by alpha-v2.5-tts-voicedesign, not ${model}`);
    }
  }

  return {
    model,
    kind,
    messages,
    rawMessages: body.messages as unknown[],
    toolsRaw: body.tools ?? undefined,
    maxTokens: explicitMaxTokens ?? info.defaultMaxCompletionTokens,
    explicitMaxTokens,
    stop,
    stream,
    thinking: !speech && thinkingType !== 'disabled',
    functionTools,
    webSearch,
    responseFormat,
    audio,
  };
}
