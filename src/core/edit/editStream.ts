// One inline edit request to the chosen service, streamed as text and reasoning increments.
import type { ChatClients } from '../chat/chatRound';
import type { CallOptions } from '../services/serviceEndpoint';
import type { ChatMessage, ServiceId } from '../services/wireTypes';

export interface EditModelChoice {
  service: ServiceId;
  model: string;
  thinking: boolean;
}

export interface EditDelta {
  content?: string;
  reasoning?: string;
  finishReason?: string;
}

export async function* streamEditAnswer(
  clients: ChatClients,
  choice: EditModelChoice,
  messages: ChatMessage[],
  call: CallOptions,
): AsyncGenerator<EditDelta> {
  const stream =
    choice.service === 'A'
      ? clients.a.streamChat({ model: choice.model, messages, thinking: choice.thinking }, call)
      : clients.b.streamChat({ model: choice.model, messages, thinking: choice.thinking }, call);
  for await (const chunk of stream) {
    for (const c of chunk.choices ?? []) {
      const delta: EditDelta = {};
      if (c.delta?.content) delta.content = c.delta.content;
      if (c.delta?.reasoning_content) delta.reasoning = c.delta.reasoning_content;
      if (c.finish_reason) delta.finishReason = c.finish_reason;
      if (delta.content !== undefined || delta.reasoning !== undefined || delta.finishReason !== undefined) yield delta;
    }
  }
}
