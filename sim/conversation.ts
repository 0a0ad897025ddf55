// The service-neutral view of a validated chat request that generation and accounting work on.
import { countTokens } from './tokens';
import type { JsonObject } from './types';

export type MessageRole = 'system' | 'developer' | 'user' | 'assistant' | 'tool';

export interface PlainToolCall {
  id: string;
  name: string;
  arguments: string;
}

export interface ConversationMessage {
  role: MessageRole;
  /** Text of the message (text parts joined with newlines). */
  text: string;
  imageParts: number;
  audioTokens: number;
  videoParts: number;
  toolCalls: PlainToolCall[];
  toolCallId?: string;
  reasoning?: string;
  /** The message as sent, for prompt-cache keys. */
  raw: unknown;
}

export interface FunctionToolSpec {
  name: string;
  description?: string;
  parameters?: JsonObject;
  strict?: boolean;
}

/** Neither contract shows per-part input token costs; these are typical values of the format. */
const IMAGE_TOKENS_PER_PART = 256;
const VIDEO_TOKENS_PER_PART = 1024;
/** Per-message framing overhead (role markers), as in the common chat token accounting. */
const MESSAGE_OVERHEAD = 4;
/** Tokens that prime the reply. */
const REPLY_PRIMING = 3;

export interface PromptCount {
  total: number;
  /** Tokens of the tool definitions (part of every prefix). */
  base: number;
  perMessage: number[];
  imageTokens: number;
  audioTokens: number;
  videoTokens: number;
}

function messageTokens(m: ConversationMessage): number {
  let n = MESSAGE_OVERHEAD + countTokens(m.text);
  n += m.imageParts * IMAGE_TOKENS_PER_PART + m.videoParts * VIDEO_TOKENS_PER_PART + m.audioTokens;
  for (const call of m.toolCalls) n += countTokens(call.name) + countTokens(call.arguments) + 3;
  if (m.reasoning) n += countTokens(m.reasoning);
  return n;
}

export function countPrompt(messages: readonly ConversationMessage[], toolsRaw: unknown): PromptCount {
  const base = toolsRaw === undefined ? 0 : countTokens(JSON.stringify(toolsRaw));
  const perMessage = messages.map(messageTokens);
  return {
    total: base + perMessage.reduce((a, b) => a + b, 0) + REPLY_PRIMING,
    base,
    perMessage,
    imageTokens: messages.reduce((n, m) => n + m.imageParts * IMAGE_TOKENS_PER_PART, 0),
    audioTokens: messages.reduce((n, m) => n + m.audioTokens, 0),
    videoTokens: messages.reduce((n, m) => n + m.videoParts * VIDEO_TOKENS_PER_PART, 0),
  };
}

export function lastUserText(messages: readonly ConversationMessage[]): string {
  for (let i = messages.length - 1; i >= 0; i--) if (messages[i].role === 'user') return messages[i].text;
  return '';
}
