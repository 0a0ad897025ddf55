// Turns a chat's history and options into a streamed request of the chosen service.
import type { ChatChunk, ChatMessage, ContentPart, FunctionTool } from '../services/wireTypes';
import type { ServiceAChatOptions } from '../services/serviceA/serviceAChatRequest';
import type { ServiceBChatOptions } from '../services/serviceB/serviceBChatRequest';
import type { CallOptions } from '../services/serviceEndpoint';
import type { ChatOptions, UserTurn } from '../../shared/protocol';
import { attachmentHeading } from './mentions';

/** The two clients' streaming chat, as the session uses them (ServiceAClient / ServiceBClient). */
export interface ChatClients {
  a: { streamChat(options: ServiceAChatOptions, call?: CallOptions): AsyncIterable<ChatChunk> };
  b: { streamChat(options: ServiceBChatOptions, call?: CallOptions): AsyncIterable<ChatChunk> };
}

export const SYSTEM_PROMPT =
  'You are Tandem, a coding assistant inside VS Code. Answer in Markdown; put code in fenced blocks with a language. ' +
  'Use the tools to look at the workspace before answering questions about it. Paths are relative to the workspace folder.';

export interface RoundRequest {
  options: ChatOptions;
  messages: ChatMessage[];
  tools: FunctionTool[];
  /** Service B strict tool mode (`/beta` path, `strict: true` on each function). */
  strictTools: boolean;
}

export function streamRound(clients: ChatClients, request: RoundRequest, call: CallOptions): AsyncIterable<ChatChunk> {
  const { options, messages, tools } = request;
  if (options.service === 'A') {
    return clients.a.streamChat({ model: options.model, messages, thinking: options.thinking, tools, webSearch: options.webSearch }, call);
  }
  return clients.b.streamChat(
    {
      model: options.model,
      messages: withReasoningOrFlattened(messages, options.thinking),
      thinking: options.thinking,
      reasoningEffort: options.reasoningEffort,
      tools,
      strict: request.strictTools,
    },
    call,
  );
}

/** The user message of a turn: its text, then attached text (selections, files, other mentions) with path labels, then images (A only). */
export function userMessage(turn: UserTurn, service: ChatOptions['service']): ChatMessage {
  let text = turn.text;
  const images: ContentPart[] = [];
  for (const a of turn.attachments) {
    if (a.kind === 'image') {
      if (service === 'A' && a.dataUrl) images.push({ type: 'image_url', image_url: { url: a.dataUrl } });
      // Service B reads text only; the model is told an image was there rather than silently losing it.
      else text += `\n\n[Image "${a.label}" omitted: Service B accepts text only]`;
      continue;
    }
    const fence = a.text?.includes('```') ? '````' : '```';
    text += `\n\n${attachmentHeading(a)}:\n${fence}${a.language ?? ''}\n${a.text ?? ''}\n${fence}`;
  }
  if (images.length === 0) return { role: 'user', content: text };
  return { role: 'user', content: [{ type: 'text', text }, ...images] };
}

/**
 * Service B rejects a tool-call turn without its reasoning while thinking is on. Such turns exist when
 * thinking was off earlier in the chat; they are sent as plain text so the chat can continue.
 */
function withReasoningOrFlattened(messages: ChatMessage[], thinking: boolean): ChatMessage[] {
  if (!thinking || !messages.some((m) => m.role === 'assistant' && m.tool_calls?.length && !m.reasoning_content)) return messages;
  const out: ChatMessage[] = [];
  const flattened = new Set<string>();
  for (const m of messages) {
    if (m.role === 'assistant' && m.tool_calls?.length && !m.reasoning_content) {
      for (const c of m.tool_calls) flattened.add(c.id);
      const calls = m.tool_calls.map((c) => `[called ${c.function.name} ${c.function.arguments}]`).join('\n');
      out.push({ role: 'assistant', content: [typeof m.content === 'string' ? m.content : '', calls].filter(Boolean).join('\n') });
    } else if (m.role === 'tool' && m.tool_call_id && flattened.has(m.tool_call_id)) {
      out.push({ role: 'user', content: `[result of the tool call]\n${typeof m.content === 'string' ? m.content : ''}` });
    } else {
      out.push(m);
    }
  }
  return out;
}
